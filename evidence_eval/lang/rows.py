"""The row types of a lexicon: each row names what it is and where it acts.

A row is data: a rule reads a lexicon by a row's `name`, never by its words. Several rows may
share a name (within a language, or across a language and `common`): a rule then reads their
union (`Lexicon.words`) or the alternation of their patterns (`Lexicon.pattern`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Where a row's words act, relative to a fact's match in an answer sentence (or a quote's in an
# item): the rule reading it says the same in its docstring.
Acts = Literal[
    "before",  # in the clause before the match
    "inside",  # among the matched words
    "after",  # right after the match
    "clause",  # anywhere in the match's clause
    "sentence",  # anywhere in the sentence
    "previous-sentence",  # in the sentence a pronoun points back to
    "next-sentence",  # as the whole next sentence
    "name",  # next to, or inside, a matched name
    "value",  # next to a matched value
    "markup",  # the answer's markup, before anything is read
    "quote",  # a span's quote and the item that holds it
]


@dataclass(frozen=True)
class Words:
    """Words or phrases, matched as whole tokens or as a phrase's start (as the rule says)."""

    name: str
    acts: Acts
    doc: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Pattern:
    """A regular expression, for what a word list cannot say (a slot between two words)."""

    name: str
    acts: Acts
    doc: str
    regex: str
    ignore_case: bool = False


@dataclass(frozen=True)
class Pairs:
    """A mapping: a pronoun and what its antecedent is written with in its place."""

    name: str
    acts: Acts
    doc: str
    pairs: tuple[tuple[str, str], ...]


Row = Words | Pattern | Pairs


def words(name: str, acts: Acts, doc: str, listed: str) -> Words:
    """A `Words` row from `|`-separated words (a phrase may hold spaces)."""
    return Words(name, acts, doc, tuple(listed.split("|")))
