"""What a word of the answer bears on: the fact's own words, or other words of the sentence.

A negation, or a value of the fact's kind, contradicts a fact only where it bears on the
fact's own words: a negation on the first content word after it, in the clause of its own that
holds it ("came to their attention after he failed to appear": `failed` is the clause's that
`after` opens); a value where the fact's value sits, with the fact's words on either side and no
other content word between ("McHenry, 28, was suspended for a week": `a week` is the
suspension's). The words are rows of `lang/` (`clause_openers`, `not_negating`,
`negation_tails`, `negated_in_words`, `in_slot_words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache

from ..lang import lexicon
from ..text.cues import grouped_alternation
from ..text.normalize import normalize_cached
from ..text.tokens import Token
from .align import Assessment
from .claims import Claim
from .reading import Reading

# Categories skipped when looking for the word a negation bears on ("cannot be refunded",
# "won't show"): they carry no content of their own.
_CARRIERS = frozenset({"function", "modal", "neg"})
_SAME = frozenset({"match", "flip"})  # alignment pairs that put the fact's own word
_NOR = "nor"  # "neither … nor": the negation carries on after it
_EXCEPT_KEY = "neg:except"
_NUMBER = "value:number"
_WORDS = frozenset({"word", "name"})  # what may stand between a value and the fact's words
# The content tokens after a negation it bears on in Chinese, a token a character (a word or
# two: 谈不上有效, 没有按时提交); in English, one word.
CHARACTERS_READ = 2


@cache
def _row_pattern(language: str, row: str) -> re.Pattern[str]:
    """The words of a lexicon row as one pattern: whole words in English, as written in Chinese."""
    words = lexicon(language).words(row)
    if not words:
        return re.compile(r"(?!)")
    alternation = grouped_alternation(words)
    if language.startswith("zh"):
        return re.compile(alternation)
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.IGNORECASE)


def row_spans(r: Reading, row: str, lo: int, hi: int) -> Iterator[tuple[int, int]]:
    """Where the words of lexicon `row` stand in the sentence between `lo` and `hi`."""
    for found in _row_pattern(r.sentence.language, row).finditer(r.text, lo, hi):
        yield found.start(), found.end()


def aligned_indices(r: Reading) -> dict[int, Token]:
    """The sentence's tokens the alignment pairs with a claim token (matched, changed or in
    conflict), by index, with that claim token."""
    claim = r.claim.tokens
    return {
        pair.text: claim[pair.claim]
        for pair in r.found.alignment.pairs
        if pair.claim is not None and pair.text is not None
    }


def _the_facts_own(r: Reading) -> set[int]:
    """The sentence's tokens the alignment pairs with the same word of the fact (or its negated
    form), by index."""
    return {pair.text for pair in r.found.alignment.pairs if pair.kind in _SAME and pair.text is not None}


def states_the_predicate(r: Reading) -> bool:
    """The alignment pairs a word of the fact that is not a name (a word or a value), or the
    fact has none ("It was Obama."): the sentence says something of the fact's names that the
    fact says too."""
    claim = r.claim.tokens
    if not any(token.weight and token.category != "name" for token in claim):
        return True
    # `aligned_indices`' claim tokens, read pair by pair: a text token is in one pair at most
    return any(
        claim[pair.claim].weight and claim[pair.claim].category != "name"
        for pair in r.found.alignment.pairs
        if pair.claim is not None and pair.text is not None
    )


def bears_on_the_fact(r: Reading, negation: Token, reach: tuple[int, int]) -> bool:
    """`negation` bears on the fact's words: one of the first content words after it (after a
    phrase that completes it, row `negation_tails`: "no longer"; after a "nor" it carries on) is
    the fact's own, as the alignment pairs them (the same word, or its negated form); or nothing
    follows it in `reach` ("… are false", 的消息是假的: it denies what came before); or it is an
    exclusion and the fact's word stands right before it (导游服务费以外)."""
    tokens = r.sentence.tokens
    own = _the_facts_own(r)
    starts = [negation.end] + [t.end for t in tokens if t.key == _NOR and negation.end <= t.start < reach[1]]
    for start in starts:
        tail = _past_the_tail(r, start, reach[1])
        following = _not_in_slot(r, _content_after(tokens, tail, reach[1]))
        if not following and start == negation.end:
            return True
        if any(index in own for index in following[: _words_read(r)]):
            return True
    if negation.key == _EXCEPT_KEY:
        before = _content_after(tokens, 0, negation.start)
        return any(index in own for index in before[-_words_read(r) :])
    return False


def _past_the_tail(r: Reading, start: int, end: int) -> int:
    """Past a phrase of row `negation_tails` right at `start` ("no longer"), or `start`."""
    spans = row_spans(r, "negation_tails", start, end)
    return next((finish for begin, finish in spans if not r.text[start:begin].strip()), start)


def _not_in_slot(r: Reading, indices: list[int]) -> list[int]:
    """`indices` without the tokens a phrase of row `in_slot_words` covers (an adverb after a
    negation: "does not currently open")."""
    covered = list(row_spans(r, "in_slot_words", 0, len(r.text)))
    tokens = r.sentence.tokens
    return [
        index
        for index in indices
        if not any(start <= tokens[index].start and tokens[index].end <= end for start, end in covered)
    ]


def _content_after(tokens: Sequence[Token], start: int, end: int) -> list[int]:
    return [
        index
        for index, token in enumerate(tokens)
        if start <= token.start and token.end <= end and token.weight and token.category not in _CARRIERS
    ]


def _words_read(r: Reading) -> int:
    """How many content tokens after a negation it bears on (`CHARACTERS_READ` in Chinese)."""
    return CHARACTERS_READ if r.sentence.language.startswith("zh") else 1


def counted_negations(r: Reading, lo: int, hi: int) -> list[Token]:
    """The negating tokens between `lo` and `hi` that may negate the fact: not one inside a phrase
    that negates nothing (row `not_negating`: "nothing but"), nor one in a clause of its own
    (opened by a row `clause_openers` word) that holds none of the fact's words but its names."""
    if not r.sentence.negating:
        return []  # no negating token: no row to read
    inert = list(row_spans(r, "not_negating", lo, hi))
    openers = [start for start, _ in row_spans(r, "clause_openers", lo, hi)]
    return [
        token
        for token in r.sentence.tokens
        if token.negates
        and lo <= token.start
        and token.end <= hi
        and not any(start <= token.start < end for start, end in inert)
        and _in_the_facts_clause(r, token, openers, (lo, hi))
    ]


def _in_the_facts_clause(r: Reading, token: Token, openers: list[int], reach: tuple[int, int]) -> bool:
    """The clause of its own that holds `token` (from the opener before it to the next one, or
    the edges of `reach`) holds a word of the fact that is not a name: the token is the fact's
    clause's. Without an opener in reach, it is."""
    if not openers:
        return True
    lo = max((start for start in openers if start <= token.start), default=reach[0])
    hi = min((start for start in openers if start > token.start), default=reach[1])
    tokens = r.sentence.tokens
    return any(
        lo <= tokens[index].start < hi and claim_token.weight and claim_token.category != "name"
        for index, claim_token in aligned_indices(r).items()
    )


def negation_in_words(r: Reading, lo: int, hi: int) -> str | None:
    """A verb that says 'not' in other words (row `negated_in_words`: "opts out of showing",
    退出比赛) between `lo` and `hi`, bearing on the fact's words, that the fact does not use."""
    surface = r.claim.surface.lower()
    own: set[int] | None = None  # read only when the row is there
    for start, end in row_spans(r, "negated_in_words", lo, hi):
        own = _the_facts_own(r) if own is None else own
        word = r.text[start:end]
        following = _content_after(r.sentence.tokens, end, hi)[: _words_read(r)]
        if word.lower() not in surface and any(index in own for index in following):
            return word
    return None


def out_of_slot(r: Reading, claim_token: Token, stated: Token) -> str | None:
    """Why `stated`, the answer's token the alignment puts for the fact's `claim_token`, may not
    sit in the fact's slot (None: it does). A value: it is one of several of its kind the answer
    lists; written in parts ("10 000"); or a content word the fact does not have stands between
    it and the fact's words beside it ("McHenry, 28, was suspended for a week"). A function word
    swapped ('from' for 'to'): the word it hangs on is not the fact's ("set to complete" for
    "away from completing")."""
    if not claim_token.weight:
        return _hangs_on_another(r, stated)
    if not claim_token.category.startswith("value"):
        return None
    among = among_others(r, claim_token, stated)
    if among is not None:
        return among
    between = _word_between(r, stated)
    if between is not None:
        return f"of {between!r}, not where the fact's value sits"
    return None


def among_others(r: Reading, claim_token: Token, stated: Token) -> str | None:
    """Why the value `stated` may be another one than the fact's value's counterpart, whatever
    the word order: one of several of its kind the answer lists, or a number written in parts."""
    if _listed_with_another(r, claim_token, stated):
        return "as one of several values it lists"
    beside = _value_beside(r, stated)
    return None if beside is None else f"written together with {beside!r}"


def _pair_of(r: Reading, stated: Token) -> int | None:
    """The position of the alignment pair that holds the sentence's token `stated`."""
    tokens = r.sentence.tokens
    pairs = r.found.alignment.pairs
    return next(
        (i for i, pair in enumerate(pairs) if pair.text is not None and tokens[pair.text] is stated), None
    )


def _hangs_on_another(r: Reading, stated: Token) -> str | None:
    """The content word before a swapped function word is not the fact's own (the alignment
    changed it): the function word is another word's ("set to", "trebled from")."""
    pairs, tokens = r.found.alignment.pairs, r.sentence.tokens
    at = _pair_of(r, stated)
    for pair in reversed(pairs[:at] if at is not None else ()):
        if pair.claim is None or pair.text is None or not r.claim.tokens[pair.claim].weight:
            continue
        if pair.kind in _SAME:
            return None
        word = tokens[pair.text]
        return f"after {r.text[word.start : word.end]!r}, where the fact has another word"
    return None


def _value_beside(r: Reading, stated: Token) -> str | None:
    """A bare number right beside a bare number, only a space between ("10 000"): the answer
    writes one number in parts."""
    text = r.text
    if stated.category != _NUMBER:
        return None
    for token in r.sentence.tokens:
        if token is stated or token.category != _NUMBER:
            continue
        lo, hi = (token.end, stated.start) if token.end <= stated.start else (stated.end, token.start)
        if lo <= hi and not text[lo:hi].strip():
            return text[token.start : token.end]
    return None


def _listed_with_another(r: Reading, claim_token: Token, stated: Token) -> bool:
    """Another token of `stated`'s kind right beside it, only list marks or a coordinator
    between ("$10, $20 or $30", 50元和500元), where the fact states one of that kind (not
    "between October 24 and November 11")."""
    if sum(t.category == claim_token.category for t in r.claim.tokens) > 1:
        return False
    lex = r.lex
    joiners = lex.words("list_marks") | lex.words("list_separators") | lex.words("coordinators")
    for token in r.sentence.tokens:
        if token is stated or token.category != stated.category:
            continue
        lo, hi = (token.end, stated.start) if token.end <= stated.start else (stated.end, token.start)
        gap = r.text[lo:hi].split() if not r.sentence.language.startswith("zh") else [r.text[lo:hi].strip()]
        if 0 < hi - lo <= 12 and gap and all(word in joiners for word in gap):
            return True
    return False


def _word_between(r: Reading, stated: Token) -> str | None:
    """A content word the answer adds (or puts for a function word of the fact) between `stated`
    and the nearest content word the alignment pairs with the fact's on either side: not one of
    the fact's own words elsewhere, nor an adverb or a copula's stand-in of row `in_slot_words`
    ("is currently $99", "is given as 60 days")."""
    pairs, tokens = r.found.alignment.pairs, r.sentence.tokens
    at = _pair_of(r, stated)
    if at is None:
        return None
    own = {key for t in r.claim.tokens for key in (t.key, t.stem) if key}
    for step in (-1, 1):
        added = []
        index = at + step
        while 0 <= index < len(pairs):
            pair = pairs[index]
            index += step
            if pair.text is None:
                continue  # a word of the fact the answer leaves out: no anchor
            if pair.claim is not None and r.claim.tokens[pair.claim].weight:
                break  # the fact's word beside it
            token = tokens[pair.text]
            if token.category in _WORDS and token.weight and token.key not in own:
                added.append(token)
            elif _opens_a_clause(r, token):
                return r.text[token.start : token.end]
        word = _not_in_slot_words(r, added)
        if word is not None:
            return word
    return None


def _opens_a_clause(r: Reading, token: Token) -> bool:
    """`token` is a word of row `clause_openers` ("the hedge, although it has to be cut to 20ft")."""
    return any(
        start <= token.start < end for start, end in row_spans(r, "clause_openers", token.start, token.end)
    )


def _not_in_slot_words(r: Reading, added: list[Token]) -> str | None:
    """The first of `added` no phrase of row `in_slot_words` covers."""
    if not added:
        return None
    covered = list(row_spans(r, "in_slot_words", 0, len(r.text)))
    for token in added:
        if not any(start <= token.start and token.end <= end for start, end in covered):
            return r.text[token.start : token.end]
    return None


def another_time(r: Reading) -> tuple[Token, Token] | None:
    """Among the values the answer states otherwise, a date or a year beside one that is not
    ("15 in 2009" for "seven in 2004"): the answer speaks of another time, not of the fact's."""
    conflicts = [(c, s) for c, s in r.found.conflicts if c.category.startswith("value")]
    times = [(c, s) for c, s in conflicts if _a_time(c) and _a_time(s)]
    if not times or len(times) == len(conflicts):
        return None  # no time, or only times ("higher in 2021 than in 2022"): the fact's own frame
    return times[0]


def another_time_stated(r: Reading) -> Token | None:
    """The fact names a time (a date or a year) the sentence does not, and the sentence names
    another ("In 2019 members paid $99" for "The fee was $120 in 2020"), wherever it stands."""
    own = [t.value for t in r.claim.tokens if _a_time(t) and t.value is not None]
    if not own:
        return None
    stated = [t for t in r.sentence.tokens if _a_time(t) and t.value is not None]
    if any(t.value.compare(value) == "equal" for t in stated for value in own if t.value is not None):
        return None
    return stated[0] if stated else None


# A bare whole number in this range, beside another value, reads as a year ("15 in 2009").
YEARS = (1000, 2999)


def _a_time(token: Token) -> bool:
    value = token.value
    if token.category == "value:date":
        return True
    return (
        token.category == _NUMBER
        and value is not None
        and value.low is not None
        and value.low == value.high
        and value.low.is_integer()
        and YEARS[0] <= value.low <= YEARS[1]
    )


def range_to_deadline(found: Assessment, claim: Claim, language: str) -> Assessment:
    """A range of the answer that ends at a deadline's value ("in 3 to 5 business days",
    10到15个工作日内 for "within 5 business days", 15个工作日内; the deadline's bound: row
    `deadline_bounds`, beside the value in the fact) states the deadline: the value is stated, and
    so is the bound the answer leaves out (the range says at most its upper end). A range reaching
    past it ("3 to 7 business days") or short of it, or one for a fact without such a bound, still
    states another value."""
    bounded = [
        (c, s, bound)
        for c, s in found.conflicts
        if _ends_at(s, c) and (bound := _deadline_bound(c, claim, language)) is not None
    ]
    if not bounded:
        return found
    stating = [(c, s) for c, s, _ in bounded]
    bounds = {id(bound): s for _, s, bound in bounded}
    unstated = [(t, bounds[id(t)]) for t in found.absent if id(t) in bounds]  # said by the range
    stated = [*stating, *unstated]
    return replace(
        found,
        conflicts=tuple(pair for pair in found.conflicts if pair not in stating),
        absent=tuple(t for t in found.absent if id(t) not in bounds),
        matched=found.matched + sum(c.weight for c, _ in stated),
        matched_tokens=(*found.matched_tokens, *stated),
    )


def _ends_at(stated: Token, claimed: Token) -> bool:
    """`stated` is a range whose upper end is `claimed`'s value (same kind and unit)."""
    value, wanted = stated.value, claimed.value
    if value is None or wanted is None or not value.is_range or wanted.is_range:
        return False
    return replace(value, low=value.high).compare(wanted) == "equal"


def _deadline_bound(value: Token, claim: Claim, language: str) -> Token | None:
    """The fact's deadline bound right before or after its value ("within 5 days", 5天内)."""
    tokens, text = claim.tokens, normalize_cached(claim.surface).text
    index = next(i for i, t in enumerate(tokens) if t is value)
    own = lexicon(language).words("deadline_bounds")
    beside = [tokens[i] for i in (index - 1, index + 1) if 0 <= i < len(tokens)]
    return next((t for t in beside if t.category == "bound" and text[t.start : t.end] in own), None)
