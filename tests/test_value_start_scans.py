"""The start classes scanned in an ASCII text's small letters (`values._ASCII_STARTS`) give the
positions their regexes (`values._STARTS`, under IGNORECASE) give; `_may_decline`'s early exit
changes no token."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import tokens as T
from evidence_eval.text import values as V

_ASCII_PIECES = (
    "one Two THIRTY a An A half Half first Second twice Thrice May MAR march Jan sept Dec december "
    "between Between BETWEEN inbetween us$ US$ Us$ usd USD hk$ HKD rmb RMB cny eur Euro gbp jpy $ "
    "5 12 1,000 week Weeks hundred quarter thirds - , . ' x the of"
).split()
_ASCII_TEXT = st.lists(
    st.sampled_from(_ASCII_PIECES)
    | st.sampled_from([" ", " ", "", "-", "\n"])
    | st.text("aAbB $-.", max_size=3),
    max_size=14,
).map("".join)


def _regex_positions(name: str, text: str) -> list[int]:
    return [match.start() for match in V._STARTS[name].finditer(text)]


@settings(max_examples=1500, deadline=None)
@given(_ASCII_TEXT | st.text(st.characters(max_codepoint=127), max_size=20))
def test_ascii_starts_are_the_regexes_starts(text):
    for name, scan in V._ASCII_STARTS.items():
        assert scan(text.lower()) == _regex_positions(name, text), name


def test_ascii_scans_cover_every_ascii_start_and_are_read_in_small_letters():
    """The word pattern runs without IGNORECASE on small letters: its source has no capital (no
    \\W, \\D, \\S either, which `lower` would change), and the currency prefixes left out of
    `str.find` are not ASCII."""
    words = V._STARTS["words"]
    assert words.flags & re.IGNORECASE and words.pattern == words.pattern.lower()
    assert not V._WORD_STARTS_IN_SMALL_LETTERS.flags & re.IGNORECASE
    assert V._STARTS["between"].pattern == "between"
    ascii_prefixes = [prefix for prefix in V._CURRENCY_PREFIX if prefix.isascii()]
    assert all(prefix == prefix.lower() for prefix in ascii_prefixes)
    text = " ".join(V._CURRENCY_PREFIX).upper() + " BETWEEN One a week"
    for name, scan in V._ASCII_STARTS.items():
        ascii_text = text.encode("ascii", "ignore").decode()
        assert scan(ascii_text.lower()) == _regex_positions(name, ascii_text) != []


def test_literal_gates_are_plain_literals():
    """Searched whatever the number of starts: each is a literal or a class of literals, no
    IGNORECASE (test_value_starts.py checks that the gates change no value)."""
    assert {gate.pattern for gate in V._LITERAL_GATES} == {":", "/", "年", "月", "第", "分之", "百分之", "[点時时]"}
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
    "text", ["员工可以拒绝加班。", "你可以谢绝邀请", "可以免费退货", "不可以拒绝", "可以婉拒，也可以接受", "拒绝可以"]
)
def test_may_decline_exits_early_with_the_same_tokens(text, monkeypatch):
    may_decline = T._may_decline
    monkeypatch.setattr(T, "_may_decline", lambda tokens, _: tokens)
    norm = T.normalize_cached(text)
    tokens = T._tokens(norm, T.segmenter_for("zh"), False)
    assert may_decline(list(tokens), norm.text) == _may_decline_looping(list(tokens), norm.text)
