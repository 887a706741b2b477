"""Langfuse exports -> raw traces.

Read as exported (JSON or JSON Lines, or `{"data": [...]}` from the public API):
- traces with their observations nested (`GET /api/public/traces/{id}`: `{id, input,
  output, metadata, observations: [...]}`), and/or
- observations one per record, each with `traceId` (the observations export), beside
  optional trace records (`{id, input, output, ...}` without `traceId`).
An observation has `id`, `traceId`, `type` (SPAN, GENERATION, EVENT, and since Langfuse v3
RETRIEVER, CHAIN, AGENT, TOOL, ...), `name`, `startTime`, `endTime`, `input`, `output`,
`metadata`, `parentObservationId`. RETRIEVER observations (and SPANs named ...Retriever
whose output is a list of LangChain documents, as the v2 LangChain handler logged them)
become "candidates" stages, documents `{page_content, metadata}`; a step named ...rerank...
with documents "reranked"; the last GENERATION gives the prompt (`input`: messages) and
answer (`output`); the trace's `input`, else the root observation's, the query.
"""

from __future__ import annotations

from typing import Any

from ...errors import Location
from .chains import LANGFUSE, LLM, OTHER, PROMPT, RERANKER, RETRIEVER, build, from_other_export, step
from .messages import looks_like_documents
from .model import Problems, RawTrace, Skip
from .records import Record, as_id, read_records
from .spans import Span, group


def read(path: str, problems: Problems) -> list[RawTrace]:
    trace_records: dict[str, dict[str, Any]] = {}
    spans: list[Span] = []
    for record in read_records(path, list_keys=("data", "traces", "observations")):
        value = record.value
        if from_other_export(record, "langfuse", "Langfuse's", problems):
            continue
        if "traceId" in value or "type" in value and "observations" not in value:
            span = _span(record, value, problems)
            if span is not None:
                span.position = len(spans)
                spans.append(span)
            continue
        trace_id = as_id(value.get("id"))
        if trace_id is None:
            problems.add(record.at(".id"), "trace without an id", "export the traces with their ids")
            continue
        trace_records[trace_id] = value
        for index, observation in enumerate(value.get("observations") or []):
            if not isinstance(observation, dict):
                problems.add(
                    record.at(f".observations[{index}]"),
                    "expected an observation object, found an id",
                    "export the trace with its observations (GET /api/public/traces/{id})",
                )
                continue
            nested = Record(record.at(f".observations[{index}]"), observation)
            span = _span(nested, {"traceId": trace_id, **observation}, problems)
            if span is not None:
                span.position = len(spans)
                spans.append(span)
    traces = []
    grouped = group(spans)
    for trace_id, members in grouped.items():
        try:
            traces.append(build(trace_id, members, problems, trace_record=trace_records.get(trace_id)))
        except Skip:
            continue
    for trace_id in trace_records:
        if trace_id not in grouped:
            problems.add(
                Location(path, json_path=f"$ (trace {trace_id})"),
                "trace without observations",
                "export the observations too: the observations export, or the traces with their observations",
            )
    return traces


def _span(record: Record, value: dict[str, Any], problems: Problems) -> Span | None:
    trace_id = as_id(value.get("traceId"))
    if trace_id is None:
        problems.add(record.at(".traceId"), "observation without a trace id", "re-export with trace ids")
        return None
    return step(Record(record.where, value), trace_id, _role(value), LANGFUSE)


def _role(observation: dict[str, Any]) -> str:
    kind = str(observation.get("type") or "").upper()
    name = str(observation.get("name") or "").lower()
    if kind == "GENERATION":
        return LLM
    if kind == "RETRIEVER":
        return RERANKER if "rerank" in name else RETRIEVER
    if kind in ("SPAN", "CHAIN", "TOOL") and looks_like_documents(observation.get("output")):
        if "rerank" in name or "compress" in name:
            return RERANKER
        if name.endswith("retriever"):
            return RETRIEVER
    if "prompttemplate" in name.replace(" ", "").replace("_", ""):
        return PROMPT
    return OTHER
