"""What an answer puts around a matched fact that changes what it states: negations, narrowing
cues, conditions, scopes, contrasts, exceptions, alternatives, rival values and bounds. The
rules of `fact_rules` call these; the words are rows of `lang/`, the cue categories those of
`text/cues.py`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..models.statuses import FactVerdict
from ..text.cues import BARS, EXCEPT, clause_around, segment_around
from ..text.tokens import MAY, Token
from ..text.values import Value
from .align import NEGATING_CHARACTERS, negations
from .attachment import (
    aligned_indices,
    bears_on_the_fact,
    counted_negations,
    negation_in_words,
    states_the_predicate,
)
from .reading import Reading, expected_negations
from .sentences import AnalyzedSentence
from .verdicts import CONTRADICTED, MISSING, UNCERTAIN

_BARS = f"neg:{BARS}"
_ONLY = "quant:only"
_EXCEPT = f"neg:{EXCEPT}"
_ALL = "quant:all"
# Cue categories that narrow or shift what the words beside them state ("less than 20%", "filed
# after March 1", "some members", "only full-time employees"): added by the answer inside the
# match, or (but an order in time: "下单后5天内" only says from when) before it in its segment,
# where the fact has none of that key. A universal quantifier still states the generic fact.
NARROWING = frozenset({"bound", "quant", "approx", "cond", "freq", "rank"})
NARROWING_INSIDE = NARROWING | {"time_order", "sequence"}
_STILL_STATES = frozenset({_ALL})
# Values of one kind of amount in another unit or currency ("805 km (500 mi)").
CONVERTIBLE = frozenset({"value:measure", "value:money", "value:duration"})


def polarity(r: Reading) -> tuple[FactVerdict, str] | None:
    """Negations are counted with parity: in the fact (and its `polarity`), through negating
    prefixes the alignment crossed, and in the answer's clause around the match (not one of a
    clause of its own that holds none of the fact's words: `attachment.counted_negations`). An
    answer's negation contradicts only when it bears on the fact's words; one that bears on
    other words, or a negation said in other words ("opts out of"), is `uncertain`."""
    found, sentence, region, text = r.found, r.sentence, r.region, r.text
    if not states_the_predicate(r):
        return None  # only the fact's names: what the sentence says or denies of them is not the fact
    expected = expected_negations(r.fact, r.claim) + found.flips
    scope = segment_around(text, *region)
    reach = (min(scope[0], region[0]), max(scope[1], region[1]))
    counted = [t for t in counted_negations(r, *reach) if not (t.key == _BARS and region[1] <= t.start)]
    stated = sum(t.negates for t in counted) + _prefix_negation(sentence, region[0])
    if expected % 2 == stated % 2:
        return _said_otherwise(r, reach)
    wide = clause_around(text, *region)
    if (
        not stated
        and negations(sentence.tokens, min(wide[0], region[0]), max(wide[1], region[1])) % 2 == expected % 2
    ):
        # "Damage from misuse, accidents or liquid isn't covered": a negation across commas.
        return UNCERTAIN, "a negation outside the matched clause may govern it"
    if (expected - found.flips) % 2:
        return _said_otherwise(r, reach) or (
            CONTRADICTED,
            "the answer states it without the negation or exclusion",
        )
    added = [t for t in counted if not _aligned(r, t)]
    if added and not any(bears_on_the_fact(r, t, reach) for t in added):
        word = text[added[0].start : added[0].end]
        return UNCERTAIN, f"a negation in the sentence ({word!r}) bears on other words than the fact's: check"
    return CONTRADICTED, "the answer negates it"


def _aligned(r: Reading, token: Token) -> bool:
    """The alignment puts `token` for a critical token or a negation of the fact ("cannot" for
    "can", "No employees" for "All employees"): it bears on the fact. One put for a plain word
    ("failed" for "supposed") is a word the answer adds."""
    tokens = r.sentence.tokens
    return any(
        tokens[index] is token and (claimed.critical or claimed.negates or claimed.key == token.key)
        for index, claimed in aligned_indices(r).items()
    )


def _said_otherwise(r: Reading, reach: tuple[int, int]) -> tuple[FactVerdict, str] | None:
    """A negation said in other words ("opts out of showing", 退出比赛), bearing on the fact's
    words: whether it is the fact's negation or its opposite is for a person."""
    word = negation_in_words(r, *reach)
    return None if word is None else (UNCERTAIN, f"states it with {word!r}, a negation in other words: check")


def _prefix_negation(sentence: AnalyzedSentence, start: int) -> bool:
    """A negating prefix right before the match that no token counts yet (非处方药; in English a
    negating word is a token of its own and counted in the clause)."""
    text = sentence.norm.text
    if not sentence.language.startswith("zh") or text[start - 1 : start] not in NEGATING_CHARACTERS:
        return False
    last = len(text[:start].rstrip(" -")) - 1
    return not any(t.negates and t.start <= last < t.end for t in sentence.tokens)


def qualifier(r: Reading) -> str | None:
    """What the answer puts around the match that the fact does not say, and that keeps the
    match from being a statement of it: a condition before it in its clause (the match is an
    antecedent: "If the bridge reopens in March, …"), a narrowing cue inside it, before it in its
    segment or right after it ("less than 20%", "some members", "20%以上", 世界最高峰之一), or a
    correction inside or after it ("originally scheduled for")."""
    text, region = r.text, r.region
    own = r.claim.token_keys
    segment = segment_around(text, region[0], region[0] + 1)
    for token in r.sentence.tokens:
        if token.key in own:
            continue
        deadline = region[0] <= token.start < region[1] and _states_a_deadline(token, r)
        if deadline or _the_conditional_it_opens(token, r, own):
            continue
        qualifies = (
            _only_after(token, r)
            or _condition_before(token, r)
            or (token.key not in _STILL_STATES and _narrows(token, r, segment))
            or _correction(token, region)
        )
        if qualifies:
            return text[token.start : token.end]
    return None


def _only_after(token: Token, r: Reading) -> bool:
    """'only' after the match that limits it (row `only_after`): "… on weekends only", "，仅限周末"."""
    region = r.region
    return (
        token.key == _ONLY
        and token.start >= region[1]
        and bool(r.lex.pattern("only_after").match(r.text, token.end))
    )


def _the_conditional_it_opens(token: Token, r: Reading, own: frozenset[str]) -> bool:
    """A condition word before the match whose whole conditional the match is: no qualifier. A
    word that closes a condition (row `condition_closers`: 的情况下) opens none."""
    region, clause = r.region, r.clause
    return (
        token.category == "cond"
        and r.text[token.start : token.end] not in r.lex.words("condition_closers")
        and clause[0] <= token.start < region[0]
        and _states_the_conditional(r.text, token, region, clause, r.sentence.tokens, own)
    )


def _condition_before(token: Token, r: Reading) -> bool:
    """A condition before the match in its clause (the match is an antecedent), or "only if"
    anywhere after the match's start in the clause ("ships the same day only if ordered by
    noon")."""
    region, clause = r.region, r.clause
    if token.category == "cond" and clause[0] <= token.start < region[0]:
        return True
    return token.key == "cond:only_if" and region[0] <= token.start < clause[1]


def _correction(token: Token, region: tuple[int, int]) -> bool:
    """ "Originally 15 days": the match is the old value, wherever the cue stands; a correction
    after the match start may supersede it ("Correction: … 15 days" before the match is the
    answer's last word, and stands)."""
    return token.key == "correction:old" or (token.category == "correction" and token.start >= region[0])


def _states_the_conditional(
    text: str,
    cond: Token,
    region: tuple[int, int],
    clause: tuple[int, int],
    tokens: Sequence[Token],
    own: frozenset[str],
) -> bool:
    """The match is the whole conditional the condition word opens (如体温超过37.3℃需到发热门诊就诊,
    要是总会出现褐色分泌物，要暂时避免性交, for a fact without 如/要是): it starts right after
    the condition word and runs on to the clause's end or past its comma; a match inside the condition
    alone ("If the balance is paid in full, …" for "The balance is paid in full") does not."""
    if len(text[cond.end : region[0]].strip()) > 2:
        return False  # the condition's own words are not the fact's: 消费满200元的会员可享受…
    ends = [i for i in (text.find(mark, cond.end, region[1]) for mark in ",，") if i >= 0]
    condition_end = min(ends, default=region[1])
    if any(t.weight and t.key not in own for t in tokens if cond.end <= t.start < condition_end):
        return False  # the condition says what the fact does not: "If Publix is busy, its stores …"
    return not text[region[1] : clause[1]].strip(" .。!！") or bool(ends)


def _narrows(token: Token, r: Reading, segment: tuple[int, int]) -> bool:
    """A narrowing cue (`NARROWING`) inside the match or before it in its segment; right after
    it, an approximation or 之一 after anything (世界最高峰之一, 15天左右), a bound only after a
    value ("20% or more", 60岁以上)."""
    text, region = r.text, r.region
    if token.category == "rank" and not _before_the_match(token, text, region):
        return False
    if region[0] <= token.start and token.end <= region[1]:
        return token.category in NARROWING_INSIDE
    if segment[0] <= token.start and token.end <= region[0]:
        return token.category in NARROWING
    if region[1] <= token.start <= region[1] + 1 and not text[region[1] : token.start].strip():
        weakening = token.category == "approx" or token.key == "quant:some"
        return weakening or (token.category == "bound" and _ends_with_value(r))
    return False


def _ends_with_value(r: Reading) -> bool:
    """The match ends with a value (a bound right after it bounds the value: "20% or more")."""
    end = r.region[1]
    return any(t.end == end and t.category.startswith("value") for t in r.sentence.tokens)


def _before_the_match(token: Token, text: str, region: tuple[int, int]) -> bool:
    """A rank word ("former", "vice", "acting") qualifies the word right after it: it narrows the
    match only when that word is inside the match ("the former CEO"), not another noun ("Former
    actor Ronald Reagan was the 40th president", "police acting on a tip")."""
    following = re.match(r"[\s-]*\w", text[token.end :])
    at = token.end + (following.end() - 1 if following else 0)
    return region[0] <= at < region[1]


def fronted_scope(r: Reading) -> str | None:
    """A phrase before the match, closed by a comma or a colon, that limits whom or what it is
    said of and that the fact does not say: a clause ending in 的 (对处罚决定不服的，), a condition
    said by inversion ("Should the seal remain intact,"), or a scope
    ("For international orders:", 针对会员用户，) in a sentence that goes on to another case."""
    text, region = r.text, r.region
    head = text[: region[0]].rstrip(" *_")
    if not head or head[-1] not in ",，:：":
        return None
    start = max(head.rfind(mark, 0, len(head) - 1) for mark in ",，:：;；") + 1
    phrase = head[start:-1].strip(" *_-")
    lowered = phrase.lower()
    if not phrase or lowered.startswith(r.lex.phrases("lead_ins")):
        return None
    tokens = [t for t in r.sentence.tokens if start <= t.start and t.end <= len(head) - 1]
    own = {key for t in r.claim.tokens for key in (t.key, t.stem) if key}
    if all(t.key in own or t.stem in own or not t.weight for t in tokens):
        return None  # the fact's own words, fronted ("On December 28, 1846, Iowa became …")
    inverted = r.lex.pattern("inverted_condition").match(lowered) is not None
    if inverted or phrase.endswith(r.lex.phrases("condition_clause_ends")):
        return phrase  # a condition clause (对处罚决定不服的，…; "Should the seal remain intact, …")
    another_case = r.lex.pattern("another_case").search(text, region[1]) is not None
    return phrase if another_case and _opens_with(lowered, r.lex.words("scope_heads")) else None


def _opens_with(phrase: str, heads: frozenset[str]) -> bool:
    words = phrase.split()
    return bool(words) and words[0] in heads or any(phrase.startswith(h) for h in heads if not h.isascii())


def contrasted(r: Reading) -> re.Match[str] | None:
    """A contrast the match starts inside ("Unlike Publix, Kroger is …" for a fact about Publix):
    what follows is said of the other one. A match after the contrast's comma is its own clause
    ("Unlike the basic plan, the Pro plan includes …")."""
    text, region = r.text, r.region
    pattern = r.lex.pattern("contrast")
    contrast = pattern.search(text, 0, region[1])
    if contrast is None or pattern.search(r.claim.surface.lower()):
        return None
    if r.lex.pattern("baseline").search(text, max(0, contrast.start() - 8), contrast.end() + 8):
        return None  # 相比去年, compared with last year: a baseline in time, not another thing
    comma = min((i for i in (text.find(m, contrast.end()) for m in ",，") if i >= 0), default=len(text))
    return contrast if region[0] < comma else None


def exception_in_sentence(r: Reading) -> str | None:
    """An exclusion the fact does not make, anywhere in the sentence outside the match, when the
    fact is universal: the polarity check reads only the match's own segment, and an exception in
    the next one still takes something out of "all"."""
    keys = {t.key for t in r.claim.tokens}
    if _EXCEPT in keys or _ALL not in keys:
        return None
    region = r.region
    for token in r.sentence.tokens:
        if token.key == _EXCEPT and not (region[0] <= token.start < region[1]):
            return r.text[token.start : token.end]
    return None


def alternative_inside(r: Reading) -> str | None:
    """ "按月或按季支付" for 按月支付: an alternative the answer adds inside or right after the
    match (not the last item of a list, "misuse, accidents or liquid", which names each item, nor
    one inside a condition: "void if the seal is broken or removed" still voids it when broken)."""
    alternatives = r.lex.words("alternatives")
    if any(t.key in alternatives for t in r.claim.tokens):
        return None
    text, region, tokens = r.text, r.region, r.sentence.tokens
    segment = segment_around(text, region[0], region[0] + 1)
    list_marks = r.lex.words("list_marks")
    for token in tokens:
        if token.key not in alternatives:
            continue
        inside = region[0] <= token.start and token.end <= region[1]
        right_after = region[1] <= token.start and not text[region[1] : token.start].strip()
        if not (inside or right_after):
            continue
        if list_marks.intersection(text[region[0] : token.start]):
            continue
        if any(t.category == "cond" and segment[0] <= t.start < token.start for t in tokens):
            continue
        if any(t.key == MAY and not t.negates and segment[0] <= t.start < token.start for t in tokens):
            continue  # "can be bought online or at the box office": each way may be taken
        return text[token.start : max(region[1], token.end)]
    return None


def rival_inside(r: Reading) -> Token | None:
    """A critical token the answer adds inside the matched words, of a category the fact
    states ("手续费和押金分别为50元和500元": 50元 beside 500元)."""
    categories = {t.category for t in r.claim.tokens if t.critical and t.category != "name"}
    added = (r.sentence.tokens[index] for index in r.found.alignment.inserted_inside())
    return next(
        (token for token in added if token.category in categories and not _in_brackets(token, r.sentence)),
        None,
    )


def value_after_contrast(r: Reading) -> Token | None:
    """The value the sentence gives right after the match past a contrast (row `rival_after`),
    light words (row `rival_light`) and the fact's own words ("…, but usually 10", "…, but refunds
    often take 10 days", "，但通常需要30个工作日")."""
    text = r.text
    lead = r.lex.pattern("rival_after").match(text, r.region[1])
    if lead is None:
        return None
    own = r.claim.token_keys
    at = _past_light_words(r, lead.end())
    for token in (t for t in r.sentence.tokens if t.start >= at):
        if text[at : token.start].strip():
            return None
        if token.value is not None:
            return token
        if token.key not in own and token.stem not in own:
            return None
        at = _past_light_words(r, token.end)
    return None


def _past_light_words(r: Reading, at: int) -> int:
    light = r.lex.pattern("rival_light").match(r.text, at)
    return light.end() if light is not None else at


def _in_brackets(token: Token, sentence: AnalyzedSentence) -> bool:
    """A value in brackets that restates the value right before it ("805 km (500 mi)", "thirty
    (30) days", "3999元（约550美元）"), not a second value ("5 million (2010)"): the same value, or
    the same kind of amount in another unit or currency."""
    text = sentence.norm.text
    before = text[: token.start].rstrip()
    if not (before.endswith("(") and text[token.end :].lstrip().startswith(")")):
        return False
    opening = len(before) - 1
    neighbour = next((t for t in reversed(sentence.tokens) if t.end <= opening), None)
    if (
        neighbour is None
        or neighbour.value is None
        or token.value is None
        or text[neighbour.end : opening].strip()
    ):
        return False
    same = neighbour.value.compare(token.value) == "equal"
    converted = neighbour.category == token.category and token.category in CONVERTIBLE
    return same or converted


def value_in_clause(wanted: Value, r: Reading) -> tuple[FactVerdict, str] | None:
    """An explicit value the fact's words do not state must be in the matched clause; one
    stated only in the wider clause leaves the fact `uncertain`."""
    text, region, sentence = r.text, r.region, r.sentence
    kind = f"value:{wanted.kind}"

    def values_in(reach: tuple[int, int]) -> list[Token]:
        lo, hi = min(reach[0], region[0]), max(reach[1], region[1])
        return [t for t in sentence.tokens if t.category == kind and lo <= t.start and t.end <= hi]

    for reach, equal_means in ((segment_around(text, *region), None), (r.clause, UNCERTAIN)):
        near = values_in(reach)
        equal = [t for t in near if t.value is not None and t.value.compare(wanted) == "equal"]
        if equal:
            bound = _bound_beside(equal[0], r)
            if bound is not None:
                return UNCERTAIN, f"{wanted.describe()} is stated only with {bound!r}"
            return (
                None
                if equal_means is None
                else (UNCERTAIN, f"{wanted.describe()} is stated in a neighbouring clause")
            )
        if near:
            return CONTRADICTED, f"states {r.stated(near[0])!r}, expected {wanted.describe()}"
    return MISSING, f"value not stated (expected {wanted.describe()})"


def _states_a_deadline(bound: Token, r: Reading) -> bool:
    """`bound` is a deadline's own bound (row `deadline_bounds`: "within" right before a
    duration, or 内/以内 right after one)."""
    text = r.text
    if bound.category != "bound" or text[bound.start : bound.end] not in r.lex.words("deadline_bounds"):
        return False
    return _bound_beside_value(bound, r, lambda value: value.category == "value:duration")


def _bound_beside_value(bound: Token, r: Reading, wanted: Callable[[Token], bool]) -> bool:
    """`bound` right before a value the test wants (a copula between: 最高为5000元) or right after it."""
    text = r.text
    copulas = "".join(r.lex.words("copulas"))
    return any(
        wanted(value)
        and (
            (bound.end <= value.start and not text[bound.end : value.start].strip(copulas))
            or (bound.start >= value.end and not text[value.end : bound.start].strip())
        )
        for value in r.sentence.tokens
        if value.category.startswith("value")
    )


def _bound_beside(value: Token, r: Reading) -> str | None:
    """A bound or approximation right before or after a value ("up to $20", "$20 or more",
    约20元; row `from_value`: 5000元起): the value is then not stated as it is."""
    text = r.text
    from_value = r.lex.words("from_value")
    for token in r.sentence.tokens:
        starts_from = text[token.start : token.end] in from_value
        if not (token.category in ("bound", "approx") or starts_from) or _states_a_deadline(token, r):
            continue
        if _bound_beside_value(token, r, lambda beside: beside is value):
            return text[token.start : token.end]
    return None


def limit_after(r: Reading) -> str | None:
    """A condition, an exception or a limit right after the match in its sentence, when the fact
    states none of its own: a condition or exclusion cue after what may lead to it (row
    `condition_leads`: "…, provided the seal is intact", "… unless it rains", "，除非密封条被拆"),
    an approximation ("…, give or take"), a clause right after it that a cue of exclusion ends
    ("，部分商品除外", "…, holidays excluded"), or a limiting phrase (row `limit_after`: "…, at
    least in summer", "，具体以门店为准"). Not a condition word that gives the other case (row
    `not_limiting_after`: 否则), nor "if" that asks (row `asking_frame`: "will check if …"), nor a
    condition that opens the clause after it, nor an exclusion that adds what an amount leaves
    out (row `exclusion_adds`: "…, excluding the vacation home", "，不含餐费")."""
    if any(t.category == "cond" or t.key == _EXCEPT for t in r.claim.tokens):
        return None
    text, end = r.text, r.region[1]
    limit = r.lex.pattern("limit_after").match(text, end)
    if limit is not None:
        return _to_segment_end(text, end, limit.end())
    lead = r.lex.pattern("condition_leads").match(text, end)
    at = lead.end() if lead is not None else end
    following = [t for t in r.sentence.tokens if t.start >= at]
    if following and following[0].start == at and _limits(following[0], r):
        return _to_segment_end(text, end, following[0].end)
    return _exclusion_closing(r, following)


def _limits(token: Token, r: Reading) -> bool:
    """A condition (not one that gives the other case, nor an "if" that asks), an exclusion or an
    approximation."""
    text = r.text
    word = text[token.start : token.end]
    if token.category == "cond":
        asked = any(m.start() <= token.start < m.end() for m in r.lex.pattern("asking_frame").finditer(text))
        return not (asked or word in r.lex.words("not_limiting_after") or _opens_the_next_clause(token, text))
    if token.key == _EXCEPT:
        return word not in r.lex.words("exclusion_adds")
    return token.category == "approx"


def _opens_the_next_clause(cond: Token, text: str) -> bool:
    """The condition's segment ends in a comma and the sentence goes on: it is the antecedent of
    the clause after it ("…, but if the seal is broken, a fee applies"), not a condition of the match."""
    end = segment_around(text, cond.start, cond.end)[1]
    return text[end : end + 1] == "," and bool(text[end + 1 :].strip(" .;!?"))


def _exclusion_closing(r: Reading, following: Sequence[Token]) -> str | None:
    """The segment right after the match's comma ends with an exclusion cue: "，部分商品除外"."""
    text, end = r.text, r.region[1]
    if not text[end:].startswith(","):
        return None
    segment = segment_around(text, end + 1, end + 2)
    inside = [t for t in following if t.end <= segment[1]]
    if inside and inside[-1].key == _EXCEPT and not text[inside[-1].end : segment[1]].strip():
        return text[end + 1 : segment[1]].strip()
    return None


def _to_segment_end(text: str, end: int, at_least: int) -> str:
    """The limiting words from the match's end to the end of their segment, as the reason quotes them."""
    stop = segment_around(text, max(at_least - 1, end), at_least)[1]
    return text[end:stop].strip(" ,.;")
