"""Adversarial cases for the evidence-span matcher v2 (issue 15, `evidence-align.v2`), zh and en.

Data only: no test runs here. Each case in `CASES` is one span looked for in the ranked items
of one stage (for instance the context sent to the model):

    {"family": str,          # one of FAMILIES
     "lang": "en" | "zh",
     "doc": str,             # full text of the gold document, doc_id "d1" in the snapshot
     "quote": str,           # the evidence span: a verbatim substring of doc, found once
     "items": [dict, ...],   # Item fields: doc_id, chunk_id, text, start, end (all optional)
     "expect": "supported" | "not_supported",
     "note": str,            # one line: why
     # optional
     "other_docs": {"d2": str, ...},   # more snapshot documents
     "evidence_from": "any" | "own",   # default: any for exact matches, own for fuzzy ones
     "route": "id" | "offset" | "exact" | "split" | "split_nonadjacent" | "fuzzy",
     "reason": "truncated" | "ambiguous_source" | "offset_conflict" | "other_document"
               | "conflict"}

The span is {"doc_id": "d1", "start": doc.index(quote), "end": start + len(quote), "quote": quote}.
`start`/`end` of an item are character offsets into the document its `doc_id` names, so
`{"doc_id": "d1", "start": s, "end": e, "text": doc[s:e]}` is an honest chunk; offsets are
computed below, never written by hand. `route` is given for a supported case only where the
issue's rules fix it; `reason` only where exactly one rule refuses the case (a case that two
rules refuse, for instance another document's item that also names another company, has none).

Negative cases change one critical token (a value, a negation or exclusion cue, a modal verb,
a bound or comparison, a quantifier, an ordinal, a name or code, a weekday, a month, am/pm) of
a quote that is otherwise copied verbatim; about a third of each negative family are positive
controls that must stay `supported`. Quotes of positive cases start and end on word boundaries
(jieba words for Chinese) and never right after a negation cue.
"""

from __future__ import annotations

FAMILIES = (
    "changed_word_short",
    "changed_word_medium",
    "changed_word_long",
    "negation",
    "truncation",
    "other_entity",
    "token_boundaries",
    "short_spans",
    "lying_offsets",
    "split_at_space",
    "overlapping_chunks",
    "idless_split",
    "nonadjacent_split",
    "reformatting",
)

CASES: list[dict] = []


# --- helpers -------------------------------------------------------------------------------


def _at(text: str, piece: str) -> int:
    """Index of `piece` in `text`, which must hold it exactly once."""
    if text.count(piece) != 1:
        raise ValueError(f"{piece!r} occurs {text.count(piece)} times")
    return text.index(piece)


def _end(text: str, piece: str) -> int:
    return _at(text, piece) + len(piece)


def _chunk(doc: str, start: int, end: int, doc_id: str | None = "d1", offsets: bool = True) -> dict:
    """doc[start:end] as an item: an honest chunk of `doc_id` (offsets only when asked)."""
    item: dict = {"text": doc[start:end]}
    if doc_id is not None:
        item["doc_id"] = doc_id
        if offsets:
            item["start"], item["end"] = start, end
    return item


def _piece(doc: str, piece: str, doc_id: str | None = "d1", offsets: bool = True) -> dict:
    start = _at(doc, piece)
    return _chunk(doc, start, start + len(piece), doc_id, offsets)


def _swap(text: str, old: str, new: str) -> str:
    """`text` with its one occurrence of `old` replaced by `new`."""
    start = _at(text, old)
    return text[:start] + new + text[start + len(old) :]


def _text(text: str, doc_id: str | None = "d1") -> dict:
    return {"text": text} if doc_id is None else {"doc_id": doc_id, "text": text}


def _sentences(*parts: str) -> str:
    return " ".join(parts)


def _add(
    family: str, lang: str, doc: str, quote: str, items: list[dict], expect: str, note: str, **extra
) -> None:
    case = {
        "family": family,
        "lang": lang,
        "doc": doc,
        "quote": quote,
        "items": items,
        "expect": expect,
        "note": note,
    }
    case.update({key: value for key, value in extra.items() if value is not None})
    CASES.append(case)


def _changed(
    family: str,
    lang: str,
    doc: str,
    quote: str,
    old: str,
    new: str,
    note: str,
    *,
    doc_id: str | None = "d1",
    reason: str | None = "conflict",
) -> None:
    """A negative case: the item is the document with one critical token of the quote changed."""
    changed = _swap(quote, old, new)
    _add(
        family,
        lang,
        doc,
        quote,
        [_text(_swap(doc, quote, changed), doc_id)],
        "not_supported",
        note,
        reason=reason,
    )


def _two_chunks(
    doc: str,
    cut: int,
    overlap: int = 0,
    *,
    offsets: bool = True,
    doc_id: str | None = "d1",
    second_doc_id: str | None = "d1",
) -> list[dict]:
    """The whole document as two chunks: [0, cut + overlap) and [cut, len)."""
    first = _chunk(doc, 0, cut + overlap, doc_id, offsets)
    second = _chunk(doc, cut, len(doc), second_doc_id, offsets)
    return [first, second]


# --- base documents ------------------------------------------------------------------------

WARRANTY = _sentences(
    "Limited Warranty. Northwind Appliances warrants this dishwasher against defects in materials and "
    "workmanship for 24 months from the date of original purchase.",
    "During the warranty period, Northwind will repair or replace any defective part free of charge.",
    "Claims must be filed within 30 days of discovering the defect, together with the original receipt.",
    "The warranty does not cover damage caused by improper installation, misuse, or repairs carried out by "
    "unauthorised technicians.",
    "Consumable parts such as filters and seals are covered for the first 6 months only.",
    "Service visits are available Monday to Friday between 8:00 a.m. and 5:00 p.m.",
    "A replacement unit is covered for the remainder of the original warranty period, not for a new period.",
)

REFUND = _sentences(
    "Refund Policy. Orders may be returned within 14 days of delivery for a full refund, provided the items "
    "are unused and in their original packaging.",
    "The shipping fee of $50 is non-refundable unless the item arrived damaged or was not the item ordered.",
    "Customised products cannot be returned.",
    "Refunds are issued to the original payment method within 5 business days after we receive the returned "
    "item.",
    "Gift cards are not eligible for a refund.",
    "Orders over $1,000 require a signature on delivery and cannot be left with a neighbour or in a parcel "
    "locker.",
    "Customers who return more than three orders in a calendar year may be asked to pay a restocking fee of "
    "15%.",
)

VISA = _sentences(
    "Visitor Visa Conditions. Holders of a visitor visa must not engage in paid employment during their stay.",
    "Applicants must hold a passport that is valid for at least six months beyond the date of arrival.",
    "The visa allows a stay of up to 90 days in any 180-day period.",
    "Applicants under the age of 18 must travel with a parent or provide written consent from both parents.",
    "Extensions are granted only in exceptional circumstances and must be requested at least 15 days before "
    "the current permission expires.",
    "Applicants who have been refused a visa in the past five years must declare the refusal on Form V-12.",
)

LEASE = _sentences(
    "Residential Lease Agreement. The Tenant shall pay rent of $1,850 on or before the first day of each month.",
    "A security deposit equal to two months' rent is payable on signing and will be returned within 30 days "
    "after the Tenant vacates the premises, less any lawful deductions.",
    "The Tenant may not sublet the premises or any part of them without the prior written consent of the "
    "Landlord.",
    "Either party may terminate this agreement by giving at least 60 days' written notice.",
    "The Landlord shall arrange an annual inspection of the gas boiler.",
    "Pets are not permitted unless agreed in writing.",
)

LEAFLET = _sentences(
    "Package Leaflet: Amoxicillin 500 mg capsules. Adults and children weighing more than 40 kg should take "
    "one capsule three times a day.",
    "Do not take this medicine if you are allergic to penicillin.",
    "Take the capsules with a glass of water, with or without food.",
    "Continue the course for the full number of days prescribed, even if you feel better.",
    "If you forget a dose, take it as soon as you remember, unless it is almost time for your next dose.",
    "Do not take more than 6 capsules in 24 hours.",
    "Store below 25°C in the original package.",
)

REPORT = _sentences(
    "Annual Report 2023. Revenue increased by 12% to $4.2 billion, driven by growth in the services segment.",
    "Operating margin declined to 8.5% because of higher energy costs.",
    "The Board recommends a final dividend of 18 cents per share, payable on 15 May 2024 to shareholders on "
    "the register at the close of business on 19 April 2024.",
    "Capital expenditure for the year was $310 million, of which $95 million was spent on new stores.",
)

LICENCE = _sentences(
    "Renewing a Driving Licence. You can renew your licence online, by post or at a service centre.",
    "Applications must be submitted no later than 28 days before the licence expires.",
    "Drivers aged 70 or older must renew every three years and provide a medical self-declaration.",
    "Drivers who hold a provisional licence are not eligible for online renewal.",
    "The fee is $45 for an online renewal and $60 for a paper application.",
    "Service centres are open from Tuesday to Saturday, 9:00 a.m. to 4:30 p.m.",
    "The telephone helpline is open 08:00-20:00 every day except public holidays.",
    'Postal applications should be sent in an envelope marked "Licence Renewal - Urgent" to the address on '
    "the form.",
    "A temporary permit is issued if the new licence has not arrived within 21 days.",
)

RESIDENCE = (
    "居住证办理指南。申请人应当在居住地连续居住满半年以上，并符合有合法稳定就业、合法稳定住所、连续就读条件之一。"
    "申请材料：居民身份证原件、近期一寸免冠照片一张、居住证明材料。"
    "材料齐全、符合法定形式的，窗口当场受理并出具受理回执；材料不齐全的，一次性告知需要补正的全部内容。"
    "公安派出所应当自受理之日起15个工作日内制作发放居住证。"
    "办理地点：各街道社区事务受理服务中心，工作时间为周一至周五上午9:00至下午5:00，法定节假日除外。"
    "本事项不收取任何费用。"
)

ZREFUND = (
    "退款说明。自签收商品之日起七日内，未拆封且不影响二次销售的商品可以退款。"
    "定制类商品、鲜活易腐商品以及已激活的数字化商品不支持七天无理由退货。"
    "退款将在收到退回商品后3个工作日内原路退回。"
    "因商品质量问题产生的退货运费由商家承担；非质量问题的退货运费由买家承担。"
    "单笔订单满199元的，免收运费。"
    "使用优惠券的订单退款时，优惠券不予退还。"
)

ZLEAFLET = (
    "布洛芬缓释胶囊说明书。用法用量：口服，成人一次1粒，一日2次（早晚各一次）。"
    "12岁以下儿童用量请咨询医师或药师。"
    "禁忌：对本品过敏者禁用；孕妇及哺乳期妇女禁用。"
    "注意事项：本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师。"
    "服用本品期间不得饮酒或含有酒精的饮料。"
    "贮藏：密封，在25℃以下保存。"
)

ZLEASE = (
    "房屋租赁合同。第三条 租赁期限自2024年3月1日起至2025年2月28日止。"
    "第四条 月租金为人民币4500元，乙方应于每月5日前支付当月租金。"
    "第五条 乙方应在签订本合同时向甲方支付押金人民币9000元，租赁期满且乙方结清全部费用后，甲方应在七日内无息退还押金。"
    "第六条 未经甲方书面同意，乙方不得转租。"
    "第七条 任何一方提前解除合同的，应至少提前30日书面通知对方。"
    "第八条 租赁期间，房屋及附属设施的正常维修由甲方负责，因乙方使用不当造成的损坏由乙方负责修复；"
    "乙方发现房屋或者附属设施损坏的，应当及时通知甲方。"
)

ZVISA = (
    "港澳通行证签注办理须知。申请人年满16周岁的，应当本人到出入境接待大厅办理；未满16周岁的，由监护人陪同办理。"
    "团队旅游签注有效期为3个月，每次在香港或者澳门停留不超过7天。"
    "个人旅游签注可在有效期内往返一次或者二次。"
    "签注申请审批时限为7个工作日，偏远地区可延长至15个工作日。"
    "持有效签注的申请人须在签注有效期内出境，逾期作废。"
)

ZREPORT = (
    "2023年年度报告摘要。报告期内，公司实现营业收入38.6亿元，同比增长12.4%；"
    "归属于上市公司股东的净利润为4.2亿元，同比下降6.1%。"
    "公司拟以总股本为基数，向全体股东每10股派发现金红利3.50元（含税），不送红股，不以资本公积金转增股本。"
    "报告期末，公司资产负债率为46.3%，较上年末下降2.1个百分点。"
)

ZFUND = (
    "住房公积金提取办理指南。职工购买自住住房的，可以在购房之日起一年内申请提取住房公积金。"
    "提取金额不得超过实际购房支出。"
    "职工离职后未重新就业满半年的，可以申请提取账户余额。"
    "申请人须提供身份证、购房合同及付款凭证原件。"
    "办理时限：材料齐全的，5个工作日内办结。"
    "同一职工每年最多可申请提取两次。"
)

ZWARRANTY = (
    "保修条款。自购买之日起，整机保修三年，压缩机保修十年。"
    "保修期内，因产品质量问题出现的故障，本公司免费维修。"
    "下列情况不属于免费保修范围：未按说明书要求安装、使用造成的损坏；非本公司授权人员拆修造成的损坏；因不可抗力造成的损坏。"
    "维修服务时间为每周一至周六上午8:30至下午6:00。"
    "更换的零部件保修期为九十天，或者以整机剩余保修期为准，以较长者为准。"
)

# A service notice in Chinese with the spaces that Latin words and numbers bring.
ZSERVICE = (
    "售后服务说明。本机额定电压 220 V，额定频率 50 Hz，符合 GB 4706.1 标准。"
    "如需报修，请拨打 400 820 8820 客服热线，或在 Smart Home 应用内提交工单。"
    "线上订单支持 Apple Pay 或 Union Pay 付款，发票随货寄出。"
)


# --- changed_word_short: spans under ~40 characters ----------------------------------------
# Short spans need exact tokens, so a refusal may come with no `conflict` rejection: no reason.

F = "changed_word_short"
_changed(
    F,
    "en",
    WARRANTY,
    "Claims must be filed within 30 days",
    "must",
    "may",
    "modal must->may in a 35-character span",
    reason=None,
)
_changed(
    F,
    "en",
    LICENCE,
    "28 days before the licence expires",
    "before",
    "after",
    "bound before->after",
    reason=None,
)
_changed(
    F,
    "en",
    VISA,
    "Applicants under the age of 18",
    "under",
    "over",
    "comparison under->over",
    reason=None,
    doc_id=None,
)
_changed(
    F,
    "en",
    LEAFLET,
    "one capsule three times a day",
    "three",
    "four",
    "dose frequency three->four",
    reason=None,
)
_changed(
    F,
    "en",
    REPORT,
    "payable on 15 May 2024",
    "May",
    "March",
    "month May->March in a payment date",
    reason=None,
)
_add(
    F,
    "en",
    LICENCE,
    "open from Tuesday to Saturday",
    [_text("Service centres are open from Tuesday to Saturday, 9:00 a.m. to 4:30 p.m.", None)],
    "supported",
    "control: copied verbatim inside a longer text",
    route="exact",
)
_add(
    F,
    "en",
    WARRANTY,
    "covered for the first 6 months only",
    [_piece(WARRANTY, "Consumable parts such as filters and seals are covered for the first 6 months only.")],
    "supported",
    "control: honest chunk with offsets",
    route="offset",
)
_changed(
    F, "zh", RESIDENCE, "自受理之日起15个工作日内制作发放居住证", "15", "10", "期限数字 15->10", reason=None
)
_changed(F, "zh", RESIDENCE, "工作时间为周一至周五", "周五", "周六", "星期 周五->周六", reason=None)
_changed(F, "zh", ZLEASE, "乙方应于每月5日前支付当月租金", "5日前", "5日后", "时间界限 前->后", reason=None)
_changed(
    F,
    "zh",
    ZLEAFLET,
    "12岁以下儿童用量请咨询医师或药师",
    "以下",
    "以上",
    "界限 以下->以上",
    reason=None,
    doc_id=None,
)
_changed(
    F, "zh", ZVISA, "每次在香港或者澳门停留不超过7天", "不超过", "不少于", "界限 不超过->不少于", reason=None
)
_add(
    F,
    "zh",
    ZFUND,
    "同一职工每年最多可申请提取两次",
    [_text("办理时限：材料齐全的，5个工作日内办结。同一职工每年最多可申请提取两次。", None)],
    "supported",
    "对照：原文照抄",
    route="exact",
)
_add(
    F,
    "zh",
    ZWARRANTY,
    "压缩机保修十年",
    [_piece(ZWARRANTY, "自购买之日起，整机保修三年，压缩机保修十年。")],
    "supported",
    "对照：带偏移的真实分块",
    route="offset",
)


# --- changed_word_medium: spans of ~100-300 characters -------------------------------------

F = "changed_word_medium"
_changed(
    F,
    "en",
    REFUND,
    "Orders may be returned within 14 days of delivery for a full refund, provided the items are unused and "
    "in their original packaging.",
    "14 days",
    "21 days",
    "return window 14->21 days",
)
_changed(
    F,
    "en",
    VISA,
    "Holders of a visitor visa must not engage in paid employment during their stay. Applicants must hold "
    "a passport that is valid for at least six months beyond the date of arrival.",
    "at least",
    "at most",
    "bound at least->at most",
)
_changed(
    F,
    "en",
    VISA,
    "Extensions are granted only in exceptional circumstances and must be requested at least 15 days "
    "before the current permission expires.",
    "before",
    "after",
    "bound before->after",
    doc_id=None,
)
_changed(
    F,
    "en",
    LICENCE,
    "Applications must be submitted no later than 28 days before the licence expires. Drivers aged 70 or "
    "older must renew every three years and provide a medical self-declaration.",
    "older",
    "younger",
    "comparison older->younger",
)
_changed(
    F,
    "en",
    LEASE,
    "The Tenant shall pay rent of $1,850 on or before the first day of each month. A security deposit equal "
    "to two months' rent is payable on signing",
    "first day",
    "fifth day",
    "ordinal first->fifth",
)
_changed(
    F,
    "en",
    REPORT,
    "The Board recommends a final dividend of 18 cents per share, payable on 15 May 2024 to shareholders on "
    "the register at the close of business on 19 April 2024.",
    "19 April",
    "19 March",
    "record date month April->March",
)
_add(
    F,
    "en",
    LEAFLET,
    "Continue the course for the full number of days prescribed, even if you feel better. If you forget a dose, "
    "take it as soon as you remember, unless it is almost time for your next dose.",
    [
        _text(
            "Take the capsules with a glass of water, with or without food. Continue the course for the full\n"
            "number of days prescribed, even if you feel better. If you forget a dose, take it as soon as you\n"
            "remember, unless it is almost time for your next dose."
        )
    ],
    "supported",
    "control: verbatim apart from line breaks",
    route="exact",
)
_add(
    F,
    "en",
    VISA,
    "Holders of a visitor visa must not engage in paid employment during their stay. Applicants must hold a "
    "passport that is valid for at least six months beyond the date of arrival.",
    [
        _text(
            "Visitor Visa Conditions. Holders of a visitor visa must not engage in paid employment during the "
            "stay. Applicants must hold a passport that is valid for at least six months beyond the date of "
            "arrival."
        )
    ],
    "supported",
    "control: one non-critical word their->the in ~35 tokens, all critical tokens equal",
    route="fuzzy",
)
_changed(
    F,
    "zh",
    RESIDENCE,
    "申请人应当在居住地连续居住满半年以上，并符合有合法稳定就业、合法稳定住所、连续就读条件之一。"
    "申请材料：居民身份证原件、近期一寸免冠照片一张、居住证明材料。"
    "材料齐全、符合法定形式的，窗口当场受理并出具受理回执；材料不齐全的，一次性告知需要补正的全部内容。",
    "以上",
    "以下",
    "界限 以上->以下",
)
_changed(
    F,
    "zh",
    ZLEASE,
    "第六条 未经甲方书面同意，乙方不得转租。第七条 任何一方提前解除合同的，应至少提前30日书面通知对方。"
    "第八条 租赁期间，房屋及附属设施的正常维修由甲方负责，因乙方使用不当造成的损坏由乙方负责修复；"
    "乙方发现房屋或者附属设施损坏的，应当及时通知甲方。",
    "至少",
    "最多",
    "界限 至少->最多",
)
_changed(
    F,
    "zh",
    ZWARRANTY,
    "下列情况不属于免费保修范围：未按说明书要求安装、使用造成的损坏；非本公司授权人员拆修造成的损坏；"
    "因不可抗力造成的损坏。维修服务时间为每周一至周六上午8:30至下午6:00。"
    "更换的零部件保修期为九十天，或者以整机剩余保修期为准，以较长者为准。",
    "上午",
    "下午",
    "上午->下午",
    doc_id=None,
)
_changed(
    F,
    "zh",
    ZLEASE,
    "第三条 租赁期限自2024年3月1日起至2025年2月28日止。第四条 月租金为人民币4500元，乙方应于每月5日前支付当月租金。"
    "第五条 乙方应在签订本合同时向甲方支付押金人民币9000元，租赁期满且乙方结清全部费用后，甲方应在七日内无息退还押金。",
    "甲方应在",
    "甲方可在",
    "情态 应->可",
)
_changed(
    F,
    "zh",
    ZREPORT,
    "归属于上市公司股东的净利润为4.2亿元，同比下降6.1%。"
    "公司拟以总股本为基数，向全体股东每10股派发现金红利3.50元（含税），不送红股，不以资本公积金转增股本。"
    "报告期末，公司资产负债率为46.3%，较上年末下降2.1个百分点。",
    "3.50元",
    "2.50元",
    "分红金额 3.50->2.50",
)
_add(
    F,
    "zh",
    ZLEAFLET,
    "禁忌：对本品过敏者禁用；孕妇及哺乳期妇女禁用。"
    "注意事项：本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师。"
    "服用本品期间不得饮酒或含有酒精的饮料。贮藏：密封，在25℃以下保存。",
    [_chunk(ZLEAFLET, _at(ZLEAFLET, "12岁以下"), len(ZLEAFLET))],
    "supported",
    "对照：带偏移的真实分块",
    route="offset",
)
_add(
    F,
    "zh",
    ZFUND,
    "职工购买自住住房的，可以在购房之日起一年内申请提取住房公积金。提取金额不得超过实际购房支出。"
    "职工离职后未重新就业满半年的，可以申请提取账户余额。申请人须提供身份证、购房合同及付款凭证原件。"
    "办理时限：材料齐全的，5个工作日内办结。",
    [_text(_swap(ZFUND, "申请人须提供身份证", "申请人须提交身份证"))],
    "not_supported",
    "对照：非关键词 提供->提交，关键词均相同 (v2: a content word replaced by an unlike word is a changed word: refused)",
    route="fuzzy",
)


# --- changed_word_long: spans of 1,000+ characters -----------------------------------------

F = "changed_word_long"
_EXT_WARRANTY_BODY = _sentences(
    "Article I. This extended warranty is issued by Harbor Electronics Ltd. and applies only to products "
    "purchased from an authorised Harbor retailer in the United Kingdom.",
    "Article II. Cover begins on the day after the manufacturer's guarantee ends and lasts for a further 36 "
    "months, provided the product remains in the possession of the original purchaser.",
    "Article III. The warranty covers mechanical and electrical breakdown arising from normal domestic use, "
    "including the cost of parts, labour and the engineer's call-out charge.",
    "Article IV. Accidental damage, cosmetic wear, damage caused by pests, and faults resulting from a failure "
    "of the mains power supply are excluded from cover.",
    "The purchaser must register the warranty online before the end of the manufacturer's guarantee period, "
    "otherwise cover will not start.",
    "Repair requests are accepted by telephone from Monday to Saturday, and an engineer will normally attend "
    "within five working days of the request.",
    "If the same fault recurs after two repairs, Harbor will replace the product with a new model of equivalent "
    "specification.",
    "The purchaser is entitled to a free maintenance check, which may be used once in each year of cover.",
    "Any replacement product inherits the remaining period of cover and does not start a new warranty term.",
    "Claims submitted with incomplete information will be returned, and the time limits in this agreement "
    "continue to run while information is outstanding.",
    "The warranty may be transferred to a new owner of the product on payment of an administration fee of £15.",
    "Either party may cancel the warranty by written notice, and a pro-rata refund of the premium will be made "
    "for each full month of unused cover.",
)
EXT_WARRANTY = _sentences(
    "Harbor Extended Warranty: Terms and Conditions (2024 edition).",
    _EXT_WARRANTY_BODY,
    "This warranty does not affect the purchaser's statutory rights as a consumer.",
)
_changed(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    "online before the end",
    "online after the end",
    "one word before->after in ~1,600 characters",
)
_changed(F, "en", EXT_WARRANTY, _EXT_WARRANTY_BODY, "Article IV.", "Article VI.", "article number IV->VI")
_changed(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    "from Monday to Saturday",
    "from Friday to Saturday",
    "weekday Monday->Friday",
    doc_id=None,
)
_changed(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    "used once in each year",
    "used twice in each year",
    "once->twice",
)
_changed(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    "The purchaser must register",
    "The purchaser may register",
    "modal must->may",
)
_add(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    [_text(EXT_WARRANTY.replace(". Article", ".\n\nArticle").replace(". The", ".\nThe"))],
    "supported",
    "control: verbatim apart from paragraph breaks",
    route="exact",
)

_LEASE_BODY = _sentences(
    "1. The tenancy shall begin on 1 September 2024 and continue for a fixed term of twelve months.",
    "2. The rent is payable monthly in advance on the third working day of each calendar month by bank "
    "transfer to the account nominated by the Landlord.",
    "3. The Tenant shall pay a deposit equal to five weeks' rent, which the Landlord shall protect in a "
    "government-approved scheme within 30 days of receipt.",
    "4. The Tenant shall keep the interior of the property in good and clean condition and shall report any "
    "disrepair to the Landlord promptly.",
    "5. The Landlord shall be responsible for repairs to the structure and exterior of the building, including "
    "drains, gutters and external pipes.",
    "6. The Tenant shall not make any alteration or addition to the property without the prior written consent "
    "of the Landlord.",
    "7. Children older than ten years shall not share a bedroom with a child of the opposite sex, in line with "
    "the local overcrowding standard.",
    "8. The Landlord may enter the property to carry out an inspection after giving the Tenant at least 24 "
    "hours' written notice.",
    "9. Smoking is not permitted anywhere inside the property or in the communal areas of the building.",
    "10. The Tenant shall be liable for council tax, water charges, electricity, gas and telephone charges for "
    "the duration of the tenancy.",
    "11. At the end of the tenancy the Tenant shall return all keys and leave the property in the same "
    "condition as at the start, allowing for fair wear and tear.",
    "12. Any deductions from the deposit shall be itemised in writing and the balance returned within ten days "
    "of agreement on the amount.",
)
TENANCY = _sentences(
    "Assured Shorthold Tenancy Agreement between Mr. P. Okafor (the Landlord) and Ms. R. Lindqvist (the Tenant).",
    _LEASE_BODY,
    "13. Notices under this agreement shall be given in writing to the addresses stated in Schedule 1.",
)
_changed(
    F, "en", TENANCY, _LEASE_BODY, "the third working day", "the fifth working day", "ordinal third->fifth"
)
_changed(F, "en", TENANCY, _LEASE_BODY, "at least 24", "at most 24", "bound at least->at most")
_changed(
    F,
    "en",
    TENANCY,
    _LEASE_BODY,
    "Children older than",
    "Children younger than",
    "comparison older->younger",
    doc_id=None,
)
_add(
    F,
    "en",
    EXT_WARRANTY,
    _EXT_WARRANTY_BODY,
    [_chunk(EXT_WARRANTY, 0, len(EXT_WARRANTY))],
    "supported",
    "control: the whole document as one honest chunk",
    route="offset",
)
_add(
    F,
    "en",
    TENANCY,
    _LEASE_BODY,
    [_text(TENANCY, None)],
    "supported",
    "control: verbatim, text only",
    route="exact",
)
_add(
    F,
    "en",
    TENANCY,
    _LEASE_BODY,
    [
        _text(
            _swap(
                TENANCY,
                "report any disrepair to the Landlord promptly",
                "report any disrepair to the Landlord quickly",
            )
        )
    ],
    "not_supported",
    "control: one non-critical word promptly->quickly in ~1,600 characters (v2: a content word replaced by an unlike word is a changed word: refused)",
    route="fuzzy",
)

_ZGOV_BODY = (
    "一、适用范围：本指南适用于本市行政区域内国有建设用地使用权及房屋所有权的转移登记，包括买卖、赠与、继承和互换等情形。"
    "二、办理条件：申请人应当持有合法有效的不动产权属证书，且该不动产未被司法机关查封，也未设立居住权。"
    "三、申请人为自然人的，应当年满十八周岁；未满十八周岁的，由其法定监护人代为申请，并提交监护关系证明。"
    "四、申请材料：不动产登记申请书、申请人身份证明、不动产权属证书原件、买卖合同或者其他权属来源证明以及完税凭证。"
    "五、委托他人代为申请的，应当提交经公证的授权委托书；境外形成的授权委托书，须经我国驻当地使领馆认证。"
    "六、已婚申请人处分夫妻共有房产的，应当提交配偶同意处分的书面意见，配偶本人到场签字的除外。"
    "七、办理流程：申请人可以通过“一网通办”平台在线预约，也可以到不动产登记中心窗口现场取号申请。"
    "八、窗口收到申请材料后，对材料齐全、符合法定形式的，当场予以受理并出具受理凭证；材料不齐全的，一次性告知需要补正的全部内容。"
    "九、办理时限：自受理之日起5个工作日内办结；需要实地查看或者公告的，实地查看和公告所需时间不计入办理时限。"
    "十、收费标准：住宅类每件收取登记费80元，非住宅类每件收取登记费550元，小微企业申请的免收登记费。"
    "十一、房屋建筑面积在144平方米以上的，契税按照3%的税率征收，契税由税务部门在同一窗口一并受理。"
    "十二、办理地点：市民服务中心二楼B区，工作时间为周一至周五上午9:00至12:00、13:30至17:00，法定节假日除外。"
    "十三、申请人应当至少提前一个工作日在平台预约办理时段，预约时间过后未到窗口的，预约自动取消。"
    "十四、同一申请人在一个自然月内三次预约后未到场的，三十日内不能再次在线预约。"
    "十五、登记完成后，申请人可以选择窗口领取，也可以选择邮寄送达不动产权证书，邮寄费用由申请人承担。"
    "十六、申请人领取证书时，应当出示受理凭证和本人身份证件，委托他人领取的还应当提交授权委托书。"
    "十七、登记簿记载的事项与申请人持有的权属证书不一致的，除有证据证明登记簿确有错误外，以登记簿为准。"
    "十八、申请人对登记结果有异议的，可以自知道之日起六十日内申请行政复议，或者在六个月内依法提起行政诉讼。"
    "十九、因继承取得不动产的，申请人应当提交全部法定继承人关于不动产分配的协议，或者经公证的继承权证明材料。"
    "二十、申请人提供虚假材料申请登记的，登记机构不予登记；已经登记的，依法予以撤销，并记入公共信用信息平台。"
    "二十一、对行动不便的老年人、残疾人等特殊群体，登记中心提供预约上门服务，并开设绿色通道优先办理。"
)
ZGOV = (
    "不动产转移登记办事指南（2024年版）。"
    + _ZGOV_BODY
    + "二十二、咨询电话：12345政务服务便民热线；监督投诉电话：021-63215000。"
)
_changed(F, "zh", ZGOV, _ZGOV_BODY, "144平方米以上", "144平方米以下", "长文中一处 以上->以下")
_changed(F, "zh", ZGOV, _ZGOV_BODY, "上午9:00", "下午9:00", "上午->下午")
_changed(F, "zh", ZGOV, _ZGOV_BODY, "应当至少提前", "应当最多提前", "至少->最多", doc_id=None)
_changed(F, "zh", ZGOV, _ZGOV_BODY, "自受理之日起5个工作日", "自受理之日起8个工作日", "一个数字 5->8")
_changed(F, "zh", ZGOV, _ZGOV_BODY, "六十日内申请行政复议", "九十日内申请行政复议", "中文数字 六十->九十")
_add(
    F,
    "zh",
    ZGOV,
    _ZGOV_BODY,
    [_chunk(ZGOV, 0, len(ZGOV))],
    "supported",
    "对照：带偏移的整篇分块",
    route="offset",
)
_add(
    F,
    "zh",
    ZGOV,
    _ZGOV_BODY,
    [_text(_swap(ZGOV, "并提交监护关系证明", "并递交监护关系证明"))],
    "not_supported",
    "对照：一处非关键词 提交->递交 (v2: a content word replaced by an unlike word is a changed word: refused)",
    route="fuzzy",
)

_ZMED_BODY = (
    "【成份】本品主要成份为阿莫西林，辅料为硬脂酸镁和淀粉。"
    "【适应症】适用于敏感菌所致的中耳炎、鼻窦炎、咽炎、扁桃体炎等上呼吸道感染，以及急性支气管炎、肺炎等下呼吸道感染。"
    "【用法用量】口服。成人一次0.5克，每6至8小时1次，一日剂量不超过4克。"
    "小儿一日剂量按体重每千克20至40毫克，每8小时1次。"
    "3个月以下婴儿一日剂量按体重每千克30毫克，每12小时1次。"
    "肾功能严重损害患者需调整给药剂量，其中内生肌酐清除率为每分钟10至30毫升的患者每12小时给药0.25至0.5克。"
    "【不良反应】恶心、呕吐、腹泻及假膜性肠炎等胃肠道反应；皮疹、药物热和哮喘等过敏反应；贫血、血小板减少、嗜酸性粒细胞增多等。"
    "【禁忌】青霉素过敏及青霉素皮肤试验阳性患者禁用。"
    "【注意事项】用药前必须详细询问药物过敏史并进行青霉素皮肤试验。"
    "传染性单核细胞增多症患者应避免使用。"
    "疗程较长的患者应定期检查肝、肾功能和血常规。"
    "【孕妇及哺乳期妇女用药】孕妇仅在确有必要时使用本品；哺乳期妇女服用时宜暂停哺乳。"
    "【老年用药】老年人应根据肾功能情况调整用药剂量或者用药间期。"
    "【药物相互作用】丙磺舒竞争性地减少本品的肾小管分泌，两者同时应用可使阿莫西林的血药浓度升高、半衰期延长。"
    "氯霉素、大环内酯类、磺胺类和四环素类药物在体外干扰阿莫西林的抗菌作用，但其临床意义不明。"
    "【药理毒理】本品为青霉素类抗生素，对肺炎链球菌、溶血性链球菌等需氧革兰阳性球菌具有良好的抗菌活性。"
    "本品通过抑制细菌细胞壁合成而发挥杀菌作用，可使细菌迅速成为球状体而溶解、破裂。"
    "【药代动力学】口服后迅速吸收，约75%至90%可自胃肠道吸收，食物对药物吸收的影响不显著。"
    "口服本品0.5克后，血药浓度约在服药后1至2小时达到峰值。"
    "本品在多数组织和体液中分布良好，血消除半衰期约为1至1.3小时，严重肾功能损害患者的半衰期可延长至7小时。"
    "约24%至33%的给药量在肝内代谢，其余以原形经尿排出，部分经胆道排泄。"
    "【儿童用药】新生儿和早产儿的肾功能尚未发育完全，用药时应当适当延长给药间隔。"
    "【药物过量】药物过量时应立即停药，并给予对症及支持治疗，必要时可采用血液透析清除体内药物。"
    "【临床试验】本品在国内多中心临床研究中用于治疗急性细菌性咽炎，总有效率为92.3%。"
    "用药期间如出现皮疹、瘙痒或者呼吸困难等症状，应当立即停止用药并及时就医。"
    "【包装】铝塑泡罩包装，每板12粒，每盒2板；执行标准为《中华人民共和国药典》2020年版二部。"
    "【贮藏】遮光，密封，在30℃以下保存。"
)
ZMED = (
    "阿莫西林胶囊说明书。【药品名称】通用名称：阿莫西林胶囊。"
    + _ZMED_BODY
    + "【有效期】24个月。【批准文号】国药准字H44021351。"
)
_changed(F, "zh", ZMED, _ZMED_BODY, "一日剂量不超过4克", "一日剂量不少于4克", "界限 不超过->不少于")
_changed(F, "zh", ZMED, _ZMED_BODY, "3个月以下婴儿", "3个月以上婴儿", "界限 以下->以上")
_changed(F, "zh", ZMED, _ZMED_BODY, "用药前必须", "用药前可以", "情态 必须->可以", doc_id=None)
_changed(F, "zh", ZMED, _ZMED_BODY, "每12小时1次", "每24小时1次", "给药间隔 12->24小时")
_add(
    F,
    "zh",
    ZMED,
    _ZMED_BODY,
    [_text(ZMED.replace("。【", "。\n【").replace("0.5克", "０.５克"))],
    "supported",
    "对照：仅换行与全角数字",
    route="exact",
)


# --- negation ------------------------------------------------------------------------------

F = "negation"
_changed(
    F,
    "en",
    REFUND,
    "Refunds are issued to the original payment method within 5 business days after we receive the "
    "returned item.",
    "Refunds are issued",
    "Refunds are not issued",
    "inserted not",
)
_changed(
    F,
    "en",
    WARRANTY,
    "The warranty does not cover damage caused by improper installation, misuse, or repairs carried out by "
    "unauthorised technicians.",
    "does not cover",
    "does cover",
    "removed not",
)
_changed(
    F,
    "en",
    REFUND,
    "The shipping fee of $50 is non-refundable unless the item arrived damaged or was not the item ordered.",
    "is non-refundable",
    "is not non-refundable",
    "second negation added: not non-refundable",
)
_changed(
    F,
    "en",
    LICENCE,
    "Drivers who hold a provisional licence are not eligible for online renewal.",
    "not eligible",
    "not ineligible",
    "second negation added: not ineligible",
    doc_id=None,
)
_changed(
    F,
    "en",
    VISA,
    "Applicants who have been refused a visa in the past five years must declare the refusal on Form V-12.",
    "must declare",
    "must never declare",
    "inserted never",
)
_changed(
    F,
    "en",
    LEAFLET,
    "If you forget a dose, take it as soon as you remember, unless it is almost time for your next dose.",
    "unless it is",
    "if it is",
    "exclusion cue unless->if removed",
)
_add(
    F,
    "en",
    LEAFLET,
    "Do not take more than 6 capsules in 24 hours.",
    [
        _text(
            "Continue the course for the full number of days prescribed, even if you feel better. "
            "Do not take more than 6 capsules in 24 hours."
        )
    ],
    "supported",
    "control: negated quote copied verbatim",
    route="exact",
)
_add(
    F,
    "en",
    LEASE,
    "Pets are not permitted unless agreed in writing.",
    [
        _text(
            "The Landlord shall arrange an annual inspection of the gas boiler.\nPets are not\npermitted unless "
            "agreed in writing."
        )
    ],
    "supported",
    "control: negation kept, line breaks only",
    route="exact",
)
_changed(
    F,
    "zh",
    ZREFUND,
    "自签收商品之日起七日内，未拆封且不影响二次销售的商品可以退款。",
    "的商品可以退款",
    "的商品不可以退款",
    "插入 不",
)
_changed(
    F,
    "zh",
    ZREFUND,
    "定制类商品、鲜活易腐商品以及已激活的数字化商品不支持七天无理由退货。",
    "不支持",
    "支持",
    "删除 不",
)
_changed(
    F,
    "zh",
    ZLEASE,
    "第六条 未经甲方书面同意，乙方不得转租。",
    "不得转租",
    "不得不转租",
    "双重否定 不得->不得不",
)
_changed(
    F,
    "zh",
    ZWARRANTY,
    "下列情况不属于免费保修范围：未按说明书要求安装、使用造成的损坏",
    "下列情况不属于",
    "下列情况并非不属于",
    "双重否定 并非不属于",
    doc_id=None,
)
_changed(
    F,
    "zh",
    ZFUND,
    "职工离职后未重新就业满半年的，可以申请提取账户余额。",
    "未重新就业",
    "重新就业",
    "删除 未",
)
_changed(
    F,
    "zh",
    RESIDENCE,
    "本事项不收取任何费用。",
    "不收取",
    "需收取",
    "删除否定 不收取->需收取（短引文，不定原因）",
    reason=None,
)
_add(
    F,
    "zh",
    ZLEAFLET,
    "服用本品期间不得饮酒或含有酒精的饮料",
    [_text("症状不缓解请咨询医师或药师。服用本品期间不得饮酒或含有酒精的饮料。", None)],
    "supported",
    "对照：否定原样保留",
    route="exact",
)
_add(
    F,
    "zh",
    ZLEASE,
    "未经甲方书面同意，乙方不得转租",
    [_text("第六条 未经甲方书面同意, 乙方不得转租.")],
    "supported",
    "对照：否定保留，仅标点半角",
    route="exact",
)


# --- truncation ----------------------------------------------------------------------------

F = "truncation"
_q = "If you forget a dose, take it as soon as you remember, unless it is almost time for your next dose."
_add(
    F,
    "en",
    LEAFLET,
    _q,
    [_chunk(LEAFLET, 0, _end(LEAFLET, "take it as soon as you remember,"))],
    "not_supported",
    "tail cut: the 'unless' condition is missing from the chunk",
    reason="truncated",
)
_add(
    F,
    "en",
    LEAFLET,
    _q,
    [_chunk(LEAFLET, 0, _end(LEAFLET, _q))],
    "supported",
    "control: the chunk ends exactly where the quote ends",
    route="offset",
)
_q = "The shipping fee of $50 is non-refundable unless the item arrived damaged or was not the item ordered."
_add(
    F,
    "en",
    REFUND,
    _q,
    [
        _text(
            "Refund Policy. Orders may be returned within 14 days of delivery for a full refund. "
            "The shipping fee of $50 is non-refundable unless the item arrived damaged"
        )
    ],
    "not_supported",
    "tail cut: the second exception of the unless-clause is gone",
    reason="truncated",
)
_add(
    F,
    "en",
    REFUND,
    _q,
    [
        _text(
            "Refund Policy. The shipping fee of $50 is non-refundable unless the item arrived damaged or was not "
            "the item ordered."
        )
    ],
    "supported",
    "control: item text ends with the whole quote",
    route="exact",
)
_q = "Consumable parts such as filters and seals are covered for the first 6 months only."
_add(
    F,
    "en",
    WARRANTY,
    _q,
    [_chunk(WARRANTY, _at(WARRANTY, "filters and seals are"), len(WARRANTY))],
    "not_supported",
    "head cut: the chunk starts at 'filters and seals'",
    reason="truncated",
)
_q = (
    "Extensions are granted only in exceptional circumstances and must be requested at least 15 days before "
    "the current permission expires."
)
_add(
    F,
    "en",
    VISA,
    _q,
    [_chunk(VISA, 0, _end(VISA, "before the current permission exp"), doc_id=None)],
    "not_supported",
    "tail cut in the middle of a word",
    reason="truncated",
)
_q = "Drivers aged 70 or older must renew every three years and provide a medical self-declaration."
_add(
    F,
    "en",
    LICENCE,
    _q,
    [
        _text(
            _swap(LICENCE, _q, "Drivers aged 70 or older must renew and provide a medical self-declaration.")
        )
    ],
    "not_supported",
    "middle cut: 'every three years' is gone",
)
_q = "Holders of a visitor visa must not engage in paid employment during their stay."
_add(
    F,
    "en",
    VISA,
    _q,
    [_chunk(VISA, _at(VISA, "visitor visa must not"), len(VISA))],
    "not_supported",
    "head cut: the chunk starts at 'visitor visa'",
    reason="truncated",
)

_q = "工作时间为周一至周五上午9:00至下午5:00，法定节假日除外"
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [_chunk(RESIDENCE, 0, _end(RESIDENCE, "至下午5:00，"))],
    "not_supported",
    "尾部截断：丢了 法定节假日除外",
    reason="truncated",
)
_q = "用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师"
_add(
    F,
    "zh",
    ZLEAFLET,
    _q,
    [_chunk(ZLEAFLET, 0, _end(ZLEAFLET, "用于解热不得超过3天，"))],
    "not_supported",
    "尾部截断：最后一个分句缺失",
    reason="truncated",
)
_q = "任何一方提前解除合同的，应至少提前30日书面通知对方"
_add(
    F,
    "zh",
    ZLEASE,
    _q,
    [_chunk(ZLEASE, _at(ZLEASE, "提前解除合同的"), len(ZLEASE))],
    "not_supported",
    "头部截断：缺 任何一方",
    reason="truncated",
)
_q = "使用优惠券的订单退款时，优惠券不予退还"
_add(
    F,
    "zh",
    ZREFUND,
    _q,
    [_chunk(ZREFUND, 0, _end(ZREFUND, "优惠券不予"), doc_id=None)],
    "not_supported",
    "尾部按字符截断：缺 退还",
    reason="truncated",
)
_q = "职工购买自住住房的，可以在购房之日起一年内申请提取住房公积金"
_add(
    F,
    "zh",
    ZFUND,
    _q,
    [_text(_swap(ZFUND, _q, "职工购买自住住房的，可以申请提取住房公积金"))],
    "not_supported",
    "中间截断：期限 一年内 缺失",
)
_q = "签注申请审批时限为7个工作日，偏远地区可延长至15个工作日"
_add(
    F,
    "zh",
    ZVISA,
    _q,
    [_chunk(ZVISA, 0, _end(ZVISA, _q))],
    "supported",
    "对照：分块恰好在引文末尾结束",
    route="offset",
)
_q = "归属于上市公司股东的净利润为4.2亿元，同比下降6.1%"
_add(
    F,
    "zh",
    ZREPORT,
    _q,
    [
        _text(
            "报告期内，公司实现营业收入38.6亿元，同比增长12.4%；归属于上市公司股东的净利润为4.2亿元，同比下降6.1%",
            None,
        )
    ],
    "supported",
    "对照：文本以完整引文结尾",
    route="exact",
)


# --- other_entity --------------------------------------------------------------------------

F = "other_entity"
_BOILER = (
    "This acquisition expanded the company's business scope and enhanced its market competitiveness, and "
    "the integration of the acquired business is progressing in line with the plan approved by the Board."
)
# A wording variant that no content word changes (v2: a content word replaced by an unlike
# word, "expanded" -> "broadened", is a changed word and never supports).
_BOILER_VARIANT = _swap(_BOILER, "acquisition expanded", "acquisition has expanded")
ACQ_D1 = _sentences(
    "Annual Report 2023 of Harbourside Holdings plc.",
    "In March 2023 the Group completed the acquisition of Retail Emporium Ltd.",
    _BOILER,
    "Retail Emporium Ltd contributed revenue of $212 million in the nine months after the acquisition.",
)
ACQ_D2 = _sentences(
    "Annual Report 2022 of Meridian Group plc.",
    "In June 2022 the Group completed the acquisition of CleanCo Services Ltd.",
    _BOILER,
    "CleanCo Services Ltd contributed revenue of $212 million in the nine months after the acquisition.",
)
_NAMED = "Retail Emporium Ltd contributed revenue of $212 million in the nine months after the acquisition."
_NAMED_D2 = (
    "CleanCo Services Ltd contributed revenue of $212 million in the nine months after the acquisition."
)
_add(
    F,
    "en",
    ACQ_D1,
    _NAMED,
    [_piece(ACQ_D2, _NAMED_D2, "d2")],
    "not_supported",
    "same sentence about CleanCo, item from d2",
    other_docs={"d2": ACQ_D2},
)
_add(
    F,
    "en",
    ACQ_D1,
    _NAMED,
    [_text(_NAMED_D2, None)],
    "not_supported",
    "no doc_id, company name differs (a name is critical), d2 absent",
    reason="conflict",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [_piece(ACQ_D2, _BOILER, "d2")],
    "supported",
    "exact boilerplate from d2 counts under the default evidence-from any",
    other_docs={"d2": ACQ_D2},
    evidence_from="any",
    route="exact",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [_piece(ACQ_D2, _BOILER, "d2")],
    "not_supported",
    "exact boilerplate from d2 refused under evidence-from own",
    other_docs={"d2": ACQ_D2},
    evidence_from="own",
    reason="other_document",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [_text(_BOILER_VARIANT, "d2")],
    "not_supported",
    "non-exact match from an item of another document is refused",
    other_docs={"d2": ACQ_D2},
    reason="other_document",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [
        _text(
            "In June 2022 the Group completed the acquisition of CleanCo Services Ltd. " + _BOILER_VARIANT,
            None,
        )
    ],
    "not_supported",
    "no doc_id, fuzzy, surroundings are d2's and d2 holds the quote: ambiguous",
    other_docs={"d2": ACQ_D2},
    reason="ambiguous_source",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [
        _text(
            "In March 2023 the Group completed the acquisition of Retail Emporium Ltd. " + _BOILER_VARIANT,
            None,
        )
    ],
    "supported",
    "control: no doc_id, fuzzy, confirmed by d1's preceding sentence in the item",
    other_docs={"d2": ACQ_D2},
    route="fuzzy",
)
_add(
    F,
    "en",
    ACQ_D1,
    _BOILER,
    [_text(_BOILER_VARIANT, None)],
    "supported",
    "control: no doc_id, fuzzy, no other snapshot document matches the quote",
    route="fuzzy",
)
_add(
    F,
    "en",
    ACQ_D1,
    _NAMED,
    [_piece(ACQ_D1, _NAMED)],
    "supported",
    "control: own document's chunk while d2 is in the snapshot",
    other_docs={"d2": ACQ_D2},
    route="offset",
)
_CFO_D1 = (
    "Corporate Governance. Mr. James Carter has served as Chief Financial Officer since 2019 and is "
    "responsible for the Group's financial reporting, treasury and risk management."
)
_CFO_D2 = (
    "Corporate Governance. Ms. Helen Zhou has served as Chief Financial Officer since 2019 and is "
    "responsible for the Group's financial reporting, treasury and risk management."
)
_add(
    F,
    "en",
    _CFO_D1,
    _CFO_D1[_at(_CFO_D1, "Mr. James Carter") :],
    [_chunk(_CFO_D2, 0, len(_CFO_D2), "d2")],
    "not_supported",
    "same sentence about another person, item from d2",
    other_docs={"d2": _CFO_D2},
)

_ZBOILER = "本次收购扩大了公司的业务范围，增强了公司的市场竞争力，被收购业务的整合工作正按照董事会批准的计划有序推进。"
_ZBOILER_VARIANT = _swap(_ZBOILER, "本次收购", "本次的收购")  # a stop word added: still fuzzy
ZACQ_D1 = (
    "远航控股股份有限公司2023年年度报告摘要。2023年5月，公司完成对华达零售有限公司的收购。"
    + _ZBOILER
    + "华达零售有限公司自购买日起为公司贡献营业收入2.1亿元。"
)
ZACQ_D2 = (
    "恒信集团股份有限公司2022年年度报告摘要。2022年8月，公司完成对洁康服务有限公司的收购。"
    + _ZBOILER
    + "洁康服务有限公司自购买日起为公司贡献营业收入2.1亿元。"
)
_ZNAMED = "华达零售有限公司自购买日起为公司贡献营业收入2.1亿元"
_ZNAMED_D2 = "洁康服务有限公司自购买日起为公司贡献营业收入2.1亿元"
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZNAMED,
    [_piece(ZACQ_D2, _ZNAMED_D2, "d2")],
    "not_supported",
    "同一句式，主体换成洁康，条目来自 d2",
    other_docs={"d2": ZACQ_D2},
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZNAMED,
    [_text(_ZNAMED_D2 + "。", None)],
    "not_supported",
    "无 doc_id，公司名不同（名称是关键词），快照无 d2",
    reason="conflict",
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZBOILER,
    [_piece(ZACQ_D2, _ZBOILER, "d2")],
    "supported",
    "d2 中逐字相同的套话，默认 evidence-from any 计入",
    other_docs={"d2": ZACQ_D2},
    evidence_from="any",
    route="exact",
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZBOILER,
    [_piece(ZACQ_D2, _ZBOILER, "d2")],
    "not_supported",
    "同上，evidence-from own 时拒绝",
    other_docs={"d2": ZACQ_D2},
    evidence_from="own",
    reason="other_document",
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZBOILER,
    [_text("2022年8月，公司完成对洁康服务有限公司的收购。" + _ZBOILER_VARIANT, None)],
    "not_supported",
    "无 doc_id 的模糊匹配，上下文属于 d2，d2 含引文：来源不明",
    other_docs={"d2": ZACQ_D2},
    reason="ambiguous_source",
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZBOILER,
    [_text("2023年5月，公司完成对华达零售有限公司的收购。" + _ZBOILER_VARIANT, None)],
    "supported",
    "对照：无 doc_id 的模糊匹配，条目中 d1 的上文确认来源",
    other_docs={"d2": ZACQ_D2},
    route="fuzzy",
)
_add(
    F,
    "zh",
    ZACQ_D1,
    _ZBOILER,
    [_text(_ZBOILER_VARIANT, "d2")],
    "not_supported",
    "来自另一文档条目的非精确匹配一律拒绝",
    other_docs={"d2": ZACQ_D2},
    reason="other_document",
)
_ZCFO_D1 = "公司治理。张伟先生自2019年起担任公司财务总监，负责公司财务报告、资金管理和风险控制工作。"
_ZCFO_D2 = "公司治理。李娜女士自2019年起担任公司财务总监，负责公司财务报告、资金管理和风险控制工作。"
_add(
    F,
    "zh",
    _ZCFO_D1,
    "张伟先生自2019年起担任公司财务总监，负责公司财务报告、资金管理和风险控制工作",
    [_chunk(_ZCFO_D2, 0, len(_ZCFO_D2), "d2")],
    "not_supported",
    "同一句式，人物不同，条目来自 d2",
    other_docs={"d2": _ZCFO_D2},
)
_ZHALL_D1 = "办理地点。申请人可以到浦东新区市民中心一楼综合窗口办理，咨询电话58788000。"
_ZHALL_D2 = "办理地点。申请人可以到徐汇区市民中心一楼综合窗口办理，咨询电话64872222。"
_add(
    F,
    "zh",
    _ZHALL_D1,
    "申请人可以到浦东新区市民中心一楼综合窗口办理，咨询电话58788000",
    [_text(_ZHALL_D2, None)],
    "not_supported",
    "无 doc_id，另一区的同一模板（区名与电话不同）",
    other_docs={"d2": _ZHALL_D2},
)


# --- token_boundaries ----------------------------------------------------------------------

F = "token_boundaries"
_BOOKING = (
    "Booking Terms. The booking deposit is refundable if you cancel at least 7 days before arrival. "
    "Late cancellations are charged the first night."
)
_add(
    F,
    "en",
    _BOOKING,
    "refundable if you cancel at least 7 days before arrival",
    [
        _text(
            "Booking Terms. The booking deposit is nonrefundable if you cancel at least 7 days before arrival.",
            None,
        )
    ],
    "not_supported",
    "'refundable' inside 'nonrefundable'",
)
_add(
    F,
    "en",
    _BOOKING,
    "refundable if you cancel at least 7 days before arrival",
    [
        _text(
            "Booking Terms. The booking deposit is non-refundable if you cancel at least 7 days before arrival.",
            None,
        )
    ],
    "not_supported",
    "'refundable' right after the negating prefix non-",
)
_add(
    F,
    "en",
    _BOOKING,
    "refundable if you cancel at least 7 days before arrival",
    [_text("The booking deposit is refundable if you cancel at least 7 days before arrival.", None)],
    "supported",
    "control: same words on word boundaries",
    route="exact",
)
_WAIVER = (
    "Fee Waivers. Students who are eligible for the fee waiver must apply before 30 June. "
    "Evidence of household income is required."
)
_add(
    F,
    "en",
    _WAIVER,
    "eligible for the fee waiver must apply before 30 June",
    [_text("Students who are ineligible for the fee waiver must apply before 30 June.", None)],
    "not_supported",
    "'eligible' inside 'ineligible'",
)
_add(
    F,
    "en",
    WARRANTY,
    "30 days of discovering the defect",
    [_text(_swap(WARRANTY, "within 30 days", "within 130 days"))],
    "not_supported",
    "'30 days' inside '130 days'",
)
_add(
    F,
    "en",
    WARRANTY,
    "30 days of discovering the defect",
    [
        _text(
            "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
        )
    ],
    "supported",
    "control: '30 days' on a boundary",
    route="exact",
)
_LATE = (
    "Billing. Invoices are due within 21 days. If payment is late, a late payment fee of $50 is added to the "
    "next invoice."
)
_add(
    F,
    "en",
    _LATE,
    "a late payment fee of $50",
    [_text("If payment is late, a late payment fee of $500 is added to the next invoice.", None)],
    "not_supported",
    "'$50' inside '$500'",
)
_add(
    F,
    "en",
    _LATE,
    "a late payment fee of $50",
    [_text("If payment is late, a late payment fee of $50 is added to the next invoice.", None)],
    "supported",
    "control: '$50' followed by a space",
    route="exact",
)
_add(
    F,
    "en",
    LEASE,
    "annual inspection of the gas boiler",
    [_text(_swap(LEASE, "an annual inspection", "a biannual inspection"))],
    "not_supported",
    "'annual' inside 'biannual'",
)
_REPAIRS = (
    "Repairs. Repairs carried out by authorised technicians are covered by this warranty. "
    "Keep the job sheet for every visit."
)
_add(
    F,
    "en",
    _REPAIRS,
    "authorised technicians are covered by this warranty",
    [_text("Repairs carried out by unauthorised technicians are covered by this warranty.", None)],
    "not_supported",
    "'authorised' inside 'unauthorised'",
)

_add(
    F,
    "zh",
    RESIDENCE,
    "受理并出具受理回执",
    [_text("材料不齐全、不符合法定形式的，窗口当场不予受理并出具受理回执。", None)],
    "not_supported",
    "受理 紧跟否定 不予",
)
_add(
    F,
    "zh",
    RESIDENCE,
    "受理并出具受理回执",
    [_text("材料齐全、符合法定形式的，窗口当场受理并出具受理回执。", None)],
    "supported",
    "对照：词边界上的 受理",
    route="exact",
)
_add(
    F,
    "zh",
    ZREFUND,
    "可以退款",
    [_text("自签收商品之日起七日内，已拆封的商品不可以退款。", None)],
    "not_supported",
    "可以退款 在 不可以退款 之内",
)
_add(
    F,
    "zh",
    ZREFUND,
    "可以退款",
    [_text("自签收商品之日起七日内，未拆封且不影响二次销售的商品可以退款。", None)],
    "supported",
    "对照：前面是 商品",
    route="exact",
)
_ZQUICK = "办理时限。对申请材料齐全的，自受理之日起5天内办结。需要补正材料的，补正时间另计。"
_add(
    F,
    "zh",
    _ZQUICK,
    "5天内办结",
    [_text("对申请材料齐全的，自受理之日起15天内办结。", None)],
    "not_supported",
    "5天 在 15天 之内",
)
_add(
    F,
    "zh",
    _ZQUICK,
    "5天内办结",
    [_text("对申请材料齐全的，自受理之日起5天内办结。", None)],
    "supported",
    "对照：5 前面是 起",
    route="exact",
)
_ZPERMIT = "审批结果。经审核符合条件的，发给准予许可决定书，并在门户网站公示。"
_add(
    F,
    "zh",
    _ZPERMIT,
    "符合条件的，发给准予许可决定书",
    [_text("经审核不符合条件的，发给准予许可决定书，并在门户网站公示。", None)],
    "not_supported",
    "符合条件 紧跟否定 不",
)
_add(
    F,
    "zh",
    ZVISA,
    "3个月，每次在香港或者澳门停留不超过7天",
    [_text("团队旅游签注有效期为13个月，每次在香港或者澳门停留不超过7天。", None)],
    "not_supported",
    "3个月 在 13个月 之内",
)
_ZSURVEY = "办理时限说明。需要现场查勘的，查勘时间不计入办理时限。"
_add(
    F,
    "zh",
    _ZSURVEY,
    "需要现场查勘的，查勘时间不计入办理时限",
    [_text("不需要现场查勘的，查勘时间不计入办理时限。", None)],
    "not_supported",
    "需要 紧跟否定 不",
)


# --- short_spans: 1-4 tokens ---------------------------------------------------------------

F = "short_spans"
_add(
    F,
    "en",
    REFUND,
    "15%",
    [_text(_swap(REFUND, "fee of 15%", "fee of 16%"))],
    "not_supported",
    "percentage 15%->16%",
)
_add(
    F,
    "en",
    REFUND,
    "15%",
    [_text("Customers may be asked to pay a restocking fee of 15%.")],
    "supported",
    "control: exact token",
    route="exact",
)
_add(
    F,
    "en",
    LICENCE,
    "Tuesday to Saturday",
    [_text(_swap(LICENCE, "from Tuesday", "from Monday"))],
    "not_supported",
    "weekday Tuesday->Monday",
)
_add(
    F,
    "en",
    VISA,
    "Form V-12",
    [_text(_swap(VISA, "Form V-12", "Form V-21"), None)],
    "not_supported",
    "form code V-12->V-21",
)
_add(
    F,
    "en",
    VISA,
    "Form V-12",
    [_text("You must declare the refusal on Form V-12.", None)],
    "supported",
    "control: the code followed by a full stop",
    route="exact",
)
_add(
    F,
    "en",
    LEASE,
    "$1,850",
    [_text(_swap(LEASE, "$1,850", "$1,580"))],
    "not_supported",
    "rent $1,850->$1,580",
)
_add(
    F,
    "en",
    LEASE,
    "$1,850",
    [_text("The Tenant shall pay rent of $1,850 on or before the first day of each month.")],
    "supported",
    "control: exact amount",
    route="exact",
)
_add(
    F,
    "en",
    REFUND,
    "non-refundable",
    [_text("The shipping fee of $50 is refundable unless the item arrived damaged.")],
    "not_supported",
    "the negating prefix is missing",
)
_add(
    F,
    "zh",
    ZWARRANTY,
    "上午8:30",
    [_text(_swap(ZWARRANTY, "上午8:30", "下午8:30"))],
    "not_supported",
    "上午->下午",
)
_add(F, "zh", ZLEASE, "七日内", [_text(_swap(ZLEASE, "七日内", "十日内"))], "not_supported", "七日->十日")
_add(
    F,
    "zh",
    ZLEASE,
    "七日内",
    [_text("甲方应在七日内无息退还押金。")],
    "supported",
    "对照：原词",
    route="exact",
)
_add(
    F,
    "zh",
    ZREFUND,
    "不予退还",
    [_text(_swap(ZREFUND, "不予退还", "予以退还"), None)],
    "not_supported",
    "不予->予以",
)
_add(
    F,
    "zh",
    ZREFUND,
    "不予退还",
    [_text("使用优惠券的订单退款时，优惠券不予退还。", None)],
    "supported",
    "对照：原词",
    route="exact",
)
_add(
    F,
    "zh",
    ZREPORT,
    "12.4%",
    [_text(_swap(ZREPORT, "12.4%", "21.4%"))],
    "not_supported",
    "百分比 12.4%->21.4%",
)
_add(
    F,
    "zh",
    ZREPORT,
    "12.4%",
    [_text("报告期内，公司实现营业收入38.6亿元，同比增长１２.４％；")],
    "supported",
    "对照：全角数字与百分号",
    route="exact",
)


# --- lying_offsets -------------------------------------------------------------------------

F = "lying_offsets"


def _lying(doc: str, piece: str, old: str, new: str) -> dict:
    """An item whose doc_id/start/end are those of `piece` in doc, with `old` changed to `new` in its text."""
    item = _piece(doc, piece)
    item["text"] = _swap(item["text"], old, new)
    return item


_s = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_add(
    F,
    "en",
    WARRANTY,
    "Claims must be filed within 30 days of discovering the defect",
    [_lying(WARRANTY, _s, "must", "may")],
    "not_supported",
    "offsets claim the span, text says may",
    reason="offset_conflict",
)
_s = "Applicants must hold a passport that is valid for at least six months beyond the date of arrival."
_add(
    F,
    "en",
    VISA,
    "valid for at least six months beyond the date of arrival",
    [_lying(VISA, _s, "six months", "three months")],
    "not_supported",
    "offsets claim the span, text says three months",
    reason="offset_conflict",
)
_s = "The Tenant may not sublet the premises or any part of them without the prior written consent of the Landlord."
_add(
    F,
    "en",
    LEASE,
    _s,
    [_lying(LEASE, _s, "the prior written consent of the Landlord", "the Landlord's prior written consent")],
    "not_supported",
    "a non-critical rewrite under lying offsets: every route refused for the item",
    reason="offset_conflict",
)
_s = "Gift cards are not eligible for a refund."
_add(
    F,
    "en",
    REFUND,
    _s,
    [_lying(REFUND, _s, "are not eligible", "are eligible")],
    "not_supported",
    "offsets claim the span, text lost its negation",
    reason="offset_conflict",
)
_s = "Refunds are issued to the original payment method within 5 business days after we receive the returned item."
_add(F, "en", REFUND, _s, [_piece(REFUND, _s)], "supported", "control: honest offsets", route="offset")
_s = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_add(
    F,
    "en",
    WARRANTY,
    "Claims must be filed within 30 days of discovering the defect",
    [
        _lying(WARRANTY, _s, "must", "may"),
        _text("Claims must be filed within 30 days of discovering the defect.", None),
    ],
    "supported",
    "control: a second, honest item holds the quote",
    route="exact",
)
_s = "Do not take more than 6 capsules in 24 hours."
_item = _piece(LEAFLET, _s)
_item["text"] = _item["text"].replace(" ", "\n")
_add(
    F,
    "en",
    LEAFLET,
    _s,
    [_item],
    "supported",
    "control: offsets honest, line breaks for spaces (same length)",
    route="offset",
)
_s = "第七条 任何一方提前解除合同的，应至少提前30日书面通知对方。"
_add(
    F,
    "zh",
    ZLEASE,
    "任何一方提前解除合同的，应至少提前30日书面通知对方",
    [_lying(ZLEASE, _s, "30日", "15日")],
    "not_supported",
    "偏移声称含引文，文本为15日",
    reason="offset_conflict",
)
_s = "公安派出所应当自受理之日起15个工作日内制作发放居住证。"
_add(
    F,
    "zh",
    RESIDENCE,
    "公安派出所应当自受理之日起15个工作日内制作发放居住证",
    [_lying(RESIDENCE, _s, "应当", "可以")],
    "not_supported",
    "偏移声称含引文，文本把 应当 改成 可以",
    reason="offset_conflict",
)
_s = "注意事项：本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师。"
_add(
    F,
    "zh",
    ZLEAFLET,
    "症状不缓解请咨询医师或药师",
    [_lying(ZLEAFLET, _s, "症状不缓解请咨询医师", "症状不缓解请咨询医生")],
    "not_supported",
    "非关键词改写，但偏移说谎：该条目所有路线都拒绝",
    reason="offset_conflict",
)
_s = "签注申请审批时限为7个工作日，偏远地区可延长至15个工作日。"
_add(
    F,
    "zh",
    ZVISA,
    "签注申请审批时限为7个工作日",
    [_lying(ZVISA, _s, "为7个工作日", "为10个工作日")],
    "not_supported",
    "偏移声称含引文，文本为10个工作日",
    reason="offset_conflict",
)
_s = "申请人须提供身份证、购房合同及付款凭证原件。"
_add(
    F,
    "zh",
    ZFUND,
    "申请人须提供身份证、购房合同及付款凭证原件",
    [_piece(ZFUND, _s)],
    "supported",
    "对照：偏移真实",
    route="offset",
)
_s = "公安派出所应当自受理之日起15个工作日内制作发放居住证。"
_add(
    F,
    "zh",
    RESIDENCE,
    "公安派出所应当自受理之日起15个工作日内制作发放居住证",
    [_lying(RESIDENCE, _s, "应当", "可以"), _chunk(RESIDENCE, _at(RESIDENCE, "材料齐全、"), len(RESIDENCE))],
    "supported",
    "对照：另一条真实分块含引文",
    route="offset",
)


# --- split_at_space: two list-adjacent chunks of d1 that break at a space --------------------

F = "split_at_space"
_q = "Claims must be filed within 30 days of discovering the defect"
_add(
    F,
    "en",
    WARRANTY,
    _q,
    _two_chunks(WARRANTY, _at(WARRANTY, " within 30 days")),
    "supported",
    "'... filed' + ' within ...', offsets given",
    route="split",
)
_add(
    F,
    "en",
    WARRANTY,
    _q,
    _two_chunks(WARRANTY, _at(WARRANTY, "within 30 days"), offsets=False),
    "supported",
    "'... filed ' + 'within ...', doc_id only",
    route="split",
)
_q = "The Tenant may not sublet the premises or any part of them without the prior written consent of the Landlord."
_add(
    F,
    "en",
    LEASE,
    _q,
    _two_chunks(LEASE, _at(LEASE, " without the prior"), offsets=False),
    "supported",
    "break before ' without', doc_id only",
    route="split",
)
_q = "Applicants must hold a passport that is valid for at least six months beyond the date of arrival."
_add(
    F,
    "en",
    VISA,
    _q,
    _two_chunks(VISA, _at(VISA, " least six months")),
    "supported",
    "'at' + ' least' must not become 'atleast'",
    route="split",
)
_q = "The Board recommends a final dividend of 18 cents per share"
_add(
    F,
    "en",
    REPORT,
    _q,
    _two_chunks(REPORT, _at(REPORT, " cents per share")),
    "supported",
    "'18' + ' cents' must not become '18cents'",
    route="split",
)
_q = "Drivers aged 70 or older must renew every three years"
_add(
    F,
    "en",
    LICENCE,
    _q,
    _two_chunks(LICENCE, _at(LICENCE, " or older must")),
    "supported",
    "'70' + ' or older'",
    route="split",
)
_q = "Claims must be filed within 30 days of discovering the defect"
_WARRANTY_D2 = WARRANTY.replace("dishwasher", "washing machine")
_add(
    F,
    "en",
    WARRANTY,
    _q,
    [
        _chunk(WARRANTY, 0, _at(WARRANTY, " within 30 days"), "d1", False),
        _chunk(_WARRANTY_D2, _at(_WARRANTY_D2, " within 30 days"), len(_WARRANTY_D2), "d2", False),
    ],
    "not_supported",
    "control: halves from two documents do not join",
    other_docs={"d2": _WARRANTY_D2},
)
_q = "如需报修，请拨打 400 820 8820 客服热线"
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    _two_chunks(ZSERVICE, _at(ZSERVICE, " 8820")),
    "supported",
    "'400 820' + ' 8820' 不能拼成 4008208820",
    route="split",
)
_q = "符合 GB 4706.1 标准"
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    _two_chunks(ZSERVICE, _at(ZSERVICE, " 4706.1"), offsets=False),
    "supported",
    "'GB' + ' 4706.1'，只有 doc_id",
    route="split",
)
_q = "线上订单支持 Apple Pay 或 Union Pay 付款"
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    _two_chunks(ZSERVICE, _at(ZSERVICE, " Pay 或")),
    "supported",
    "'Apple' + ' Pay'",
    route="split",
)
_q = "本机额定电压 220 V，额定频率 50 Hz"
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    _two_chunks(ZSERVICE, _at(ZSERVICE, " V，")),
    "supported",
    "'220' + ' V'",
    route="split",
)
_q = "或在 Smart Home 应用内提交工单"
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    _two_chunks(ZSERVICE, _at(ZSERVICE, "Home 应用"), offsets=False),
    "supported",
    "'Smart ' + 'Home'，空格留在第一块末尾",
    route="split",
)
_q = "如需报修，请拨打 400 820 8820 客服热线"
_ZSERVICE_D2 = ZSERVICE.replace("本机", "本产品")
_add(
    F,
    "zh",
    ZSERVICE,
    _q,
    [
        _chunk(ZSERVICE, 0, _at(ZSERVICE, " 8820"), "d1"),
        _chunk(_ZSERVICE_D2, _at(_ZSERVICE_D2, " 8820"), len(_ZSERVICE_D2), "d2"),
    ],
    "not_supported",
    "对照：两半来自不同文档，不能拼接",
    other_docs={"d2": _ZSERVICE_D2},
)


# --- overlapping_chunks: two (or three) chunks of d1 that repeat some characters ------------

F = "overlapping_chunks"
_q = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_add(
    F,
    "en",
    WARRANTY,
    _q,
    _two_chunks(WARRANTY, _at(WARRANTY, "within 30 days"), 20),
    "supported",
    "20 characters repeated, offsets given",
    route="split",
)
_q = "Orders over $1,000 require a signature on delivery and cannot be left with a neighbour or in a parcel locker."
_add(
    F,
    "en",
    REFUND,
    _q,
    _two_chunks(REFUND, _at(REFUND, "on delivery and"), 15, offsets=False),
    "supported",
    "15 characters repeated, doc_id only: longest suffix/prefix overlap",
    route="split",
)
_q = "If you forget a dose, take it as soon as you remember, unless it is almost time for your next dose."
_add(
    F,
    "en",
    LEAFLET,
    _q,
    _two_chunks(LEAFLET, _at(LEAFLET, "as you remember"), 30),
    "supported",
    "30 characters repeated across the 'unless' clause",
    route="split",
)
_q = "Drivers aged 70 or older must renew every three years and provide a medical self-declaration."
_add(
    F,
    "en",
    LICENCE,
    _q,
    _two_chunks(LICENCE, _at(LICENCE, "renew every"), 12, offsets=False),
    "supported",
    "overlap 'renew every ' includes the edge space",
    route="split",
)
_q = (
    "A security deposit equal to two months' rent is payable on signing and will be returned within 30 days "
    "after the Tenant vacates the premises, less any lawful deductions."
)
_c1, _c2 = _at(LEASE, "payable on signing"), _at(LEASE, "after the Tenant vacates")
_add(
    F,
    "en",
    LEASE,
    _q,
    [_chunk(LEASE, 0, _c1 + 25), _chunk(LEASE, _c1, _c2 + 18), _chunk(LEASE, _c2, len(LEASE))],
    "supported",
    "three chunks, each overlapping the next",
    route="split",
)
_q = "Extensions are granted only in exceptional circumstances and must be requested at least 15 days before"
_c1 = _at(VISA, "circumstances and must")
_add(
    F,
    "en",
    VISA,
    _q,
    [_chunk(VISA, 0, _c1 + 20), _chunk(VISA, _c1, _at(VISA, "at least 15 days before") + len("at least 15"))],
    "not_supported",
    "overlapping chunks, but the second ends before 'days before'",
    reason="truncated",
)
_q = "公安派出所应当自受理之日起15个工作日内制作发放居住证"
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    _two_chunks(RESIDENCE, _at(RESIDENCE, "之日起15个"), 8),
    "supported",
    "重叠8个字符，带偏移",
    route="split",
)
_q = "第五条 乙方应在签订本合同时向甲方支付押金人民币9000元，租赁期满且乙方结清全部费用后，甲方应在七日内无息退还押金。"
_add(
    F,
    "zh",
    ZLEASE,
    _q,
    _two_chunks(ZLEASE, _at(ZLEASE, "租赁期满且"), 12, offsets=False),
    "supported",
    "重叠12个字符，只有 doc_id",
    route="split",
)
_q = "用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师"
_add(
    F,
    "zh",
    ZLEAFLET,
    _q,
    _two_chunks(ZLEAFLET, _at(ZLEAFLET, "用于解热"), 5),
    "supported",
    "重叠5个字符",
    route="split",
)
_q = "申请人须提供身份证、购房合同及付款凭证原件"
_add(
    F,
    "zh",
    ZFUND,
    _q,
    _two_chunks(ZFUND, _at(ZFUND, "、购房合同"), 6, offsets=False),
    "supported",
    "重叠部分以顿号开头，只有 doc_id",
    route="split",
)
_q = "团队旅游签注有效期为3个月，每次在香港或者澳门停留不超过7天"
_add(
    F,
    "zh",
    ZVISA,
    _q,
    _two_chunks(ZVISA, _at(ZVISA, "有效期为3个月"), 10),
    "supported",
    "重叠10个字符",
    route="split",
)
_q = "材料齐全、符合法定形式的，窗口当场受理并出具受理回执；材料不齐全的，一次性告知需要补正的全部内容"
_c1 = _at(RESIDENCE, "窗口当场受理")
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [_chunk(RESIDENCE, 0, _c1 + 10), _chunk(RESIDENCE, _c1, _end(RESIDENCE, "一次性告知需要"))],
    "not_supported",
    "分块重叠，但第二块在 补正的全部内容 之前结束",
    reason="truncated",
)


# --- idless_split: text-only items that continue each other --------------------------------

F = "idless_split"
_q = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_add(
    F,
    "en",
    WARRANTY,
    _q,
    _two_chunks(WARRANTY, _at(WARRANTY, "vering the defect"), doc_id=None),
    "supported",
    "no doc_id, break inside the word 'discovering'",
    route="split",
)
_q = (
    "Customised products cannot be returned. Refunds are issued to the original payment method within 5 "
    "business days after we receive the returned item."
)
_add(
    F,
    "en",
    REFUND,
    _q,
    _two_chunks(REFUND, _at(REFUND, "Refunds are issued"), doc_id=None),
    "supported",
    "no doc_id, break between two sentences",
    route="split",
)
_q = "Applicants under the age of 18 must travel with a parent or provide written consent from both parents."
_add(
    F,
    "en",
    VISA,
    _q,
    _two_chunks(VISA, _at(VISA, " must travel with"), doc_id=None),
    "supported",
    "no doc_id, second text starts with a space",
    route="split",
)
_q = (
    "Applications must be submitted no later than 28 days before the licence expires. Drivers aged 70 or older "
    "must renew every three years"
)
_c1, _c2 = _at(LICENCE, "28 days before"), _at(LICENCE, "or older must")
_add(
    F,
    "en",
    LICENCE,
    _q,
    [
        _chunk(LICENCE, 0, _c1, None),
        _chunk(LICENCE, _c1, _c2, None),
        _chunk(LICENCE, _c2, len(LICENCE), None),
    ],
    "supported",
    "no doc_id, three texts",
    route="split",
)
_q = "Continue the course for the full number of days prescribed, even if you feel better."
_add(
    F,
    "en",
    LEAFLET,
    _q,
    _two_chunks(LEAFLET, _at(LEAFLET, "days prescribed"), 16, doc_id=None),
    "supported",
    "no doc_id, 16 characters repeated: longest suffix/prefix overlap",
    route="split",
)
_q = "The Tenant may not sublet the premises or any part of them without the prior written consent of the Landlord."
_cut = _at(LEASE, "any part of them")
_add(
    F,
    "en",
    LEASE,
    _q,
    [_chunk(LEASE, _cut, len(LEASE), None), _chunk(LEASE, 0, _cut, None)],
    "not_supported",
    "control: the two halves in reverse order",
)
_q = "材料齐全、符合法定形式的，窗口当场受理并出具受理回执"
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    _two_chunks(RESIDENCE, _at(RESIDENCE, "理并出具受理回执"), doc_id=None),
    "supported",
    "无 doc_id，在 受理 一词中间断开",
    route="split",
)
_q = "自签收商品之日起七日内，未拆封且不影响二次销售的商品可以退款"
_add(
    F,
    "zh",
    ZREFUND,
    _q,
    _two_chunks(ZREFUND, _at(ZREFUND, "未拆封且"), doc_id=None),
    "supported",
    "无 doc_id，在逗号后断开",
    route="split",
)
_q = "注意事项：本品为对症治疗药，用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师。"
_c1, _c2 = _at(ZLEAFLET, "用于止痛"), _at(ZLEAFLET, "症状不缓解")
_add(
    F,
    "zh",
    ZLEAFLET,
    _q,
    [
        _chunk(ZLEAFLET, 0, _c1, None),
        _chunk(ZLEAFLET, _c1, _c2, None),
        _chunk(ZLEAFLET, _c2, len(ZLEAFLET), None),
    ],
    "supported",
    "无 doc_id，三段文本",
    route="split",
)
_q = "归属于上市公司股东的净利润为4.2亿元，同比下降6.1%"
_add(
    F,
    "zh",
    ZREPORT,
    _q,
    _two_chunks(ZREPORT, _at(ZREPORT, "净利润为4.2亿元"), 9, doc_id=None),
    "supported",
    "无 doc_id，重叠9个字符",
    route="split",
)
_q = "个人旅游签注可在有效期内往返一次或者二次"
_add(
    F,
    "zh",
    ZVISA,
    _q,
    _two_chunks(ZVISA, _at(ZVISA, "往返一次"), doc_id=None),
    "supported",
    "无 doc_id，在 往返 之前断开",
    route="split",
)
_q = "第五条 乙方应在签订本合同时向甲方支付押金人民币9000元，租赁期满且乙方结清全部费用后，甲方应在七日内无息退还押金。"
_add(
    F,
    "zh",
    ZLEASE,
    _q,
    [
        _chunk(ZLEASE, 0, _at(ZLEASE, "租赁期满"), None),
        _chunk(ZLEASE, _at(ZLEASE, "甲方应在七日内"), len(ZLEASE), None),
    ],
    "not_supported",
    "对照：两段之间缺了 租赁期满且乙方结清全部费用后",
)


# --- nonadjacent_split: pieces in order with an unrelated item between them ----------------

F = "nonadjacent_split"
_UNRELATED_EN = "Our customer service team is available by live chat seven days a week."
_UNRELATED_ZH = "温馨提示：本平台不会以任何理由要求您提供银行卡密码或短信验证码。"
_q = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_c = _at(WARRANTY, "of discovering")
_add(
    F,
    "en",
    WARRANTY,
    _q,
    [
        _chunk(WARRANTY, 0, _c),
        _piece(REFUND, "Customised products cannot be returned.", "d2"),
        _chunk(WARRANTY, _c, len(WARRANTY)),
    ],
    "supported",
    "a chunk of another document between the two pieces",
    other_docs={"d2": REFUND},
    route="split_nonadjacent",
)
_q = "Orders may be returned within 14 days of delivery for a full refund, provided the items are unused"
_c = _at(REFUND, "for a full refund")
_add(
    F,
    "en",
    REFUND,
    _q,
    [_chunk(REFUND, 0, _c), _text(_UNRELATED_EN, None), _chunk(REFUND, _c, len(REFUND))],
    "supported",
    "an unrelated text-only item between the pieces",
    route="split_nonadjacent",
)
_q = "Applicants who have been refused a visa in the past five years must declare the refusal on Form V-12."
_c = _at(VISA, "must declare the refusal")
_add(
    F,
    "en",
    VISA,
    _q,
    [
        _chunk(VISA, 0, _c),
        _text(_UNRELATED_EN, None),
        _piece(LEAFLET, "Store below 25°C in the original package.", "d3"),
        _chunk(VISA, _c, len(VISA)),
    ],
    "supported",
    "two unrelated items between the pieces",
    other_docs={"d3": LEAFLET},
    route="split_nonadjacent",
)
_q = "Either party may terminate this agreement by giving at least 60 days' written notice."
_c = _at(LEASE, "by giving at least")
_add(
    F,
    "en",
    LEASE,
    _q,
    [
        _chunk(LEASE, 0, _c, offsets=False),
        _piece(LEASE, "Pets are not permitted unless agreed in writing.", offsets=False),
        _chunk(LEASE, _c, len(LEASE), offsets=False),
    ],
    "supported",
    "another chunk of d1 between the pieces, doc_id only",
    route="split_nonadjacent",
)
_q = "If you forget a dose, take it as soon as you remember, unless it is almost time for your next dose."
_c = _at(LEAFLET, " unless it is almost")
_add(
    F,
    "en",
    LEAFLET,
    _q,
    [_chunk(LEAFLET, 0, _c), _text(_UNRELATED_EN, None), _chunk(LEAFLET, _c, len(LEAFLET))],
    "supported",
    "non-adjacent pieces that also break at a space",
    route="split_nonadjacent",
)
_q = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_c = _at(WARRANTY, "of discovering")
_add(
    F,
    "en",
    WARRANTY,
    _q,
    [_chunk(WARRANTY, _c, len(WARRANTY)), _text(_UNRELATED_EN, None), _chunk(WARRANTY, 0, _c)],
    "not_supported",
    "control: pieces out of order",
)
_q = "Refunds are issued to the original payment method within 5 business days after we receive the returned item."
_c = _at(REFUND, "within 5 business days")
_REFUND_D2 = REFUND.replace("Refund Policy.", "Refund Policy (2022).")
_add(
    F,
    "en",
    REFUND,
    _q,
    [
        _chunk(REFUND, 0, _c),
        _text(_UNRELATED_EN, None),
        _chunk(_REFUND_D2, _at(_REFUND_D2, "within 5 business days"), len(_REFUND_D2), "d2"),
    ],
    "not_supported",
    "control: the second piece belongs to another document",
    other_docs={"d2": _REFUND_D2},
)
_q = "公安派出所应当自受理之日起15个工作日内制作发放居住证"
_c = _at(RESIDENCE, "15个工作日内制作")
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [
        _chunk(RESIDENCE, 0, _c),
        _piece(ZFUND, "提取金额不得超过实际购房支出。", "d2"),
        _chunk(RESIDENCE, _c, len(RESIDENCE)),
    ],
    "supported",
    "中间隔着另一文档的分块",
    other_docs={"d2": ZFUND},
    route="split_nonadjacent",
)
_q = "第六条 未经甲方书面同意，乙方不得转租。"
_c = _at(ZLEASE, "乙方不得转租")
_add(
    F,
    "zh",
    ZLEASE,
    _q,
    [_chunk(ZLEASE, 0, _c), _text(_UNRELATED_ZH, None), _chunk(ZLEASE, _c, len(ZLEASE))],
    "supported",
    "中间隔着无关的纯文本条目",
    route="split_nonadjacent",
)
_q = "因商品质量问题产生的退货运费由商家承担；非质量问题的退货运费由买家承担"
_c = _at(ZREFUND, "非质量问题")
_add(
    F,
    "zh",
    ZREFUND,
    _q,
    [
        _chunk(ZREFUND, 0, _c, offsets=False),
        _text(_UNRELATED_ZH, None),
        _chunk(ZREFUND, _c, len(ZREFUND), offsets=False),
    ],
    "supported",
    "只有 doc_id 的两段，中间隔一条",
    route="split_nonadjacent",
)
_q = "申请人年满16周岁的，应当本人到出入境接待大厅办理；未满16周岁的，由监护人陪同办理"
_c1, _c2 = _at(ZVISA, "应当本人"), _at(ZVISA, "未满16周岁")
_add(
    F,
    "zh",
    ZVISA,
    _q,
    [
        _chunk(ZVISA, 0, _c1),
        _text(_UNRELATED_ZH, None),
        _chunk(ZVISA, _c1, _c2),
        _piece(ZFUND, "同一职工每年最多可申请提取两次。", "d2"),
        _chunk(ZVISA, _c2, len(ZVISA)),
    ],
    "supported",
    "三段，各隔一条无关条目",
    other_docs={"d2": ZFUND},
    route="split_nonadjacent",
)
_q = "用于止痛不得超过5天，用于解热不得超过3天，症状不缓解请咨询医师或药师"
_add(
    F,
    "zh",
    ZLEAFLET,
    _q,
    [
        _chunk(ZLEAFLET, 0, _at(ZLEAFLET, "用于解热")),
        _text(_UNRELATED_ZH, None),
        _chunk(ZLEAFLET, _at(ZLEAFLET, "症状不缓解"), len(ZLEAFLET)),
    ],
    "not_supported",
    "对照：两段之间缺了 用于解热不得超过3天",
)
_q = "第六条 未经甲方书面同意，乙方不得转租。"
_c = _at(ZLEASE, "乙方不得转租")
_add(
    F,
    "zh",
    ZLEASE,
    _q,
    [
        _chunk(ZLEASE, _c, len(ZLEASE), offsets=False),
        _text(_UNRELATED_ZH, None),
        _chunk(ZLEASE, 0, _c, offsets=False),
    ],
    "not_supported",
    "对照：两段顺序颠倒（只有 doc_id）",
)


# --- reformatting: must still match --------------------------------------------------------

F = "reformatting"
_q = (
    "A security deposit equal to two months' rent is payable on signing and will be returned within 30 days "
    "after the Tenant vacates the premises, less any lawful deductions."
)
_add(
    F,
    "en",
    LEASE,
    _q,
    [
        _text(
            "A security deposit equal to two months' rent is payable on\nsigning and will be returned within 30\n"
            "days after the Tenant vacates the premises, less any\nlawful deductions."
        )
    ],
    "supported",
    "hard line breaks inside the sentence",
    route="exact",
)
_q = "Orders over $1,000 require a signature on delivery and cannot be left with a neighbour or in a parcel locker."
_add(
    F,
    "en",
    REFUND,
    _q,
    [
        _text(
            "Orders over $1000 require a signature on delivery and cannot be left with a neighbour or in a parcel "
            "locker."
        )
    ],
    "supported",
    "$1,000 written $1000",
)
_q = "The telephone helpline is open 08:00-20:00 every day except public holidays."
_add(
    F,
    "en",
    LICENCE,
    _q,
    [_text("The telephone helpline is open 08:00–20:00 every day except public holidays.", None)],
    "supported",
    "en dash for the hyphen",
    route="exact",
)
_q = 'Postal applications should be sent in an envelope marked "Licence Renewal - Urgent" to the address on the form.'
_add(
    F,
    "en",
    LICENCE,
    _q,
    [
        _text(
            "Postal applications should be sent in an envelope marked “Licence Renewal – Urgent” to the address on "
            "the form."
        )
    ],
    "supported",
    "curly quotes and en dash",
    route="exact",
)
_q = "Claims must be filed within 30 days of discovering the defect, together with the original receipt."
_add(
    F,
    "en",
    WARRANTY,
    _q,
    [
        _text(
            "Claims must be filed within ３０ days of discovering the defect, together with the original receipt."
        )
    ],
    "supported",
    "full-width digits",
    route="exact",
)
_q = "Do not take more than 6 capsules in 24 hours."
_add(
    F,
    "en",
    LEAFLET,
    _q,
    [_text("Do not take  more than\u00a06 capsules in\t24 hours.", None)],
    "supported",
    "double space, no-break space and tab",
    route="exact",
)
_q = "Capital expenditure for the year was $310 million, of which $95 million was spent on new stores."
_add(
    F,
    "en",
    REPORT,
    _q,
    [
        _text(
            "Capital expenditure for the year was $310 million , of which $95 million was spent on new stores ."
        )
    ],
    "supported",
    "spaces before punctuation",
    route="exact",
)
_q = "公安派出所应当自受理之日起15个工作日内制作发放居住证"
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [_text("公安派出所应当自受理之日起\n15个工作日内制作\n发放居住证。")],
    "supported",
    "句中换行",
    route="exact",
)
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [_text("公安派出所应当自受理之日起１５个工作日内制作发放居住证。", None)],
    "supported",
    "全角数字１５",
    route="exact",
)
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [_text("公安派出所应当自受理之日起 15 个工作日内制作发放居住证。")],
    "supported",
    "中文与数字之间加空格",
    route="exact",
)
_q = "材料齐全、符合法定形式的，窗口当场受理并出具受理回执；材料不齐全的，一次性告知需要补正的全部内容"
_add(
    F,
    "zh",
    RESIDENCE,
    _q,
    [
        _text(
            "材料齐全,符合法定形式的, 窗口当场受理并出具受理回执; 材料不齐全的, 一次性告知需要补正的全部内容.",
            None,
        )
    ],
    "supported",
    "半角标点替换全角标点",
    route="exact",
)
_ZPORTAL = "网上办理。申请人可以登录“一网通办”平台，选择“居住证申领”事项在线提交申请。"
_add(
    F,
    "zh",
    _ZPORTAL,
    "申请人可以登录“一网通办”平台，选择“居住证申领”事项在线提交申请",
    [_text('申请人可以登录"一网通办"平台，选择《居住证申领》事项在线提交申请。')],
    "supported",
    "直引号与书名号替换弯引号",
    route="exact",
)
_ZBIG = "提取说明。单次提取金额在10,000元以上的，须由申请人本人到窗口办理，不得委托他人代办。"
_add(
    F,
    "zh",
    _ZBIG,
    "单次提取金额在10,000元以上的，须由申请人本人到窗口办理，不得委托他人代办",
    [_text("单次提取金额在10000元以上的，须由申请人本人到窗口办理，不得委托他人代办。")],
    "supported",
    "10,000 写作 10000",
)
_q = "维修服务时间为每周一至周六上午8:30至下午6:00"
_add(
    F,
    "zh",
    ZWARRANTY,
    _q,
    [_text("维修服务时间为每周一至周六 上午 8:30 至 下午 6:00。", None)],
    "supported",
    "中英文之间的空格",
    route="exact",
)
_q = "公司拟以总股本为基数，向全体股东每10股派发现金红利3.50元（含税），不送红股"
_add(
    F,
    "zh",
    ZREPORT,
    _q,
    [
        _text(
            "公司拟以总股本为基数，向全体股东每10股派发现金红利3.50元(含税)，不送红股，不以资本公积金转增股本。"
        )
    ],
    "supported",
    "半角括号",
    route="exact",
)
