"""Independent adversarial probes for the evidence-span matcher (issue 15).

Same format as tests/adversarial/span_cases.py:
    {"family", "lang", "doc", "quote", "items": [Item fields], "expect": "supported" | "not_supported",
     "note", "other_docs"?, "evidence_from"?}
Documents are new (drone manual, race rules, admissions policy, railway notice, real DuReader /
RAGChecker contexts), not those of the project's suite.
"""

from __future__ import annotations

CASES: list[dict] = []
S, NS = "supported", "not_supported"


def _at(text, piece):
    if text.count(piece) != 1:
        raise ValueError(f"{piece!r} occurs {text.count(piece)} times")
    return text.index(piece)


def _swap(text, old, new):
    i = _at(text, old)
    return text[:i] + new + text[i + len(old) :]


def add(family, lang, doc, quote, items, expect, note, **extra):
    _at(doc, quote)
    CASES.append(
        {
            "family": family,
            "lang": lang,
            "doc": doc,
            "quote": quote,
            "items": items,
            "expect": expect,
            "note": note,
            **extra,
        }
    )


def whole(doc, doc_id="d1"):
    return {"doc_id": doc_id, "text": doc, "start": 0, "end": len(doc)} if doc_id else {"text": doc}


def piece(doc, p, doc_id="d1", offsets=True):
    i = _at(doc, p)
    it = {"text": p}
    if doc_id:
        it["doc_id"] = doc_id
        if offsets:
            it["start"], it["end"] = i, i + len(p)
    return it


def changed(family, lang, doc, quote, old, new, note, doc_id="d1", scope="doc"):
    """Negative: the item is the document (or just the quote's sentence) with one token changed."""
    q2 = _swap(quote, old, new)
    text = _swap(doc, quote, q2) if scope == "doc" else q2
    add(family, lang, doc, quote, [{"doc_id": doc_id, "text": text} if doc_id else {"text": text}], NS, note)


DRONE = (
    "SkyLark X2 Drone — Operating Rules. "
    "Before every flight, the pilot must check that the battery is charged to at least 80 percent. "
    "The drone may be flown only in daylight and must remain within the pilot's visual line of sight at all times. "
    "The maximum flight altitude is 120 metres above ground level. "
    "Do not fly within 5 km of an airport unless you have written permission from air traffic control. "
    "The drone weighs 249 grams and therefore does not require registration in most countries. "
    "Firmware version 3.2.1 disables the obstacle sensors in Sport mode; they remain active in Normal mode. "
    "Propellers should be replaced every 200 flight hours or after any collision. "
    "The return-to-home function is triggered automatically when the battery drops below 15 percent. "
    "Flights over crowds of people are prohibited. "
    "The warranty is void if the drone is flown in rain or snow."
)

RACE = (
    "City Marathon 2025 — Race Rules. "
    "The race starts at 7:30 a.m. on Sunday, 12 October, at the north gate of Riverside Park. "
    "Runners must collect their bib numbers on Friday or Saturday; bibs are not issued on race day. "
    "The course closes 6 hours after the start, and runners who have not reached the 30 km point by 11:00 a.m. "
    "will be asked to board the sweep bus. "
    "Headphones are permitted, but runners must be able to hear marshals' instructions. "
    "Pacers will run for finish times of 3:00, 3:30, 4:00 and 4:30. "
    "Only registered runners aged 18 or over may take part; bibs may not be transferred to another person. "
    "Prize money of $5,000 goes to the first man and the first woman to finish. "
    "Water stations are placed every 5 km, and the second, fourth and sixth stations also offer energy gels."
)

ADMIT = (
    "某大学2024年本科招生章程（节选）。"
    "第十条 学校根据各省招生计划，按照“分数优先、遵循志愿”的原则录取考生。"
    "第十一条 对进档考生，专业录取时不设专业级差。"
    "第十二条 外语专业只招收外语语种为英语的考生，且要求英语单科成绩不低于120分。"
    "第十三条 体检结论为色盲的考生，不予录取化学、医学类专业。"
    "第十四条 学费标准为每生每年5000元，艺术类专业为每生每年10000元。"
    "第十五条 新生入学后三个月内，学校将进行复查，复查不合格者取消入学资格。"
    "第十六条 学校设立奖学金，获奖比例约为在校生人数的30%。"
    "第十七条 本章程自公布之日起施行，由学校招生办公室负责解释。"
)

TRAIN = (
    "铁路旅客乘车须知。"
    "旅客须持有效身份证件购票、进站和乘车。"
    "每位成年旅客可免费携带一名身高不足1.2米的儿童。"
    "免费携带品的重量，儿童为10千克，外交人员为35千克，其他旅客为20千克。"
    "列车开车前5分钟停止检票，逾时不候。"
    "旅客可在开车前48小时以上办理退票，不收取退票费；开车前24小时以上、不足48小时的，按票价的5%计收退票费。"
    "禁止携带易燃、易爆等危险物品进站上车。"
    "动车组列车全列禁止吸烟，违者将被依法处理。"
    "G字头列车最高运行速度为每小时350公里，D字头列车为每小时250公里。"
)

# ================================================================== changed critical token, medium spans, full document as item
q = "Before every flight, the pilot must check that the battery is charged to at least 80 percent."
changed("changed_value", "en", DRONE, q, "80 percent", "60 percent", "80->60")
changed("changed_bound", "en", DRONE, q, "at least", "at most", "bound")
changed("changed_modal", "en", DRONE, q, "must", "may", "must->may")
changed("changed_quant", "en", DRONE, q, "every", "the first", "every->the first")
q = "The maximum flight altitude is 120 metres above ground level."
changed("changed_value", "en", DRONE, q, "120 metres", "120 feet", "unit metres->feet")
changed("changed_bound", "en", DRONE, q, "maximum", "minimum", "max->min")
changed("changed_value", "en", DRONE, q, "above", "below", "above->below")
q = "Do not fly within 5 km of an airport unless you have written permission from air traffic control."
changed("changed_condition", "en", DRONE, q, "unless", "even if", "unless->even if")
changed("changed_value", "en", DRONE, q, "5 km", "5 miles", "km->miles")
changed("changed_negation", "en", DRONE, q, "Do not fly", "Fly", "negation removed")
changed("changed_word", "en", DRONE, q, "written", "verbal", "written->verbal (content word)")
q = "Firmware version 3.2.1 disables the obstacle sensors in Sport mode; they remain active in Normal mode."
changed("changed_code", "en", DRONE, q, "3.2.1", "3.2.2", "version code")
changed("changed_word", "en", DRONE, q, "disables", "enables", "disables->enables")
changed(
    "changed_word",
    "en",
    DRONE,
    q,
    "Sport mode; they remain active in Normal",
    "Normal mode; they remain active in Sport",
    "modes swapped",
)
q = "The return-to-home function is triggered automatically when the battery drops below 15 percent."
changed("changed_word", "en", DRONE, q, "automatically", "manually", "automatically->manually")
changed("changed_value", "en", DRONE, q, "15 percent", "5 percent", "15->5")
q = "The warranty is void if the drone is flown in rain or snow."
changed("changed_condition", "en", DRONE, q, " if ", " unless ", "if->unless")
changed("changed_word", "en", DRONE, q, "void", "valid", "void->valid")
q = "The drone weighs 249 grams and therefore does not require registration in most countries."
changed("changed_quant", "en", DRONE, q, "most", "all", "most->all")
changed("changed_value", "en", DRONE, q, "249 grams", "249 kilograms", "grams->kg")
changed(
    "double_negation",
    "en",
    DRONE,
    q,
    "does not require",
    "does not not require",
    "double negation inserted (typo-like)",
)

q = "The race starts at 7:30 a.m. on Sunday, 12 October, at the north gate of Riverside Park."
changed("changed_time", "en", RACE, q, "a.m.", "p.m.", "am->pm")
changed("changed_date", "en", RACE, q, "Sunday", "Saturday", "weekday")
changed("changed_date", "en", RACE, q, "12 October", "21 October", "day digits")
changed("changed_word", "en", RACE, q, "north gate", "south gate", "north->south")
q = "Runners must collect their bib numbers on Friday or Saturday; bibs are not issued on race day."
changed("changed_negation", "en", RACE, q, "are not issued", "are issued", "negation removed")
changed("changed_word", "en", RACE, q, "Friday or Saturday", "Friday and Saturday", "or->and")
q = "Headphones are permitted, but runners must be able to hear marshals' instructions."
changed("changed_modal", "en", RACE, q, "permitted", "prohibited", "permitted->prohibited")
q = "Only registered runners aged 18 or over may take part; bibs may not be transferred to another person."
changed("changed_quant", "en", RACE, q, "Only registered", "All registered", "only->all")
changed("changed_bound", "en", RACE, q, "or over", "or under", "over->under")
q = "Prize money of $5,000 goes to the first man and the first woman to finish."
changed("changed_value", "en", RACE, q, "$5,000", "$50,000", "extra zero")
changed("changed_word", "en", RACE, q, "first woman", "second woman", "ordinal")
q = "Water stations are placed every 5 km, and the second, fourth and sixth stations also offer energy gels."
changed("changed_word", "en", RACE, q, "second, fourth and sixth", "third, fifth and seventh", "ordinal list")
changed("changed_word", "en", RACE, q, "energy gels", "energy bars", "gels->bars (content)")

q = "第十二条 外语专业只招收外语语种为英语的考生，且要求英语单科成绩不低于120分。"
changed("changed_bound", "zh", ADMIT, q, "不低于", "不高于", "不低于->不高于")
changed("changed_quant", "zh", ADMIT, q, "只招收", "也招收", "只->也")
changed("changed_value", "zh", ADMIT, q, "120分", "102分", "120->102")
changed("changed_code", "zh", ADMIT, q, "第十二条", "第十三条", "条款号 (but text also differs)")
q = "第十三条 体检结论为色盲的考生，不予录取化学、医学类专业。"
changed("changed_negation", "zh", ADMIT, q, "不予录取", "予以录取", "否定去掉")
changed("changed_word", "zh", ADMIT, q, "色盲", "色弱", "色盲->色弱 (content)")
changed("changed_word", "zh", ADMIT, q, "化学、医学", "物理、医学", "专业替换")
q = "第十四条 学费标准为每生每年5000元，艺术类专业为每生每年10000元。"
changed("changed_value", "zh", ADMIT, q, "5000元", "5000美元", "币种")
changed("changed_value", "zh", ADMIT, q, "每生每年5000元", "每生每学期5000元", "每年->每学期")
q = "第十五条 新生入学后三个月内，学校将进行复查，复查不合格者取消入学资格。"
changed("changed_duration", "zh", ADMIT, q, "三个月", "三个星期", "月->星期")
changed("changed_word", "zh", ADMIT, q, "入学后", "入学前", "后->前")
changed("changed_word", "zh", ADMIT, q, "取消入学资格", "保留入学资格", "取消->保留")
q = "第十六条 学校设立奖学金，获奖比例约为在校生人数的30%。"
changed("changed_value", "zh", ADMIT, q, "30%", "3%", "30%->3%")
q = "第十一条 对进档考生，专业录取时不设专业级差。"
changed("double_negation", "zh", ADMIT, q, "不设", "不得不设", "不设->不得不设")

q = "每位成年旅客可免费携带一名身高不足1.2米的儿童。"
changed("changed_value", "zh", TRAIN, q, "1.2米", "1.5米", "1.2->1.5")
changed("changed_quant", "zh", TRAIN, q, "一名", "两名", "一名->两名")
changed("changed_bound", "zh", TRAIN, q, "不足", "超过", "不足->超过")
q = "免费携带品的重量，儿童为10千克，外交人员为35千克，其他旅客为20千克。"
changed(
    "changed_value",
    "zh",
    TRAIN,
    q,
    "儿童为10千克，外交人员为35千克",
    "儿童为35千克，外交人员为10千克",
    "值互换",
)
q = "列车开车前5分钟停止检票，逾时不候。"
changed("changed_time", "zh", TRAIN, q, "开车前5分钟", "开车后5分钟", "前->后")
changed("changed_time", "zh", TRAIN, q, "5分钟", "15分钟", "5->15")
q = "动车组列车全列禁止吸烟，违者将被依法处理。"
changed("changed_modal", "zh", TRAIN, q, "禁止", "允许", "禁止->允许")
changed("changed_quant", "zh", TRAIN, q, "全列", "部分车厢", "全列->部分车厢")
q = "G字头列车最高运行速度为每小时350公里，D字头列车为每小时250公里。"
changed(
    "changed_code",
    "zh",
    TRAIN,
    q,
    "G字头列车最高运行速度为每小时350公里，D字头",
    "D字头列车最高运行速度为每小时350公里，G字头",
    "代码互换",
)
changed("changed_bound", "zh", TRAIN, q, "最高", "最低", "最高->最低")

# ================================================================== long spans (whole paragraph as quote), one word changed
LONG_EN_Q = DRONE[len("SkyLark X2 Drone — Operating Rules. ") :]
for old, new, note in [
    ("only in daylight", "only at night", "daylight->night"),
    ("within the pilot's visual line", "beyond the pilot's visual line", "within->beyond"),
    (
        "Flights over crowds of people are prohibited",
        "Flights over crowds of people are permitted",
        "prohibited->permitted",
    ),
    ("or after any collision", "or after any landing", "collision->landing"),
    ("disables the obstacle sensors", "enables the obstacle sensors", "disables->enables"),
    ("in rain or snow", "in wind or snow", "rain->wind"),
    ("249 grams", "294 grams", "digits swapped"),
]:
    changed("long_span", "en", DRONE, LONG_EN_Q, old, new, note)
LONG_ZH_Q = ADMIT[len("某大学2024年本科招生章程（节选）。") :]
for old, new, note in [
    ("分数优先、遵循志愿", "志愿优先、遵循分数", "原则互换"),
    ("不设专业级差", "设专业级差", "去掉不"),
    ("色盲", "色弱", "色盲->色弱"),
    ("化学、医学类专业", "化学、法学类专业", "医学->法学"),
    ("约为在校生人数的30%", "约为在校生人数的20%", "30->20"),
    ("招生办公室", "教务处", "机构替换"),
    ("复查不合格者取消", "复查合格者取消", "不合格->合格"),
]:
    changed("long_span", "zh", ADMIT, LONG_ZH_Q, old, new, note)

# ================================================================== truncation
q = "Do not fly within 5 km of an airport unless you have written permission from air traffic control."
add(
    "truncation",
    "en",
    DRONE,
    q,
    [piece(DRONE, "Do not fly within 5 km of an airport")],
    NS,
    "unless-condition cut (tail)",
)
add(
    "truncation",
    "en",
    DRONE,
    q,
    [
        {
            "doc_id": "d1",
            "text": DRONE[
                : DRONE.index(q) + len("Do not fly within 5 km of an airport unless you have written")
            ],
        }
    ],
    NS,
    "tail cut at chunk end",
)
add(
    "truncation",
    "en",
    DRONE,
    q,
    [
        {
            "doc_id": "d1",
            "text": "fly within 5 km of an airport unless you have written permission from air traffic control. The drone weighs",
        }
    ],
    NS,
    "head 'Do not' cut",
)
add(
    "truncation",
    "en",
    DRONE,
    q,
    [
        {
            "doc_id": "d1",
            "text": "Do not fly within 5 km of an airport unless you have permission from air traffic control.",
        }
    ],
    NS,
    "middle word 'written' deleted",
)
q = "旅客可在开车前48小时以上办理退票，不收取退票费；开车前24小时以上、不足48小时的，按票价的5%计收退票费。"
add(
    "truncation",
    "zh",
    TRAIN,
    q,
    [piece(TRAIN, "旅客可在开车前48小时以上办理退票，不收取退票费；")],
    NS,
    "后半句截断",
)
add(
    "truncation",
    "zh",
    TRAIN,
    q,
    [
        {
            "doc_id": "d1",
            "text": "可在开车前48小时以上办理退票，不收取退票费；开车前24小时以上、不足48小时的，按票价的5%计收退票费。",
        }
    ],
    NS,
    "头部'旅客'截断 (weak: non-critical)",
)
add(
    "truncation",
    "zh",
    TRAIN,
    q,
    [
        {
            "doc_id": "d1",
            "text": "旅客可在开车前48小时以上办理退票，不收取退票费；开车前24小时以上的，按票价的5%计收退票费。",
        }
    ],
    NS,
    "中间'不足48小时'删掉",
)
add(
    "truncation",
    "zh",
    TRAIN,
    q,
    [
        {
            "doc_id": "d1",
            "text": "禁止携带易燃物品。旅客可在开车前48小时以上办理退票，不收取退票费；开车前24小时以上、不足48小时的，按票价的",
        }
    ],
    NS,
    "尾部截断",
)
q = "第十三条 体检结论为色盲的考生，不予录取化学、医学类专业。"
add(
    "truncation",
    "zh",
    ADMIT,
    q,
    [{"doc_id": "d1", "text": "体检结论为色盲的考生，不予录取化学"}],
    NS,
    "尾部截断 专业列表",
)

# ================================================================== other entity
BOILER_A = (
    "Northwind Robotics. The company reported that the new factory increased production capacity by 40 percent "
    "and reduced delivery times for customers across Europe."
)
BOILER_B = (
    "Eastgate Machines. The company reported that the new factory increased production capacity by 40 percent "
    "and reduced delivery times for customers across Europe."
)
q = "The company reported that the new factory increased production capacity by 40 percent and reduced delivery times for customers across Europe."
add(
    "other_entity",
    "en",
    BOILER_A,
    q,
    [whole(BOILER_B, "d2")],
    NS,
    "identical boilerplate from another company's doc (exact, other doc)",
    other_docs={"d2": BOILER_B},
    evidence_from="own",
)
add(
    "other_entity",
    "en",
    BOILER_A,
    q,
    [{"doc_id": "d2", "text": BOILER_B.replace("Europe", "Asia")}],
    NS,
    "other doc, fuzzy",
    other_docs={"d2": BOILER_B.replace("Europe", "Asia")},
)
add(
    "other_entity",
    "en",
    BOILER_A,
    q,
    [
        {
            "text": "Eastgate Machines said the new factory increased production capacity by 40 percent and reduced delivery times for customers across Europe."
        }
    ],
    NS,
    "id-less, other company named, fuzzy",
    other_docs={"d2": BOILER_B},
)
q2 = "Northwind Robotics. The company reported"
BA = "据悉，华润置地此次收购进一步扩大了公司的业务范围，增强了市场竞争力。"
BB = "据悉，万科此次收购进一步扩大了公司的业务范围，增强了市场竞争力。"
q = "此次收购进一步扩大了公司的业务范围，增强了市场竞争力。"
add(
    "other_entity",
    "zh",
    BA,
    q,
    [{"doc_id": "d2", "text": BB.replace("增强", "提升")}],
    NS,
    "另一公司文档，模糊",
    other_docs={"d2": BB},
)
add(
    "other_entity",
    "zh",
    BA,
    q,
    [{"text": "据悉，万科此次收购进一步扩大了公司的业务范围，提升了市场竞争力。"}],
    NS,
    "无doc_id，另一公司，模糊",
    other_docs={"d2": BB},
)
add(
    "other_entity",
    "zh",
    BA,
    q,
    [{"doc_id": "d1", "text": "据悉，华润置地此次收购进一步扩大了公司的业务范围，提升了市场竞争力。"}],
    S,
    "own doc, 增强->提升 synonym: lenient human accepts",
)

# ================================================================== token boundaries
TB = "Parking permits are transferable between vehicles registered to the same household. Fees are payable annually."
q = "Fees are payable annually."
add(
    "token_boundaries",
    "en",
    TB,
    q,
    [{"doc_id": "d1", "text": "Fees are payable semiannually."}],
    NS,
    "annually inside semiannually",
)
q = "Parking permits are transferable"
add(
    "token_boundaries",
    "en",
    TB,
    q,
    [{"doc_id": "d1", "text": "Parking permits are nontransferable between vehicles."}],
    NS,
    "transferable in nontransferable",
)
TBZ = "本产品适合3岁以上儿童使用。本优惠券可以叠加使用。"
q = "本优惠券可以叠加使用"
add(
    "token_boundaries",
    "zh",
    TBZ,
    q,
    [{"doc_id": "d1", "text": "本优惠券不可以叠加使用。"}],
    NS,
    "不可以 contains 可以",
)
q = "适合3岁以上儿童使用"
add(
    "token_boundaries",
    "zh",
    TBZ,
    q,
    [{"doc_id": "d1", "text": "本产品适合13岁以上儿童使用。"}],
    NS,
    "3岁 in 13岁",
)
add(
    "token_boundaries",
    "zh",
    TBZ,
    q,
    [{"doc_id": "d1", "text": "本产品不适合3岁以上儿童使用。"}],
    NS,
    "不适合",
)
TB2 = "The clinic accepts Medicare patients. Appointments can be made online."
q = "accepts Medicare patients"
add(
    "token_boundaries",
    "en",
    TB2,
    q,
    [{"doc_id": "d1", "text": "The clinic accepts Medicare Advantage patients only."}],
    NS,
    "inserted word makes no exact match",
)
add(
    "token_boundaries",
    "en",
    TB2,
    q,
    [{"doc_id": "d1", "text": "The clinic reaccepts Medicare patients."}],
    NS,
    "accepts inside reaccepts (weak)",
)

# ================================================================== short spans
SH = "Gate B12 closes at 9:40. Boarding group 3 boards after group 2. Seat 14C is an aisle seat."
add(
    "short_spans",
    "en",
    SH,
    "Gate B12",
    [{"doc_id": "d1", "text": "Gate B21 closes at 9:40."}],
    NS,
    "code swapped",
)
add(
    "short_spans",
    "en",
    SH,
    "Gate B12",
    [{"doc_id": "d1", "text": "Gate B120 closes at 9:40."}],
    NS,
    "B12 in B120",
)
add(
    "short_spans",
    "en",
    SH,
    "Seat 14C",
    [{"doc_id": "d1", "text": "Seat 14D is an aisle seat."}],
    NS,
    "seat letter",
)
add(
    "short_spans",
    "en",
    SH,
    "closes at 9:40",
    [{"doc_id": "d1", "text": "Gate B12 closes at 9:45."}],
    NS,
    "minute",
)
add("short_spans", "en", SH, "Gate B12", [{"doc_id": "d1", "text": "Go to gate B12 now."}], S, "case only")
SHZ = "乘坐K350路公交车到西栅景区。东栅下午5点闭馆。"
add(
    "short_spans",
    "zh",
    SHZ,
    "K350路",
    [{"doc_id": "d1", "text": "乘坐K35路公交车到西栅景区。"}],
    NS,
    "K350 vs K35",
)
add(
    "short_spans",
    "zh",
    SHZ,
    "下午5点闭馆",
    [{"doc_id": "d1", "text": "东栅下午5点半闭馆。"}],
    NS,
    "5点 vs 5点半",
)
add(
    "short_spans",
    "zh",
    SHZ,
    "东栅下午5点闭馆",
    [{"doc_id": "d1", "text": "西栅下午5点闭馆。"}],
    NS,
    "东 vs 西",
)
add("short_spans", "zh", SHZ, "下午5点闭馆", [{"doc_id": "d1", "text": "东栅下午５点闭馆。"}], S, "全角数字")

# ================================================================== lying offsets
q = "The maximum flight altitude is 120 metres above ground level."
i = DRONE.index(q)
add(
    "lying_offsets",
    "en",
    DRONE,
    q,
    [{"doc_id": "d1", "start": i, "end": i + len(q), "text": q.replace("120", "150")}],
    NS,
    "offsets claim the span, text changed value",
)
add(
    "lying_offsets",
    "en",
    DRONE,
    q,
    [{"doc_id": "d1", "start": i, "end": i + len(q), "text": q.replace("maximum", "minimum")}],
    NS,
    "text changed bound",
)
q = "动车组列车全列禁止吸烟，违者将被依法处理。"
i = TRAIN.index(q)
add(
    "lying_offsets",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "start": i, "end": i + len(q), "text": q.replace("禁止", "允许")}],
    NS,
    "offsets对但文本改了",
)
add(
    "lying_offsets",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "start": i, "end": i + len(q), "text": q}],
    S,
    "honest offsets control",
    route="offset",
)

# ================================================================== splits
q = "Pacers will run for finish times of 3:00, 3:30, 4:00 and 4:30."
i = RACE.index(q)
cut = i + q.index(" 4:00")
add(
    "split",
    "en",
    RACE,
    q,
    [
        {"doc_id": "d1", "text": RACE[:cut], "start": 0, "end": cut},
        {"doc_id": "d1", "text": RACE[cut:], "start": cut, "end": len(RACE)},
    ],
    S,
    "split at a space",
)
add("split", "en", RACE, q, [{"text": RACE[:cut]}, {"text": RACE[cut:]}], S, "id-less split continuing")
add(
    "split",
    "en",
    RACE,
    q,
    [
        {"doc_id": "d1", "text": RACE[:cut], "start": 0, "end": cut},
        {"doc_id": "d1", "text": "Unrelated note."},
        {"doc_id": "d1", "text": RACE[cut:], "start": cut, "end": len(RACE)},
    ],
    S,
    "non-adjacent split",
)
add(
    "split",
    "en",
    RACE,
    q,
    [
        {"doc_id": "d1", "text": RACE[: cut + 12], "start": 0, "end": cut + 12},
        {"doc_id": "d1", "text": RACE[cut:], "start": cut, "end": len(RACE)},
    ],
    S,
    "overlapping chunks",
)
add(
    "split",
    "en",
    RACE,
    q,
    [
        {"doc_id": "d1", "text": RACE[:cut], "start": 0, "end": cut},
        {"doc_id": "d1", "text": " 5:00 and 5:30. Only registered runners"},
    ],
    NS,
    "second piece changes values",
)
add(
    "split",
    "en",
    RACE,
    q,
    [
        {"doc_id": "d1", "text": RACE[cut:], "start": cut, "end": len(RACE)},
        {"doc_id": "d1", "text": RACE[:cut], "start": 0, "end": cut},
    ],
    S,
    "pieces out of order (in ranked list) — human: both halves present",
)
q = "旅客可在开车前48小时以上办理退票，不收取退票费；"
i = TRAIN.index(q)
cut = i + q.index("，不收取")
add(
    "split",
    "zh",
    TRAIN,
    q,
    [
        {"doc_id": "d1", "text": TRAIN[:cut], "start": 0, "end": cut},
        {"doc_id": "d1", "text": TRAIN[cut:], "start": cut, "end": len(TRAIN)},
    ],
    S,
    "中文切分",
)
add(
    "split",
    "zh",
    TRAIN,
    q,
    [
        {"doc_id": "d1", "text": TRAIN[:cut], "start": 0, "end": cut},
        {"doc_id": "d1", "text": "，收取退票费；开车前24小时以上"},
    ],
    NS,
    "第二段去掉了'不'",
)
add(
    "split",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": TRAIN[:cut]}, {"doc_id": "d2", "text": TRAIN[cut:]}],
    NS,
    "second half from another document",
    other_docs={"d2": "其他说明" + TRAIN[cut:]},
)

# ================================================================== reformatting that must still match
q = "免费携带品的重量，儿童为10千克，外交人员为35千克，其他旅客为20千克。"
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": "免费携带品的重量，儿童为１０千克，外交人员为３５千克，其他旅客为２０千克。"}],
    S,
    "全角数字",
)
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": "免费携带品的重量：\n- 儿童为10千克\n- 外交人员为35千克\n- 其他旅客为20千克"}],
    S,
    "bulleted (lenient) ",
)
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": "免費攜帶品的重量，兒童為10千克，外交人員為35千克，其他旅客為20千克。"}],
    S,
    "繁体 (recall probe)",
)
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [
        {
            "doc_id": "d1",
            "text": "| 旅客 | 免费携带品重量 |\n| 儿童 | 10千克 |\n| 外交人员 | 35千克 |\n| 其他旅客 | 20千克 |",
        }
    ],
    S,
    "table (recall probe, lenient)",
)
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [
        {
            "doc_id": "d1",
            "text": "| 旅客 | 免费携带品重量 |\n| 儿童 | 35千克 |\n| 外交人员 | 10千克 |\n| 其他旅客 | 20千克 |",
        }
    ],
    NS,
    "table with swapped values",
)
q = "Prize money of $5,000 goes to the first man and the first woman to finish."
add(
    "reformatting",
    "en",
    RACE,
    q,
    [{"doc_id": "d1", "text": "Prize money of $5000 goes to the first man and the first woman to finish."}],
    S,
    "5,000 = 5000",
)
add(
    "reformatting",
    "en",
    RACE,
    q,
    [
        {
            "doc_id": "d1",
            "text": "**Prize money** of $5,000 goes to the *first man* and the *first woman* to finish.",
        }
    ],
    S,
    "markdown emphasis",
)
add(
    "reformatting",
    "en",
    RACE,
    q,
    [{"doc_id": "d1", "text": "Prize money of $5,000 goes to the first man and the first\nwoman to finish."}],
    S,
    "line break",
)
add(
    "reformatting",
    "en",
    RACE,
    q,
    [
        {
            "doc_id": "d1",
            "text": "Prize money of ~~$5,000~~ $2,000 goes to the first man and the first woman to finish.",
        }
    ],
    NS,
    "strikethrough new value",
)
q = "G字头列车最高运行速度为每小时350公里，D字头列车为每小时250公里。"
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": "G 字头列车最高运行速度为每小时 350 公里，D 字头列车为每小时 250 公里。"}],
    S,
    "中英文空格",
)
add(
    "reformatting",
    "zh",
    TRAIN,
    q,
    [{"doc_id": "d1", "text": "Ｇ字头列车最高运行速度为每小时３５０公里，Ｄ字头列车为每小时２５０公里。"}],
    S,
    "全角字母数字",
)

# ================================================================== real contexts (RAGChecker / DuReader)
NILE_CTX = (
    "Scientists debate whether the Amazon or the Nile is the longest river in the world. Traditionally, the Nile "
    "is considered longer, but recent information suggests that the Amazon may be longer."
)
q = "Traditionally, the Nile is considered longer, but recent information suggests that the Amazon may be longer."
changed("real", "en", NILE_CTX, q, "the Amazon may be longer", "the Amazon is longer", "hedge removed")
changed(
    "real",
    "en",
    NILE_CTX,
    q,
    "Traditionally, the Nile",
    "Traditionally, the Amazon",
    "entity swap, first occurrence",
)
changed("real", "en", NILE_CTX, q, "recent information", "no recent information", "negation inserted")
AMZ = (
    "The Amazon River could be considered longer if its longest tributaries are included, potentially extending "
    "its length to about 7,000 kilometers"
)
q = AMZ
changed("real", "en", AMZ, q, "could be considered longer if", "is longer even if", "condition/hedge changed")
changed("real", "en", AMZ, q, "7,000 kilometers", "7,000 miles", "unit")
add(
    "real",
    "en",
    AMZ,
    q,
    [
        {
            "doc_id": "d1",
            "text": "The Amazon River could be considered longer if its longest tributaries are included, potentially extending its length to about 7,000",
        }
    ],
    NS,
    "unit cut off",
)
VITB = "维生素B族等水溶性维生素因为很容易随尿排泄掉，不能在体内蓄积，所以很难引起中毒，除非吃太大的量（例如是正常需要量的100倍）。"
q = VITB
changed("real", "zh", VITB, q, "不能在体内蓄积", "能在体内蓄积", "去掉不")
changed("real", "zh", VITB, q, "很难引起中毒", "很容易引起中毒", "难->容易")
changed("real", "zh", VITB, q, "水溶性", "脂溶性", "水溶性->脂溶性")
changed("real", "zh", VITB, q, "100倍", "10倍", "100->10")
add(
    "real",
    "zh",
    VITB,
    q,
    [
        {
            "doc_id": "d1",
            "text": "维生素B族等水溶性维生素因为很容易随尿排泄掉，不能在体内蓄积，所以很难引起中毒。",
        }
    ],
    NS,
    "除非 条件被截掉",
)
WZ = "乌镇主要景区是西栅和东栅，东栅下午5点就闭馆了，并且不接受入住，西栅一直开放，且旅客可住景区内。"
q = "东栅下午5点就闭馆了，并且不接受入住，西栅一直开放"
changed(
    "real",
    "zh",
    WZ,
    q,
    "东栅下午5点就闭馆了，并且不接受入住，西栅",
    "西栅下午5点就闭馆了，并且不接受入住，东栅",
    "东西互换",
)
changed("real", "zh", WZ, q, "不接受入住", "接受入住", "去掉不")
changed("real", "zh", WZ, q, "下午5点", "上午5点", "下午->上午")
add(
    "real",
    "zh",
    WZ,
    q,
    [
        {
            "doc_id": "d1",
            "text": "乌镇主要景区是西栅和东栅，东栅下午5点就闭馆了，并且不接受入住，西栅一直开放，且旅客可住景区内。",
        }
    ],
    S,
    "control exact",
)


# ================================================================== more: long spans, critical cues inside a long quote
for old, new, note in [
    ("must check that", "should check that", "must->should in long span"),
    ("at least 80 percent", "at least 80 volts", "unit percent->volts"),
    ("does not require registration", "does not always require registration", "always inserted"),
    ("triggered automatically when", "triggered automatically unless", "when->unless"),
    (
        "Propellers should be replaced every 200 flight hours",
        "Propellers should be replaced every 200 flights",
        "hours dropped",
    ),
    (
        "The maximum flight altitude is 120 metres",
        "The maximum flight altitude is 120 metres, but this limit may be ignored by licensed pilots,",
        "clause inserted",
    ),
]:
    changed("long_span", "en", DRONE, LONG_EN_Q, old, new, note)
for old, new, note in [
    ("按照“分数优先", "可能按照“分数优先", "hedge 可能 inserted"),
    ("每生每年5000元", "每生每年5000美元", "币种"),
    ("三个月内", "三个月后", "内->后"),
    ("本章程自公布之日起施行", "本章程自公布之日起废止", "施行->废止"),
]:
    changed("long_span", "zh", ADMIT, LONG_ZH_Q, old, new, note)
q = "Headphones are permitted, but runners must be able to hear marshals' instructions."
changed("changed_word", "en", RACE, q, "hear", "ignore", "hear->ignore")
changed("changed_word", "en", RACE, q, "Headphones", "Earbuds", "entity noun swap")
q = "The course closes 6 hours after the start, and runners who have not reached the 30 km point by 11:00 a.m. will be asked to board the sweep bus."
changed("changed_word", "en", RACE, q, "after the start", "before the start", "after->before")
changed("changed_value", "en", RACE, q, "6 hours", "6 minutes", "hours->minutes")
changed("changed_negation", "en", RACE, q, "who have not reached", "who have reached", "negation removed")
changed("changed_word", "en", RACE, q, "will be asked", "will not be asked", "negation added")
changed("changed_word", "en", RACE, q, "board the sweep bus", "leave the sweep bus", "board->leave")
q = "禁止携带易燃、易爆等危险物品进站上车。"
changed("changed_word", "zh", TRAIN, q, "易燃、易爆", "易碎、易爆", "易燃->易碎")
changed("changed_modal", "zh", TRAIN, q, "禁止", "可以", "禁止->可以")
q = "旅客须持有效身份证件购票、进站和乘车。"
changed("changed_word", "zh", TRAIN, q, "有效", "无效", "有效->无效")
changed("changed_modal", "zh", TRAIN, q, "须", "可", "须->可")
