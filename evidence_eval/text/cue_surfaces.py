"""Which written forms a token of some cue kinds can have: a substring test, made from the cue
tables, that rules a stretch out before it is cut into tokens (`tokens.tokenize`).

A token carries a negation (`negates`) or a cue category only where the text holds one of
these forms: a cue's phrase or word (`cues`: the phrase tables and the word tables of both
languages, since a Chinese text looks English words up too; a phrase read as a plain word or a
function word carries neither), a cue that `cues.phrase_cues` finds by pattern (满 before a
value, "used to" before a verb), a negating character of a Chinese word (`ZH_NEG_PREFIXES`:
不符合, 看不见), the English "n't", and a refusal after 可以 (`tokens._DECLINE`: the modal then
carries the negation). A stretch (as normalised) that holds none of them has no such token.
"""

from __future__ import annotations

import re
from functools import cache

from ..lang.compiled import PatternCodes
from . import cues, tokens
from .normalize import normalize_cached

# Cues `phrase_cues` finds by pattern, not in a table: category -> the fixed part they are written with.
_PATTERN_CUES = {"cond": ("满", "滿"), "hedge": ("used to",)}
_PLAIN = ("function", "word")  # what `tokens` makes of these phrases: no cue, no negation
_NEGATING_FORMS = (*cues.ZH_NEG_PREFIXES, "n't", *tokens._DECLINE)


@cache
def cue_surfaces(categories: frozenset[str], negating: bool) -> frozenset[str]:
    """Every written form of a token whose category is one of `categories` or, `negating`,
    that carries a negation."""
    tables = (cues._EN_PHRASES, cues._ZH_PHRASES, cues._EN_WORDS, cues._ZH_WORDS, cues._ZH_AFTER_VALUE)
    forms = {
        surface
        for table in tables
        for surface, cue in table.items()
        if cue.category not in _PLAIN and (cue.category in categories or (negating and cue.negates))
    }
    forms.update(surface for category in categories for surface in _PATTERN_CUES.get(category, ()))
    if negating:
        forms.update(_NEGATING_FORMS)
    return frozenset(forms)


def shortest_inside(forms: frozenset[str]) -> list[str]:
    """The forms no shorter form is part of: a text holds one of `forms` only if it holds one
    of these."""
    kept: list[str] = []
    for form in sorted(forms, key=lambda form: (len(form), form)):
        if not any(shorter in form for shorter in kept):
            kept.append(form)
    return kept


def shortest_endings(forms: frozenset[str]) -> tuple[str, ...]:
    """The forms no shorter form ends: a text ends with one of `forms` only if it ends with
    one of these."""
    kept: list[str] = []
    for form in sorted(forms, key=lambda form: (len(form), form)):
        if not form.endswith(tuple(kept)):
            kept.append(form)
    return tuple(kept)


_RE = PatternCodes("cue_surfaces")  # patterns built from the codes a former run kept


@cache
def cue_form_pattern(categories: frozenset[str], negating: bool) -> re.Pattern[str]:
    """A search for any written form of `cue_surfaces(categories, negating)` (the shortest
    ones: a text holds a longer form only where it holds one of them)."""
    return _RE.compile(cues.grouped_alternation(shortest_inside(cue_surfaces(categories, negating))))


def may_hold(text: str, categories: frozenset[str], negating: bool) -> bool:
    """Whether a token of `tokenize(text)` may be a cue of `categories` or, `negating`, carry a
    negation (False: none does, so the text need not be cut into tokens to find them)."""
    return cue_form_pattern(categories, negating).search(normalize_cached(text).text) is not None


@cache
def _negation_endings() -> tuple[str, ...]:
    forms = cue_surfaces(frozenset(), negating=True)
    return shortest_endings(frozenset(form.rstrip(" -") for form in forms))


def may_end_negated(text: str) -> bool:
    """Whether the last token of `tokenize(text)` may carry a negation with nothing but spaces
    and dashes after it in `text` (False: surely not). Such a token is a negating form, so a
    text normalised as it is must end with one; another text is not ruled out (its tokens'
    offsets are those of its normalised form)."""
    if normalize_cached(text).text != text:
        return True
    return text.rstrip(" -").endswith(_negation_endings())
