"""Chinese rows of the answer and span matchers (the cue table is `text/cues.py`)."""

from __future__ import annotations

from ..rows import Pairs, Pattern, Row, words

ROWS: tuple[Row, ...] = (
    Pattern("only_after", "after", "仅限/只限 after the match limits it (，仅限周末)", r"(?<=限)"),
    Pattern(
        "condition_leads",
        "after",
        "what may stand between the match and a condition or exception that limits it (，但仅…，只要…)",
        r"[\s,]*(?:但是|但|不过)?(?:仅|只)?",
    ),
    words(
        "condition_closers",
        "before",
        "words that close a condition after its content (在购买延保的情况下，…; 购买延保的话，…): the "
        "match after them is its consequence, not the conditional they open",
        "的情况下|情况下|的话",
    ),
    words(
        "not_limiting_after",
        "after",
        "a condition word after the match that gives the other case, not the fact's (，否则按原价)",
        "否则",
    ),
    words(
        "exclusion_adds",
        "after",
        "an exclusion after the match that says what an amount or a list leaves out, and adds it "
        "(，不含餐费): it limits nothing",
        "不含|不包括|不包含",
    ),
    Pattern(
        "limit_after",
        "after",
        "a clause right after the match that limits it without a condition word (，限周末使用，"
        "，具体以门店为准，，学生减半，，但冬季不开放)",
        r",(?:但是|但|不过)?(?:仅|只)?限(?!于此)"
        r"|,[^,.;!?]{0,12}?以[^,.;!?]{1,12}?为准"
        r"|,[^,.;!?]{1,10}?(?:减半|半价|另计|另算|不适用|不参与|不享受)"
        r"|,(?:但是|但|不过)(?:在|于)[^,.;!?]{1,8}?(?:不|没)",
    ),
    Pattern(
        "until_after",
        "after",
        "a time the match held until, right after it (，直到2020年才放开，直至去年)",
        r",?(?:直到|直至)[^,.;!?]{0,8}?(?:\d{4}年|去年|前年|上个月|最近|近期)",
    ),
    Pattern(
        "past_tense",
        "sentence",
        "what says a time the match held until (row `until_after`) is past: 直到2020年才…, 以前, 曾",
        r"(?:直到|直至)[^,.;!?]{0,8}?才|以前|过去|此前|曾经|曾",
    ),
    Pattern(
        "past_markers",
        "clause",
        "a word in the match's clause that says it held in the past (礼品卡以前不能兑换现金，过去，此前，"
        "曾经): 以前 only opening a clause, after 很久 or 好久, or before what it says of the past "
        "(以前是，以前不…: not 购买以前请…, 6月30日以前); 过去 not before an amount of time (过去30天内) "
        "nor after a verb it directs (寄过去); nor 原来 (原来的包装: the original packaging)",
        r"(?:(?<![^,;:!?.])|(?<=很久)|(?<=好久))以前|以前(?=[是曾不都没也])"
        r"|(?<![寄发送走拿跑飞传递带转开搬跳游爬看移划])过去(?![\d一二两三四五六七八九十几半数的])|此前|曾经",
    ),
    Pattern(
        "now_after",
        "after",
        "a contrast after the match, in its sentence, to what holds now (，但现在可以了，不过如今已改为…，"
        "现已不再…)",
        r"[^.;!?]{0,30}?,(?:(?:但是|但|不过|而|可是)(?:现在|如今|目前|现已)|(?:现在|如今|目前)(?:已经|已)?"
        r"(?:改为|不再|取消)|现已)",
    ),
    Pattern(
        "rival_after",
        "after",
        "a contrast right after the match that may lead to another value for the same slot "
        "(，但通常需要30个工作日; then the light words of row `rival_light`)",
        r",(?:但是|但|不过|然而|可是|只是)",
    ),
    Pattern(
        "rival_light",
        "after",
        "light words that may stand between a contrast after the match (row `rival_after`) and another "
        "value for the same slot (通常需要, 实际上要, 大约)",
        r"(?:实际上|实际|其实|通常|一般|往往|大多|多数情况下|有时|平均)?(?:只|仅)?(?:会|要|需要|需|得|是|为|在|花|用)?"
        r"(?:约|大约|将近|近|长达)?",
    ),
    Pattern(
        "limiting_next",
        "next-sentence",
        "a sentence that refers back to the one before and restricts its scope (以上优惠仅限会员。"
        "该政策仅适用于全职员工。此优惠不适用于特价商品。)",
        r"^[\W_]*(?:以上|上述|该|此|这|这一|这项|这些|本|前述)[^,.;!?]{0,8}?"
        r"(?:(?:仅|只)(?:限|适用|针对|对|在|于)|限于|不适用|不包括|不含)"
        r"|^[\W_]*(?:仅限|只限)",
    ),
    Pattern(
        "pronoun", "previous-sentence", "a pronoun that opens its sentence", r"^[\W_]*(?P<pro>其|它|他|她)"
    ),
    Pairs("possessive_pronoun", "previous-sentence", "其 written as its antecedent's 的", (("其", "的"),)),
    Pattern(
        "joined",
        "previous-sentence",
        "what follows a subject to make it part of another one (李明的父亲, 肯尼亚和索马里)",
        r"\s*(?:和|与|及|或|的|、|,)",  # read with .match at the subject's end
    ),
    Pattern(
        "new_thing",
        "previous-sentence",
        "a new thing introduced (收购了一家公司): 其 may stand for it",
        r"[一另][家个位名所座款种项只台部]|这家|那家|该",
    ),
    words("coordinators", "inside", "words that join the items of a list", "或|和|及|与|或者|以及"),
    words(
        "scope_heads",
        "before",
        "what opens a phrase that limits the statement after it to some case (针对会员用户，…)",
        "针对|对于|对|在|凡|就|作为",
    ),
    Pattern(
        "another_case", "after", "the sentence goes on to another case (而/但/其他)", r"而|但|其他|其余|普通"
    ),
    words(
        "lead_ins",
        "before",
        "lead-ins that attribute or connect, and limit nothing (根据规定，…)",
        "根据|据|依据|按照|总之|总的来说|综上|另外|此外|例如|比如",
    ),
    Pattern(
        "unknown_frame",
        "sentence",
        "the answer says it (or its sources) does not know, then what it does not know (没有提到是否, "
        "无法确定, 不清楚是否, 资料中没有提到): the rest of the clause (from group scope) is not stated",
        r"(?:没有|没|未|并未|并没有|尚未|未曾)(?:明确|具体|详细|直接)?(?:提到|提及|说明|写明|给出|指出|涉及|列出|"
        r"载明|注明|标注|标明|表明|说|讲|透露|告知|介绍|提供|规定|公布|披露)(?:过|了)?(?P<scope>[^,.;:!?]{0,6}?"
        r"(?:是否|有没有|能否|可否|是不是|关于|有关))"
        r"|(?:无法|不能|没法|难以|未能)(?:从[^,.;:!?]{1,8}?中)?(?:确定|判断|确认|得知|回答|知道|核实|判定|断定)"
        r"|(?:不确定|不清楚|尚不清楚|并不清楚|不知道|不明确|尚不明确|并不明确|不得而知)(?=是否|有没有|能否|可否|是不是)"
        r"|(?:资料|文中|文档|文件|上下文|材料|原文|来源|检索结果|参考资料|所给信息|提供的信息)(?:中|里)?并?"
        r"(?:没有|未|没)(?:明确|具体)?(?:提到|提及|说明|写明|给出|指出|涉及|载明|记载)",
    ),
    Pattern(
        "unknown_closing",
        "sentence",
        "a question, then the answer says it does not know (维修期限是否为十五个工作日，文中未说明; 没有找到退款期限的信息, 上下文中没有关于退款期限的信息):"
        " the question from its clause's start, or the topic (group q, topic or about), is not stated",
        r"(?P<q>[^,.;:!?]*?(?:是否|有没有|能否|可否|是不是)[^.;!?]*?),?[^,.;:!?]{0,8}?(?:尚不清楚|不清楚|不明确|尚不明确|并不明确|"
        r"未说明|没有说明|并未说明|未提及|没有提到|没有提及|未提到|无法确定|不能确定|不确定|尚无定论|不得而知|未知|"
        r"没有写明|未写明|没有给出|未给出)"
        r"|(?:没有|未|未能|无法)(?:找到|查到|检索到|获得|获取)(?P<topic>[^,.;:!?]*?)的?(?:相关|具体)?(?:信息|资料|说明|内容|记载)"
        r"|(?:没有|未|无|并无|并没有)(?:提供|给出|包含|找到)?(?:关于|有关)(?P<about>[^,.;:!?]*?)的?(?:相关|具体|明确)?"
        r"(?:信息|资料|说明|内容|记载|描述)",
    ),
    Pattern(
        "asking_closing",
        "sentence",
        "a question, then what it depends on (该事项是否需要前置审批，取决于项目类型): the question from its "
        "clause's start (group q) is asked, not stated",
        r"(?P<q>[^,.;:!?]*?(?:是否|有没有|能否|可否|是不是)[^.;!?]*?),?(?:取决于|要看|视[^,.;!?]{1,10}而定|因[^,.;!?]{1,10}而异)",
    ),
    Pattern(
        "asking_frame",
        "sentence",
        "an embedded question after a verb of asking or finding out (向客服确认会员费是否, 问一下有没有): the "
        "rest of the clause (from group scope) is asked, not stated",
        r"(?:问|询问|咨询|知道|确定|确认|核实|查询|了解|看看|查看|说明|取决于|决定)(?:一下|清楚)?"
        r"(?P<scope>[^,.;:!?]{0,8}?(?:是否|有没有|能否|可否|是不是))",
    ),
    Pattern(
        "frame_ends",
        "sentence",
        "what ends the clause a not-knowing frame or an embedded question covers (；但…, ，不过…)",
        r"[;:]|,?\s*(?:但是|但|不过|然而|可是|只是)",
    ),
    Pattern("respectively", "sentence", "several things paired with several values", r"分别"),
    Pattern(
        "contrast",
        "before",
        "a contrast: the matched words may be said of the other one (与基础版不同，…)",
        r"与[^，,。.；;]{1,15}不同|不同于|区别于|相比|相较",
    ),
    Pattern(
        "baseline",
        "before",
        "a baseline in time, not another thing (相比去年)",
        r"去年|上年|前年|同期|上月|上季度",
    ),
    words("alternatives", "inside", "an alternative the answer adds (按月或按季支付)", "或|或者"),
    words("copulas", "value", "what may stand between a bound and its value (最高为5000元)", "为|是|达"),
    words(
        "deadline_bounds",
        "value",
        "a deadline's own bound: 10天内 states the 10 days; a range that ends at its value states the "
        "deadline (5到10天)",
        "以内|之内|内",
    ),
    words("from_value", "value", "a value and up (5000元起)", "起"),
    words(
        "same_entity_suffixes",
        "name",
        "what a place or an organisation is written with and without (深圳/深圳市, 华为/华为公司)",
        "市|省|县|区|自治区|特别行政区|有限公司|股份有限公司|集团|公司",
    ),
    words("state_prefix", "name", "the state's name before a law's is the same law", "中华人民共和国"),
    Pattern(
        "model_after",
        "name",
        "an edition after a model's number (14青春版), not a publication (出版)",
        r"(?!出版|再版|改版|初版)[\u4e00-\u9fff]{0,3}版",
    ),
    Pattern(
        "possessed_after", "name", "something of a name: 任正非之子, 任正非的儿子", r"(?:之|的)(?P<thing>\w+)"
    ),
    Pattern(
        "denial",
        "next-sentence",
        "a sentence that does nothing but deny the one before (这一说法不对。)",
        r"^[\W_]*(?:(?:这|这一|这个|该|此|以上)(?:说法|消息|传言|报道|观点)?"
        r"(?:不对|错误|是错误的|不实|是假的|是谣言|并不属实|不正确|不成立))[\W_]*$",
    ),
    words(
        "condition_clause_ends",
        "before",
        "what ends a fronted clause that limits who the statement is for (对处罚决定不服的，…)",
        "的",
    ),
    words(
        "clause_openers",
        "clause",
        "words that open a clause of its own inside a sentence (是因为他没有出席: the negation is the "
        "clause's)",
        "因为|由于|虽然|尽管|自从|直到|之后|以后|以前|之前|然而|而且",
    ),
    words(
        "not_negating",
        "clause",
        "phrases whose negating word negates nothing (毫无疑问)",
        "毫无疑问|无论|不管|不论|不仅|不但|不只|不光",
    ),
    words(
        "negated_in_words",
        "clause",
        "verbs that say 'not' in other words: a negation no cue counts (退出比赛)",
        "退出|缺席|停止|取消|谢绝|回避|错过|缺少|缺乏|免去|放弃|未能|拒绝|不再",
    ),
    words("negation_tails", "clause", "characters that complete a negation (不再, 没再)", "再|曾|必"),
    words(
        "in_slot_words",
        "clause",
        "words an answer puts before a value without moving it to another slot (目前为99元, 定为99元)",
        "上调至|下调至|提高到|提高至|降至|降低至|延长至|延长到|缩短至|调整为|调整至|改为|增至|增加到|减至|定于|定为|设为|规定为|调整为|定在|设定为|标为|维持在|目前|现在|现|仍|仍然|已|已经|也|通常|一般|原|原本|最初|仅|只|正好|恰好|据报|官方",
    ),
    words("free_words", "quote", "the only word a copy of a quote may add or leave out", "的"),
    words(
        "numerals",
        "quote",
        "characters of one number (a match may not cut one)",
        "零|〇|一|二|两|三|四|五|六|七|八|九|十|百|千|万|亿",
    ),
    Pairs(
        "same_word",
        "sentence",
        "one word said otherwise: a short form of a name (中国 for 中华人民共和国): an answer "
        "holding one holds a unit of the fact written with the other (graded support, whether it "
        "addresses the fact)",
        (
            ("中华人民共和国", "中国"),
            ("美利坚合众国", "美国"),
            ("联合国", "联合国组织"),
            ("欧盟", "欧洲联盟"),
        ),
    ),
)
