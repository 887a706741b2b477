"""Answer facts in the answer, sentence by sentence (`fact-align.v1`).

A fact is looked for in each sentence of the answer by its text and each alias: exact
normalised substring (100), rapidfuzz partial-ratio alignment, or the share of the
surface's content lemmas found in the sentence (receipts ~ receipt), with typed values
masked so that wording and value are judged apart. Lemmas are compared only in sentences
whose partial ratio reaches `LEMMA_GATE` (words elsewhere are too far from the fact).
The best sentence then decides:
score below `lower` -> missing; a value of the fact's type that differs, or the opposite
polarity in the clause, -> contradicted; the fact's value absent -> missing (value not
stated); score below `upper` -> uncertain; otherwise found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import fuzz, process

from ..models import AnswerFact, DateValue, DurationValue, MoneyValue, NumberValue
from ..text.normalize import Normalized, normalize_cached
from ..text.polarity import clause_around, is_negated, segment_around
from ..text.segment import Segmenter
from ..text.values import Value, find_values, parse_value

NAME = "fact-align.v1"
LEMMA_GATE = 60.0
_MASK = "\u2400"


@dataclass(frozen=True)
class AnalyzedSentence:
    start: int
    end: int
    text: str
    norm: Normalized
    masked: str
    masked_origin: tuple[int, ...]
    values: tuple[Value, ...]
    lemmas: frozenset[str] | None


@dataclass(frozen=True)
class FactMatch:
    fact: str
    status: str  # found, uncertain, contradicted, missing
    score: float
    route: str | None = None
    sentence: int | None = None
    start: int | None = None
    end: int | None = None
    surface: str | None = None
    reason: str | None = None


def analyze_answer(answer: str, segmenter: Segmenter) -> list[AnalyzedSentence]:
    sentences = []
    for sentence in segmenter.sentences(answer):
        norm = normalize_cached(sentence.text)
        values = tuple(find_values(norm.text))
        masked, origin = _mask(norm.text, values)
        sentences.append(
            AnalyzedSentence(
                sentence.start, sentence.end, sentence.text, norm, masked, origin, values, sentence.lemmas
            )
        )
    return sentences


def _mask(text: str, values: Sequence[Value]) -> tuple[str, tuple[int, ...]]:
    """`text` with each typed value replaced by one mask character; index map to `text`."""
    parts: list[str] = []
    origin: list[int] = []
    cursor = 0
    for value in values:
        parts.append(text[cursor : value.start])
        origin.extend(range(cursor, value.start))
        parts.append(_MASK)
        origin.append(value.start)
        cursor = value.end
    parts.append(text[cursor:])
    origin.extend(range(cursor, len(text)))
    origin.append(len(text))
    return "".join(parts), tuple(origin)


@lru_cache(maxsize=16384)
def _surface(text: str) -> tuple[str, bool]:
    norm = normalize_cached(text).text
    masked, _ = _mask(norm, find_values(norm))
    return masked, is_negated(norm)


def expected_value(fact: AnswerFact) -> Value | None:
    value = fact.value
    if value is None:
        return None
    if isinstance(value, str):
        return parse_value(value)
    if isinstance(value, DurationValue):
        return Value("duration", value.amount, value.unit, 0, 0)
    if isinstance(value, MoneyValue):
        return Value("money", value.amount, value.currency.upper(), 0, 0)
    if isinstance(value, DateValue):
        return Value("date", None, None, 0, 0, value.value)
    assert isinstance(value, NumberValue)
    return Value("number", value.amount, None, 0, 0)


def match_fact(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    segmenter: Segmenter,
    *,
    lower: float,
    upper: float,
) -> FactMatch:
    best: tuple[float, int, str, str, int, int] | None = None
    for surface in (fact.text, *fact.aliases):
        masked_surface, _ = _surface(surface)
        for candidate in _surface_scores(masked_surface, surface, sentences, segmenter):
            if best is None or candidate[0] > best[0]:
                best = candidate
    if best is None or best[0] < lower:
        return FactMatch(fact.id, "missing", round(best[0], 2) if best else 0.0)
    score, index, route, surface, masked_start, masked_end = best
    sentence = sentences[index]
    start = sentence.masked_origin[masked_start]
    end = sentence.masked_origin[masked_end]
    found = _with_proof(fact, sentence, index, score, route, surface, start, end)
    clause = clause_around(sentence.norm.text, start, end)
    verdict = _check_value(fact, sentence, clause) or _check_polarity(fact, surface, sentence, start, end)
    if verdict:
        return replace(found, status=verdict[0], reason=verdict[1])
    if score < upper:
        return replace(found, status="uncertain", reason=f"score {score:.1f} below {upper:g}")
    return found


def _surface_scores(
    masked_surface: str, surface: str, sentences: Sequence[AnalyzedSentence], segmenter: Segmenter
) -> list[tuple[float, int, str, str, int, int]]:
    """(score, sentence, route, surface, start, end) per sentence worth scoring, with start
    and end in the sentence's masked text; sentences in answer order."""
    exact = [
        (100.0, index, "exact", surface, position, position + len(masked_surface))
        for index, sentence in enumerate(sentences)
        if (position := sentence.masked.find(masked_surface)) >= 0
    ]
    if exact:
        return exact[:1]
    ratios = process.extract(
        masked_surface,
        [sentence.masked for sentence in sentences],
        scorer=fuzz.partial_ratio,
        score_cutoff=LEMMA_GATE,
        limit=None,
    )
    scored = []
    surface_lemmas = segmenter.lemmas(surface) if ratios else frozenset()
    for _, ratio, index in sorted(ratios, key=lambda entry: entry[2]):
        sentence = sentences[index]
        if surface_lemmas:
            lemmas = sentence.lemmas if sentence.lemmas is not None else segmenter.lemmas(sentence.text)
            share = 100.0 * len(surface_lemmas & lemmas) / len(surface_lemmas)
            if share > ratio:
                scored.append((share, index, "lemma", surface, 0, len(sentence.masked)))
                continue
        if len(sentence.masked) < len(masked_surface):
            # A partial ratio would align the sentence inside the fact: compare them whole.
            scored.append(
                (
                    fuzz.ratio(masked_surface, sentence.masked),
                    index,
                    "fuzzy",
                    surface,
                    0,
                    len(sentence.masked),
                )
            )
            continue
        alignment = fuzz.partial_ratio_alignment(masked_surface, sentence.masked)
        if alignment is None:
            continue
        scored.append((alignment.score, index, "fuzzy", surface, alignment.dest_start, alignment.dest_end))
    return scored


def _with_proof(
    fact: AnswerFact,
    sentence: AnalyzedSentence,
    index: int,
    score: float,
    route: str,
    surface: str,
    start: int,
    end: int,
) -> FactMatch:
    begin, finish = sentence.norm.original_span(start, end)
    return FactMatch(
        fact.id,
        "found",
        round(score, 2),
        route,
        index,
        sentence.start + begin,
        sentence.start + finish,
        surface,
    )


def _check_value(
    fact: AnswerFact, sentence: AnalyzedSentence, clause: tuple[int, int]
) -> tuple[str, str] | None:
    wanted = expected_value(fact)
    if wanted is None:
        return None
    same_kind = [value for value in sentence.values if value.kind == wanted.kind]
    near = [value for value in same_kind if value.start < clause[1] and value.end > clause[0]] or same_kind
    if any(value.key() == wanted.key() for value in near):
        return None
    if near:
        stated = sentence.norm.text[near[0].start : near[0].end]
        return "contradicted", f"states {stated!r}, expected {_describe(wanted)}"
    return "missing", f"value not stated (expected {_describe(wanted)})"


def _describe(value: Value) -> str:
    if value.kind == "date":
        return str(value.date)
    amount = f"{value.amount:g}" if value.amount is not None else "?"
    return f"{amount} {value.unit}" if value.unit else amount


def _check_polarity(
    fact: AnswerFact, surface: str, sentence: AnalyzedSentence, start: int, end: int
) -> tuple[str, str] | None:
    """A negation is looked for in the whole clause ("Damage from misuse, accidents or
    liquid isn't covered"); a stray cue only counts against an affirmed fact when it is in
    the fact's own comma-segment, so a neighbouring negated fact does not flip it."""
    _, surface_negated = _surface(surface)
    expected = fact.polarity == "negated" or surface_negated
    reach = (clause_around if expected else segment_around)(sentence.norm.text, start, end)
    stated = is_negated(sentence.norm.text[reach[0] : reach[1]])
    if expected == stated:
        return None
    if expected:
        return "contradicted", "the answer states it without the negation or exclusion"
    return "contradicted", "the answer negates it"
