from collections.abc import Callable, Sequence

from ..text.tokens import Token
from .align import Alignment, Pair

def configure(
    pair: type[Pair],
    alignment: type[Alignment],
    pair_kind: Callable[[Token, Token], str],
    antonym_keys: frozenset[str],
    kinds: tuple[str, str, str, str, str, str],
    costs: tuple[int, int, int, int, int],
    /,
) -> None: ...
def align(
    claim_codes: bytes, claim: Sequence[Token], texts: list[tuple[bytes, Sequence[Token]]], /
) -> list[Alignment]: ...
def codes(tokens: Sequence[Token], ids: dict[str | None, int], /) -> bytes: ...
