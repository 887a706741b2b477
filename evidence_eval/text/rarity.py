"""How much a word tells: rare words weigh more than common ones (`rarity.v1`).

A fact's units are weighed by how rare their word is in the language (wordfreq's Zipf
frequency: 7 for "the", about 3 for "refund", below 2 for a rare name): what an answer must
have said to be about the fact at all. Critical tokens (values, modals, bounds...) weigh most.
The frequency lists ship in wordfreq's wheel; they are read once, when a fact is first weighed.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

NAME = "rarity.v1"
CRITICAL_WEIGHT = 1.5  # a value, modal, bound...: the point of many facts
COMMONEST = 7.0  # Zipf frequency of the commonest words ("the", 的): weight 0 before the floor
SPAN = 4.0  # Zipf frequencies below COMMONEST - SPAN (rarer than about 1 in 10,000 words) weigh 1
FLOOR = 0.25  # even a common content word says something


@cache
def _frequencies(language: str) -> dict[str, float]:
    from wordfreq import get_frequency_dict

    return get_frequency_dict("zh" if language.startswith("zh") else "en")


@lru_cache(maxsize=65536)
def word_weight(key: str, language: str) -> float:
    """The weight of a content word's key (its lemma or stem): in [FLOOR, 1]."""
    frequency = _frequencies(language).get(key, 0.0)
    if frequency <= 0.0:
        return 1.0  # a word the list does not know: a name, a code, a rare term
    zipf = math.log10(frequency) + 9.0
    return min(1.0, max(FLOOR, (COMMONEST - zipf) / SPAN))
