"""Spans of any export as one shape, grouped into traces and put in order."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...errors import Location


@dataclass
class Span:
    """One operation of a trace: `kind` in upper case (RETRIEVER, LLM, GENERATION, ...),
    `data` the fields a reader needs (attributes, input, output), `where` its place."""

    trace_id: str
    span_id: str
    parent_id: str | None
    kind: str
    name: str
    start: float | None
    where: Location
    end: float | None = None
    data: dict[str, Any] = field(default_factory=dict)
    position: int = 0  # order in the file, to break ties


def timestamp(value: Any) -> float | None:
    """Seconds from an ISO 8601 string or an epoch number (nanoseconds as OTLP writes them,
    a string or a number; micro- or milliseconds; seconds); None when unreadable."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        for scale in (1e9, 1e6, 1e3):  # nanoseconds (OTLP), microseconds, milliseconds (pandas)
            if value > 1e8 * scale:
                return float(value) / scale
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        if text.isdigit():
            return timestamp(int(text))
        try:
            moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return moment.timestamp()
    return None


def group(spans: Iterable[Span]) -> dict[str, list[Span]]:
    """Spans by trace id, each trace's spans in tree order: a parent before its children,
    siblings by start time (then file order); the first is the root."""
    traces: dict[str, list[Span]] = {}
    for span in spans:
        traces.setdefault(span.trace_id, []).append(span)
    return {trace_id: _tree_order(members) for trace_id, members in traces.items()}


def _tree_order(spans: list[Span]) -> list[Span]:
    ids = {span.span_id for span in spans}
    children: dict[str | None, list[Span]] = {}
    for span in spans:
        parent = span.parent_id if span.parent_id in ids and span.parent_id != span.span_id else None
        children.setdefault(parent, []).append(span)
    ordered: list[Span] = []
    seen: set[str] = set()

    def visit(parent: str | None) -> None:
        for span in sorted(children.get(parent, []), key=_start_key):
            if span.span_id in seen:
                continue
            seen.add(span.span_id)
            ordered.append(span)
            visit(span.span_id)

    visit(None)
    ordered += [span for span in sorted(spans, key=_start_key) if span.span_id not in seen]  # cycles
    return ordered


def _start_key(span: Span) -> tuple[float, int]:
    return (span.start if span.start is not None else float("inf"), span.position)


def by_start(spans: list[Span]) -> list[Span]:
    """Spans in the order they started (file order where no time is given)."""
    return sorted(spans, key=_start_key)


def by_end(spans: list[Span]) -> list[Span]:
    """Spans in the order their output was made: a retriever that wraps another (a
    compression retriever around a vector store) comes after the one it wraps."""
    return sorted(spans, key=lambda span: (span.end if span.end is not None else float("inf"), span.position))
