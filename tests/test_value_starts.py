"""Value finding tried at start positions gives what searching the whole text gave.

`_find_values` tries each pattern only where one of its start classes (`values._STARTS`) is,
instead of searching the text character by character. The definitions below are the code
before that change: each pattern's `finditer` over the whole text, behind its gate (as values.v4
ran it) and with no gate at all (what the gates only spared). Both are compared with the fast
path on real-shaped texts and on generated ones, and the start classes are checked pattern by
pattern: every position where a pattern matches is one of its starts.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import values as V
from evidence_eval.text.normalize import normalize
from tests.drawn import HARD, Letters, hard_texts, joined_pieces, tails


def _select(text: str, candidates: list[tuple[int, int, int, V.Value]]) -> tuple[V.Value, ...]:
    candidates.sort(key=lambda entry: entry[:3])
    found: list[V.Value] = []
    cursor = 0
    for start, _, _, value in candidates:
        if start >= cursor:
            found.append(V._as_written(value, text))
            cursor = found[-1].end
    return tuple(found)


def find_values_searching(text: str, gates: bool = True) -> tuple[V.Value, ...]:
    """values.v4's `_find_values`: every pattern searched through the whole text, after its gate."""
    candidates: list[tuple[int, int, int, V.Value]] = []
    open_gates: dict[re.Pattern[str], bool] = {}
    for priority, (kind, pattern, _, gate) in enumerate(V._GATED):
        if gates and gate is not None:
            if gate not in open_gates:
                open_gates[gate] = gate.search(text) is not None
            if not open_gates[gate]:
                continue
        for match in pattern.finditer(text):
            value = V._read(kind, match)
            if value is not None:
                candidates.append((match.start(), -(match.end() - match.start()), priority, value))
    return _select(text, candidates)


# Real-shaped sentences (the items and answers of DuReader and MuSiQue are like these): numbers in
# words and digits, ranges, dates, times, money, measures, durations, frequencies, versions,
# decades, negatives, ordinals, shares.
REAL_SHAPED = [
    "The Treaty of Paris was signed on September 3, 1783, ending the war after eight years.",
    "Born 14 March 1879 in Ulm, he moved to Munich in the 1880s and later to Italy in 1894.",
    "The bridge is 2,737 m (8,980 ft) long and its main span measures 1,280 metres.",
    "Tickets cost $25-$40, or US$ 15 for students; the museum charges €12 (about £10).",
    "The company reported revenue of 3.5 billion dollars, up 12% from two years earlier.",
    "It takes between 10 and 15 business days, or a week and a half if expedited.",
    "Open daily from 9:30 a.m. to 5 pm; closed on the first Monday of each month.",
    "Python 3.10 and version 2.10 differ; release 1.2.3 fixed it in 2021-01-03.",
    "Temperatures fell to -5 °C on 03/04/2019; the record of -12% returns came in Jan 2020.",
    "He was the twenty-first president, elected twice, and served one and a half terms.",
    "About two thirds of the 1,500 residents, roughly a quarter of a million people, voted.",
    "The 1990s saw a growth of fifteen percent; a hundred and twenty people attended.",
    "Dosage: 500 mg three times a day for 7-10 days, not more than 2 g in 24 hours.",
    "Between 1648 BC and 1600 bce the city held 40,000 people on 12 hectares (30 acres).",
    "The album sold over one million copies in its first week and reached No. 5 in June, 2018.",
    "She ran 42.195 km in 2 hours 3 minutes; the 5th runner was 3 minutes behind at 10:45.",
    "The novel, first published in 1925, is set in the summer of 1922 on Long Island.",
    "Inbetween 5 and 6 inches of rain fell; a-third of the crops, one-half of the wells lost.",
    "Rates rose from 0.25% to 5.5 per cent; loans of hk$2,000,000 to rmb 3 million were made.",
    "The station opened on 1 January 1900 and closed on the 31st of December, 1965.",
    "Aged 71 years old, he retired after 40 years and half a year of service.",
    "The mission lasted 8 days, 3 hours and 18 minutes, covering 1.5 million miles.",
    "Populations: 8,336,817 (2019); density 10,194/km2; area 783.8 km².",
    "申请人须在15个工作日内提交材料，逾期不予受理。",
    "2021年1月3日起，办理时间为上午9点至下午5点半，周六、周日休息。",
    "二〇二一年三月十五日发布，自2021年4月1日起施行。",
    "该项目总投资3.5亿元人民币，其中政府出资1.2万元，占百分之三十五。",
    "全程约42.195公里，限时6小时，超过时间的选手不计成绩。",
    "每人每次限购两盒，每盒10粒，每日三次，每次一粒。",
    "报名费为人民币200元，约合30美元；学生半价，即100元。",
    "公元前221年，秦始皇统一六国，建立了第一个统一的封建王朝。",
    "三分之一的受访者表示每周加班超过10小时，一半以上的人没有加班费。",
    "房屋面积为120平方米，月租金5000-6000元，押一付三。",
    "产假为98天，其中产前可以休假15天；难产的，增加产假15天。",
    "第三十二条 合同期满前三十日，双方应协商续签事宜，续签期限一般为三至五年。",
    "晚上午夜12点关门，凌晨三点二亿次访问，叁仟伍佰元整，壹拾贰万伍仟元。",
    "截至2019年底，全国共有4.5万所学校，在校生1.2亿人，比上年增长5%。",
    "列车时速350公里，北京到上海约4小时18分，票价553元起。",
    "10月1日至10月7日放假调休，共7天；9月29日（星期日）上班。",
    "营业时间：9:00-18:00，周一至周五；节假日顺延。",
    "中国人民银行规定，个人每日提现不超过5万元，超过需提前一天预约。",
    "这台电脑重1.5kg，厚度不到15mm，续航约10个小时。",
]


@pytest.mark.parametrize("text", REAL_SHAPED)
def test_real_shaped_texts_give_what_searching_gave(text):
    normalised = normalize(text).text
    for written in (text, normalised):
        assert V._find_values.__wrapped__(written) == find_values_searching(written)
        assert find_values_searching(written) == find_values_searching(written, gates=False)
    assert V._find_values.__wrapped__(normalised), normalised  # every sentence holds a value


# Pieces of values and what stands around them, with the characters the regex engine folds
# under IGNORECASE (ſ = s, K = k, ı = i, İ = i), other scripts' digits and upper case.
_PIECES = (
    "one two Twenty ſix seven-teen thirty-one hundred thousand million dozen a an A half Half "
    "first second twenty-first third thirds quarter tenth fifth once Twice thrice "
    "january Jan may MAY march sept Dec december aug "
    "5 12 1,000 1.5 3.10 2021 1990 03 7 ٣ 12:30 9 a.m. pm p.m. st nd th "
    "十五 两 一 三 十 百 千 万 亿 零 〇 叁 壹拾 伍仟 个 工作日 天 周 月 年 日 号 点 时 分 半 一半 第 百分之 分之 "
    "公元前 上午 下午 晚上 凌晨 点半 次 倍 元 人民币 美元 % percent per cent "
    "$ US$ us$ hk$ HKD ¥ € £ eur jeur rmb usd yen dollars euro "
    "km m kg mg ml l ft feet inch in. sq m square metres hectares mile "
    "days day weeks months years hours minutes business working calendar old "
    "between Between inbetween and to - 到 至 , . : / b.c. bce BC times "
    "version v python Kelvin ı İ x the of"
).split()
_PIECE_TEXT = joined_pieces([_PIECES, [" ", " ", "", "-", ",", "s"], Letters("aſKı 1一-.", 3), HARD], 14)


@settings(max_examples=500, deadline=None)
@given(_PIECE_TEXT)
def test_generated_texts_give_what_searching_gave(text):
    """The text and its last two thirds and last third (cut inside a piece, mostly): three texts
    an example, where a drawn example costs hypothesis about three readings of one."""
    for cut in tails(text, (len(text) // 3, 2 * len(text) // 3)):
        assert V._find_values.__wrapped__(cut) == find_values_searching(cut), cut


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30) | hard_texts(6))
def test_any_text_gives_what_searching_gave(text):
    assert V._find_values.__wrapped__(text) == find_values_searching(text)


def _missed_starts(text: str) -> list[tuple[int, str, int]]:
    """(pattern, text, position) for each position where a pattern matches but none of its
    start classes is."""
    missed = []
    found: dict[tuple[str, ...], list[int]] = {}
    for index, (_, pattern, classes, _) in enumerate(V._GATED):
        if not classes:
            continue
        starts = set(V._start_positions(text, classes, found))
        missed += [
            (index, text, p) for p in range(len(text) + 1) if pattern.match(text, p) and p not in starts
        ]
    return missed


def test_every_match_starts_at_a_start_of_its_pattern():
    """On a large generated corpus and the real-shaped texts, pattern by pattern: a match at any
    position (not only where `finditer` looks) is at one of the pattern's start positions."""
    rng = random.Random(32)
    texts = [*REAL_SHAPED, *(normalize(text).text for text in REAL_SHAPED)]
    for _ in range(1500):
        texts.append("".join(rng.choice([*_PIECES, " ", " ", ""]) for _ in range(rng.randint(1, 12))))
    missed = [miss for text in texts for miss in _missed_starts(text)]
    assert not missed, missed[:5]


@settings(max_examples=500, deadline=None)
@given(_PIECE_TEXT)
def test_every_match_starts_at_a_start_of_its_pattern_generated(text):
    assert not _missed_starts(text)


def test_every_pattern_has_its_start_classes_and_none_matches_nothing():
    """The start classes exist, and no pattern matches the empty string (`_matches_at` takes a
    match's end as the next start, as `finditer` does for non-empty matches only)."""
    for _, pattern, classes, _ in V._GATED:
        assert all(name in V._STARTS or name in V._PROBED for name in classes)
        assert re._parser.parse(pattern.pattern, pattern.flags).getwidth()[0] > 0, pattern.pattern  # type: ignore[attr-defined]
    anywhere = [pattern.pattern[:12] for _, pattern, classes, _ in V._GATED if not classes]
    assert len(anywhere) <= 9, anywhere  # literal-led, Chinese dates and times


@pytest.mark.parametrize("text", ["one " * 300, "12 " * 300, "一" * 500, "1,000" * 100, "one-" * 300])
def test_texts_of_many_starts_give_what_searching_gave(text):
    """Past `_TRIES_WITHOUT_GATE` starts the gates are searched again: the same values."""
    assert V._find_values.__wrapped__(text) == find_values_searching(text)
    assert V._find_values.__wrapped__(text + " days") == find_values_searching(text + " days")


try:  # the regex parser: re._parser from Python 3.11, sre_parse before
    from re import _constants as sre_constants  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]


def _first_items(items: list) -> tuple[set[str], bool]:
    """What a parsed regex sequence's first character can be (literals, and category names such
    as CATEGORY_SPACE), and whether it can match the empty string; "ANY" when anything can."""
    first: set[str] = set()
    for op, argument in items:
        chars, can_be_empty = _first_of(op, argument)
        first |= chars
        if not can_be_empty:
            return first, False
    return first, True


def _first_of(op, argument) -> tuple[set[str], bool]:
    c = sre_constants
    if op is c.LITERAL:
        return {chr(argument)}, False
    if op is c.IN:
        chars: set[str] = set()
        for kind, value in argument:
            if kind is c.LITERAL:
                chars.add(chr(value))
            elif kind is c.RANGE:
                chars |= {chr(code) for code in range(value[0], value[1] + 1)}
            else:
                chars.add(str(value))  # a category (\s, \d), or NEGATE: "ANY" below
        return ({"ANY"} if "NEGATE" in chars else chars), False
    if op is c.BRANCH:
        results = [_first_items(list(alternative)) for alternative in argument[1]]
        return set().union(*(chars for chars, _ in results)), any(empty for _, empty in results)
    if op is c.SUBPATTERN:
        return _first_items(list(argument[3]))
    if op in (c.MAX_REPEAT, c.MIN_REPEAT):
        chars, empty = _first_items(list(argument[2]))
        return chars, argument[0] == 0 or empty
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return set(), True
    return {"ANY"}, False


def test_no_tail_after_an_amount_starts_where_the_guard_stops():
    """`_AMOUNT_TAILS_RE` stops after an amount followed by a digit, "," or ".": no pattern's
    tail can start with one (read from the parsed patterns)."""
    tails = [
        V._after_the_amount(p.pattern)
        for _, p, starts in V._PATTERNS
        if V._AT_AMOUNT_BEFORE_TAIL[0] in starts
    ]
    assert len(tails) >= 10
    for tail in tails:
        first, can_be_empty = _first_items(list(sre_parse.parse(tail, re.IGNORECASE)))
        assert not can_be_empty and "ANY" not in first, tail
        assert not first & {*"0123456789,.", "CATEGORY_DIGIT"}, (tail, first)
    assert V._NO_TAIL_STARTS_WITH == r"(?![\d,.])"


def test_classes_not_scanned_in_ascii_texts_need_chinese_characters():
    """Each starts with a Chinese character, or (before 年月点) its closing look-ahead needs one."""
    for name in V._NOT_IN_ASCII:
        source = V._STARTS[name].pattern
        if name == "before 年月点":
            assert source.endswith("}[年月点時时])") and source.count("(?=") == 1
            continue
        first, can_be_empty = _first_items(list(sre_parse.parse(source)))
        assert not can_be_empty and first and all(len(c) == 1 and not c.isascii() for c in first), name
    ascii_text = "".join(map(chr, range(128))) * 2
    assert all(V._STARTS[name].search(ascii_text) is None for name in V._NOT_IN_ASCII)
