"""How much a word tells: rare words weigh more than common ones (`rarity.v1`).

A fact's units are weighed by how rare their word is in the language (wordfreq's Zipf
frequency: 7 for "the", about 3 for "refund", below 2 for a rare name): what an answer must
have said to be about the fact at all. Critical tokens (values, modals, bounds...) weigh most.
The frequency lists ship in wordfreq's wheel; they are read once, when a fact is first weighed
(or before `--jobs` workers fork: `preload`), and the weights kept for the next run.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from ..io.kept import kept_path, read_kept, write_kept

NAME = "rarity.v1"
CRITICAL_WEIGHT = 1.5  # a value, modal, bound...: the point of many facts
COMMONEST = 7.0  # Zipf frequency of the commonest words ("the", 的): weight 0 before the floor
SPAN = 4.0  # Zipf frequencies below COMMONEST - SPAN (rarer than about 1 in 10,000 words) weigh 1
FLOOR = 0.25  # even a common content word says something
RARE_BUCKET = int((9.0 - (COMMONEST - SPAN)) * 100)  # from this bucket on (Zipf 3) a word weighs 1


@cache
def _weights(language: str) -> dict[str, float]:
    """The weight of every word wordfreq's large list puts above Zipf 3 (rarer words weigh 1, as
    unknown ones do), as `_list_weights` reads them, or as a former run kept them for this
    list file and this module (0.13 s -> 0.02 s for Chinese, 0.08 s -> 0.01 s for English)."""
    from importlib.util import find_spec

    spec = find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("wordfreq is not installed: pip install wordfreq")
    key = "zh" if language.startswith("zh") else "en"
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / f"large_{key}.msgpack.gz"
    kept_at = _kept_weights_path(path)
    kept = read_kept(kept_at) if kept_at is not None else None
    if type(kept) is dict:
        return kept
    weights = _list_weights(path)
    if kept_at is not None:
        write_kept(kept_at, weights)
    return weights


def _kept_weights_path(path: Path) -> Path | None:
    """Where the weights of the list at `path` are kept: named by the list file's path, size
    and modification time, this module's, and the constants the weights are made with (a
    changed weight is a new file, even where an install keeps a file's size and time). None:
    a file is missing, or there is no temp folder."""
    try:
        files = [(str(file), file.stat().st_size, file.stat().st_mtime_ns) for file in (path, Path(__file__))]
    except OSError:
        return None
    return kept_path(NAME, [*files, (COMMONEST, SPAN, FLOOR, RARE_BUCKET)])


def _list_weights(path: Path) -> dict[str, float]:
    """The weights read straight from the list's data file (gzip + msgpack: wordfreq's cBpack,
    one bucket a centibel, bucket i holding Zipf 9 - i/100): importing wordfreq itself costs
    more than the list."""
    import gzip

    import msgpack  # wordfreq's own dependency

    with gzip.open(path, "rb") as packed:
        buckets = msgpack.load(packed, raw=False)[1:]
    weights: dict[str, float] = {}
    for index, bucket in enumerate(buckets[:RARE_BUCKET]):
        weight = _weight(9.0 - index / 100)
        for word in bucket:
            weights.setdefault(word, weight)
    return weights


def _weight(zipf: float) -> float:
    return min(1.0, max(FLOOR, (COMMONEST - zipf) / SPAN))


def preload(languages: Iterable[str]) -> None:
    """Read the lists of `languages` now (before `--jobs` workers fork: read once, shared)."""
    for language in languages:
        _weights(language)


def word_weight(key: str, language: str) -> float:
    """The weight of a content word's key (its lemma or stem): in [FLOOR, 1]; 1 for a word the
    list does not know (a name, a code, a rare term) or puts at Zipf 3 or below."""
    return _weights(language).get(key, 1.0)
