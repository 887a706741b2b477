"""The alignment's fast paths give the alignments of the reference DP, cell for cell.

`align` runs a plain-Python DP on small problems and a NumPy pass over all texts laid end to
end on larger ones; facts reuse each sentence's arrays. The reference below is the earlier
one-text NumPy DP (a table of true costs, traced back diagonal first, then down, then left):
every path must give its alignments exactly, on generated tokens that exercise stems,
critical categories, stop words, antonyms and negating characters.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match import align as A
from evidence_eval.match.align import (
    CONFLICT,
    DELETE,
    DELETE_CRITICAL,
    INSERT,
    NEGATING_CHARACTERS,
    SUBSTITUTE,
    Alignment,
    Assessment,
    KeyIds,
    Pair,
    TextArrays,
    align,
    align_arrays,
    align_many,
    assess,
)
from evidence_eval.text.tokens import Token

# --- the reference: the one-text DP as it was before the fast paths ---------------------


def _reference_align(claim: Sequence[Token], text: Sequence[Token]) -> Alignment:
    n, m = len(claim), len(text)
    if n == 0 or m == 0:
        pairs = tuple(Pair(i, None, "delete") for i in range(n))
        return Alignment(
            pairs, None, None, sum(DELETE_CRITICAL if t.critical else DELETE for t in claim if t.weight)
        )
    ids: dict[str, int] = {}

    def array(keys: Sequence[str | None]) -> np.ndarray:
        return np.array([-1 if k is None else ids.setdefault(k, len(ids)) for k in keys], dtype=np.int64)

    keys, stems, categories = (array([getattr(t, f) for t in text]) for f in ("key", "stem", "category"))
    content = np.array([t.weight == 1 and not t.critical for t in text], dtype=bool)
    insert = np.array([INSERT if t.weight else 0 for t in text], dtype=np.int64)
    cumulative = np.concatenate([[0], np.cumsum(insert)])
    claim_keys, claim_stems, claim_categories = (
        array([getattr(t, f) for t in claim])[:, None] for f in ("key", "stem", "category")
    )
    weighted = np.array([bool(t.weight) for t in claim])[:, None]
    critical = np.array([t.critical for t in claim])[:, None]
    equal = (keys == claim_keys) | (stems == claim_keys) | ((claim_stems >= 0) & (keys == claim_stems))
    unlike = np.where(
        critical,
        np.where(categories == claim_categories, CONFLICT, DELETE_CRITICAL + insert),
        np.where(content, SUBSTITUTE, DELETE + insert),
    )
    subs = np.where(equal, 0, np.where(weighted, unlike, insert + 1))
    deletes = [(DELETE_CRITICAL if t.critical else DELETE) if t.weight else 1 for t in claim]
    table = np.zeros((n + 1, m + 1), dtype=np.int64)
    entry = np.empty(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        previous = table[i - 1]
        entry[0] = previous[0] + deletes[i - 1]
        np.minimum(previous[:-1] + subs[i - 1], previous[1:] + deletes[i - 1], out=entry[1:])
        entry -= cumulative
        np.minimum.accumulate(entry, out=table[i])
        table[i] += cumulative
    end = int(np.argmin(table[n]))
    pairs: list[Pair] = []
    i, j = n, end
    while i > 0:
        here = table[i, j]
        if j > 0 and here == table[i - 1, j - 1] + subs[i - 1, j - 1]:
            pairs.append(Pair(i - 1, j - 1, A._pair_kind(claim[i - 1], text[j - 1])))
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
    return Alignment(tuple(pairs), first, last, int(table[n, end]))


def _reference_flips(assessment: Assessment, claim: Sequence[Token], text: Sequence[Token]) -> int:
    """The flips `assess` counted before its one loop: the negating characters the claim lost,
    the flips aligned, then the negating characters the text inserts before a match."""
    pairs = assessment.alignment.pairs
    flips = 0
    for pair in pairs:
        if pair.claim is None:
            continue
        token = claim[pair.claim]
        if token.weight and token.key in NEGATING_CHARACTERS and pair.kind not in ("match", "flip"):
            flips += 1
        elif pair.kind == "flip" and pair.text is not None:
            flips += 1
    for pair, following in zip(pairs, pairs[1:]):
        if pair.kind != "insert" or pair.text is None or following.kind not in ("match", "flip"):
            continue
        token = text[pair.text]
        if (
            token.key in NEGATING_CHARACTERS
            and following.text is not None
            and text[following.text].start == token.end
        ):
            flips += 1
    return flips


# --- generated tokens ---------------------------------------------------------------------

_KEYS = ["不", "非", "上", "下", "付", "款", "天", "day", "refund", "able", "30", "60"]
_CATEGORIES = ["word", "word", "word", "function", "neg", "hedge", "modal", "value:duration", "name"]


_TOKEN_CHOICES = 2 * len(_KEYS) * (len(_KEYS) + 1) * len(_CATEGORIES)  # gap, key, stem or none, category


@st.composite
def _tokens(draw: st.DrawFn, max_size: int) -> tuple[Token, ...]:
    """Tokens of `_KEYS` and `_CATEGORIES`, two drawn bytes each (drawing is most of these tests'
    time: one draw for all the tokens, not five a token); zeros are touching "不"s, no stem, words."""
    count = draw(st.integers(0, max_size))
    choices = draw(st.binary(min_size=2 * count, max_size=2 * count))
    tokens = []
    position = 0
    for index in range(0, 2 * count, 2):
        choice, gap = divmod(int.from_bytes(choices[index : index + 2]) % _TOKEN_CHOICES, 2)
        choice, key = divmod(choice, len(_KEYS))
        category, stem = divmod(choice, len(_KEYS) + 1)
        position += gap  # a gap or none: tokens of one word touch
        tokens.append(Token(position, position + 1, _KEYS[key], _CATEGORIES[category], stem=_stem(stem)))
        position += 1
    return tuple(tokens)


def _stem(choice: int) -> str | None:
    return _KEYS[choice - 1] if choice else None


def _same(got: Alignment, want: Alignment) -> None:
    assert tuple(map(tuple, got.pairs)) == tuple(map(tuple, want.pairs))
    assert (got.first, got.last, got.cost) == (want.first, want.last, want.cost)


@settings(max_examples=300, deadline=None)
@given(_tokens(12), _tokens(30))
def test_align_is_the_reference_dp(claim, text):
    _same(align(claim, text), _reference_align(claim, text))


@settings(max_examples=150, deadline=None)
@given(_tokens(40), st.lists(_tokens(60), min_size=0, max_size=5))
def test_both_dp_paths_give_the_reference_alignments(claim, texts):
    """Whichever of the plain-Python and NumPy paths the size picks, the same alignments."""
    want = [_reference_align(claim, text) for text in texts]
    for small in (0, 10**9):
        original = A._SMALL
        A._SMALL = small
        try:
            for got, expected in zip(align_many(claim, texts), want, strict=True):
                _same(got, expected)
        finally:
            A._SMALL = original


@settings(max_examples=100, deadline=None)
@given(_tokens(40), st.lists(_tokens(60), min_size=1, max_size=4), st.data())
def test_arrays_made_with_other_key_ids_align_alike(claim, texts, data):
    """Sentences analysed apart (their own `KeyIds`), and arrays reused for a second claim."""
    shared = KeyIds()
    arrays = [TextArrays(text, shared if data.draw(st.booleans()) else KeyIds()) for text in texts]
    original = A._SMALL
    A._SMALL = 0
    try:
        for once in (align_arrays(claim, arrays), align_arrays(claim, arrays)):
            for got, text in zip(once, texts, strict=True):
                _same(got, _reference_align(claim, text))
    finally:
        A._SMALL = original


@settings(max_examples=200, deadline=None)
@given(_tokens(12), _tokens(30))
def test_assess_counts_the_flips_it_counted_in_two_loops(claim, text):
    found = assess(claim, text, chinese=True)
    assert found.flips == _reference_flips(found, claim, text)


def test_no_claim_or_no_text_deletes_every_claim_token():
    claim = (Token(0, 1, "付", "word"), Token(1, 2, "的", "function"), Token(2, 3, "30", "value:duration"))
    for texts in ([()], [(), claim], []):
        assert align_many(claim, texts) == [_reference_align(claim, text) for text in texts]
    assert align((), claim) == _reference_align((), claim)


@pytest.mark.parametrize("small", [0, 10**9])
def test_real_sentences_align_as_the_reference(small, monkeypatch):
    from evidence_eval.text.tokens import tokenize

    monkeypatch.setattr(A, "_SMALL", small)
    claim = tokenize("自受理申请之日起十五个工作日内作出审核决定", "zh", names=True)
    texts = [
        tokenize(text, "zh")
        for text in (
            "管理机构应当自受理申请之日起十五个工作日内作出审核决定。",
            "需要现场查勘的，查勘时间不计入办理时限。",
            "自受理申请之日起三十个工作日内不予作出决定。",
        )
    ]
    for got, text in zip(align_many(claim, texts), texts, strict=True):
        _same(got, _reference_align(claim, text))


@settings(max_examples=200, deadline=None)
@given(_tokens(12), _tokens(20), _tokens(20))
def test_two_sentences_hold_the_claim_words_as_their_keys_joined_do(claim_tokens, first, second):
    """`_across_sentences` tests the union of the claim words each sentence has, not the
    union of the sentences' keys: the same answer."""
    from evidence_eval.match.claims import Claim as _Claim

    def keys(tokens: Sequence[Token]) -> frozenset[str]:
        return frozenset(key for t in tokens for key in (t.key, t.stem, t.category) if key)

    claim = _Claim("", claim_tokens, None)
    union = keys(first) | keys(second)
    before = all(t.key in union or (t.stem or "") in union for t in claim_tokens if t.weight)
    held = (claim.weighted_key_set & keys(first)) | (claim.weighted_key_set & keys(second))
    assert claim.all_keys_in(held) == before


@settings(max_examples=200, deadline=None)
@given(st.lists(_tokens(8), min_size=1, max_size=2), st.lists(_tokens(10), min_size=0, max_size=6))
def test_pairs_holding_the_claim_are_those_whose_keys_joined_hold_it(claims_tokens, sentences_tokens):
    from types import SimpleNamespace

    from evidence_eval.match.claims import Claim as _Claim
    from evidence_eval.match.claims import pairs_holding as _pairs_holding

    def keys(tokens: Sequence[Token]) -> frozenset[str]:
        return frozenset(key for t in tokens for key in (t.key, t.stem, t.category) if key)

    claims = [_Claim("", tokens, None) for tokens in claims_tokens]
    sentences = [SimpleNamespace(keys=keys(tokens)) for tokens in sentences_tokens]
    before = [
        index
        for index in range(len(sentences) - 1)
        if any(
            all(t.key in union or (t.stem or "") in union for t in claim.tokens if t.weight)
            for claim in claims
            for union in (sentences[index].keys | sentences[index + 1].keys,)
        )
    ]
    assert _pairs_holding(claims, sentences) == before


@settings(max_examples=200, deadline=None)
@given(_tokens(12), st.lists(_tokens(10), min_size=0, max_size=5))
def test_claim_shares_are_each_sentences_shared_share(claim_tokens, sentences_tokens):
    from dataclasses import replace

    from evidence_eval.match.claims import Claim as _Claim
    from evidence_eval.match.claims import shared_share as _shared_share
    from evidence_eval.match.sentences import analyze_sentence as _analyze

    claim = _Claim("", claim_tokens, None)
    blank = _analyze(0, "", "en")
    sentences = [
        replace(
            blank, tokens=tokens, keys=frozenset(k for t in tokens for k in (t.key, t.stem, t.category) if k)
        )
        for tokens in sentences_tokens
    ]
    assert claim.shares(sentences) == [_shared_share(claim, sentence) for sentence in sentences]
