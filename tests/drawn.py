"""Generated texts of pieces, drawn in one draw: hypothesis spends most of a small property
test's time in its draws, and `st.lists(st.one_of(...)).map("".join)` makes three or more a
piece. Here each piece is two bytes of one `st.binary` draw, decoded into the same choices:
one of the kinds (as `one_of`, each as likely), then a piece of that kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st


@dataclass(frozen=True)
class Letters:
    """A kind of piece: `max_size` characters or fewer of `alphabet`, as `st.text(alphabet, max_size=...)`."""

    alphabet: str
    max_size: int


Kind = Sequence[str] | Letters  # a sequence: one of its pieces, as `st.sampled_from`
_CODES = 1 << 16  # two bytes a piece


def joined_pieces(kinds: Sequence[Kind], max_pieces: int) -> st.SearchStrategy[str]:
    """Up to `max_pieces` pieces joined; all zero bytes (where shrinking goes) are the first
    kind's first piece (or no letters)."""
    for kind in kinds:
        if isinstance(kind, Letters):  # every string of letters has a code
            assert len(kind.alphabet) ** kind.max_size * (kind.max_size + 1) * len(kinds) <= _CODES

    @st.composite
    def draw_joined(draw: st.DrawFn) -> str:
        count = draw(st.integers(0, max_pieces))
        codes = draw(st.binary(min_size=2 * count, max_size=2 * count))
        return "".join(_piece(kinds, int.from_bytes(codes[i : i + 2])) for i in range(0, 2 * count, 2))

    return draw_joined()


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
