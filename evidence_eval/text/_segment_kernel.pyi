from collections.abc import Callable, Iterable
from typing import Any

def best_route(
    block: str, freq: dict[str, int], weights: dict[Any, float], table: bytes | None, /
) -> list[int]: ...
def freq_table(freq: dict[str, int], weights: dict[Any, float], /) -> bytes | None: ...
def route_words(
    block: str,
    route: list[int],
    freq: dict[str, int],
    hmm_cut: Callable[[str], Iterable[Any]],
    tags: dict[str, str] | tuple[bytes, tuple[str, ...]] | None,
    /,
) -> list[Any]: ...
def finalseg_cut(obs: str, tables: tuple[Any, ...], /) -> list[str]: ...
def posseg_route(obs: str, model: tuple[Any, ...], /) -> list[Any] | None: ...
def seen_in(
    char: str,
    char_states: dict[str, Any],
    number: dict[Any, int],
    emit: list[dict[str, float]],
    min_float: float,
    /,
) -> bytes | None: ...
def route_names(
    block: str,
    route: list[int],
    freq: dict[str, int],
    tagged_run: Callable[[str], Iterable[tuple[str, str]]],
    tags: dict[str, str] | tuple[bytes, tuple[str, ...]],
    wanted: frozenset[str],
    offset: int,
    /,
) -> list[tuple[int, int]] | None: ...
def word_spans(words: list[str], /) -> list[tuple[int, int]]: ...
