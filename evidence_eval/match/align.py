"""Token alignment with a budget (`token-align.v2`): the one rule behind facts and evidence.

The claim's tokens (a fact's, a quote's) are aligned with a stretch of the text's tokens:
global in the claim, local in the text (semi-global edit distance, one NumPy row at a time).
Costs (tenths): a match 0; a claim token left out 10 (a critical one 20); a content word put for another 10; a
critical token put for another of its category 9 (so that the alignment lines "30 days" up
with "60 days" and reports the conflict rather than looking elsewhere); a content word the
text adds inside the stretch 4; stop words, negations and hedges 0 (negation is judged by
scope parity, not by position: `Assessment.flips` and the caller's clause).

What the alignment says (`assess`): which critical tokens met an equal token, which met a
different one (`conflicts`), which are absent; how many content edits it took against the
declared budget, which grows with the claim's length and is 0 for short claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..text.cues import ANTONYMS, ZH_NEG_PREFIXES
from ..text.tokens import Token, tokenize

NAME = "token-align.v2"
SUBSTITUTE, CONFLICT, DELETE, INSERT = 10, 9, 10, 4
# A critical token left out costs more than one put for another with a word inserted before
# it ("is given as 60 days" lines up with "is 30 days" and reports the conflict).
DELETE_CRITICAL = 20
# Content edits a claim of n units may take: (n - 3) // 4 in words, (n - 4) // 6 in Chinese
# characters; a claim of up to 3 words (4 characters) must match its tokens exactly.
BUDGET = {"words": (3, 4), "chars": (4, 6)}
BUDGET_NAME = "(n-3)//4w,(n-4)//6c"


class _KeyIds(dict[str, int]):
    """Integer ids of the keys of one alignment (NumPy compares ints); -1 for no key."""

    def array(self, keys: Sequence[str | None]) -> np.ndarray:
        """The id of each key, as an array (a new key gets the next id)."""
        add = self.setdefault
        return np.array([-1 if key is None else add(key, len(self)) for key in keys], dtype=np.int64)


def edit_budget(units: int, chinese: bool) -> int:
    offset, per = BUDGET["chars" if chinese else "words"]
    return max(0, units - offset) // per


@dataclass(frozen=True)
class Pair:
    claim: int | None
    text: int | None
    kind: str  # match, flip (a negating prefix apart), conflict, substitute, delete, insert


@dataclass(frozen=True)
class Alignment:
    pairs: tuple[Pair, ...]
    first: int | None  # the text tokens the claim spans, first and last
    last: int | None
    cost: int

    def inserted_inside(self) -> list[int]:
        """The text tokens the text adds strictly inside the aligned stretch."""
        if self.first is None or self.last is None:
            return []
        first, last = self.first, self.last
        return [
            p.text for p in self.pairs if p.kind == "insert" and p.text is not None and first < p.text < last
        ]


@dataclass(frozen=True)
class _TextArrays:
    keys: np.ndarray
    stems: np.ndarray
    categories: np.ndarray
    content: np.ndarray
    insert: np.ndarray
    cumulative: np.ndarray


def _arrays(tokens: Sequence[Token], ids: _KeyIds) -> _TextArrays:
    insert = np.array([INSERT if t.weight else 0 for t in tokens], dtype=np.int64)
    return _TextArrays(
        keys=ids.array([t.key for t in tokens]),
        stems=ids.array([t.stem for t in tokens]),
        categories=ids.array([t.category for t in tokens]),
        content=np.array([t.weight == 1 and not t.critical for t in tokens], dtype=bool),
        insert=insert,
        cumulative=np.concatenate([[0], np.cumsum(insert)]),
    )


def align(claim: Sequence[Token], text: Sequence[Token]) -> Alignment:
    n, m = len(claim), len(text)
    if n == 0 or m == 0:
        pairs = tuple(Pair(i, None, "delete") for i in range(n))
        return Alignment(
            pairs, None, None, sum(DELETE_CRITICAL if t.critical else DELETE for t in claim if t.weight)
        )
    ids = _KeyIds()
    arrays = _arrays(text, ids)
    table = np.zeros((n + 1, m + 1), dtype=np.int64)
    subs = _substitutions(claim, arrays, ids)
    # A stop word of the claim left out costs a little, so that a tie goes to the match.
    deletes = [(DELETE_CRITICAL if token.critical else DELETE) if token.weight else 1 for token in claim]
    entry = np.empty(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        previous = table[i - 1]
        delete = deletes[i - 1]
        entry[0] = previous[0] + delete
        np.minimum(previous[:-1] + subs[i - 1], previous[1:] + delete, out=entry[1:])
        entry -= arrays.cumulative
        np.minimum.accumulate(entry, out=table[i])
        table[i] += arrays.cumulative
    end = int(np.argmin(table[n]))
    return _trace_back(claim, text, table, subs, deletes, arrays.insert, end)


def align_many(claim: Sequence[Token], texts: Sequence[Sequence[Token]]) -> list[Alignment]:
    """`align(claim, text)` for each text, the same alignments, with one NumPy pass a claim
    token for all texts together (a fact surface against the sentences worth aligning).
    Texts are padded on the right to the longest: a cell depends only on cells to its left,
    so the padding never reaches a real cell, and each end is chosen within its own text."""
    if len(texts) < 2 or not claim or not all(texts):
        return [align(claim, text) for text in texts]
    n, width = len(claim), max(len(text) for text in texts)
    ids = _KeyIds()
    arrays = _padded_arrays([_arrays(text, ids) for text in texts], width)
    subs = _substitutions(claim, arrays, ids)  # (texts, claim, width)
    deletes = [(DELETE_CRITICAL if token.critical else DELETE) if token.weight else 1 for token in claim]
    cumulative = arrays.cumulative[:, 0, :]  # (texts, width + 1)
    table = np.zeros((len(texts), n + 1, width + 1), dtype=np.int64)
    entry = np.empty((len(texts), width + 1), dtype=np.int64)
    for i in range(1, n + 1):
        previous = table[:, i - 1, :]
        delete = deletes[i - 1]
        entry[:, 0] = previous[:, 0] + delete
        np.minimum(previous[:, :-1] + subs[:, i - 1, :], previous[:, 1:] + delete, out=entry[:, 1:])
        entry -= cumulative
        np.minimum.accumulate(entry, axis=1, out=table[:, i, :])
        table[:, i, :] += cumulative
    alignments = []
    for k, text in enumerate(texts):
        m = len(text)
        end = int(np.argmin(table[k, n, : m + 1]))
        insert = arrays.insert[k, 0, :m]
        alignments.append(
            _trace_back(claim, text, table[k, :, : m + 1], subs[k, :, :m], deletes, insert, end)
        )
    return alignments


_PAD = -2  # a key id no token has (-1 is "no key")


def _padded_arrays(texts: list[_TextArrays], width: int) -> _TextArrays:
    """The texts' arrays stacked as (texts, 1, width), padded on the right."""

    def stack(field: str, fill: int | bool, size: int) -> np.ndarray:
        rows = [getattr(arrays, field) for arrays in texts]
        out = np.full((len(rows), 1, size), fill, dtype=rows[0].dtype)
        for k, row in enumerate(rows):
            out[k, 0, : len(row)] = row
            if field == "cumulative":
                out[k, 0, len(row) :] = row[-1]
        return out

    return _TextArrays(
        keys=stack("keys", _PAD, width),
        stems=stack("stems", _PAD, width),
        categories=stack("categories", _PAD, width),
        content=stack("content", False, width),
        insert=stack("insert", 0, width),
        cumulative=stack("cumulative", 0, width + 1),
    )


def _substitutions(claim: Sequence[Token], arrays: _TextArrays, ids: _KeyIds) -> np.ndarray:
    """The cost of aligning each claim token with each text token, as one (claim x text)
    matrix: 0 for an equal key (or a stem of it), then by the claim token's role."""
    keys = ids.array([t.key for t in claim])[:, None]
    stems = ids.array([t.stem for t in claim])[:, None]
    categories = ids.array([t.category for t in claim])[:, None]
    weighted = np.array([bool(t.weight) for t in claim], dtype=bool)[:, None]
    critical = np.array([t.critical for t in claim], dtype=bool)[:, None]
    equal = (arrays.keys == keys) | (arrays.stems == keys) | ((stems >= 0) & (arrays.keys == stems))
    unlike = np.where(
        critical,
        np.where(arrays.categories == categories, CONFLICT, DELETE_CRITICAL + arrays.insert),
        np.where(arrays.content, SUBSTITUTE, DELETE + arrays.insert),
    )
    return np.where(equal, 0, np.where(weighted, unlike, arrays.insert + 1))


def _trace_back(
    claim: Sequence[Token],
    text: Sequence[Token],
    table: np.ndarray,
    subs: np.ndarray,
    deletes: list[int],
    insert: np.ndarray,
    end: int,
) -> Alignment:
    pairs: list[Pair] = []
    i, j = len(claim), end
    while i > 0:
        here = table[i, j]
        if j > 0 and here == table[i - 1, j - 1] + subs[i - 1, j - 1]:
            pairs.append(Pair(i - 1, j - 1, _pair_kind(claim[i - 1], text[j - 1])))
            i, j = i - 1, j - 1
        elif here == table[i - 1, j] + deletes[i - 1]:
            pairs.append(Pair(i - 1, None, "delete"))
            i -= 1
        else:
            pairs.append(Pair(None, j - 1, "insert"))
            j -= 1
    pairs.reverse()
    aligned = [p.text for p in pairs if p.claim is not None and p.text is not None]
    first, last = (aligned[0], aligned[-1]) if aligned else (None, None)
    return Alignment(tuple(pairs), first, last, int(table[len(claim), end]))


def _pair_kind(claim: Token, found: Token) -> str:
    if claim.key == found.key:
        return "match"
    if found.stem == claim.key or claim.stem == found.key:
        return "flip"
    if claim.critical and claim.category == found.category:
        return "conflict"
    if frozenset((claim.key, found.key)) in ANTONYMS:
        return "conflict"
    return "substitute"


@dataclass(frozen=True)
class Assessment:
    """What one alignment of a claim with a text says."""

    alignment: Alignment
    units: int
    matched: int
    budget: int
    conflicts: tuple[tuple[Token, Token], ...] = ()
    absent: tuple[Token, ...] = ()
    flips: int = 0  # negations crossed: prefixes (non-, un-) and negating characters (不动产/动产)
    ambiguous: tuple[tuple[Token, Token], ...] = ()
    region: tuple[int, int] | None = None  # character offsets in the text: first to last aligned token
    matched_tokens: tuple[tuple[Token, Token], ...] = field(default=())

    inserted: int = 0  # content words the text adds inside the aligned stretch
    inserted_per_edit: int = 2
    # Content words of the claim the text replaced by an unlike word ("benign" -> "malignant",
    # 色盲 -> 色弱) or left out: within the budget for the alignment, never for `supported`.
    changed: tuple[tuple[Token, Token], ...] = ()
    dropped: tuple[Token, ...] = ()

    @property
    def wording_edits(self) -> int:
        """Edits with inserted words counted too (two English words, four Chinese
        characters, make one edit)."""
        return len(self.changed) + len(self.dropped) + self.inserted // self.inserted_per_edit

    @property
    def wording_ok(self) -> bool:
        return self.wording_edits <= self.budget

    @property
    def support(self) -> float:
        """Share of the claim's units stated; 0 when a critical token conflicts."""
        if self.conflicts or not self.units:
            return 0.0
        return self.matched / self.units


def assess(
    claim: Sequence[Token], text: Sequence[Token], *, chinese: bool, alignment: Alignment | None = None
) -> Assessment:
    """What aligning `claim` with `text` says; `alignment`: theirs, when already made (`align_many`)."""
    alignment = align(claim, text) if alignment is None else alignment
    units = sum(token.weight for token in claim)
    matched = inserted = flips = 0
    conflicts: list[tuple[Token, Token]] = []
    ambiguous: list[tuple[Token, Token]] = []
    absent: list[Token] = []
    matched_tokens: list[tuple[Token, Token]] = []
    changed: list[tuple[Token, Token]] = []
    dropped: list[Token] = []
    pairs = alignment.pairs
    for position, pair in enumerate(pairs):
        if pair.claim is None:
            added = text[pair.text] if pair.text is not None else None
            if (
                added is not None
                and added.weight
                and not added.critical
                and not _beside_negation(pairs, position, claim)
            ):
                inserted += 1
            continue
        token = claim[pair.claim]
        found = text[pair.text] if pair.text is not None else None
        if token.weight and token.key in NEGATING_CHARACTERS and pair.kind not in ("match", "flip"):
            flips += 1  # 不动产 -> 动产, 非处方药 -> 处方药: the negating character is gone
            continue
        if pair.kind in ("match", "flip") and found is not None:
            matched += token.weight
            flips += pair.kind == "flip"
            matched_tokens.append((token, found))
        elif pair.kind == "conflict" and found is not None:
            (ambiguous if _ambiguous(token, found) else conflicts).append((token, found))
        elif token.critical:
            absent.append(token)
        elif token.weight and not _replaced_by_negation(pairs, position, text):
            if found is None:
                dropped.append(token)
            else:
                changed.append((token, found))  # hypertension/hypotension are one letter apart
    flips += _inserted_negating_characters(pairs, text)
    first, last = alignment.first, alignment.last
    region = (text[first].start, text[last].end) if first is not None and last is not None else None
    return Assessment(
        alignment=alignment,
        units=units,
        matched=matched,
        budget=edit_budget(units, chinese),
        conflicts=tuple(conflicts),
        absent=tuple(absent),
        flips=flips,
        ambiguous=tuple(ambiguous),
        region=region,
        matched_tokens=tuple(matched_tokens),
        inserted=inserted,
        inserted_per_edit=4 if chinese else 2,
        changed=tuple(changed),
        dropped=tuple(dropped),
    )


def _replaced_by_negation(pairs: Sequence[Pair], position: int, text: Sequence[Token]) -> bool:
    """A word the text replaced by a negation (已通过 -> 未通过, 予以受理 -> 不予受理) is not a
    wording edit: the polarity check judges it."""
    for neighbour in (position - 1, position, position + 1):
        if 0 <= neighbour < len(pairs):
            index = pairs[neighbour].text
            if (
                index is not None
                and text[index].negates
                and pairs[neighbour].kind in ("insert", "substitute")
            ):
                return True
    return False


def _beside_negation(pairs: Sequence[Pair], position: int, claim: Sequence[Token]) -> bool:
    """A word the text put where the claim has a negation (不予受理 -> 予以受理): the polarity
    check judges it, it is no wording edit."""
    for neighbour in (position - 1, position + 1):
        if 0 <= neighbour < len(pairs):
            index = pairs[neighbour].claim
            if index is not None and claim[index].negates and pairs[neighbour].kind != "match":
                return True
    return False


def _ambiguous(claim: Token, found: Token) -> bool:
    return (
        claim.value is not None
        and found.value is not None
        and claim.value.compare(found.value) == "ambiguous"
    )


def negations(tokens: Sequence[Token], start: int, end: int) -> int:
    """Negations the tokens inside character range [start, end) carry."""
    return sum(token.negates for token in tokens if start <= token.start and token.end <= end)


def tokens_in(tokens: Sequence[Token], start: int, end: int, category: str) -> list[Token]:
    return [
        token for token in tokens if start <= token.start and token.end <= end and token.category == category
    ]


def negated_before(text: str, start: int, language: str) -> bool:
    """The word right before `start` of normalised `text` is a negation ("not refundable",
    "non-refundable", 不予受理, 非处方药): it negates what starts there."""
    window = text[max(0, start - 12) : start]
    tokens = tokenize(window, language) if window.strip() else ()
    if tokens and tokens[-1].negates > 0 and not window[tokens[-1].end :].strip(" -"):
        return True
    return language.startswith("zh") and bool(window) and window[-1:] in NEGATING_CHARACTERS


def _inserted_negating_characters(pairs: Sequence[Pair], text: Sequence[Token]) -> int:
    """Negating characters the text puts right before a matched token, inside one word
    (非处方药 for 处方药): each negates what follows, though the word is a noun."""
    count = 0
    for pair, following in zip(pairs, pairs[1:]):
        if pair.kind != "insert" or pair.text is None or following.kind not in ("match", "flip"):
            continue
        token = text[pair.text]
        if (
            token.key in NEGATING_CHARACTERS
            and following.text is not None
            and text[following.text].start == token.end
        ):
            count += 1
    return count


NEGATING_CHARACTERS = frozenset(ZH_NEG_PREFIXES)
