"""Critical cue words, Chinese and English (`cues.v2`): one list per language, in one place.

A cue is a word or phrase whose change changes a claim: negation and exclusion, modal verbs,
bounds, comparisons, quantifiers, conditions, weekdays and parts of the day. Hedges, questions
and corrections are cues too: they never carry a claim, they qualify the one beside them.

Each cue has a `category` and a `key`: two cues of one category with different keys conflict
("must" vs "may", "at least" vs "at most", "before" vs "after"); `negates` counts the negations
it carries ("cannot" is the modal `may`, negated once; "不得不" is `must`, not negated).
Phrases are found in normalised text before words are cut (so that "no later than" is one
bound, not a negation); single words are looked up per token (`word_cue`), which respects
token boundaries ("否" is a cue, "否则" is not; "no" is a cue, "No. 5" is not).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..lang.compiled import PatternCodes

NAME = "cues.v3"
_RE = PatternCodes("cues")  # the patterns below, built from the codes a former run kept


@dataclass(frozen=True)
class Cue:
    category: str
    key: str
    negates: int = 0


# Categories whose tokens must align with an equal token for `supported`.
CLAIM_CATEGORIES = frozenset(
    {
        "modal",
        "bound",
        "time_order",
        "amount_change",
        "age",
        "quant",
        "weekday",
        "day_part",
        "approx",
        "cond",
        "position",
        "freq",
        "rank",
        "sequence",
    }
)
# The key of verbs that negate what follows them, never what came before ("stopped selling",
# "prevented the ship from docking"; "filed early to avoid a fee" does not negate the filing).
BARS = "bars"
# The key of exclusions ("except", 除外): an exception anywhere in the sentence limits a claim.
EXCEPT = "except"
# Categories that qualify a statement: they never have to align.
QUALIFIERS = frozenset({"neg", "hedge", "correction", "function"})


def _cues(category: str, key: str, words: str, negates: int = 0) -> dict[str, Cue]:
    return {word: Cue(category, key, negates) for word in words.split("|")}


_EN_PHRASES: dict[str, Cue] = {
    **_cues("function", "not only", "not only|not just|not merely|no doubt|no one else"),
    **_cues("function", "number", "no.|nos."),  # "No. 5": see _EN_NUMBER_SIGN
    **_cues(
        "modal",
        "may",
        "cannot|can not|can't|could not|couldn't|"
        "is not allowed to|are not allowed to|not allowed to|not permitted to|is not permitted to|"
        "are not permitted to|is prohibited from|are prohibited from|is forbidden to|are forbidden to",
        1,
    ),
    **_cues(
        "modal",
        "need",
        "need not|needn't|do not need to|does not need to|don't need to|doesn't need to|"
        "not required to|is not required to|are not required to|do not have to|does not have to|"
        "don't have to|doesn't have to|not obliged to|not obligated to",
        1,
    ),
    **_cues("modal", "must", "have to|has to|had to|is required to|are required to|required to|obliged to"),
    **_cues(
        "bound",
        ">=",
        "at least|no less than|not less than|no fewer than|not fewer than|or more|a minimum of|"
        "minimum of|no earlier than|not earlier than|not before|no sooner than|or longer|and above|"
        "or above",
    ),
    **_cues(
        "bound",
        "<=",
        "at most|no more than|not more than|up to|no later than|not later than|or less|or fewer|"
        "a maximum of|maximum of|not exceeding|no greater than|not greater than|not to exceed|"
        "not after|within|or earlier|or below|and below|or shorter|not exceed|not go beyond",
    ),
    **_cues("bound", ">", "more than|greater than|in excess of|exceeding|longer than|over|above|beyond"),
    **_cues("bound", "<", "less than|fewer than|shorter than|under|below"),
    **_cues("time_order", "before", "prior to|in advance of|ahead of|earlier than|before"),
    **_cues("time_order", "after", "later than|subsequent to|after"),
    **_cues("approx", "approx", "about|around|approximately|roughly|nearly|almost|circa|some"),
    **_cues("cond", "unless", "unless|except if|except when"),
    **_cues("cond", "if", "in case of|in the case of|in case|in the event of|in the event that|as soon as"),
    **_cues("cond", "only_if", "only if|provided that|as long as|on condition that|only when"),
    **_cues("quant", "some", "one of the|one of|among the"),
    **_cues(
        "neg",
        "neg",
        "far from|by no means|in no way|has yet to|have yet to|is yet to|are yet to|was yet to|"
        "had yet to|forgot to|forgets to|forget to|neglected to|neglects to",
        1,
    ),
    **_cues(
        "neg",
        EXCEPT,
        "aside from|apart from|other than|with the exception of|save for|except for|everywhere but|"
        "everyone but|everything but|anyone but|anything but|anywhere but|nobody but",
        1,
    ),
    **_cues("quant", "not_all", "not all|not every|not everyone|not everything|not always"),
    # The event was aimed at, not (yet) done: "attempted to climb", "promised to pay".
    **_cues(
        "hedge",
        "attempt",
        "attempted to|attempts to|attempt to|tried to|tries to|try to|sought to|seeks to|seek to|"
        "promised to|promises to|promise to|pledged to|pledges to|vowed to|vows to|intended to|"
        "intends to|intend to|threatened to|threatens to|pretended to|pretends to|pretend to|"
        "aimed to|aims to|hoped to|hopes to|plans to|planned to|wants to|wanted to",
    ),
    **_cues("quant", "alternate", "every other|every second|each other"),
    # Either way, no negation: "all residents, whether or not they own a car, pay".
    **_cues("function", "either way", "whether or not|regardless of whether"),
    # Reported, not stated: "rumoured to have been founded", "the claim that …", "a myth that …".
    **_cues(
        "hedge",
        "hedge",
        "reported to|rumoured to|rumored to|said to|believed to|thought to|alleged to|claimed to|"
        "the claim that|claims that|reports that|it is a myth that|a misconception that|"
        "contrary to claims that|contrary to reports that",
    ),
    **_cues("approx", "approx", "close to|upwards of|the better part of|give or take|or so"),
    **_cues("cond", "if", "so long as|assuming|subject to|on the condition that|in certain cases"),
    # Hope the noun is no hedge: "the star stands for hope" states a symbol ("officials hope …" does not).
    **_cues("word", "", "for hope|of hope|a hope|the hope|new hope|no hope|with hope|and hope|hope and"),
    # The month, not the modal: "transferred in May" is no hedge.
    **_cues("word", "", "in may|of may|during may|early may|late may|mid-may|mid may|this may|each may"),
    **_cues("freq", "sometimes", "at times|from time to time|now and then|once in a while"),
    **_cues(
        "hedge",
        "hedge",
        "it is possible that|is said to|are said to|is expected to|are expected to|is believed to|"
        "are believed to|not been proven|not been confirmed|not yet confirmed|turned out to be false|"
        "too damaged to|too late to|too early to",
    ),
    **_cues("correction", "new", "moved to|changed to|postponed to|rescheduled to|rather than"),
}
# Bounds written as adverbs before numbers only: "over 30 days", never "over the phone".
_EN_BEFORE_NUMBER = frozenset({"over", "above", "under", "below", "beyond", "about", "around", "some"})
_EN_NUMBER_SIGN = frozenset({"no.", "nos."})  # "No. 5" is a number sign; "no 5" stays a negation

_EN_WORDS: dict[str, Cue] = {
    **_cues(
        "neg",
        "neg",
        "not|no|never|none|nothing|neither|nor|n't|without|nobody|nowhere|cannot|refuse|refuses|refused|"
        "reject|rejects|rejected|deny|denies|denied|decline|declines|declined|void|prohibited|"
        "forbidden|banned|fail|fails|failed|lack|lacks|lacking|absent|unable|non",
        1,
    ),
    **_cues("neg", EXCEPT, "except|excepting|excluding|exclude|excludes|excluded|exclusion|exclusions", 1),
    **_cues("modal", "must", "must|shall|obliged|mandatory|required"),
    **_cues("modal", "may", "may|can|could|allowed|permitted|ca"),
    **_cues("modal", "should", "should|ought"),
    **_cues(
        "hedge",
        "hedge",
        "might|maybe|perhaps|possibly|probably|likely|presumably|apparently|seemingly|unclear|uncertain|"
        "whether|unknown|unconfirmed|reportedly|allegedly|supposedly|hope|hopes|hoped|hopefully|believe|believes|"
        "believed|think|thinks|thought|expect|expects|expected|rumour|rumor|rumours|rumors|suspected|"
        "speculated|estimated|projected|plans|planned|predicted|claims|claimed",
    ),
    **_cues("quant", "all", "all|every|each|both|entire|always"),
    **_cues("sequence", "last", "last"),
    **_cues("sequence", "next", "next|upcoming|following"),
    **_cues("quant", "few", "few"),
    **_cues("quant", "many", "many|numerous"),
    **_cues("freq", "often", "often|frequently|regularly|commonly"),
    **_cues("freq", "usually", "usually|typically|generally|normally|mostly|mainly|largely"),
    **_cues("freq", "sometimes", "sometimes|occasionally|periodically|intermittently"),
    # Who holds the title, and whether it is the title itself: "former CEO", "vice president".
    **_cues("rank", "former", "former|ex|erstwhile|outgoing"),
    **_cues("rank", "vice", "vice|deputy|assistant|acting|interim|honorary"),
    **_cues(
        "hedge", "hedge", "forgery|forged|fake|counterfeit|replica|imitation|purported|supposed|would-be"
    ),
    # Verbs that end or bar the event they govern: "stopped selling", "prevented it from docking".
    **_cues(
        "neg",
        BARS,
        "stopped|ceased|ceases|discontinued|discontinues|halted|prevented|prevents|prevent|"
        "avoid|avoids|avoided|avoiding|abandoned",
        1,
    ),
    **_cues("quant", "only", "only|solely|exclusively|sole"),
    **_cues("quant", "some", "some|several|certain"),
    **_cues("quant", "any", "any|either"),
    **_cues("quant", "most", "most|majority"),
    **_cues("time_order", "before", "before|earlier|prior|previous|previously|preceding"),
    **_cues("time_order", "after", "after|later|subsequent|subsequently|afterwards"),
    **_cues("age", "older", "older|elder|oldest|eldest"),
    **_cues("age", "younger", "younger|youngest"),
    **_cues(
        "amount_change", "up", "increase|increased|increases|rise|rose|risen|grew|grow|higher|more|greater"
    ),
    **_cues(
        "amount_change", "down", "decrease|decreased|decreases|fall|fell|fallen|drop|dropped|lower|less|fewer"
    ),
    **_cues("position", "above", "above|over|upper|beyond"),
    **_cues("position", "below", "below|under|beneath"),
    **_cues("weekday", "1", "monday|mon"),
    **_cues("weekday", "2", "tuesday|tue|tues"),
    **_cues("weekday", "3", "wednesday|wed"),
    **_cues("weekday", "4", "thursday|thu|thurs"),
    **_cues("weekday", "5", "friday|fri"),
    **_cues("weekday", "6", "saturday|sat"),
    **_cues("weekday", "7", "sunday|sun"),
    **_cues("day_part", "am", "am|a.m.|morning|forenoon"),
    **_cues("day_part", "pm", "pm|p.m.|afternoon|evening|night|tonight"),
    **_cues("day_part", "noon", "noon|midday"),
    **_cues(
        "correction",
        "new",
        "correction|corrected|actually|instead|rather|revised|amended|update|updated|misread|misspoke|erratum|"
        "postponed|rescheduled|moved",
    ),
    **_cues("correction", "old", "originally|initially|previously|formerly"),
    **_cues("cond", "unless", "unless"),
    **_cues("cond", "if", "if|whenever|when|provided"),
    **_cues("neg", "neg", "hardly|rarely|seldom|barely|scarcely|false|untrue|debunked|unfounded|unproven", 1),
}

_ZH_PHRASES: dict[str, Cue] = {
    **_cues("modal", "must", "不得不|不能不|不可不|必须|务必|应当|应该|须要|需要|必需"),
    **_cues("modal", "may", "不得|不能|不可以|不可|不允许|不准|不许|禁止|严禁|无法|无权|不应|不应当", 1),
    # Advice, not obligation: 不宜 is not 不得, 建议 is not 必须.
    **_cues("modal", "advise", "宜|建议|最好|提倡|鼓励|应尽量|尽量|尽可能"),
    **_cues("modal", "advise", "不宜|不建议|最好不要|不提倡|不鼓励", 1),
    # "May skip it" is "need not do it" (可以不参加 = 无需参加), not "must not" (不可以参加).
    **_cues("modal", "need", "可以不|可不|能不|可以不用|可以没有", 1),
    **_cues("modal", "need", "无需|无须|不必|不需要|不需|不用|毋须|不须", 1),
    **_cues("modal", "may", "可以|能够|允许|有权|准予"),
    # Words that start with a negating character without negating: content words of their own.
    **_cues(
        "word",
        "",
        "不仅|不同|不断|不过|不久|不管|不论|不但|不错|不然|无论|非常|未来|不光|无比|否则|无关|非法",
    ),
    **_cues("bound", ">=", "不少于|不低于|不小于|至少|最少|最低|及以上|或以上"),
    **_cues("bound", "<=", "不超过|不多于|不高于|不大于|至多|最多|最高|及以下|或以下|为限|以内|之内"),
    **_cues("bound", ">", "超过|多于|高于|大于|逾"),
    **_cues("bound", "<", "少于|低于|小于"),
    **_cues("time_order", "before", "之前|以前|早于|提前|事先|前"),
    **_cues("time_order", "after", "之后|以后|晚于|届满后|逾期|后"),
    **_cues("amount_change", "up", "增加|增长|上升|提高|上涨"),
    **_cues("amount_change", "down", "减少|下降|降低|下跌|下调"),
    # To a level, not by an amount: 增至10% is not 增长10%.
    **_cues(
        "amount_change",
        "up_to",
        "增至|增长到|增长至|增加到|增加至|提高到|提高至|上升到|上升至|上涨到|上涨至|升至|涨至",
    ),
    **_cues(
        "amount_change",
        "down_to",
        "减至|减少到|减少至|下降到|下降至|降至|降到|降低到|降低至|下跌至|跌至|跌到|下调至",
    ),
    **_cues(
        "quant",
        "not_all",
        "不是所有|并非所有|并不是所有|不是全部|并非全部|不是每|并非每|并不是每|没有全部|没全部|未全部|并未全部|不都|不全",
    ),
    **_cues("freq", "usually", "通常|往往|原则上|大多|多数情况下|一般来说|一般情况下|一般而言|大部分情况下"),
    **_cues("freq", "often", "经常|常常|时常|频繁"),
    **_cues("freq", "sometimes", "有时|偶尔|有时候"),
    # Verbs that end or bar what follows them (停止发放, 否认…可以): negations of what they govern.
    **_cues("neg", BARS, "取消|否认|停止|暂缓|叫停|放弃|撤销|避免|防止|反对|驳回|无力|未能|拒不", 1),
    **_cues(
        "neg",
        "neg",
        "是假的|不属实|系谣言|纯属谣言|是错误的|已被证伪|是一种误解|误传|险些|差点|已成为历史",
        1,
    ),
    **_cues(
        "hedge",
        "hedge",
        "谣传|网传|声称|宣称|打算|承诺|尚无证据|没有证据表明|没有证据显示|或达|或超|有望达到",
    ),
    **_cues("neg", EXCEPT, "除外|除了|以外|之外|不包括|不包含|不含", 1),
    **_cues("quant", "all", "所有|全部|一切|均|都|每|各|全体|一律"),
    **_cues("quant", "only", "仅限|仅|只|唯一|只有|仅有"),
    **_cues("quant", "some", "部分|一些|某些"),
    **_cues("quant", "any", "任何|任意|任一"),
    **_cues(
        "hedge",
        "hedge",
        "可能|或许|也许|大概|似乎|好像|估计|恐怕|不确定|不一定|是否|能否|尚不清楚|不清楚|待定|据说|据称|预计|据传|"
        "传闻|疑似|涉嫌|有望|或将|拟|辟谣|谣言|尚未证实|未经证实|不实|认为|希望|计划|据悉|据报道|有消息称|消息称|听说",
    ),
    **_cues("day_part", "am", "上午|早上|早晨|凌晨|清晨"),
    **_cues("day_part", "pm", "下午|晚上|傍晚|夜间|晚间"),
    **_cues("day_part", "noon", "中午"),
    **_cues(
        "correction",
        "new",
        "更正|纠正|修正|实际上|应为|改为|订正|其实|推迟至|推迟到|推迟|延期至|延期|改在|改到|后改|现已|提前至",
    ),
    **_cues("correction", "old", "原定|原本|原计划|此前|原先"),
    **_cues("cond", "unless", "除非"),
    **_cues("cond", "if", "如果|假如|倘若|若是|一旦|如若|如遇|的话|否则|的情况下|视情况|条件是|前提是|凡是"),
    **_cues("approx", "approx", "出头|开外"),
    **_cues("bound", "<=", "顶多|封顶"),
    **_cues("bound", ">=", "起步"),
    **_cues("hedge", "no_longer", "曾经|曾"),
    **_cues("cond", "only_if", "只要|只有|仅当|前提是"),
    **_cues("quant", "some", "之一|其中之一"),
    **_cues(
        "neg",
        "neg",
        "不予|不是|并非|并不|尚未|从未|从不|绝不|决不|毫无|不再|暂停|拒绝|没有|很少|极少|鲜有|难以|"
        "几乎不|远非",
        1,
    ),
}
# Words whose swap reverses a claim though neither is a cue of its own: a content word put for
# its antonym is a conflict, not a wording edit (Chinese characters included: 上/下, 前/后).
ANTONYMS = frozenset(
    frozenset(pair.split("/"))
    for pair in (
        "上/下 前/后 早/晚 多/少 高/低 大/小 增/减 升/降 左/右 内/外 长/短 新/旧 "
        "进/出 买/卖 收/支 借/贷 男/女 东/西 南/北 良/恶 阴/阳 急/慢 批/驳 金/银 胜/负 赢/输 "
        "first/last start/end begin/end open/close opened/closed high/low maximum/minimum max/min "
        "include/exclude accept/reject allow/forbid permit/prohibit buyer/seller landlord/tenant "
        "employer/employee lessor/lessee import/export income/expense debit/credit north/south east/west "
        "left/right internal/external input/output win/lose gain/loss profit/loss true/false yes/no "
        "full/partial same/different legal/illegal valid/invalid and/or 和/或 且/或 与/或 及/或 以及/或 "
        "并且/或者 和/或者 之/次 当/次 benign/malignant "
        "positive/negative guilty/innocent acute/chronic northern/southern eastern/western gain/lose "
        "gained/lost hot/cold dry/wet enable/disable enables/disables approve/reject approved/rejected "
        "confirm/cancel confirmed/cancelled men/women man/woman male/female "
        "to/from in/out on/off for/against into/out inside/outside from/until from/till since/until "
        "least/most earliest/latest"
    ).split()
)

# Bounds of Chinese that only count right after a number or a unit: "60岁以上" (a bound),
# "以下材料" ("the following materials": no bound).
_ZH_AFTER_VALUE: dict[str, Cue] = {
    **_cues("bound", ">=", "以上"),
    **_cues("word", "", "起"),  # 自…之日起: from that day, not a bound
    **_cues("bound", "<=", "以下|内"),
}
_ZH_WORDS: dict[str, Cue] = {
    **_cues("neg", "neg", "不|没|未|无|非|勿|别|莫|否|免", 1),
    # Single characters and short words that are cues only where the word cutter leaves them
    # whole: 除 (not inside 删除, 切除), 有的 (not inside 享有的), 一般 (not 一般纳税人).
    **_cues("neg", EXCEPT, "除", 1),
    **_cues("quant", "some", "有的"),
    **_cues("freq", "usually", "一般"),
    **_cues("cond", "if", "如|若|倘|要是|如若"),
    **_cues("modal", "must", "须|需|应|必"),
    **_cues("modal", "may", "可|能|准"),
    **_cues("hedge", "hedge", "吗|么"),
}
# Words of Chinese that start with a negating character and keep it as a negation (不符合 ->
# negated 符合); the exceptions are in `_ZH_PHRASES` as `function`.
ZH_NEG_PREFIXES = "不未无非没免"
# Words with a negating character inside that negate nothing.
ZH_NOT_NEGATING = frozenset(
    {"差不多", "对不起", "了不起", "要不然", "说不定", "不得不", "忍不住", "禁不住", "恨不得"}
)
# Obligation written as the first character of a longer word jieba made: 需提交, 应于, 须缴纳.
ZH_MODAL_HEADS = frozenset("须需应必")
_WEEKDAY_ZH = _RE.compile(r"(?:星期|周|礼拜)([一二三四五六日天1-7])")
_WEEKDAY_NUMBER = {"一": "1", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "日": "7", "天": "7"}


def grouped_alternation(words: Iterable[str]) -> str:
    """The alternation of `words` (literal strings), longest first, grouped by first character:
    "a(?:t least|t most|bout)|b(?:efore|elow)|...". It matches as the plain alternation does
    (a word can only match where its first character is, and the words of one first character
    keep their order), but the regex engine tries a branch per first character, not per word."""
    groups: dict[str, list[str]] = {}
    for word in sorted(words, key=len, reverse=True):
        groups.setdefault(word[0], []).append(re.escape(word[1:]))
    return "|".join(f"{re.escape(first)}(?:{'|'.join(rests)})" for first, rests in groups.items())


def first_characters(words: Iterable[str]) -> str:
    """A character class of the words' first characters (a look-ahead before an alternation
    that does not start a pattern, where the engine would not find it alone)."""
    return f"[{''.join(re.escape(first) for first in sorted({word[0] for word in words}))}]"


def _phrase_pattern(words: dict[str, Cue], english: bool) -> re.Pattern[str]:
    alternation = grouped_alternation(words)
    if english:
        return _RE.compile(rf"(?<![\w'])(?={first_characters(words)})(?:{alternation})(?:(?<=\.)|(?![\w']))")
    return _RE.compile(rf"(?:{alternation})")


_EN_PHRASE_RE = _phrase_pattern(_EN_PHRASES, english=True)
_ZH_PHRASE_RE = _phrase_pattern(_ZH_PHRASES, english=False)
_ZH_AFTER_VALUE_RE = _RE.compile(
    r"(?<=[\d零〇一二两三四五六七八九十百千万亿岁天元年月日号%个人次周点时分秒])(?:以上|以下|以内|之内|起|内)"
)
# Bounds that are negations unless a value follows: 未满18周岁 (under 18), 车位未满 (not full).
_ZH_BEFORE_VALUE_RE = _RE.compile(
    r"(?:不足|未满|不满|未达到|未超过)(?=[\d零〇一二两三四五六七八九十百千万亿])"
)
# Approximation in Chinese: before a number (约15天, 将近一年, 数十人, 上百人) or after one
# (15天左右, 10余人, 10多人, 10来人: more or about ten, never exactly ten).
_ZH_APPROX_RE = _RE.compile(
    r"(?:大约|大概|约|将近|近|数|几|上)(?=[\d零〇一二两三四五六七八九十百千万亿])"
    r"|(?<=[\d零〇一二两三四五六七八九十百千万亿天元年月日%个人次周点时分秒])(?:左右|上下)"
    r"|(?<=[\d零〇一二两三四五六七八九十百千万亿])(?:余|多|来)(?=[个人名家次元件天年月周岁万亿项位只台辆套本批倍])"
)
# More than, before a number: 超10%, 超3000人.
_ZH_OVER_VALUE_RE = _RE.compile(r"超(?=[\d零〇一二两三四五六七八九十百千万亿])")
# A condition met on reaching a value: 消费满200元, 年满60周岁 (未满, 不满 are bounds).
_ZH_REACH_VALUE_RE = _RE.compile(r"(?<![未不])[满滿](?=[\d零〇一二两三四五六七八九十百千万亿])")
_EN_NUMBER_AHEAD = _RE.compile(
    r"\s*(?:\$|¥|€|£|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|a|an|half)\b)"
)


def phrase_cues(text: str, chinese: bool) -> list[tuple[int, int, Cue]]:
    """Cue phrases in normalised `text`: (start, end, cue), not overlapping, in order."""
    found: list[tuple[int, int, Cue]] = []
    if chinese:
        for match in _WEEKDAY_ZH.finditer(text):
            found.append(
                (
                    match.start(),
                    match.end(),
                    Cue("weekday", _WEEKDAY_NUMBER.get(match.group(1), match.group(1))),
                )
            )
        for match in _ZH_AFTER_VALUE_RE.finditer(text):
            found.append(
                (
                    match.start(),
                    match.end(),
                    _ZH_AFTER_VALUE[match.group(0).replace("之内", "以内").replace("以内", "内")],
                )
            )
        for match in _ZH_PHRASE_RE.finditer(text):
            word = match.group(0)
            if word in ("前", "后") and not _after_value(text, match.start()):
                continue  # 前 and 后 alone are bounds only after a value or date: 30天前
            found.append((match.start(), match.end(), _ZH_PHRASES[word]))
    if chinese:
        for match in _ZH_APPROX_RE.finditer(text):
            found.append((match.start(), match.end(), Cue("approx", "approx")))
        for match in _ZH_BEFORE_VALUE_RE.finditer(text):
            found.append((match.start(), match.end(), Cue("bound", "<")))
        for match in _ZH_OVER_VALUE_RE.finditer(text):
            found.append((match.start(), match.end(), Cue("bound", ">")))
        if "满" in text or "滿" in text:  # a plain search first: the look-behind is tried everywhere
            for match in _ZH_REACH_VALUE_RE.finditer(text):
                found.append((match.start(), match.end(), Cue("cond", "reach")))
    for match in _EN_PHRASE_RE.finditer(text):
        word = match.group(0)
        if word in _EN_NUMBER_SIGN:
            if _EN_NUMBER_AHEAD.match(text, match.end()):
                found.append((match.start(), match.end(), _EN_PHRASES[word]))
            continue
        if word in _EN_BEFORE_NUMBER and not _EN_NUMBER_AHEAD.match(text, match.end()):
            continue
        found.append((match.start(), match.end(), _EN_PHRASES[word]))
    if not chinese and "used to" in text:  # a plain search first: its look-behinds are tried everywhere
        for match in _USED_TO_RE.finditer(text):
            found.append((match.start(), match.end(), Cue("hedge", "no_longer")))
    return _leftmost_longest(found)


# "The museum used to charge admission": it did once, not now. Not "is used to make paper" (a
# purpose) nor "got used to" (accustomed).
_USED_TO_RE = _RE.compile(
    r"(?<![\w'])(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )"
    r"(?<!\bget )(?<!\bgot )(?<!\bgets )(?<!\bgetting )(?<!\bbecome )(?<!\bbecame )"
    r"used to(?= [a-z])"
)


def _after_value(text: str, position: int) -> bool:
    return position > 0 and (
        text[position - 1].isdigit()
        or text[position - 1] in "零〇一二两三四五六七八九十百千万亿天日月年周时分秒号"
    )


def _leftmost_longest(found: list[tuple[int, int, Cue]]) -> list[tuple[int, int, Cue]]:
    kept: list[tuple[int, int, Cue]] = []
    cursor = 0
    for start, end, cue in sorted(found, key=lambda entry: (entry[0], entry[0] - entry[1])):
        if start >= cursor:
            kept.append((start, end, cue))
            cursor = end
    return kept


@lru_cache(maxsize=65536)
def word_cue(word: str, chinese: bool) -> Cue | None:
    """The cue a whole (normalised) token is, if any."""
    if chinese:
        return _ZH_PHRASES.get(word) or _ZH_WORDS.get(word) or _EN_WORDS.get(word)
    return _EN_WORDS.get(word)


def negated_stem(word: str, chinese: bool) -> str | None:
    """The word without a negating prefix when it has one: 不符合 -> 符合 (Chinese only; the
    English prefixes non-, un-, in-, dis- are judged by alignment against the fact's word)."""
    if chinese and len(word) >= 2 and word[0] in ZH_NEG_PREFIXES and word not in _ZH_PHRASES:
        return word[1:]
    return None


EN_NEGATING_PREFIXES = ("non", "un", "in", "im", "il", "ir", "dis")
# Clause breaks: what a negation or a hedge can reach. Commas break too (`segment`), except
# where the caller takes the wider clause.
_CLAUSE_BREAK = (
    r";|[,.]?\s*\b(?:but|however|whereas|although|while|and|or)\b"
    r"|但是?|然而|而且?|并且|或者|以及|\.(?!\d)|[!?]"
)
# A subordinate clause has negations of its own ("cannot work remotely if they have not …").
_SEGMENT_BREAK = (
    rf"{_CLAUSE_BREAK}|,|\b(?:if|unless|when|whenever|because|although|though|who|which|whose|therefore|thus|hence)\b"
    r"|如果|若|因为|虽然|尽管|除非|因此|所以|因而"
)
_WIDE_BREAK = r";|[,.]?\s*\b(?:but|however|whereas)\b|但是?|然而|\.(?!\d)|[!?]"


def _led(pattern: str, first: str) -> re.Pattern[str]:
    """`pattern` behind a look-ahead for `first`, the characters any of its matches starts
    with: the same matches, but a position that cannot start one is passed over at one test
    instead of a try of every branch (these scan every sentence, many times)."""
    return _RE.compile(rf"(?={first})(?:{pattern})")


_SEGMENT_BREAK_RE = _led(_SEGMENT_BREAK, r"[;,.\s!?abhiotuw但然而并或以如若因虽尽除所]")
_WIDE_BREAK_RE = _led(_WIDE_BREAK, r"[;,.\s!?bhw但然]")


# Claims whose meaning hangs on word order ("A before B", "more than"): no reordered match.
ORDER_SENSITIVE = frozenset({"time_order", "bound", "amount_change", "age", "position"})


_CLAUSE_OR_HEADING_RE = _led(rf"{_WIDE_BREAK}|:", r"[;,.\s!?bhw但然:]")


def clauses(text: str) -> list[tuple[int, int]]:
    """The wide clauses of `text` (see `clause_around`), a heading before ":" apart."""
    bounds = [0, *(m.end() for m in _CLAUSE_OR_HEADING_RE.finditer(text)), len(text)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if text[a:b].strip()]


def segment_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The stretch of `text` around [start, end) between the nearest breaks (commas, ";",
    and/but/or, 但/而): the reach of a negation cue."""
    return _between_breaks(_SEGMENT_BREAK_RE, text, start, end)


def clause_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The wider clause: only ";", sentence marks and contrastive connectives break it."""
    return _between_breaks(_WIDE_BREAK_RE, text, start, end)


def _between_breaks(breaks: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    """From the end of the last break that ends by `start` to the start of the first break after
    those that starts at or after `end` (the text's ends when there is none). In a document,
    read from a place shortly before `start` up to the break after `end` (the breaks around a
    region are mostly near); in a sentence, a text over `_READ_AROUND_UP_TO`, or where there is
    no such place or no break ends between it and `start`, from the text's breaks (each text's
    scanned once)."""
    if _READ_AROUND_FROM < len(text) <= _READ_AROUND_UP_TO:
        origin = _at_rest(breaks, text, start - _LOOK_BACK)
        found = None if origin is None else _between_breaks_from(breaks, text, origin, start, end)
        if found is not None:
            return found
    starts, ends = breaks_in(breaks, text)
    before = bisect_right(ends, start)  # breaks come in order, their ends too
    after = max(before, bisect_left(starts, end))
    return (ends[before - 1] if before else 0), (starts[after] if after < len(starts) else len(text))


_LOOK_BACK = 48  # characters before a region where its break is looked for first
_READ_AROUND_FROM = 4 * _LOOK_BACK  # the length of a text above which it is read around a region
# ... and up to which: after a region the scan runs to the next break, in a long text without
# one to its end, on every call; a longer text's breaks are read once (`breaks_in`).
_READ_AROUND_UP_TO = 4096


def _at_rest(breaks: re.Pattern[str], text: str, position: int) -> int | None:
    """The nearest place at or before `position` that no break of `text` spans: one after a
    character no break holds. A scan of the breaks from there finds those of a scan of the whole
    text that start there or later (each match of a pattern is read from where the one before it
    ends, and a match at a place reads the text before it as a scan from the start does). None
    when there is none within `_LOOK_BACK` more characters (a long run of characters a break may
    hold: the text's breaks are read once instead, so a call stays short)."""
    held = _characters_held(breaks)
    position = min(position, len(text))
    floor = position - _LOOK_BACK
    while position > 0 and (text[position - 1] in held or text[position - 1].isspace()):
        position -= 1
        if position < floor:
            return None
    return max(position, 0)


@lru_cache(maxsize=8)
def _characters_held(breaks: re.Pattern[str]) -> frozenset[str]:
    """What a break can hold besides whitespace: the characters of its pattern (written with
    literals, \\s and classes of literals only, no wildcard or range: tests/test_cue_breaks.py)."""
    return frozenset(breaks.pattern)


def _between_breaks_from(
    breaks: re.Pattern[str], text: str, origin: int, start: int, end: int
) -> tuple[int, int] | None:
    """`_between_breaks` from the breaks at `origin` (a place at rest) or after it; None where
    none of them ends by `start` and `origin` is not the text's start (the break before may lie
    before it)."""
    before = 0 if origin == 0 else None
    for match in breaks.finditer(text, origin):
        if match.end() <= start:
            before = match.end()
        elif match.start() >= end:
            return None if before is None else (before, match.start())
    return None if before is None else (before, len(text))


@lru_cache(maxsize=16384)
def breaks_in(breaks: re.Pattern[str], text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the matches of `breaks` in `text` start, and where they end: a text is asked for the
    segment around several of its words (six times on average in real scoring), and is scanned
    once."""
    spans = [match.span() for match in breaks.finditer(text)]
    return tuple(start for start, _ in spans), tuple(end for _, end in spans)


_QUESTION_RE = _RE.compile(r"(?:[?？]|吗|么|呢)\W*$")
# Built from the cue lists: one place for each language's corrections. Only whether a sentence
# has one matters, so the words are grouped by first character behind a look-ahead.
_EN_CORRECTIONS = [w for w, c in _EN_WORDS.items() if c.category == "correction"]
_CORRECTION_PHRASES = [w for w, c in {**_EN_PHRASES, **_ZH_PHRASES}.items() if c.category == "correction"]
_CORRECTION_RE = _RE.compile(
    rf"(?={first_characters([*_EN_CORRECTIONS, *_CORRECTION_PHRASES])})"
    rf"(?:\b(?:{grouped_alternation(_EN_CORRECTIONS)})\b|{grouped_alternation(_CORRECTION_PHRASES)})",
    re.IGNORECASE,
)


def is_question(sentence: str) -> bool:
    return _QUESTION_RE.search(sentence.strip()) is not None


def has_correction(sentence: str) -> bool:
    return _CORRECTION_RE.search(sentence) is not None


_RE.save()  # the codes of patterns new to this machine (or Python) kept for the next run
