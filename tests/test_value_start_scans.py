"""The start classes scanned in a text's small letters (`values._IN_SMALL_LETTERS`, where
`_in_small_letters` gives them) give the positions their regexes (`values._STARTS`, under
IGNORECASE) give; `_may_decline`'s early exit changes no token."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import tokens as T
from evidence_eval.text import values as V
from tests.drawn import HARD, Letters, joined_pieces, tails

_PIECES = (
    "one Two THIRTY a An A half Half first Second twice Thrice May MAR march Jan sept Dec december "
    "between Between BETWEEN inbetween us$ US$ Us$ usd USD hk$ HKD rmb RMB cny eur Euro gbp jpy $ "
    "¥ ￥ € £ 人民币 5 12 1,000 week Weeks hundred quarter thirds - , . ' x the of "
    "é É ü Ω Σ ǅ ſix Kelvin İ ı ﬁ ß Ⅰ ⓐ 十五 半"
).split()
_TEXT = joined_pieces([_PIECES, [" ", " ", "", "-", "\n", "\u00a0"], Letters("aAbB $-.éſK", 3), HARD], 14)


def _regex_positions(name: str, text: str) -> list[int]:
    return [match.start() for match in V._STARTS[name].finditer(text)]


@settings(max_examples=500, deadline=None)
@given(_TEXT | st.text(max_size=20) | st.text(st.characters(max_codepoint=127), max_size=20))
def test_starts_in_small_letters_are_the_regexes_starts(text):
    """Each drawn text and every suffix of it (one cut into a piece, a word, a currency sign)."""
    for suffix in tails(text):
        lowered = V._in_small_letters.__wrapped__(suffix)
        if lowered is None:
            continue
        for name, scan in V._IN_SMALL_LETTERS.items():
            assert scan(lowered) == _regex_positions(name, suffix), (name, suffix)


def test_real_shaped_texts_are_read_in_small_letters():
    texts = [
        "Between $5 and US$ 10, One week",
        "Café: between 3 and Four Weeks, €5",
        "naïve HKD 5 — between a Half",
    ]
    for text in texts:
        lowered = V._in_small_letters.__wrapped__(text)
        assert lowered is not None
        for name, scan in V._IN_SMALL_LETTERS.items():
            assert scan(lowered) == _regex_positions(name, text) != [], (name, text)
    assert V._in_small_letters.__wrapped__("İstanbul one") is None  # İ: two small letters
    assert V._in_small_letters.__wrapped__("ſix days") is None  # IGNORECASE reads ſ as s
    assert V._in_small_letters.__wrapped__("十五天 one") is None  # Chinese: read with IGNORECASE


def test_the_patterns_read_in_small_letters_have_no_capital_and_no_case_flag():
    """A capital escape (\\W, \\D, \\S) would read differently after `lower`."""
    words = V._STARTS["words"]
    assert words.flags & re.IGNORECASE and words.pattern == words.pattern.lower()
    assert not V._WORD_STARTS_IN_SMALL_LETTERS.flags & re.IGNORECASE
    assert V._STARTS["between"].pattern == "between"
    assert all(prefix == prefix.lower() for prefix in V._CURRENCY_PREFIX)


def test_every_character_reads_alike_in_small_letters():
    """Every character but those `_in_small_letters` turns away (ſ, K, İ, ı and a small letter of
    two characters): IGNORECASE matches it with an ASCII letter or a currency sign exactly where
    its small letter is that one, and it is a word character, a space or a digit exactly where its
    small letter is."""
    literals = sorted(
        {char for prefix in V._CURRENCY_PREFIX for char in prefix} | set("abcdefghijklmnopqrstuvwxyz-")
    )
    any_literal = f"[{''.join(re.escape(char) for char in literals)}]"
    assert all(re.match(re.escape(small), small) for small in literals)
    # every character read, each regex run over all of them at once (one position a character)
    chars = [chr(code) for code in range(sys.maxunicode + 1)]
    chars = "".join(char for char in chars if char not in V._FOLDED_TO_ASCII and len(char.lower()) == 1)
    smalls = "".join(char.lower() for char in chars)  # one by one: no final sigma
    assert len(smalls) == len(chars)
    differing = _positions(re.compile(any_literal, re.IGNORECASE), chars) ^ _positions(
        re.compile(any_literal), smalls
    )
    for kind in (re.compile(r"\w"), re.compile(r"\s"), re.compile(r"\d")):
        differing |= _positions(kind, chars) ^ _positions(kind, smalls)
    wrong = [chars[position] for position in sorted(differing)]
    assert not wrong, wrong[:10]


def _positions(pattern: re.Pattern[str], text: str) -> set[int]:
    """Where `pattern` matches one character of `text`."""
    return {match.start() for match in pattern.finditer(text)}


def test_literal_gates_are_plain_literals():
    """Searched whatever the number of starts: each is a literal or a class of literals, no
    IGNORECASE (test_value_starts.py checks that the gates change no value)."""
    assert {gate.pattern for gate in V._LITERAL_GATES} == {
        ":",
        "/",
        "年",
        "月",
        "第",
        "分之",
        "百分之",
        "[点時时]",
    }
    assert not any(gate.flags & re.IGNORECASE for gate in V._LITERAL_GATES)


def _may_decline_looping(tokens, text):
    """`_may_decline` before its early exit: the loop over every pair."""
    for index in range(len(tokens) - 1):
        modal, following = tokens[index], tokens[index + 1]
        declines = text[following.start : following.end] in T._DECLINE
        if modal.key == T.MAY and not modal.negates and declines and following.start == modal.end:
            tokens[index] = T.Token(modal.start, modal.end, T._NEED, "modal", 1)
            tokens[index + 1] = T.Token(following.start, following.end, "neg:moved", "function")
    return tokens


@pytest.mark.parametrize(
    "text",
    [
        "员工可以拒绝加班。",
        "你可以谢绝邀请",
        "可以免费退货",
        "不可以拒绝",
        "可以婉拒，也可以接受",
        "拒绝可以",
    ],
)
def test_may_decline_exits_early_with_the_same_tokens(text, monkeypatch):
    may_decline = T._may_decline
    monkeypatch.setattr(T, "_may_decline", lambda tokens, _: tokens)
    norm = T.normalize_cached(text)
    tokens = T._tokens(norm, T.segmenter_for("zh"), False)
    assert may_decline(list(tokens), norm.text) == _may_decline_looping(list(tokens), norm.text)
