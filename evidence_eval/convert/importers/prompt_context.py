"""The context actually sent: the retrieved items found in the prompt the model was given.

Logs keep the retrieved and reranked lists, but the context exists only as rendered prompt
text. Each item is looked for in that text, in this order:
1. `exact` / `normalized`: the item's text, after `nfkc-fold.v2` (whitespace, case, width,
   punctuation variants), anywhere in the prompt (chunks may start inside a word);
2. `aligned`: the evidence matcher's `locate_quote` (token alignment at `threshold`), for an
   item the template changed a little (markup stripped, a word escaped);
3. `cut`: the longest head of the item found in the prompt (the template or a token budget
   cut its tail), else the longest tail (its head cut), when at least `MIN_CUT` normalised
   characters long.
An occurrence already taken by another item is not taken twice. The `context` stage is the
items found, in the order they stand in the prompt, each with the text as it stands there:
a cut item keeps its cut text; an item not found is not in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...match.spans import locate_quote
from ...text.normalize import Normalized, normalize
from .model import Prompt, PromptStats

CONTEXT_VARIABLES = ("context_str", "context")  # LlamaIndex, LangChain
MIN_CUT = 30  # normalised characters a cut item must keep to count as found
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
    taken: list[tuple[int, int]] = []
    placed: list[Placed | None] = []
    for index, text in enumerate(texts):
        found = _place(index, text, prompt, norm_prompt, taken, language, threshold) if text else None
        if found is not None:
            taken.append((found.start, found.end))
        placed.append(found)
    return placed


def _place(
    index: int,
    text: str,
    prompt: str,
    norm_prompt: Normalized,
    taken: list[tuple[int, int]],
    language: str,
    threshold: float,
) -> Placed | None:
    norm_item = normalize(text).text
    if not norm_item:
        return None
    span = _free_occurrence(norm_item, norm_prompt, taken)
    if span is not None:
        start, end = span
        route = "exact" if prompt[start:end] == text else "normalized"
        return Placed(index, start, end, "whole", route, prompt[start:end])
    aligned = locate_quote(text, prompt, threshold=threshold, language=language)
    if aligned is not None and not _overlaps(aligned[0], aligned[1], taken):
        start, end = aligned[0], aligned[1]
        return Placed(index, start, end, "whole", "aligned", prompt[start:end])
    return _cut(index, norm_item, prompt, norm_prompt, taken)


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
    index: int, norm_item: str, prompt: str, norm_prompt: Normalized, taken: list[tuple[int, int]]
) -> Placed | None:
    head = _longest(norm_item, norm_prompt, taken, from_start=True)
    tail = _longest(norm_item, norm_prompt, taken, from_start=False)
    best = max((head, tail), key=lambda found: found[1] - found[0] if found else -1)
    if best is None:
        return None
    start, end = best
    return Placed(index, start, end, "cut", "head kept" if best is head else "tail kept", prompt[start:end])


def _longest(
    norm_item: str, norm_prompt: Normalized, taken: list[tuple[int, int]], *, from_start: bool
) -> tuple[int, int] | None:
    """The longest head (or tail) of the item, of at least MIN_CUT characters, found free in
    the prompt: a binary search, since a shorter head of a head that is there is there too."""
    low, high = MIN_CUT, len(norm_item) - 1
    best: tuple[int, int] | None = None
    while low <= high:
        size = (low + high) // 2
        piece = norm_item[:size] if from_start else norm_item[-size:]
        found = _free_occurrence(piece, norm_prompt, taken)
        if found is None:
            high = size - 1
        else:
            best, low = found, size + 1
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
