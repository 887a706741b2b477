"""The normaliser's whole-string routes (`LoweringFold`, the space patterns, `Stretches`)
against the definition they replaced: the session-8 implementation of `nfkc-fold.v3`,
written out below character by character (each character folded by the table, whitespace
runs collapsed, each space classed by its neighbours)."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import normalize as N
from tests.conftest import REAL_TEXTS
from tests.drawn import hard_texts, tails

# What the realistic traces lack: line breaks, tabs, list bullets, zero-width and other spaces,
# full-width Latin, emoji (flags, skin tones, joiners), combining marks, Greek capitals, wide planes.
CRAFTED = [
    "申请材料：\n- 身份证\n- 房产证（原件）\r\n* 户口簿\t复印件",
    "Proof  of\r\nPURCHASE within １５ days — see “Form B”\u3000and ﬁle it…",
    "ＡＢＣ公司于２０２１年１２月３日成立，注册资本ＵＳ＄１.５ｍｉｌｌｉｏｎ。",
    "維修資金使用申請書須於十五個工作日內提交。 業主大會決定：",
    "zero\u200bwidth\u200c and\u00a0no-break\u202fspaces\u2009and\u2003em\u205fspace",
    "Café naïve coöperate e\u0301 a\u0308 Å Ω K ß ẞ İstanbul ǅ ŉ",
    "ΟΔΥΣΣΕΥΣ ΣΟΦΟΣ. Σ σ ς ΑΣ ΑΣ. ΑΣΑ",
    "Thumbs 👍🏽 up, flags 🇺🇸 🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f, family 👨\u200d👩\u200d👧.",
    "CJK ext B 𠀀𠀁 and G \U00030000\U00030001 and a math 𝐀𝐁 letter, ⼀⼆ radicals",
    "English words 与中文 mixed: iPhone 13 的价格是 ¥5,999 元（约 $900）; see p. 3 …",
    "Line one\n\nLine two\x0bthree\x0cfour\x1cfive\x1dsix\x85seven\u2028eight\u2029nine",
    "  leading and trailing  \n",
    "• bullet one\n▪ bullet two\n- 5% minus\n1. numbered",
    "Cherokee ᏣᎳᎩ ꮳꮃꭹ and Georgian Ა ა, Turkish ı I İ i",
    "¨ ¯ ´ ¸ ¼ ½ ﬀ ﬃ ㈱ ㍿ ℡ ™ № Ⅻ ⑳ ⒜ ﾃﾞｽﾄ ｶﾞ",
    "「引号」『书名』〔注〕〈篇〉《书》【标题】—— ～ ‐ ‑ ‒ – ― －",
    "",
    " ",
    "\n\t ",
]


def _is_glue_as_defined(char: str) -> bool:
    code = ord(char)
    cjk = (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2FFFF
        or 0xF900 <= code <= 0xFAFF
        or 0x3040 <= code <= 0x30FF
        or 0xAC00 <= code <= 0xD7AF
    )
    return cjk or unicodedata.category(char).startswith("P")


def _classes(text: str) -> str:
    return "".join(" " if c.isspace() else "g" if _is_glue_as_defined(c) else "o" for c in text)


def _defined_text(text: str) -> str:
    """Session 8's `_normalized_text`: fold, collapse each whitespace run to a space, drop each
    space without an "other" character on one side."""
    collapsed = re.sub(r"\s+", " ", N._unmarked(text).translate(N._TABLE))
    drops = {match.start() for match in re.finditer(r" (?:(?<!o )|(?!o))", _classes(collapsed))}
    return "".join(char for index, char in enumerate(collapsed) if index not in drops)


def _defined_origin(text: str) -> list[int]:
    """Session 8's `_origin`: each folded character's source index, less the dropped runs."""
    parts = [N._TABLE[ord(char)] for char in N._unmarked(text)]
    folded = "".join(parts)
    base = [index for index, part in enumerate(parts) for _ in part]
    origin, cursor = [], 0
    for match in re.finditer(r" (?:(?<!o ) *| *+(?!o))", _classes(folded)):
        origin += base[cursor : match.start()]
        cursor = match.end()
    return [*origin, *base[cursor:], len(text)]


def assert_as_defined(text: str) -> None:
    norm = N.normalize(text)
    assert norm.text == _defined_text(text)
    origin = _defined_origin(text)
    assert list(norm.origin) == origin
    assert len(norm.origin) == len(origin)
    for start in range(len(norm.text) + 1):
        assert norm.origin[start] == origin[start]
        assert norm.origin[start - len(origin)] == origin[start]
        for end in range(start, min(len(norm.text), start + 12) + 1):
            expected = (
                (origin[start], origin[start]) if end <= start else (origin[start], origin[end - 1] + 1)
            )
            assert norm.original_span(start, end) == expected
    with pytest.raises(IndexError):
        norm.origin[len(origin)]


@pytest.mark.parametrize("text", REAL_TEXTS + CRAFTED)
def test_real_and_crafted_texts_normalise_as_defined(text):
    assert_as_defined(text)


def test_real_texts_cut_anywhere_normalise_as_defined():
    for text in REAL_TEXTS:
        for start in range(0, len(text), 11):
            assert_as_defined(text[start : start + 29])


_TRICKY = st.sampled_from(
    list(" \t\n\r\x0b\x1c\x85\u2028\u2029\u00a0\u3000\u200b\u200d-*•")
    + list("aZ申請，。、“”…ﬁ¨ﾃﾞ①ＡａΣσςİıßẞǅᏣꮳ́😀🏽🇺\U00030000\U000e0067𝐀")
)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.text(_TRICKY, max_size=30),
        st.lists(_TRICKY | st.text(max_size=3)).map("".join),
        hard_texts(),
    )
)
def test_any_text_normalises_as_defined(text):
    """Each drawn text, and it without its first character and without its first half (a list
    marker or a space run at the start): three texts an example, where a draw costs hypothesis
    ten checks."""
    for cut in tails(text, (1, len(text) // 2)):
        assert_as_defined(cut)


def test_every_whitespace_character_but_the_space_is_unprintable():
    """`_normalized_text` takes a printable folded text for one whose only whitespace is " "."""
    spaces = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert [char for char in spaces if char.isprintable()] == [" "]


def test_every_ascii_character_folds_to_one():
    """`LoweringFold.fold` takes ASCII folds for one character each (the offsets stay)."""
    assert all(len(N._TABLE[code]) == 1 for code in range(128))


@pytest.mark.parametrize("plane", N._PLANES[:2])
def test_other_class_holds_what_is_neither_space_nor_glue(plane):
    other = re.compile(N._other_class(plane))
    everything = "".join(map(chr, range(plane)))
    expected = [c for c in everything if not c.isspace() and not _is_glue_as_defined(c)]
    assert other.findall(everything) == expected


def test_other_class_of_every_plane_holds_what_is_neither_space_nor_glue():
    other = re.compile(N._other_class(N._PLANES[-1]))
    wide = "".join(map(chr, range(N._PLANES[1], sys.maxunicode + 1, 7)))
    assert other.findall(wide) == [c for c in wide if not c.isspace() and not _is_glue_as_defined(c)]


def _table(mapping: dict[str, str]) -> N.FoldTable:
    return N.FoldTable(lambda char: mapping.get(char, char))


@settings(max_examples=300, deadline=None)
@given(st.text("aAbBcCxX\u0130\u03a3\u03c3\u03c2 .", max_size=20))
def test_lowering_fold_gives_the_tables_fold_or_none(text):
    """On a table that folds a chain (a -> b -> c: not settled), a character to two (x -> "yz"),
    an uppercase one otherwise than `str.lower` (B -> "c"), and one whose lowered form is two
    characters (İ, kept), the route gives the table's fold or gives up."""
    table = _table(
        {"a": "b", "b": "c", "x": "yz", "X": "yz", "B": "c", "A": "a", "\u03a3": "\u03c3", "\u03c2": "\u03c3"}
    )
    folded = N.LoweringFold(table).fold(text)
    if folded is not None:
        assert folded[0] == "".join(table[ord(char)] for char in text)
        assert sorted(folded[1]) == sorted({char for char in text if len(table[ord(char)]) != 1})
    assert (folded is None) == bool(set(text) & {"a", "A", "C", "\u0130"})  # C is kept, lowered to c


def test_lowering_fold_learns_its_class_and_stays_exact():
    lowering = N.LoweringFold(N._TABLE)
    chinese = "維修資金的申請，須在十五個工作日內提交。ＡＢＣ１２３「業主」ΑΣ ΟΔΟΣ"
    for round_ in range(3):
        text = "".join(chr(0x4E00 + 97 * round_ + i) for i in range(400)) + chinese
        folded = lowering.fold(text)
        assert folded is not None and folded[0] == text.translate(N._TABLE)
    assert len(lowering._lowered) >= N._RECOMPILE_AT  # the class was compiled: the fast route was taken
    assert lowering.fold(chinese) == (
        '维修资金的申请,须在十五个工作日内提交.abc123"业主"ασ οδοσ',
        [],
        N._PLANES[0],
    )
