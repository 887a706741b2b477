"""The context actually sent: the retrieved items found in the prompt the model was given.

Logs keep the retrieved and reranked lists, but the context exists only as rendered prompt
text. Each item is looked for in that text, in this order:
1. `exact` / `normalized`: the item's text, after `nfkc-fold.v4` (whitespace, case, width,
   punctuation variants), anywhere in the prompt (chunks may start inside a word);
2. `aligned`: the evidence matcher's `locate_quote` (token alignment at `threshold`), for an
   item the template changed a little (markup stripped, a word escaped);
3. `cut`: the longest head of the item found in the prompt (the template or a token budget
   cut its tail), else the longest tail (its head cut), when at least `MIN_CUT` normalised
   characters long; or, shorter, when it holds at least `MIN_HAN_CUT` Han characters and is
   distinctive: it occurs once in the searched text and no other item of the trace holds it
   (so no other item starts, or ends, the same way). A Han character carries about a word:
   16 of them say more than the five or so words of 30 Latin characters, and the question a
   prompt repeats rarely copies 16 characters of a document; a Latin head that short ("The
   warranty covers") is too common to attribute.
An occurrence already taken by another item is not taken twice. The token alignment of step 2
costs about the cube of the item's length (4,000 characters: 3 s; one 100,000-character
document took 40 s), so a long item is aligned in pieces of `ALIGNED_PIECE` characters, each
where the one before ended; it is placed when every piece is. An item more than
`ALIGNABLE_LENGTH` times as long as the searched text is not aligned: it could not state
`threshold`% of its tokens there. The cost is then linear in the item's length. The `context` stage is the
items found, in the order they stand in the prompt, each with the text as it stands there:
a cut item keeps its cut text; an item not found is not in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...match.spans import locate_quote
from ...text.language import is_han
from ...text.normalize import Normalized, normalize
from .model import Prompt, PromptStats

CONTEXT_VARIABLES = ("context_str", "context")  # LlamaIndex, LangChain
MIN_CUT = 30  # normalised characters a cut item must keep to count as found
MIN_HAN_CUT = 16  # Han characters a shorter, distinctive cut must keep (see above)
ALIGNABLE_LENGTH = 2  # an item longer than this many times the searched text is not aligned
ALIGNED_PIECE = 1000  # characters of an item aligned at once (see above)
Kind = Literal["whole", "cut"]


@dataclass(frozen=True)
class Placed:
    """Where item `item` stands in the searched text: [start, end) in the original text."""

    item: int
    start: int
    end: int
    kind: Kind
    route: str
    text: str


def searched_text(prompt: Prompt, variables: Sequence[str] = CONTEXT_VARIABLES) -> tuple[str, str]:
    """The text to search and what it is: the first context template variable that the
    prompt holds (or any, when the export logged no messages), else the whole prompt."""
    for name in variables:
        value = prompt.variables.get(name)
        if isinstance(value, str) and value.strip():
            if not prompt.text or normalize(value).text in normalize(prompt.text).text:
                return value, f"variable:{name}"
    return prompt.text, "messages"


def place_items(
    texts: Sequence[str | None], prompt: str, *, language: str = "en", threshold: float = 90.0
) -> list[Placed | None]:
    """Each text's place in `prompt` (None where it is not there), first come first placed."""
    norm_prompt = normalize(prompt)
    norm_items = [normalize(text).text if text else "" for text in texts]
    taken: list[tuple[int, int]] = []
    placed: list[Placed | None] = []
    for index, text in enumerate(texts):
        found = None
        if text and norm_items[index]:
            others = [other for position, other in enumerate(norm_items) if position != index and other]
            found = _place(
                index, text, norm_items[index], others, prompt, norm_prompt, taken, language, threshold
            )
        if found is not None:
            taken.append((found.start, found.end))
        placed.append(found)
    return placed


def _place(
    index: int,
    text: str,
    norm_item: str,
    others: list[str],
    prompt: str,
    norm_prompt: Normalized,
    taken: list[tuple[int, int]],
    language: str,
    threshold: float,
) -> Placed | None:
    span = _free_occurrence(norm_item, norm_prompt, taken)
    if span is not None:
        start, end = span
        route = "exact" if prompt[start:end] == text else "normalized"
        return Placed(index, start, end, "whole", route, prompt[start:end])
    if len(norm_item) <= ALIGNABLE_LENGTH * len(norm_prompt.text):
        aligned = _aligned(text, prompt, language, threshold)
        if aligned is not None and not _overlaps(*aligned, taken):
            start, end = aligned
            return Placed(index, start, end, "whole", "aligned", prompt[start:end])
    return _cut(index, norm_item, others, prompt, norm_prompt, taken)


def _aligned(text: str, prompt: str, language: str, threshold: float) -> tuple[int, int] | None:
    """Where the token alignment places the item, piece after piece (see the docstring)."""
    span: tuple[int, int] | None = None
    for piece in _pieces(text):
        lo, hi = (0, len(prompt)) if span is None else (span[1], span[1] + len(piece) * 3 // 2 + 40)
        found = locate_quote(piece, prompt[lo:hi], threshold=threshold, language=language)
        if found is None or (span is not None and prompt[lo : lo + found[0]].strip()):
            return None  # a piece not there, or not where the one before ended
        span = (lo + found[0] if span is None else span[0], lo + found[1])
    return span


def _pieces(text: str) -> list[str]:
    """The item cut before a space near every ALIGNED_PIECE characters (one piece when shorter)."""
    pieces = []
    while len(text) > ALIGNED_PIECE:
        cut = text.rfind(" ", ALIGNED_PIECE * 9 // 10, ALIGNED_PIECE)
        cut = ALIGNED_PIECE if cut <= 0 else cut
        pieces.append(text[:cut])
        text = text[cut:]
    return [*pieces, text]


def _free_occurrence(
    needle: str, norm_prompt: Normalized, taken: list[tuple[int, int]]
) -> tuple[int, int] | None:
    """The first occurrence of normalised `needle` whose original span no item has taken."""
    position = norm_prompt.text.find(needle)
    while position >= 0:
        start, end = norm_prompt.original_span(position, position + len(needle))
        if not _overlaps(start, end, taken):
            return start, end
        position = norm_prompt.text.find(needle, position + 1)
    return None


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return any(start < other_end and other_start < end for other_start, other_end in taken)


def _cut(
    index: int,
    norm_item: str,
    others: list[str],
    prompt: str,
    norm_prompt: Normalized,
    taken: list[tuple[int, int]],
) -> Placed | None:
    pieces = [
        _attributable(found, others, norm_prompt)
        for found in (
            _longest(norm_item, norm_prompt, taken, from_start=True),
            _longest(norm_item, norm_prompt, taken, from_start=False),
        )
    ]
    head, tail = pieces
    best = max(pieces, key=lambda found: len(found[0]) if found else -1)
    if best is None:
        return None
    _, start, end = best
    return Placed(index, start, end, "cut", "head kept" if best is head else "tail kept", prompt[start:end])


def _attributable(
    found: tuple[str, int, int] | None, others: list[str], norm_prompt: Normalized
) -> tuple[str, int, int] | None:
    """A cut piece that can be told to be this item's (see the module's docstring)."""
    if found is None or len(found[0]) >= MIN_CUT:
        return found
    piece = found[0]
    distinctive = norm_prompt.text.count(piece) == 1 and not any(piece in other for other in others)
    return found if distinctive and sum(map(is_han, piece)) >= MIN_HAN_CUT else None


def _longest(
    norm_item: str, norm_prompt: Normalized, taken: list[tuple[int, int]], *, from_start: bool
) -> tuple[str, int, int] | None:
    """The longest head (or tail) of the item, of at least MIN_HAN_CUT characters, found free
    in the prompt, with its span there: a binary search, since a shorter head of a head that
    is there is there too."""
    low, high = MIN_HAN_CUT, len(norm_item) - 1
    best: tuple[str, int, int] | None = None
    while low <= high:
        size = (low + high) // 2
        piece = norm_item[:size] if from_start else norm_item[-size:]
        found = _free_occurrence(piece, norm_prompt, taken)
        if found is None:
            high = size - 1
        else:
            best, low = (piece, *found), size + 1
    return best


def prompt_stats(placed: Sequence[Placed | None], counted: int, prompt: str, searched: str) -> PromptStats:
    """Whole / cut / absent over the first `counted` items (the stage sent to the model; the
    items after it come from earlier stages and count only when found), and the prompt's
    non-space characters that no placed item covers."""
    covered = [False] * len(prompt)
    for found in placed:
        if found is not None:
            covered[found.start : found.end] = [True] * (found.end - found.start)
    visible = [i for i, char in enumerate(prompt) if not char.isspace()]
    found_items = [p for p in placed if p is not None]
    return PromptStats(
        whole=sum(1 for p in found_items if p.kind == "whole"),
        cut=sum(1 for p in found_items if p.kind == "cut"),
        absent=sum(1 for p in placed[:counted] if p is None),
        prompt_chars=len(visible),
        unmatched_chars=sum(1 for i in visible if not covered[i]),
        searched=searched,
    )


def context_items(placed: Sequence[Placed | None], items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `context` stage's items: those placed, in prompt order, with the prompt's text."""
    found = sorted((p for p in placed if p is not None), key=lambda p: p.start)
    rows = []
    for p in found:
        source = items[p.item]
        row: dict[str, Any] = {key: source[key] for key in ("doc_id", "chunk_id") if source.get(key)}
        row["text"] = p.text
        own = source.get("metadata") or {}
        row["metadata"] = {**own, "in_prompt": p.kind, "route": p.route, "prompt_start": p.start}
        if source.get("stage"):
            row["metadata"]["from_stage"] = source["stage"]
        rows.append(row)
    return rows
