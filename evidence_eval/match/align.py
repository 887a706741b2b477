"""Token alignment with a budget (`token-align.v2`): the one rule behind facts and evidence.

The claim's tokens (a fact's, a quote's) are aligned with a stretch of the text's tokens:
global in the claim, local in the text (semi-global edit distance: compiled, `_align_kernel.c`,
when it was built; else a plain-Python DP on small problems, one NumPy pass a claim token over
all the texts on larger ones; the same cells, the same alignments).
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

import os
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate, chain
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from ..text.cue_surfaces import may_end_negated
from ..text.cues import ANTONYMS, ZH_NEG_PREFIXES
from ..text.tokens import Token, tokenize

if TYPE_CHECKING:
    import numpy as np

NAME = "token-align.v2"
SUBSTITUTE, CONFLICT, DELETE, INSERT = 10, 9, 10, 4
# A critical token left out costs more than one put for another with a word inserted before
# it ("is given as 60 days" lines up with "is 30 days" and reports the conflict).
DELETE_CRITICAL = 20
# Content edits a claim of n units may take: (n - 3) // 4 in words, (n - 4) // 6 in Chinese
# characters; a claim of up to 3 words (4 characters) must match its tokens exactly.
BUDGET = {"words": (3, 4), "chars": (4, 6)}
BUDGET_NAME = "(n-3)//4w,(n-4)//6c"


def edit_budget(units: int, chinese: bool) -> int:
    offset, per = BUDGET["chars" if chinese else "words"]
    return max(0, units - offset) // per


class Pair(NamedTuple):
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


class KeyIds(dict[str | None, int]):
    """Integer ids of keys (NumPy compares ints); None (no stem) is -1, a new key gets the
    next id. Only equality of ids is read, so any one mapping gives the same alignments."""

    def __init__(self) -> None:
        super().__init__({None: -1})

    def __missing__(self, key: str | None) -> int:
        self[key] = value = len(self)
        return value


class _TextLists(NamedTuple):
    """A text's tokens as the plain-Python DP reads them."""

    inserts: list[int]  # the cost of adding each token
    categories: list[str]
    words: list[int]  # the cost of putting each token for a content word of the claim
    stops: list[int]  # ... for a stop word of the claim
    at_key: dict[str, list[int]]  # where each key stands
    at_stem: dict[str, list[int]]  # where each stem stands


def _text_lists(text: Sequence[Token]) -> _TextLists:
    inserts = [INSERT if t.weight else 0 for t in text]
    at_key: dict[str, list[int]] = {}
    at_stem: dict[str, list[int]] = {}
    for j, t in enumerate(text):
        at_key.setdefault(t.key, []).append(j)
        if t.stem is not None:
            at_stem.setdefault(t.stem, []).append(j)
    return _TextLists(
        inserts,
        [t.category for t in text],
        [SUBSTITUTE if t.weight == 1 and not t.critical else DELETE + x for t, x in zip(text, inserts)],
        [x + 1 for x in inserts],
        at_key,
        at_stem,
    )


# A text's columns in the NumPy DP start with a barrier (its column 0): texts aligned
# together are laid end to end, and crossing a barrier costs _BIG, so no cell of a text is
# reached from another's (every real cost is far below _BIG).
_BIG = 1 << 30
_PAD = -2  # the barrier's key, stem and category id: no token has it (-1 is "no key")
_KEY, _STEM, _CATEGORY = attrgetter("key"), attrgetter("stem"), attrgetter("category")
_NEGATES = attrgetter("negates")


class TextArrays:
    """A text's tokens as the alignment reads them, made once however many claims are
    aligned with it: plain lists (`lists`), and for NumPy (`table`) its barrier column then
    one column a token: key id, stem id, category id, insert cost, and the cost (less the
    insert) of putting it for a content word. Ids come from one `KeyIds`, which the claim
    aligned with it uses too."""

    __slots__ = ("tokens", "ids", "_table", "_lists", "_codes")

    def __init__(self, tokens: Sequence[Token], ids: KeyIds) -> None:
        self.tokens = tokens
        self.ids = ids
        self._table: np.ndarray | None = None
        self._lists: _TextLists | None = None
        self._codes: bytes | None = None

    @property
    def codes(self) -> bytes:
        """The tokens as the compiled DP reads them (`_align_kernel.codes`: key ids, stem ids,
        category ids, weights, critical, whether the key has an antonym)."""
        if self._codes is None:
            assert _KERNEL is not None
            self._codes = _KERNEL.codes(self.tokens, self.ids)
        return self._codes

    @property
    def table(self) -> np.ndarray:
        if self._table is None:
            import numpy as np  # the NumPy DP only: the compiled one and small problems never import it

            get, tokens = self.ids.__getitem__, self.tokens
            columns = chain(
                (_PAD,),
                map(get, map(_KEY, tokens)),
                (_PAD,),
                map(get, map(_STEM, tokens)),
                (_PAD,),
                map(get, map(_CATEGORY, tokens)),
                (_BIG,),
                (INSERT if t.weight else 0 for t in tokens),
                # Put for a content word of the claim: SUBSTITUTE for a content word, else
                # DELETE plus the insert; less the insert.
                (DELETE,),
                (SUBSTITUTE - INSERT if t.weight == 1 and not t.critical else DELETE for t in tokens),
            )
            size = len(tokens) + 1
            self._table = np.fromiter(columns, np.int64, 5 * size).reshape(5, size)
        return self._table

    @property
    def lists(self) -> _TextLists:
        if self._lists is None:
            self._lists = _text_lists(self.tokens)
        return self._lists


def align(claim: Sequence[Token], text: Sequence[Token]) -> Alignment:
    if not claim or not text:
        return _deletions_only(claim)
    if len(claim) * len(text) <= _SMALL:
        return _align_small(claim, text, _text_lists(text))
    return align_arrays(claim, [TextArrays(text, KeyIds())])[0]


def align_many(claim: Sequence[Token], texts: Sequence[Sequence[Token]]) -> list[Alignment]:
    """`align(claim, text)` for each text, the same alignments (a fact surface against the
    sentences worth aligning)."""
    ids = KeyIds()
    return align_arrays(claim, [TextArrays(text, ids) for text in texts])


def _deletions_only(claim: Sequence[Token]) -> Alignment:
    pairs = tuple(Pair(i, None, "delete") for i in range(len(claim)))
    return Alignment(
        pairs, None, None, sum(DELETE_CRITICAL if t.critical else DELETE for t in claim if t.weight)
    )


# Up to this many cells (claim tokens x text tokens, all texts together) the plain-Python DP
# is the faster; beyond, NumPy's one pass a claim token over all texts.
_SMALL = 1000


def align_arrays(claim: Sequence[Token], texts: Sequence[TextArrays]) -> list[Alignment]:
    """`align(claim, text)` for each text, the same alignments, from the texts' arrays."""
    if not claim or not all(arrays.tokens for arrays in texts):
        return [
            align_arrays(claim, [arrays])[0] if claim and arrays.tokens else _deletions_only(claim)
            for arrays in texts
        ]
    if _KERNEL is not None and texts:
        texts, ids = _one_key_ids(texts)
        texts_codes = [(arrays.codes, arrays.tokens) for arrays in texts]
        return _KERNEL.align(_KERNEL.codes(claim, ids), claim, texts_codes)
    if len(claim) * sum(len(arrays.tokens) for arrays in texts) <= _SMALL:
        return [_align_small(claim, arrays.tokens, arrays.lists) for arrays in texts]
    texts, ids = _one_key_ids(texts)
    return _align_numpy(claim, texts, ids)


def _one_key_ids(texts: Sequence[TextArrays]) -> tuple[Sequence[TextArrays], KeyIds]:
    """The texts' arrays, all with the first one's key ids (the claim's then)."""
    ids = texts[0].ids
    if any(arrays.ids is not ids for arrays in texts):
        texts = [arrays if arrays.ids is ids else TextArrays(arrays.tokens, ids) for arrays in texts]
    return texts, ids


def _align_small(claim: Sequence[Token], text: Sequence[Token], lists: _TextLists) -> Alignment:
    """The DP in plain Python, one row a claim token: the least cost of aligning the claim's
    first i tokens with a stretch of the text that ends at token j."""
    inserts, categories, words, stops, at_key, at_stem = lists
    previous = [0] * (len(text) + 1)
    table = [previous]
    subs = []
    deletes = []
    for said in claim:
        if not said.weight:
            # A stop word of the claim left out costs a little, so that a tie goes to the match.
            costs, delete = stops[:], 1
        elif said.critical:
            category = said.category
            costs = [CONFLICT if c == category else DELETE_CRITICAL + x for c, x in zip(categories, inserts)]
            delete = DELETE_CRITICAL
        else:
            costs, delete = words[:], DELETE
        for j in at_key.get(said.key, ()):
            costs[j] = 0
        for j in at_stem.get(said.key, ()):
            costs[j] = 0
        if said.stem is not None:
            for j in at_key.get(said.stem, ()):
                costs[j] = 0
        left = previous[0] + delete
        row = [left]
        append = row.append
        for diagonal, up, cost, insert in zip(previous, previous[1:], costs, inserts):
            best = diagonal + cost
            up += delete
            if up < best:
                best = up
            left += insert
            if left < best:
                best = left
            append(best)
            left = best
        subs.append(costs)
        deletes.append(delete)
        table.append(row)
        previous = row
    cost = min(previous)
    return _walk_small(claim, text, table, subs, deletes, previous.index(cost), cost)


_new_pair = tuple.__new__


def _walk_small(
    claim: Sequence[Token],
    text: Sequence[Token],
    table: list[list[int]],
    subs: list[list[int]],
    deletes: list[int],
    end: int,
    cost: int,
) -> Alignment:
    """The trace back of the plain DP: a cell's step is the diagonal when it gave the cell's
    cost, else down (a claim token left out), else left (a text token added)."""
    return _walk(claim, text, _SmallSteps(table, subs, deletes), len(text) + 1, 0, end, cost)


class _SmallSteps:
    """The plain DP's step into cell (i, j), read as `steps[i * width + j]` like the NumPy
    DP's moves (width: the text's tokens and one), worked out on demand."""

    def __init__(self, table: list[list[int]], subs: list[list[int]], deletes: list[int]):
        self.table, self.subs, self.deletes = table, subs, deletes
        self.width = len(table[0])

    def __getitem__(self, index: int) -> int:
        i, j = divmod(index, self.width)
        table = self.table
        here = table[i][j]
        if j > 0 and here == table[i - 1][j - 1] + self.subs[i - 1][j - 1]:
            return _DIAGONAL
        return _DOWN if here == table[i - 1][j] + self.deletes[i - 1] else _LEFT


def _align_numpy(claim: Sequence[Token], texts: Sequence[TextArrays], ids: KeyIds) -> list[Alignment]:
    """The same DP over the texts laid end to end (each after its barrier column), one NumPy
    pass a claim token for all of them, in shifted values: less the cumulative insert cost
    of the column (a row's inserts are then one running minimum) and less the deletes of the
    claim's first i tokens (the step down is then free)."""
    import numpy as np

    flat = texts[0].table if len(texts) == 1 else np.concatenate([arrays.table for arrays in texts], axis=1)
    keys, stems, categories, insert, word = flat
    n = len(claim)
    claim_ids = chain.from_iterable((ids[t.key], ids[t.stem], ids[t.category]) for t in claim)
    claim_keys, claim_stems, claim_categories = (
        np.fromiter(claim_ids, np.int64, 3 * n).reshape(n, 3).T[:, :, None]
    )
    deletes = [(DELETE_CRITICAL if t.critical else DELETE) if t.weight else 1 for t in claim]
    content = np.fromiter((bool(t.weight) and not t.critical for t in claim), bool, n)[:, None]
    # The cost of the diagonal step into each cell, less the column's insert and the row's delete.
    steps = np.where(content, word, 1)
    rows = [i for i, t in enumerate(claim) if t.critical]
    if rows:
        steps[rows] = np.where(categories == claim_categories[rows], CONFLICT - insert, DELETE_CRITICAL)
    equal = (keys == claim_keys) | (stems == claim_keys) | (keys == claim_stems)
    steps = np.where(equal, -insert, steps)
    steps -= np.fromiter(deletes, np.int64, n)[:, None]
    cumulative = insert.cumsum()
    table = _fill(steps, cumulative)
    return _trace_backs(claim, texts, table, steps, sum(deletes), cumulative)


_HUGE = 1 << 62  # the value of the table's column before the first: never on a path


def _fill(steps: np.ndarray, cumulative: np.ndarray) -> np.ndarray:
    import numpy as np

    n, columns = steps.shape
    table = np.empty((n + 1, columns + 1), dtype=np.int64)
    table[:, 0] = _HUGE
    np.negative(cumulative, out=table[0, 1:])
    cells = list(table[:, 1:])
    diagonal = np.empty(columns, dtype=np.int64)
    for before, above, step, row in zip(table[:-1, :-1], cells, steps, cells[1:]):
        np.add(before, step, out=diagonal)
        np.minimum(above, diagonal, out=row)
        np.minimum.accumulate(row, out=row)
    return table


_DIAGONAL, _DOWN, _LEFT = 0, 1, 2


def _trace_backs(
    claim: Sequence[Token],
    texts: Sequence[TextArrays],
    table: np.ndarray,
    steps: np.ndarray,
    deleted: int,
    cumulative: np.ndarray,
) -> list[Alignment]:
    import numpy as np

    cells = table[:, 1:]
    last = cells[len(claim)] + (cumulative + deleted)
    diagonal = cells[1:] == table[:-1, :-1] + steps
    starts = list(accumulate((len(arrays.tokens) + 1 for arrays in texts[:-1]), initial=0))
    diagonal[:, starts] = False  # a text's column 0 is reached only down
    # _LEFT (2) less one where the step down gives the cost; then 0 (_DIAGONAL) on the diagonal.
    moves = (np.uint8(_LEFT) - (cells[1:] == cells[:-1]).view(np.uint8)) * (~diagonal).view(np.uint8)
    # The step into cell (i, j), i >= 1, j a column of the texts laid end to end: at (i - 1) * width + j.
    steps_taken, width = moves.tobytes(), moves.shape[1]
    alignments = []
    for arrays, offset in zip(texts, starts):
        segment = last[offset : offset + len(arrays.tokens) + 1]
        end = int(segment.argmin())
        # The step into cell (i, j) of this text: row i - 1 of the claim's rows 1.., its column.
        alignments.append(
            _walk(claim, arrays.tokens, steps_taken, width, offset - width, end, int(segment[end]))
        )
    return alignments


def _walk(
    claim: Sequence[Token],
    text: Sequence[Token],
    taken: bytes | _SmallSteps,
    width: int,
    at: int,
    end: int,
    cost: int,
) -> Alignment:
    """Back from the cell (len(claim), end) the alignment ends in, taking at each cell (i, j)
    the step `taken[i * width + at + j]` says gave its cost: the NumPy DP's moves as bytes
    (no call a step), or the plain DP's worked out on demand (`_SmallSteps`)."""
    pairs: list[Pair] = []
    append = pairs.append
    i, j = len(claim), end
    first = last = None
    while i > 0:
        move = taken[i * width + at + j]
        if move == _DIAGONAL:
            i, j = i - 1, j - 1
            said, found = claim[i], text[j]
            append(_new_pair(Pair, (i, j, "match" if said.key == found.key else _pair_kind(said, found))))
            if last is None:
                last = j
            first = j
        elif move == _DOWN:
            i -= 1
            append(_new_pair(Pair, (i, None, "delete")))
        else:
            j -= 1
            append(_new_pair(Pair, (None, j, "insert")))
    pairs.reverse()
    return Alignment(tuple(pairs), first, last, cost)


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
    if all(kind == "match" for _, _, kind in alignment.pairs):
        return _all_matched(claim, text, alignment, chinese)
    return _tallied(claim, text, alignment, chinese)


def _tallied(
    claim: Sequence[Token], text: Sequence[Token], alignment: Alignment, chinese: bool
) -> Assessment:
    """`assess` pair by pair (`_Tally`): the definition, for any alignment."""
    tally = _Tally(claim, text, alignment.pairs)
    matched_tokens = tally.matched_tokens
    for position, pair in enumerate(alignment.pairs):
        said, stated, kind = pair
        if said is None:
            added = text[stated] if stated is not None else None
            if added is not None and (added.weight or added.key in NEGATING_CHARACTERS):
                tally.inserted_at(position, pair)  # else a stop word added: nothing to count
        elif stated is not None and (kind == "match" or kind == "flip"):
            # the common cases, inline (the hot path of every alignment)
            token = claim[said]
            tally.matched += token.weight
            tally.flips += kind == "flip"
            matched_tokens.append((token, text[stated]))
        elif stated is None and not (claim[said].weight and claim[said].key in NEGATING_CHARACTERS):
            tally.unmatched(position, claim[said], None)
        else:
            tally.paired_at(position, pair)
    units = sum(token.weight for token in claim)
    return Assessment(
        alignment=alignment,
        units=units,
        matched=tally.matched,
        budget=edit_budget(units, chinese),
        conflicts=tuple(tally.conflicts),
        absent=tuple(tally.absent),
        flips=tally.flips,
        ambiguous=tuple(tally.ambiguous),
        region=_region(text, alignment),
        matched_tokens=tuple(tally.matched_tokens),
        inserted=tally.inserted,
        inserted_per_edit=4 if chinese else 2,
        changed=tuple(tally.changed),
        dropped=tuple(tally.dropped),
    )


def _region(text: Sequence[Token], alignment: Alignment) -> tuple[int, int] | None:
    """The text's characters from the first aligned token to the last."""
    first, last = alignment.first, alignment.last
    return (text[first].start, text[last].end) if first is not None and last is not None else None


def _all_matched(
    claim: Sequence[Token], text: Sequence[Token], alignment: Alignment, chinese: bool
) -> Assessment:
    """`assess` of an alignment whose every pair is a match (a fact the sentence states word for
    word): each claim token matched, nothing else to tally."""
    matched_tokens = tuple([(claim[said], text[stated]) for said, stated, _ in alignment.pairs])  # type: ignore[index]
    units = sum(token.weight for token in claim)
    return Assessment(
        alignment=alignment,
        units=units,
        matched=sum(token.weight for token, _ in matched_tokens),
        budget=edit_budget(units, chinese),
        region=_region(text, alignment),
        matched_tokens=matched_tokens,
        inserted_per_edit=4 if chinese else 2,
    )


@dataclass
class _Tally:
    """What the pairs of one alignment add up to (`assess`)."""

    claim: Sequence[Token]
    text: Sequence[Token]
    pairs: Sequence[Pair]
    matched: int = 0
    inserted: int = 0
    flips: int = 0
    conflicts: list[tuple[Token, Token]] = field(default_factory=list)
    ambiguous: list[tuple[Token, Token]] = field(default_factory=list)
    absent: list[Token] = field(default_factory=list)
    matched_tokens: list[tuple[Token, Token]] = field(default_factory=list)
    changed: list[tuple[Token, Token]] = field(default_factory=list)
    dropped: list[Token] = field(default_factory=list)
    # Whether a negation is anywhere to be beside: read once, when first asked.
    claim_negates: bool | None = None
    text_negates: bool | None = None

    def inserted_at(self, position: int, pair: Pair) -> None:
        """A text token the claim does not have: an edit unless it sits beside a negation the
        claim has; a negating character before a matched token flips it (非处方药 for 处方药)."""
        added = self.text[pair.text] if pair.text is not None else None
        if added is None:
            return
        if added.weight and not added.critical:
            if self.claim_negates is None:
                self.claim_negates = any(map(_NEGATES, self.claim))
            if not (self.claim_negates and _beside_negation(self.pairs, position, self.claim)):
                self.inserted += 1
        if added.key in NEGATING_CHARACTERS and _negates_next(self.pairs, position, added, self.text):
            self.flips += 1

    def paired_at(self, position: int, pair: Pair) -> None:
        assert pair.claim is not None
        token = self.claim[pair.claim]
        found = self.text[pair.text] if pair.text is not None else None
        if token.weight and token.key in NEGATING_CHARACTERS and pair.kind not in ("match", "flip"):
            self.flips += 1  # 不动产 -> 动产, 非处方药 -> 处方药: the negating character is gone
        elif pair.kind in ("match", "flip") and found is not None:
            self.matched += token.weight
            self.flips += pair.kind == "flip"
            self.matched_tokens.append((token, found))
        elif pair.kind == "conflict" and found is not None:
            (self.ambiguous if _ambiguous(token, found) else self.conflicts).append((token, found))
        else:
            self.unmatched(position, token, found)

    def unmatched(self, position: int, token: Token, found: Token | None) -> None:
        """A claim token the text changed (`found`) or left out (None; a negating character
        left out is `paired_at`'s): a critical one is absent, a content word lost."""
        if token.critical:
            self.absent.append(token)
        elif token.weight:
            self._lost(position, token, found)

    def _lost(self, position: int, token: Token, found: Token | None) -> None:
        """A content word of the claim the text changed or left out (unless a negation stands
        in its place: 已通过 -> 未通过 is a polarity, not a wording)."""
        if self.text_negates is None:
            self.text_negates = any(map(_NEGATES, self.text))
        if self.text_negates and _replaced_by_negation(self.pairs, position, self.text):
            return
        if found is None:
            self.dropped.append(token)
        else:
            self.changed.append((token, found))  # hypertension/hypotension are one letter apart


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
    # Stripped: tokens count offsets in the window as normalised, which drops a leading space.
    window = text[max(0, start - 12) : start].lstrip()
    # Cut into tokens only when it may end with a negation (most windows hold none).
    tokens = tokenize(window, language) if window.strip() and may_end_negated(window) else ()
    if tokens and tokens[-1].negates > 0 and not window[tokens[-1].end :].strip(" -"):
        return True
    return language.startswith("zh") and bool(window) and window[-1:] in NEGATING_CHARACTERS


def _negates_next(pairs: Sequence[Pair], position: int, added: Token, text: Sequence[Token]) -> bool:
    """A negating character the text puts right before a matched token, inside one word
    (非处方药 for 处方药): it negates what follows, though the word is a noun."""
    if position + 1 >= len(pairs):
        return False
    following = pairs[position + 1]
    return (
        following.kind in ("match", "flip")
        and following.text is not None
        and text[following.text].start == added.end
    )


NEGATING_CHARACTERS = frozenset(ZH_NEG_PREFIXES)


# What the compiled DP is configured with: the pair kinds it names, its costs, and the keys
# `_pair_kind` may find an antonym for (the kernel calls it back only when both keys are).
_KINDS = ("match", "flip", "conflict", "substitute", "delete", "insert")
_COSTS = (SUBSTITUTE, CONFLICT, DELETE, INSERT, DELETE_CRITICAL)
_ANTONYM_KEYS = frozenset(chain.from_iterable(ANTONYMS))


def _load_kernel() -> ModuleType | None:
    """The compiled DP (`_align_kernel.c`), when it was built and EVIDENCE_EVAL_PURE_PYTHON is
    unset (or 0): the same alignments as the plain-Python/NumPy path, the fallback."""
    if os.environ.get("EVIDENCE_EVAL_PURE_PYTHON", "0") not in ("", "0") or array("i").itemsize != 4:
        return None
    try:
        from . import _align_kernel
    except ImportError:
        return None
    _align_kernel.configure(Pair, Alignment, _pair_kind, _ANTONYM_KEYS, _KINDS, _COSTS)
    return _align_kernel


_KERNEL = _load_kernel()
