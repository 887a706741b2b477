"""The per-text caches of the matcher, owned by the scoring run.

Normalised texts, tokens, values, fact claims and fuzzy alignments are cached per text (a
context item is matched against every span of every sub-question of its query, a fact surface
against every sentence). Each cache is bounded (`lru_cache(maxsize=...)`), and a run empties
them when it ends: memory does not stay pinned in a long-lived process that called `score`,
and no run's figures can depend on what an earlier run left behind.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..match.claims import claim_for
from ..match.facts import decisions
from ..match.spans import document_pieces, framing, fuzzy_in_text
from ..text.cues import breaks_in, word_cue
from ..text.normalize import normalize_cached
from ..text.segment import (
    _allowed,
    _block_route,
    _block_words,
    _emissions,
    _finalseg_words,
    _freq_table,
    _is_noun,
    _log_weights,
    _seen_in,
    _tagged_run,
    _unforced_dictionary,
)
from ..text.tokens import _english_stem, _named_tokens, _unnamed_tokens, tokenize, word_template
from ..text.values import _find_values


class _Cached(Protocol):
    def cache_info(self) -> Any: ...
    def cache_clear(self) -> None: ...


TEXT_CACHES: dict[str, _Cached] = {
    "normalize": normalize_cached,
    "values": _find_values,
    "cues": word_cue,
    "clause breaks": breaks_in,
    "nouns": _is_noun,
    "jieba weights": _log_weights,
    "jieba dictionaries": _unforced_dictionary,
    "jieba dictionary table": _freq_table,
    "routes of Chinese clauses": _block_route,
    "words of Chinese clauses": _block_words,
    "name tags of unknown runs": _tagged_run,
    "words of unknown runs": _finalseg_words,
    "name tag emissions of a character": _emissions,
    "name tag states of a character": _allowed,
    "name tag states of a character (kernel)": _seen_in,
    "stems": _english_stem,
    "words": word_template,
    "tokens": tokenize,
    "tokens without names": _unnamed_tokens,
    "tokens with names": _named_tokens,
    "claims": claim_for,
    "sentence decisions": decisions,
    "fuzzy": fuzzy_in_text,
    "framing": framing,
    "clause pieces around spans": document_pieces,
}


def cache_sizes() -> dict[str, tuple[int, int | None]]:
    """(entries, bound) of each cache."""
    return {
        name: (cache.cache_info().currsize, cache.cache_info().maxsize) for name, cache in TEXT_CACHES.items()
    }


def clear_caches() -> None:
    for cache in TEXT_CACHES.values():
        cache.cache_clear()
