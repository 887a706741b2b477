"""The stretches of a sentence it does not assert: what it says it does not know ("The context
does not say whether …", 资料中没有提到是否…), what it only asks about ("check whether …",
向客服确认是否…), and a direct question (the question a sentence ends with: from row
`question_starts` on, else the whole sentence; one in quotes, row `reported_speech`, is
`REPORTED`: no statement of the fact, but the graded support keeps its words, since the sentence
tells what someone asked, which a news reader takes as its gist).

Read on a sentence's normalised text (lower case, punctuation folded), by the rows
`unknown_frame`, `asking_frame` (the rest of the clause after them, or from their group `scope` on, up to row
`frame_ends`) and
`unknown_closing`, `asking_closing` (their named group: the question before a "… is not stated",
"… depends on"). The `question`
rule reads them, and the graded support gives their words no credit (`units.asserted_forms`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..lang import Lexicon, lexicon
from ..text.cues import is_question
from .required import may_match

# The kinds of frame, as a reason names them.
UNKNOWN = "unknown"  # the answer says it does not know
ASKED = "asked"  # an embedded question
QUESTION = "question"  # a direct question (from row `question_starts` to the sentence's end)
REPORTED = "reported"  # a question in quotes: someone asked it, and the sentence says so


@dataclass(frozen=True)
class Stretch:
    """Characters [start, end) of a normalised sentence that it does not assert, the frame
    that says so as written there, and its kind (`UNKNOWN`, `ASKED`)."""

    start: int
    end: int
    frame: str
    kind: str


@lru_cache(maxsize=32768)
def unasserted(text: str, language: str) -> tuple[Stretch, ...]:
    """The stretches of `text` (a normalised sentence) it does not assert, in order."""
    lex = lexicon(language)
    found = [*_forward(text, lex), *_closing(text, lex)]
    if is_question(text):
        found.append(_question(text, lex))
    return tuple(sorted(found, key=lambda s: (s.start, s.end)))


def _forward(text: str, lex: Lexicon) -> list[Stretch]:
    """Frames whose stretch follows them: the rest of the clause, or from group `scope` on."""
    ends = lex.pattern("frame_ends")
    found = []
    for name, kind in (("unknown_frame", UNKNOWN), ("asking_frame", ASKED)):
        for match in _matches(lex.pattern(name), text):
            start = match.start("scope") if match.groupdict().get("scope") else match.end()
            end = ends.search(text, match.end())
            found.append(Stretch(start, end.start() if end else len(text), match.group(0), kind))
    return found


def _closing(text: str, lex: Lexicon) -> list[Stretch]:
    """Frames after the question they cover: the stretch is their named group."""
    found = []
    for name, kind in (("unknown_closing", UNKNOWN), ("asking_closing", ASKED)):
        for match in _matches(lex.pattern(name), text):
            group = next((g for g, value in match.groupdict().items() if value), None)
            if group is not None:
                tail = text[match.end(group) : match.end()].lstrip(" ,")
                frame = f"{text[match.start() : match.start(group)]}…{tail}"
                found.append(Stretch(match.start(group), match.end(group), frame, kind))
    return found


def _matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`pattern`'s matches in `text`, the regex run only when `text` holds the literals every
    match holds (`required`: most sentences hold no frame)."""
    return pattern.finditer(text) if may_match(pattern, text) else iter(())


def _question(text: str, lex: Lexicon) -> Stretch:
    """The question a sentence ends with: from the last of row `question_starts` or of row
    `reported_speech` (a quotation mark: someone's question, `REPORTED`) on."""
    body = text.rstrip(" \"'`")  # a quotation mark that closes the question opens nothing
    quoted = [match.end() for match in lex.pattern("reported_speech").finditer(body)]
    opens = [match.end() for match in lex.pattern("question_starts").finditer(body)] + quoted
    start = max(opens, default=0)
    return Stretch(start, len(text), text[start:].strip(), REPORTED if quoted else QUESTION)


def has_frame(text: str, language: str) -> bool:
    """`text` (normalised) holds a frame of its own: a fact that says something is not known
    ("Officials did not say whether he was armed") is stated by the same frame."""
    return bool(unasserted(text, language))


def inside(stretches: tuple[Stretch, ...], start: int, end: int) -> Stretch | None:
    """The stretch that holds [start, end), if one does."""
    return next((s for s in stretches if s.start <= start and end <= s.end), None)
