"""Generated texts of pieces, drawn in one draw: hypothesis spends most of a small property
test's time in its draws, and `st.lists(st.one_of(...)).map("".join)` makes three or more a
piece. Here each piece is a few bytes of one `st.binary` draw, decoded into the same choices:
one of the kinds (as `one_of`, each as likely), then a piece of that kind."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from evidence_eval.text.normalize import _MARKER_FORMS


@dataclass(frozen=True)
class Letters:
    """A kind of piece: `max_size` characters or fewer of `alphabet`, as `st.text(alphabet, max_size=...)`."""

    alphabet: str
    max_size: int


Kind = Sequence[str] | Letters  # a sequence: one of its pieces, as `st.sampled_from`


def joined_pieces(kinds: Sequence[Kind], max_pieces: int, min_pieces: int = 0) -> st.SearchStrategy[str]:
    """`min_pieces` to `max_pieces` pieces joined; all zero bytes (where shrinking goes) are
    the first kind's first piece (or no letters)."""
    choices = max(map(_choices, kinds)) * len(kinds)
    width = max(2, (choices.bit_length() + 7) // 8)  # bytes a piece: enough for every choice

    @st.composite
    def draw_joined(draw: st.DrawFn) -> str:
        count = draw(st.integers(min_pieces, max_pieces))
        codes = draw(st.binary(min_size=width * count, max_size=width * count))
        return "".join(
            _piece(kinds, int.from_bytes(codes[i : i + width])) for i in range(0, width * count, width)
        )

    return draw_joined()


def _choices(kind: Kind) -> int:
    if isinstance(kind, Letters):
        return len(kind.alphabet) ** kind.max_size * (kind.max_size + 1)
    return len(kind)


def _piece(kinds: Sequence[Kind], code: int) -> str:
    code, which = divmod(code, len(kinds))
    kind = kinds[which]
    if not isinstance(kind, Letters):
        return kind[code % len(kind)]
    code, length = divmod(code, kind.max_size + 1)
    letters = []
    for _ in range(length):
        code, letter = divmod(code, len(kind.alphabet))
        letters.append(kind.alphabet[letter])
    return "".join(letters)


def tails(text: str, starts: Iterable[int] | None = None) -> list[str]:
    """The text and its suffixes from `starts` (every start where None), each once, longest
    first. A suffix costs a regex or a reading microseconds where a drawn example costs
    hypothesis a millisecond, so one example can check several cuts (inside a piece, a word,
    a run of spaces) of what it drew."""
    chosen = range(len(text)) if starts is None else starts
    return [text[start:] for start in sorted({0, *(min(start, len(text)) for start in chosen)})]


def markup_texts() -> st.SearchStrategy[str]:
    """Texts of the normaliser's list-marker alphabet (`st.text()` seldom draws a bullet before
    whitespace): every marker form, whitespace of several kinds, what folds to a number, glue
    and letters."""
    alphabet = [*_MARKER_FORMS, *" \t\n\r\u3000\xa0\x0b", *"5５²,，.(x申"]
    return st.text(st.sampled_from(alphabet), max_size=12)


# What real documents carry and alphabets of a few letters seldom draw, as one kind of pieces
# (a sequence: one of them a piece) for `joined_pieces`, or `hard_texts` on their own:
SPACES = [" ", "\t", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\xa0", "\u2028", "\u2029"]
SPACES += ["\u3000", "\u2009", "\u202f", "\u200b", "\ufeff"]  # ... and zero-width: no whitespace
# full-width and compatibility forms NFKC folds (to a sign, a digit, a number, letters), marks
FOLDED = ["＋", "５", "１２", "％", "①", "⑳", "㎡", "ﬁ", "²", "½", "Ⅻ", "ｶﾞ", "Ａｂ"]
FOLDED += ["e\u0301", "\u0301", "\u0308"]
SIGNS = ["−", "–", "—", "-", "+", "±", "～", "~"]
CURRENCY = ["￥", "＄", "€", "£", "¥", "$", "US$", "元"]
CJK_PUNCTUATION = [*"。，、；：「」（）！？《》…·", "——"]
GLUED = ["abc中文123", "iPhone15", "3.5%", "5万元", "第3条", "No.5", "15天", "20%以上"]
CHINESE_NUMERALS = [*"〇零两廿卅萬億貳叁十百千", "二十", "一百零五", "十五"]
HARD = [*SPACES, *_MARKER_FORMS, *FOLDED, *SIGNS, *CURRENCY, *CJK_PUNCTUATION, *GLUED, *CHINESE_NUMERALS]
HARD_CHARACTERS = "".join(sorted({char for piece in HARD for char in piece}))  # an alphabet of them


def hard_texts(max_pieces: int = 12) -> st.SearchStrategy[str]:
    """Texts of `HARD`'s pieces among a few letters of each script and digits: every whitespace
    kind, list markers in every form, what NFKC folds, signs, currency, CJK punctuation, scripts
    glued without spaces, Chinese numerals."""
    return joined_pieces([HARD, Letters("aZ申请 1", 2)], max_pieces)
