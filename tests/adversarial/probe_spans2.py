"""Independent adversarial probes for the evidence-span matcher, second pass (`evidence-align.v3`).

Format of tests/adversarial/probe_spans.py:
    {"family", "lang", "doc", "quote", "items": [Item fields], "expect": "supported" | "not_supported",
     "note", "other_docs"?, "evidence_from"?}
Documents: a tenancy agreement, a company news item, a biography, a medicine leaflet (en); a
租赁合同, 公司公告, 药品说明书 (zh); real contexts of public data sets (MuSiQue, RAGChecker,
DuReader), unchanged except for the one controlled change of each negative case.
Most negatives are minimal pairs: the faithful copy (supported) next to the changed copy.
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


def item(text, doc_id="d1"):
    return {"doc_id": doc_id, "text": text} if doc_id else {"text": text}


def pair(family, lang, doc, quote, old, new, note, *, scope="doc", doc_id="d1", control=True, weak=False):
    """A minimal pair: the item with the quote as written (supported, when `control`) and the same
    item with `old` changed to `new` inside the quote (not supported). `scope`: the item is the whole
    document ("doc") or the quote alone ("quote")."""
    q2 = _swap(quote, old, new)
    faithful = doc if scope == "doc" else quote
    changed_ = _swap(doc, quote, q2) if scope == "doc" else q2
    if control:
        add(family, lang, doc, quote, [item(faithful, doc_id)], S, f"control for: {note}")
    add(family, lang, doc, quote, [item(changed_, doc_id)], NS, note + (" (weak)" if weak else ""))


# ====================================================================== documents
LEASE = (
    "Residential Tenancy Agreement - Key Terms. "
    "The tenant shall pay a monthly rent of $1,850 on or before the first day of each month. "
    "A security deposit of $3,700 is payable at signing and will be returned within 21 days after the tenant "
    "moves out, less any deductions for damage. "
    "The landlord is responsible for repairs to the heating system, plumbing and roof; the tenant is responsible "
    "for replacing light bulbs and smoke-alarm batteries. "
    "Pets are not permitted in the apartment unless the landlord has given written consent. "
    "Either party may end the tenancy by giving the other party 60 days' written notice. "
    "The tenant must not sublet the apartment or any part of it without the landlord's prior approval. "
    "Smoking is prohibited inside the building and on the balconies. "
    "The rent may be increased once a year by no more than 3 percent."
)

NEWS = (
    "Harbor Foods reported on Tuesday that its revenue grew 12 percent to $4.2 billion in the third quarter. "
    "Its share of the national grocery market increased by 2 percent over the same period. "
    "Chief executive Maria Lopez said her team will open 40 new stores in Canada next year. "
    "The company also confirmed the merger with Baylor Dairy, which shareholders approved in June. "
    "The company reported a profit of $310 million for the quarter. "
    "Lopez, who joined Harbor Foods in 2015, previously ran the company's European division. "
    "The new distribution centre in Ohio was designed by Kessler Architects and opened in March. "
    "The firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring. "
    "Lopez thanked the founder, Tom Harbor, who retired in 2021 after leading the firm for 30 years."
)

BIO = (
    "Ada Lovelace was an English mathematician who worked with Charles Babbage on his proposed mechanical "
    "computer, the Analytical Engine. "
    "She recognised that the machine had applications beyond pure calculation, and she published the first "
    "algorithm intended to be carried out by such a machine. "
    "Her notes on the engine were published in 1843 under the initials A.A.L. "
    "During the war her cousin fought with the rebels in the north of the country. "
    "Lovelace died of cancer in 1852 at the age of 36 and was buried beside her father, Lord Byron. "
    "Her mother, Anne Isabella Milbanke, insisted that she study mathematics because she feared the girl "
    "would inherit her father's moodiness."
)

MED = (
    "Patient Information Leaflet - Ibuprofen 200 mg tablets. "
    "Adults and children over 12 years: take one or two tablets every four to six hours as required. "
    "Do not take more than six tablets in any 24-hour period. "
    "Do not give to children under 12 years unless advised by a doctor. "
    "Take the tablets with or after food, with a glass of water. "
    "If you are pregnant, talk to your doctor before taking this medicine. "
    "Stop taking the medicine and see a doctor immediately if you notice blood in your stool. "
    "The tablets were the best-tolerated option in the 2019 trial and gave the best result for dental pain. "
    "Store below 25 °C in the original package."
)

ZLEASE = (
    "房屋租赁合同（节选）。"
    "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。"
    "第四条 乙方应在签订本合同时向甲方支付押金9000元，租赁期满且乙方结清全部费用后，甲方应在7个工作日内无息退还押金。"
    "第五条 租赁期间，房屋主体结构及供水、供电设施的维修由甲方负责，因乙方使用不当造成的损坏由乙方负责赔偿。"
    "第六条 未经甲方书面同意，乙方不得将房屋转租给第三人。"
    "第七条 乙方须同时提交身份证与户口本复印件，用于办理居住登记。"
    "第八条 任何一方提前解除合同的，应提前30日书面通知对方，并按一个月租金向对方支付违约金，但因不可抗力解除合同的除外。"
)

ZNEWS = (
    "华宇科技股份有限公司今日发布公告称，公司第三季度营业收入增长12%，达到42亿元。"
    "公司市场占有率较去年同期增长了3个百分点。"
    "公司董事长王建国表示，公司将在华东地区新开40家门店。"
    "公告显示，王建国于2015年加入公司，此前担任欧洲事业部总经理。"
    "此外，公司与北方乳业的合并已于6月获得股东大会批准。"
    "新物流中心由中建三局承建，总投资约8亿元。"
    "警方通报称，一名男子在商场内把保安打伤，目前已被刑事拘留。"
    "据了解，首位女宇航员王亚平曾到该公司参观。"
)

ZMED = (
    "布洛芬缓释胶囊说明书（节选）。"
    "成人及12岁以上儿童，一次1粒，一日2次（早晚各一次）。"
    "12岁以下儿童应在医师指导下使用。"
    "对本品过敏者禁用，孕妇及哺乳期妇女慎用。"
    "本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状未缓解请咨询医师或药师。"
    "服用本品期间不得饮酒或饮用含有酒精的饮料。"
    "本品须与食物同服，以减轻胃肠道不适。"
    "请将本品放在儿童不能接触的地方。"
)

# ====================================================================== 1. one word changed (fuzzy)
q = "The landlord is responsible for repairs to the heating system, plumbing and roof"
pair("word_changed", "en", LEASE, q, "heating system", "cooling system", "content word heating->cooling")
pair("word_changed", "en", LEASE, q, "landlord", "tenant", "party swapped")
q = "A security deposit of $3,700 is payable at signing and will be returned within 21 days after the tenant moves out"
pair("word_changed", "en", LEASE, q, "21 days", "21 weeks", "unit days->weeks")
q = "The tenant must not sublet the apartment or any part of it without the landlord's prior approval."
pair("word_changed", "en", LEASE, q, "must not", "may", "modal + negation")
q = "Lovelace died of cancer in 1852 at the age of 36 and was buried beside her father, Lord Byron."
q = "第四条 乙方应在签订本合同时向甲方支付押金9000元，租赁期满且乙方结清全部费用后，甲方应在7个工作日内无息退还押金。"
pair("word_changed", "zh", ZLEASE, q, "无息", "有息", "无息->有息")
q = "对本品过敏者禁用，孕妇及哺乳期妇女慎用。"
q = "本品须与食物同服，以减轻胃肠道不适。"

# ====================================================================== 2. function words the matcher weighs 0
# pronouns
q = "Chief executive Maria Lopez said her team will open 40 new stores in Canada next year."
pair("function_word", "en", NEWS, q, "her team", "his team", "pronoun her->his (whose team)", control=True)
pair("function_word", "en", NEWS, q, "her team", "their team", "pronoun her->their", control=False, weak=True)
q = "Ada Lovelace was an English mathematician who worked with Charles Babbage on his proposed mechanical computer, the Analytical Engine."
pair("function_word", "en", BIO, q, "on his proposed", "on her proposed", "pronoun his->her (whose computer)")
q = "Her mother, Anne Isabella Milbanke, insisted that she study mathematics because she feared the girl would inherit her father's moodiness."
pair("function_word", "en", BIO, q, "because she feared", "although she feared", "because->although")
# prepositions
q = "During the war her cousin fought with the rebels in the north of the country."
pair("function_word", "en", BIO, q, "fought with the rebels", "fought against the rebels", "with->against")
q = "The new distribution centre in Ohio was designed by Kessler Architects and opened in March."
pair("function_word", "en", NEWS, q, "designed by", "designed for", "by->for (agent becomes client)")
q = "Its share of the national grocery market increased by 2 percent over the same period."
pair(
    "function_word",
    "en",
    NEWS,
    q,
    "increased by 2 percent",
    "increased to 2 percent",
    "by->to (change becomes level)",
)
# tense
q = "The firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring."
pair("function_word", "en", NEWS, q, "will cut", "cut", "future -> past (will dropped)")
q = "The company also confirmed the merger with Baylor Dairy, which shareholders approved in June."
pair("function_word", "en", NEWS, q, "shareholders approved", "shareholders will approve", "past -> future")
# Chinese function characters
q = "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。"
pair("function_word", "zh", ZLEASE, q, "向甲方支付", "由甲方支付", "向->由 (payer reversed)")
q = "第七条 乙方须同时提交身份证与户口本复印件，用于办理居住登记。"
pair("function_word", "zh", ZLEASE, q, "身份证与户口本", "身份证或户口本", "与->或 (both -> either)")
q = "警方通报称，一名男子在商场内把保安打伤，目前已被刑事拘留。"
pair("function_word", "zh", ZNEWS, q, "把保安打伤", "被保安打伤", "把->被 (who hurt whom)")
q = "公司董事长王建国表示，公司将在华东地区新开40家门店。"
pair(
    "function_word",
    "zh",
    ZNEWS,
    q,
    "公司将在华东地区新开40家门店",
    "公司在华东地区新开了40家门店",
    "将…->…了 (future -> done)",
)
q = "公司市场占有率较去年同期增长了3个百分点。"
pair("function_word", "zh", ZNEWS, q, "增长了3个百分点", "增长到3个百分点", "增长了->增长到 (by -> to)")
pair(
    "function_word",
    "zh",
    ZNEWS,
    q,
    "增长了3个百分点",
    "增至3个百分点",
    "增长了->增至 (by -> to)",
    control=False,
)
q = "服用本品期间不得饮酒或饮用含有酒精的饮料。"
pair(
    "function_word",
    "zh",
    ZMED,
    q,
    "饮酒或饮用",
    "饮酒及饮用",
    "或->及 inside a prohibition (weak)",
    control=False,
    weak=True,
)

# ====================================================================== 3. a content word inserted (within the budget)
q = "The company also confirmed the merger with Baylor Dairy, which shareholders approved in June."
pair(
    "inserted_word", "en", NEWS, q, "the merger", "the rumoured merger", "'rumoured' inserted", control=False
)
pair(
    "inserted_word", "en", NEWS, q, "the merger", "the proposed merger", "'proposed' inserted", control=False
)
q = "The company reported a profit of $310 million for the quarter."
pair(
    "inserted_word",
    "en",
    NEWS,
    q,
    "a profit",
    "an operating profit",
    "'operating' inserted (another measure)",
)
q = "Lovelace died of cancer in 1852 at the age of 36 and was buried beside her father, Lord Byron."
pair("inserted_word", "en", BIO, q, "her father", "her alleged father", "'alleged' inserted", control=False)
q = "Lopez, who joined Harbor Foods in 2015, previously ran the company's European division."
pair(
    "inserted_word",
    "en",
    NEWS,
    q,
    "European division",
    "European marketing division",
    "'marketing' inserted (another unit)",
)
q = "Smoking is prohibited inside the building and on the balconies."
pair(
    "inserted_word",
    "en",
    LEASE,
    q,
    "on the balconies",
    "on the upper balconies",
    "'upper' inserted (position cue?)",
)
pair(
    "inserted_word",
    "en",
    LEASE,
    q,
    "Smoking is prohibited",
    "Cigar smoking is prohibited",
    "(weak) 'Cigar' inserted before the quote's first word (narrower)",
    control=False,
)
q = "公告显示，王建国于2015年加入公司，此前担任欧洲事业部总经理。"
pair("inserted_word", "zh", ZNEWS, q, "总经理", "副总经理", "副 inserted (deputy)")
q = "公司董事长王建国表示，公司将在华东地区新开40家门店。"
pair("inserted_word", "zh", ZNEWS, q, "公司董事长", "公司原董事长", "原 inserted (former)", control=False)
q = "据了解，首位女宇航员王亚平曾到该公司参观。"
pair(
    "inserted_word", "zh", ZNEWS, q, "首位女宇航员", "首位女太空授课宇航员", "首位X: narrower title inserted"
)
q = "此外，公司与北方乳业的合并已于6月获得股东大会批准。"
pair(
    "inserted_word",
    "zh",
    ZNEWS,
    q,
    "获得股东大会批准",
    "获得股东大会原则批准",
    "原则 inserted (approval in principle)",
)
q = "第五条 租赁期间，房屋主体结构及供水、供电设施的维修由甲方负责，因乙方使用不当造成的损坏由乙方负责赔偿。"
pair("inserted_word", "zh", ZLEASE, q, "由甲方负责，", "由甲方协助负责，", "协助 inserted (only assists)")
pair(
    "inserted_word",
    "zh",
    ZLEASE,
    q,
    "由乙方负责赔偿",
    "由乙方负责部分赔偿",
    "部分 inserted (quant cue)",
    control=False,
)

# ====================================================================== 4. lemma collisions
q = "The tablets were the best-tolerated option in the 2019 trial and gave the best result for dental pain."
pair("lemma", "en", MED, q, "gave the best result", "gave a better result", "best -> better")

# ====================================================================== 5. tail lost / head lost / middle dropped
q = "Pets are not permitted in the apartment unless the landlord has given written consent."
add(
    "tail_cut",
    "en",
    LEASE,
    q,
    [item("Pets are not permitted in the apartment.")],
    NS,
    "unless-clause lost, sentence closed",
)
add(
    "tail_cut",
    "en",
    LEASE,
    q,
    [item("House rules: Pets are not permitted in the apartment unless the landlord has given")],
    NS,
    "cut before 'written consent'",
)
add(
    "tail_cut",
    "en",
    LEASE,
    q,
    [
        item(
            "Pets are not permitted in the apartment unless the landlord has given written consent. Smoking is prohibited."
        )
    ],
    S,
    "control: whole clause, new sentence after",
)
q = "Do not give to children under 12 years unless advised by a doctor."
add(
    "tail_cut",
    "en",
    MED,
    q,
    [item("Do not give to children under 12 years. Take the tablets with or after food.")],
    NS,
    "unless-clause dropped mid-item",
)
add(
    "tail_cut",
    "en",
    MED,
    q,
    [item("Do not give to children under 12 years unless advised")],
    NS,
    "cut before 'by a doctor'",
)
q = "第八条 任何一方提前解除合同的，应提前30日书面通知对方，并按一个月租金向对方支付违约金，但因不可抗力解除合同的除外。"
add(
    "tail_cut",
    "zh",
    ZLEASE,
    q,
    [item("第八条 任何一方提前解除合同的，应提前30日书面通知对方，并按一个月租金向对方支付违约金。")],
    NS,
    "……但……除外 整句丢失",
)
add(
    "tail_cut",
    "zh",
    ZLEASE,
    q,
    [
        item(
            "第八条 任何一方提前解除合同的，应提前30日书面通知对方，并按一个月租金向对方支付违约金，但因不可抗力解除合同的"
        )
    ],
    NS,
    "'除外'被截掉",
)
add("tail_cut", "zh", ZLEASE, q, [item(ZLEASE)], S, "对照：全文")
q = "Patient Information Leaflet - Ibuprofen 200 mg tablets. Adults and children over 12 years: take one or two tablets every four to six hours as required."
add(
    "head_cut",
    "en",
    MED,
    q,
    [item("Adults and children over 12 years: take one or two tablets every four to six hours as required.")],
    NS,
    "heading with the drug name lost (head)",
)
q = "Either party may end the tenancy by giving the other party 60 days' written notice."
add(
    "head_cut",
    "en",
    LEASE,
    q,
    [item("party may end the tenancy by giving the other party 60 days' written notice.")],
    NS,
    "'Either' lost (head)",
)
q = "12岁以下儿童应在医师指导下使用。"
add("head_cut", "zh", ZMED, q, [item("儿童应在医师指导下使用。")], NS, "头部'12岁以下'丢失")
q = "A security deposit of $3,700 is payable at signing and will be returned within 21 days after the tenant moves out, less any deductions for damage."
add(
    "middle_drop",
    "en",
    LEASE,
    q,
    [item("A security deposit of $3,700 is payable at signing, less any deductions for damage.")],
    NS,
    "middle clause dropped",
)
add(
    "middle_drop",
    "en",
    LEASE,
    q,
    [
        item(
            "A security deposit of $3,700 is payable at signing and will be returned after the tenant moves out, less any deductions for damage."
        )
    ],
    NS,
    "'within 21 days' dropped",
)
add(
    "middle_drop",
    "en",
    LEASE,
    q,
    [
        item(
            "A security deposit of $3,700 is payable at signing and will be returned within 21 days after the tenant moves out, less deductions for damage."
        )
    ],
    S,
    "(weak) 'any' dropped, same meaning",
)
q = "本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状未缓解请咨询医师或药师。"
add(
    "middle_drop",
    "zh",
    ZMED,
    q,
    [item("本品为对症治疗药，用于止痛不得超过5天，症状未缓解请咨询医师或药师。")],
    NS,
    "中间'用于解热不得超过3天'丢失",
)
add(
    "middle_drop",
    "zh",
    ZMED,
    q,
    [item("本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状未缓解请咨询医师。")],
    NS,
    "'或药师'丢失",
)

# ====================================================================== 6. words reordered
q = "Take the tablets with or after food, with a glass of water."
add(
    "reorder",
    "en",
    MED,
    q,
    [item("Take the tablets with water or after food, with a glass of food.")],
    NS,
    "food/water swapped",
)
q = "Stop taking the medicine and see a doctor immediately if you notice blood in your stool."
add(
    "reorder",
    "en",
    MED,
    q,
    [item("See a doctor and stop taking the medicine immediately if you notice blood in your stool.")],
    S,
    "(weak) coordinated verbs swapped, same meaning",
)
q = "The landlord is responsible for repairs to the heating system, plumbing and roof; the tenant is responsible for replacing light bulbs and smoke-alarm batteries."
add(
    "reorder",
    "en",
    LEASE,
    q,
    [
        item(
            "The tenant is responsible for repairs to the heating system, plumbing and roof; the landlord is responsible for replacing light bulbs and smoke-alarm batteries."
        )
    ],
    NS,
    "parties swapped between clauses",
)
q = "第五条 租赁期间，房屋主体结构及供水、供电设施的维修由甲方负责，因乙方使用不当造成的损坏由乙方负责赔偿。"
add(
    "reorder",
    "zh",
    ZLEASE,
    q,
    [
        item(
            "第五条 租赁期间，房屋主体结构及供水、供电设施的维修由乙方负责，因甲方使用不当造成的损坏由甲方负责赔偿。"
        )
    ],
    NS,
    "甲乙互换",
)
q = "成人及12岁以上儿童，一次1粒，一日2次（早晚各一次）。"

# ====================================================================== 7. split over two items
q = "A security deposit of $3,700 is payable at signing and will be returned within 21 days after the tenant moves out, less any deductions for damage."
i0 = _at(LEASE, q)
cut = i0 + q.index("will be returned")
add("split", "en", LEASE, q, [item(LEASE[:cut]), item(LEASE[cut:])], S, "two adjacent chunks")
add(
    "split",
    "en",
    LEASE,
    q,
    [item(LEASE[:cut]), item(LEASE[cut + len("will be returned within 21 days ") :])],
    NS,
    "piece 'will be returned within 21 days' missing",
)
add(
    "split",
    "en",
    LEASE,
    q,
    [item(LEASE[:cut]), item("The deposit " + LEASE[cut:].replace("21 days", "12 days", 1))],
    NS,
    "second chunk changes 21->12",
)
add("split", "en", LEASE, q, [item(LEASE[:cut], None), item(LEASE[cut:], None)], S, "id-less chunks")
q = "第四条 乙方应在签订本合同时向甲方支付押金9000元，租赁期满且乙方结清全部费用后，甲方应在7个工作日内无息退还押金。"
i0 = _at(ZLEASE, q)
cut = i0 + q.index("租赁期满")
add("split", "zh", ZLEASE, q, [item(ZLEASE[:cut]), item(ZLEASE[cut:])], S, "两段相邻")
add(
    "split",
    "zh",
    ZLEASE,
    q,
    [item(ZLEASE[:cut]), item(ZLEASE[cut + len("租赁期满且乙方结清全部费用后，") :])],
    NS,
    "中间一段缺失",
)
add(
    "split", "zh", ZLEASE, q, [item(ZLEASE[:cut] + "不"), item(ZLEASE[cut:])], NS, "(weak) 第一段末尾多了'不'"
)

# ====================================================================== 8. near-copy from another document
LEASE_B = LEASE.replace("60 days'", "30 days'")
q = "Either party may end the tenancy by giving the other party 60 days' written notice."
add(
    "other_doc", "en", LEASE, q, [item(LEASE_B, "d2")], NS, "other lease, 30 days", other_docs={"d2": LEASE_B}
)
LEASE_C = LEASE.replace("Either party may end", "Either party can end")
add(
    "other_doc",
    "en",
    LEASE,
    q,
    [item(LEASE_C, "d2")],
    NS,
    "other doc, may->can near-copy",
    other_docs={"d2": LEASE_C},
)
add("other_doc", "en", LEASE, q, [item(LEASE, None)], S, "id-less exact copy of own doc")
ZLEASE_B = ZLEASE.replace("第六条 未经甲方书面同意", "第六条 未经甲方同意")
q = "第六条 未经甲方书面同意，乙方不得将房屋转租给第三人。"
add(
    "other_doc",
    "zh",
    ZLEASE,
    q,
    [item(ZLEASE_B, "d2")],
    NS,
    "另一份合同（少'书面'）",
    other_docs={"d2": ZLEASE_B},
)
add("other_doc", "zh", ZLEASE, q, [item(ZLEASE_B, "d1")], NS, "同一doc_id，但少了'书面'")
add("other_doc", "zh", ZLEASE, q, [item(ZLEASE, "d1")], S, "对照")

# ====================================================================== 9. lying offsets
DEP = "Booking terms, 2024 edition. The booking fee is refundable within 14 days of payment. Fees are charged in euros."
q = "refundable within 14 days of payment"
s0 = _at(DEP, q)
t = "The booking fee is not refundable within 14 days of payment."
add(
    "lying_offsets",
    "en",
    DEP,
    q,
    [{"doc_id": "d1", "text": t, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t)}],
    NS,
    "offsets line up the quote; the text has 'not' before it",
)
t = "The booking fee is nonrefundable within 14 days of payment."
add(
    "lying_offsets",
    "en",
    DEP,
    q,
    [{"doc_id": "d1", "text": t, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t)}],
    NS,
    "offsets line up the quote inside 'nonrefundable'",
)
t = "The booking fee is refundable within 14 days of payment."
add(
    "lying_offsets",
    "en",
    DEP,
    q,
    [{"doc_id": "d1", "text": t, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t)}],
    S,
    "control: honest offsets",
)
add(
    "lying_offsets",
    "en",
    DEP,
    q,
    [{"doc_id": "d1", "text": t, "start": 0, "end": len(t)}],
    S,
    "offsets lie, text holds the quote exactly",
)
t2 = "The booking fee is refundable within 41 days of payment."
add(
    "lying_offsets",
    "en",
    DEP,
    q,
    [{"doc_id": "d1", "text": t2, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t2)}],
    NS,
    "offsets claim it, text has 41",
)
ZD = "（2024年版）会员须知：会员卡可以转让，但须到前台办理登记。"
q = "可以转让，但须到前台办理登记"
s0 = _at(ZD, q)
t = "会员须知：会员卡不可以转让，但须到前台办理登记。"
add(
    "lying_offsets",
    "zh",
    ZD,
    q,
    [{"doc_id": "d1", "text": t, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t)}],
    NS,
    "偏移对准'可以转让'，前面是'不'",
)
t = "会员须知：会员卡可以转让，但须到前台办理登记。"
add(
    "lying_offsets",
    "zh",
    ZD,
    q,
    [{"doc_id": "d1", "text": t, "start": s0 - t.index(q), "end": s0 - t.index(q) + len(t)}],
    S,
    "对照：偏移正确",
)
ZD2 = "（2024年版）受理须知：申请材料齐全的，窗口予以受理。"
q = "予以受理"
s0 = _at(ZD2, q)
t = "受理须知：申请材料齐全的，窗口不予以受理。"
add(
    "lying_offsets",
    "zh",
    ZD2,
    q,
    [
        {
            "doc_id": "d1",
            "text": t,
            "start": s0 - t.index("予以受理"),
            "end": s0 - t.index("予以受理") + len(t),
        }
    ],
    NS,
    "偏移对准'予以受理'，前面是'不'",
)

# ====================================================================== 10. the quote embedded under a negation / hedge a few words before
q = "Pets are not permitted in the apartment unless the landlord has given written consent."
q = "the landlord has given written consent"
add(
    "embedded",
    "en",
    LEASE,
    q,
    [item("The tenant claims that the landlord has given written consent; the landlord denies it.")],
    S,
    "(weak) attributed, but the words are there",
)
q = "The firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring."
add(
    "embedded",
    "en",
    NEWS,
    q,
    [
        item(
            "It is not true that the firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring, a spokesman said."
        )
    ],
    NS,
    "'It is not true that' before the quote",
)
add(
    "embedded",
    "en",
    NEWS,
    q,
    [
        item(
            "Reports that the firm will cut 500 jobs at its headquarters in Tampa as part of the restructuring are false, a spokesman said."
        )
    ],
    NS,
    "'Reports that ... are false'",
)
q = "公司将在华东地区新开40家门店。"
add(
    "embedded",
    "zh",
    ZNEWS,
    q,
    [item("公司澄清：关于公司将在华东地区新开40家门店的传言不实。")],
    NS,
    "'……的传言不实'",
)
add("embedded", "zh", ZNEWS, q, [item("并没有说公司将在华东地区新开40家门店。")], NS, "'并没有说'在前")

# ====================================================================== 11. reformatting that must stay supported
q = "Adults and children over 12 years: take one or two tablets every four to six hours as required."
add(
    "reformat",
    "en",
    MED,
    q,
    [
        item(
            "Adults and children over 12 years:\n- take one or two tablets\n- every four to six hours as required."
        )
    ],
    S,
    "markdown bullets and line breaks",
)
add(
    "reformat",
    "en",
    MED,
    q,
    [
        item(
            "**Adults and children over 12 years:**  take one or two tablets every four to six hours   as required."
        )
    ],
    S,
    "bold markdown, extra spaces",
)
q = "Either party may end the tenancy by giving the other party 60 days' written notice."
add(
    "reformat",
    "en",
    LEASE,
    q,
    [item("Either party may end the tenancy by giving the other party 60 days\u2019 written notice.")],
    S,
    "curly apostrophe",
)
add(
    "reformat",
    "en",
    LEASE,
    q,
    [item("Either party may end the ten-\nancy by giving the other party 60 days' written notice.")],
    S,
    "(weak) PDF hyphenation at a line break",
)
q = "The tenant shall pay a monthly rent of $1,850 on or before the first day of each month."
add(
    "reformat",
    "en",
    LEASE,
    q,
    [item("The tenant shall pay a monthly rent of $1850 on or before the first day of each month.")],
    S,
    "thousands separator dropped",
)
add(
    "reformat",
    "en",
    LEASE,
    q,
    [
        item(
            "| Clause | Text |\n|---|---|\n| 2 | The tenant shall pay a monthly rent of $1,850 on or before the first day of each month. |"
        )
    ],
    S,
    "quote inside a markdown table cell",
)
q = "第三条 乙方应于每月5日前向甲方支付当月租金人民币4500元。"
add(
    "reformat",
    "zh",
    ZLEASE,
    q,
    [item("第三条　乙方应于每月５日前向甲方支付当月租金人民币４５００元．")],
    S,
    "全角数字、全角空格、全角句点",
)
add(
    "reformat",
    "zh",
    ZLEASE,
    q,
    [item("第三条\n乙方应于每月5日前\n向甲方支付当月租金\n人民币4500元。")],
    S,
    "换行",
)
add(
    "reformat",
    "zh",
    ZLEASE,
    q,
    [item("**第三条** 乙方应于每月5日前向甲方支付当月租金人民币4,500元。")],
    S,
    "markdown 加粗，千分位",
)
q = "对本品过敏者禁用，孕妇及哺乳期妇女慎用。"
add(
    "reformat",
    "zh",
    ZMED,
    q,
    [item("- 对本品过敏者禁用\n- 孕妇及哺乳期妇女慎用")],
    S,
    "列表项目符号，句号丢失",
)
q = "第七条 乙方须同时提交身份证与户口本复印件，用于办理居住登记。"
add(
    "reformat",
    "zh",
    ZLEASE,
    q,
    [item("第七条 乙方须同时提交“身份证”与“户口本”复印件, 用于办理居住登记.")],
    S,
    "加引号，半角标点",
)

# ====================================================================== 12. long quotes (300+ characters), one change deep inside
LONG_EN = LEASE[len("Residential Tenancy Agreement - Key Terms. ") : LEASE.index(" Either party")]
assert len(LONG_EN) > 300
add("long_quote", "en", LEASE, LONG_EN, [item(LEASE)], S, "control: long exact")
add(
    "long_quote",
    "en",
    LEASE,
    LONG_EN,
    [item(LEASE.replace("\n", "").replace("; the tenant", ";\n\nthe tenant"))],
    S,
    "control: line breaks",
)
for old, new, note in [
    ("light bulbs", "light fittings", "light bulbs->light fittings"),
    ("within 21 days", "within 21 working days", "'working' inserted"),
    ("the landlord has given written consent", "the landlord has given consent", "'written' dropped"),
    ("plumbing and roof", "plumbing or roof", "and->or"),
    ("will be returned", "will not be returned", "negation added"),
    ("$3,700 is payable at signing", "$3,700 is payable after signing", "at->after signing"),
    ("repairs to the heating system", "repairs to his heating system", "(weak) 'the'->'his'"),
]:
    add("long_quote", "en", LEASE, LONG_EN, [item(_swap(LEASE, old, new))], NS, note)
LONG_ZH = ZLEASE[len("房屋租赁合同（节选）。") : ZLEASE.index("第七条")]
assert len(LONG_ZH) > 150
add("long_quote", "zh", ZLEASE, LONG_ZH, [item(ZLEASE)], S, "对照：长引文")
for old, new, note in [
    ("维修由甲方负责", "维修由甲方协助", "负责->协助"),
    ("使用不当", "使用正常", "不当->正常"),
    ("书面同意", "口头同意", "书面->口头"),
    ("向甲方支付押金", "由甲方支付押金", "向->由"),
    ("甲方应在7个工作日内", "甲方原则上应在7个工作日内", "'原则上' inserted"),
    ("结清全部费用后", "结清费用后", "'全部' dropped"),
    ("因乙方使用不当", "因乙方家人使用不当", "'家人' inserted"),
]:
    add("long_quote", "zh", ZLEASE, LONG_ZH, [item(_swap(ZLEASE, old, new))], NS, note)

# ====================================================================== 13. very short quotes
SH = "Store below 25 °C in the original package. Keep out of reach of children. Contains lactose."
add(
    "short",
    "en",
    SH,
    "original package",
    [item("Store below 25 °C in the original package.")],
    S,
    "2 words exact",
)
add(
    "short",
    "en",
    SH,
    "original package",
    [item("Store below 25 °C in the original box.")],
    NS,
    "package->box",
)
add(
    "short",
    "en",
    SH,
    "original package",
    [item("Store below 25 °C in the original outer package.")],
    NS,
    "word inserted",
)
add("short", "en", SH, "Contains lactose.", [item("Contains no lactose.")], NS, "negation in a 2-word quote")
add(
    "short",
    "en",
    SH,
    "Keep out of reach of children.",
    [item("keep  out of reach\nof children")],
    S,
    "case, spaces, line break",
)
SHZ = "本品含乳糖。请置于阴凉处保存。儿童禁用。"
add("short", "zh", SHZ, "儿童禁用", [item("儿童禁用。")], S, "4字")
add("short", "zh", SHZ, "儿童禁用", [item("儿童慎用。")], NS, "禁->慎")
add("short", "zh", SHZ, "本品含乳糖", [item("本品不含乳糖。")], NS, "加'不'")
add("short", "zh", SHZ, "阴凉处保存", [item("请置于阴凉干燥处保存。")], NS, "(weak) '干燥' 插入")
add("short", "zh", SHZ, "阴凉处保存", [item("请置于阴凉处 保存。")], S, "空格")

# ====================================================================== 14. real contexts (MuSiQue, RAGChecker, DuReader)
JPI = (
    "The Journal of Psychotherapy Integration is a peer-reviewed academic journal published by the American "
    "Psychological Association on behalf of the Society for the Exploration of Psychotherapy Integration. It was "
    "established in 1991 and covers research in psychotherapy. The editor-in-chief is Jennifer Callahan "
    "(University of North Texas)."
)
q = "a peer-reviewed academic journal published by the American Psychological Association on behalf of the Society for the Exploration of Psychotherapy Integration"
pair("real", "en", JPI, q, "published by the American", "published for the American", "MuSiQue: by->for")
ASCH = (
    'Aschenbrödel ("Cinderella") is a ballet written by Johann Strauss II. He had written all the principal parts '
    "of the ballet, and was intending to fill in the orchestration as time permitted. However, Strauss died in "
    "1899, and it was finished by composer Josef Bayer in 1900."
)
q = "However, Strauss died in 1899, and it was finished by composer Josef Bayer in 1900."
pair("real", "en", ASCH, q, "finished by composer", "finished for composer", "MuSiQue: by->for")
q = "He had written all the principal parts of the ballet, and was intending to fill in the orchestration as time permitted."
pair("real", "en", ASCH, q, "He had written", "She had written", "MuSiQue: He->She", control=False)
pair(
    "real",
    "en",
    ASCH,
    q,
    "all the principal parts",
    "the principal parts",
    "MuSiQue: 'all' dropped",
    control=False,
)
TENN = (
    "Tennessee is bordered by Kentucky and Virginia to the north, North Carolina to the east, Georgia, Alabama, and "
    "Mississippi to the south, and Arkansas and Missouri to the west. The Appalachian Mountains dominate the "
    "eastern part of the state, and the Mississippi River forms the state's western border. Tennessee's capital "
    "and second largest city is Nashville, which has a population of 601,222."
)
q = "The Appalachian Mountains dominate the eastern part of the state, and the Mississippi River forms the state's western border."
q = "Tennessee's capital and second largest city is Nashville, which has a population of 601,222."
pair(
    "real",
    "en",
    TENN,
    q,
    "capital and second largest city",
    "capital and largest city",
    "MuSiQue: 'second' dropped",
    control=False,
)
CONGO = (
    "The current flag of the Democratic Republic of Congo, which has been adopted after the approval of a new "
    "constitution in 2006, is composed of a blue sheet, red diagonal stripe and a yellow five-pointed star at the "
    "top of the left part of the flag. Blue symbolizes peace, red stands for blood of martyrs, yellow color that "
    "frames the red stripe denotes prosperity and the star represents hope for a brighter future of the country."
)
q = "Blue symbolizes peace, red stands for blood of martyrs, yellow color that frames the red stripe denotes prosperity and the star represents hope for a brighter future of the country."
pair(
    "real",
    "en",
    CONGO,
    q,
    "red stands for blood",
    "red stands against blood",
    "RAGChecker: for->against",
    control=True,
)
q = "is composed of a blue sheet, red diagonal stripe and a yellow five-pointed star at the top of the left part of the flag"

HCG = (
    "使用早孕试纸怀孕自测的工作原理是检测HCG值,即人体绒毛膜促性腺激素的值。这种激素是由胎盘制造的,在受孕后10-14天后人体开始分泌"
    "绒毛膜促性腺激素。分泌后先会出现在血液中,然后随着循环系统出现在尿液里,但由于量少,开始不易测验出来,直到妊娠1-2周后才日益明显。"
)
q = "分泌后先会出现在血液中,然后随着循环系统出现在尿液里,但由于量少,开始不易测验出来,直到妊娠1-2周后才日益明显。"
pair(
    "real",
    "zh",
    HCG,
    q,
    "先会出现在血液中,然后随着循环系统出现在尿液里",
    "先会出现在尿液中,然后随着循环系统出现在血液里",
    "DuReader: 血液/尿液 互换",
)
add(
    "real",
    "zh",
    HCG,
    q,
    [item("分泌后先会出现在血液中,然后随着循环系统出现在尿液里。")],
    NS,
    "DuReader: '但由于量少……'尾部丢失",
)
q = "这种激素是由胎盘制造的"
pair("real", "zh", HCG, q, "由胎盘制造", "向胎盘输送", "DuReader: 由胎盘制造->向胎盘输送", control=False)
EC = "同房时间没有超过72小时还可以服用紧急避孕药,但这个药不能拿来当成常规避孕措施。祝您健康!"
q = "同房时间没有超过72小时还可以服用紧急避孕药,但这个药不能拿来当成常规避孕措施。"
add(
    "real",
    "zh",
    EC,
    q,
    [item("同房时间没有超过72小时还可以服用紧急避孕药。祝您健康!")],
    NS,
    "DuReader: '但……'丢失",
)
add("real", "zh", EC, q, [item(EC)], S, "DuReader 对照")
add(
    "real",
    "zh",
    EC,
    q,
    [item("同房时间没有超过72小时还可以服用紧急避孕药,但这个药可以拿来当成常规避孕措施。")],
    NS,
    "DuReader: 不能->可以",
)
HOUSE = (
    "1.房地产赠与、继承、委托、涉外以及涉及港澳台地区的提供《公证书》。 2.被拆迁户购房登记提供《拆迁协议书》。 "
    "3.五年内买卖提供相应房地产转让审批书原件及抵税专用表原件。 4.验人签字时卖方夫妻及买方必须本人到场。"
)
q = "4.验人签字时卖方夫妻及买方必须本人到场。"
pair("real", "zh", HOUSE, q, "卖方夫妻及买方", "卖方夫妻或买方", "DuReader: 及->或")
q = "3.五年内买卖提供相应房地产转让审批书原件及抵税专用表原件。"
JDB = (
    '多位希望通过"赚利差"赚钱的借贷宝用户,10月20日,对新京报记者表示,由于借出去的钱不能按时收回,导致其在借贷宝平台逾期,'
    "除了丧失本金外,还要向借贷宝支付高额的逾期管理费。"
)
q = "由于借出去的钱不能按时收回,导致其在借贷宝平台逾期,除了丧失本金外,还要向借贷宝支付高额的逾期管理费。"
pair("real", "zh", JDB, q, "还要向借贷宝支付", "还要由借贷宝支付", "DuReader: 向->由 (payer reversed)")
JZ = (
    "“截止”不能带时间词语(做宾语)。“截止”一般用于时间词语之后,例如: 报名工作已于昨日截止,投票将在本月底截止。"
)
q = "报名工作已于昨日截止,投票将在本月底截止。"
pair("real", "zh", JZ, q, "投票将在本月底截止", "投票已在本月底截止", "DuReader: 将->已 (future -> done)")
pair("real", "zh", JZ, q, "报名工作已于昨日截止", "报名工作将于昨日截止", "DuReader: 已->将", control=False)
HKD = "港元或称港币(简称为HKD)是香港的法定流通货币。香港建立了港元发行与美元挂钩的联系汇率制度。外汇基金所持的美圆就为港元纸币的稳定提供了支持。"
q = "香港建立了港元发行与美元挂钩的联系汇率制度。"
pair("real", "zh", HKD, q, "与美元挂钩", "与人民币挂钩", "DuReader: 美元->人民币")
pair("real", "zh", HKD, q, "香港建立了", "香港将建立", "DuReader: 建立了->将建立", control=False)

# ====================================================================== 15. more function-word and insertion probes, more controls
Q = "Everyone in the building was evacuated before the fire brigade arrived at 9:40 p.m."
EVAC = "Incident report. " + Q + " Two firefighters were treated for smoke inhalation."
pair(
    "function_word", "en", EVAC, Q, "Everyone in the building", "Someone in the building", "everyone->someone"
)
pair(
    "function_word",
    "en",
    EVAC,
    Q,
    "Everyone in the building",
    "No one in the building",
    "everyone->no one",
    control=False,
)
DELAY = "Travel update. The delay of the 8:15 train to Leeds was due to a signal failure near York. Services are now running normally."
q = "The delay of the 8:15 train to Leeds was due to a signal failure near York."
pair(
    "function_word",
    "en",
    DELAY,
    q,
    "was due to a signal failure",
    "was despite a signal failure",
    "due to -> despite (cause becomes concession)",
)
FEES = "Course fees. You must pay the examination fee of $120 before the registration deadline. We refund the fee if the course is cancelled."
q = "You must pay the examination fee of $120 before the registration deadline."
pair("function_word", "en", FEES, q, "You must pay", "We must pay", "you->we (who must pay)")
ZGUAR = "担保条款：丙公司为甲方提供连带责任保证，保证期间为主债务履行期届满之日起两年。"
q = "丙公司为甲方提供连带责任保证，保证期间为主债务履行期届满之日起两年。"
pair("function_word", "zh", ZGUAR, q, "丙公司为甲方提供", "丙公司由甲方提供", "为->由 (guarantor reversed)")
q = "The tablets were the best-tolerated option in the 2019 trial and gave the best result for dental pain."
WR = "Review of forecasts. The 2020 model gave the worst forecast of the five models for coastal rainfall."
q = "The 2020 model gave the worst forecast of the five models for coastal rainfall."
pair("lemma", "en", WR, q, "the worst forecast", "the wrong forecast", "worst -> wrong (one lookup lemma)")
pair(
    "lemma",
    "en",
    WR,
    q,
    "the worst forecast",
    "a worse forecast",
    "worst -> worse (superlative -> comparative)",
    control=False,
)

# a restricting phrase inserted into a long quote (the budget grows with the quote)
add(
    "long_quote",
    "en",
    LEASE,
    LONG_EN,
    [
        item(
            _swap(
                LEASE, "after the tenant moves out", "after the tenant moves out of a ground-floor apartment"
            )
        )
    ],
    NS,
    "restricting phrase inserted ('of a ground-floor apartment')",
)
add(
    "long_quote",
    "en",
    LEASE,
    LONG_EN,
    [
        item(
            _swap(
                LEASE,
                "Pets are not permitted in the apartment",
                "Large pets such as dogs are not permitted in the apartment",
            )
        )
    ],
    NS,
    "'Large ... such as dogs' inserted (scope narrowed)",
)
add(
    "long_quote",
    "zh",
    ZLEASE,
    LONG_ZH,
    [item(_swap(ZLEASE, "乙方不得将房屋转租给第三人", "乙方不得将房屋整体转租给第三人"))],
    NS,
    "'整体' inserted (partial sublet now allowed)",
)
add(
    "long_quote",
    "zh",
    ZLEASE,
    LONG_ZH,
    [item(_swap(ZLEASE, "供水、供电设施的维修", "供水、供电设施的首次维修"))],
    NS,
    "'首次' inserted (only the first repair)",
)

# more faithful copies that must stay supported
q = "Do not take more than six tablets in any 24-hour period."
add(
    "reformat",
    "en",
    MED,
    q,
    [item("Do not take more than six tablets in any 24‑hour period.")],
    S,
    "non-breaking hyphen",
)
add("reformat", "en", MED, q, [item("Do not take more than 6 tablets in any 24-hour period.")], S, "six -> 6")
q = "Stop taking the medicine and see a doctor immediately if you notice blood in your stool."
add(
    "reformat",
    "en",
    MED,
    q,
    [item("Stop taking the medicine and see a doctor immediately if you notice blood in your stool")],
    S,
    "final full stop lost",
)
add(
    "reformat",
    "en",
    MED,
    q,
    [item("“Stop taking the medicine and see a doctor immediately if you notice blood in your stool.”")],
    S,
    "wrapped in curly quotes",
)
q = "12岁以下儿童应在医师指导下使用。"
add("reformat", "zh", ZMED, q, [item("１２岁以下儿童应在医师指导下使用")], S, "全角数字，句号丢失")
add("reformat", "zh", ZMED, q, [item("十二岁以下儿童应在医师指导下使用。")], S, "12 -> 十二")
q = "本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状未缓解请咨询医师或药师。"
add(
    "reformat",
    "zh",
    ZMED,
    q,
    [
        item(
            "本品为对症治疗药：\n1. 用于止痛不得超过5天；\n2. 用于解热不得超过3天；\n症状未缓解请咨询医师或药师。"
        )
    ],
    S,
    "(weak) 编号列表重排标点",
)
add(
    "reformat",
    "zh",
    ZMED,
    q,
    [item("本品为对症治疗药, 用于止痛不得超过5天, 用于解热不得超过3天, 症状未缓解请咨询医师或药师.")],
    S,
    "半角标点加空格",
)
q = "公司董事长王建国表示，公司将在华东地区新开40家门店。"
add(
    "reformat",
    "zh",
    ZNEWS,
    q,
    [item("公司董事長王建國表示，公司將在華東地區新開40家門店。")],
    S,
    "(weak) 繁体",
)
add(
    "reformat",
    "zh",
    ZNEWS,
    q,
    [item("公司董事长王建国表示：“公司将在华东地区新开40家门店。”")],
    S,
    "(weak) 间接引语改直接引语",
)
q = "Chief executive Maria Lopez said her team will open 40 new stores in Canada next year."
add(
    "reformat",
    "en",
    NEWS,
    q,
    [item("Chief executive Maria Lopez said her team will open forty new stores in Canada next year.")],
    S,
    "40 -> forty",
)
add("reformat", "en", NEWS, q, [item(NEWS, None)], S, "id-less whole document")
q = "Her notes on the engine were published in 1843 under the initials A.A.L."
add(
    "reformat",
    "en",
    BIO,
    q,
    [item("Her notes on the engine were published in 1843 under the initials A. A. L.")],
    S,
    "(weak) initials spaced",
)
# split controls and a split from a chunker with overlap
q = "Stop taking the medicine and see a doctor immediately if you notice blood in your stool."
i0 = _at(MED, q)
c1, c2 = i0 + q.index("see a doctor"), i0 + q.index("immediately")
add("split", "en", MED, q, [item(MED[:c2]), item(MED[c1:])], S, "overlapping chunks")
add("split", "en", MED, q, [item(MED[:c1]), item(MED[c2:])], NS, "'see a doctor' missing between the chunks")
