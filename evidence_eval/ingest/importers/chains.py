"""Traces of LangChain-style runs (Langfuse observations, LangSmith runs) -> raw traces.

Both log each step with an input and an output; a reader maps its records to `Span`s whose
`kind` is one of the roles below and whose `data` holds "input", "output" and "record" (the
record as exported, for `query_id_from`), and `build` does the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import Location
from .messages import (
    QUERY_KEYS,
    documents,
    joined_messages,
    llm_output_text,
    plain_text,
    template_variables,
)
from .model import Problems, Prompt, RawDoc, RawStage, RawTrace, Skip
from .prompt_context import CONTEXT_VARIABLES
from .records import Record, as_id, decoded, foreign_shape, number, text_of
from .spans import Span, by_end, by_start, timestamp

RETRIEVER, RERANKER, LLM, PROMPT, OTHER = "RETRIEVER", "RERANKER", "LLM", "PROMPT", "OTHER"
SCORE_KEYS = ("relevance_score", "score", "_score")  # Cohere / cross-encoder rerankers, vector stores


@dataclass(frozen=True)
class Fields:
    """The names an export gives a step's fields."""

    parent: str
    start: str
    end: str
    input: str
    output: str


LANGFUSE = Fields("parentObservationId", "startTime", "endTime", "input", "output")
LANGSMITH = Fields("parent_run_id", "start_time", "end_time", "inputs", "outputs")


def step(record: Record, trace_id: str, role: str, fields: Fields) -> Span:
    """One logged step (an observation, a run) as a `Span` with its role."""
    value = record.value
    return Span(
        trace_id=trace_id,
        span_id=as_id(value.get("id")) or str(record.where),
        parent_id=as_id(value.get(fields.parent)),
        kind=role,
        name=str(value.get("name") or ""),
        start=timestamp(value.get(fields.start)),
        end=timestamp(value.get(fields.end)),
        where=record.where,
        data={"input": value.get(fields.input), "output": value.get(fields.output), "record": value},
    )


def from_other_export(record: Record, own: str, what: str, problems: Problems) -> bool:
    """True (and a problem added) when `record` belongs to another export than `own`."""
    other = foreign_shape(record.value)
    if other in (None, own):
        return False
    problems.add(
        record.where, f"a record of another export ({other}), not {what}", f"read the file as {other}"
    )
    return True


def build(
    trace_id: str,
    spans: list[Span],
    problems: Problems,
    *,
    trace_record: dict[str, Any] | None = None,
    output_field: str = "output",
) -> RawTrace:
    """`spans` in tree order (root first); `trace_record` the trace object of an export
    that has one (Langfuse), whose input and output come before the root span's."""
    root = spans[0]
    records = [span.data["record"] for span in spans]
    trace = RawTrace(trace_id, root.where, records=records)
    if trace_record is not None:
        trace.records.insert(0, trace_record)
    trace.query = _query(trace_record, spans)
    counts = {RETRIEVER: 0, RERANKER: 0}
    for span in by_end(spans):
        if span.kind in counts:
            counts[span.kind] += 1
            name = "candidates" if span.kind == RETRIEVER else "reranked"
            stage_name = name if counts[span.kind] == 1 else f"{name}_{counts[span.kind]}"
            trace.stages.append(RawStage(stage_name, _documents(span, problems, output_field)))
    llms = [span for span in by_start(spans) if span.kind == LLM]
    if llms:
        llm = llms[-1]
        trace.prompt = _prompt(llm, spans)
        trace.answer = llm_output_text(llm.data.get("output"))
        if trace.answer is None:
            problems.add(
                Location(llm.where.path, llm.where.line, f"{llm.where.json_path or '$'}.{output_field}"),
                f"LLM step {llm.name or llm.span_id!r} without output",
                "an LLM call that failed has no answer to score; --on-error skip leaves its trace out",
            )
            raise Skip
    else:
        source = trace_record.get("output") if trace_record is not None else None
        trace.answer = plain_text(source) if source is not None else plain_text(root.data.get("output"))
    return trace


def _query(trace_record: dict[str, Any] | None, spans: list[Span]) -> str | None:
    if trace_record is not None:
        found = plain_text(trace_record.get("input"), QUERY_KEYS)
        if found:
            return found
    found = plain_text(spans[0].data.get("input"), QUERY_KEYS)
    if found:
        return found
    for span in by_start(spans):
        if span.kind == RETRIEVER:
            found = plain_text(span.data.get("input"), QUERY_KEYS)
            if found:
                return found
    return None


def _documents(span: Span, problems: Problems, output_field: str) -> list[RawDoc]:
    listed = documents(span.data.get("output"))
    where = Location(span.where.path, span.where.line, f"{span.where.json_path or '$'}.{output_field}")
    if listed is None:
        problems.add(
            where,
            f"{span.kind.lower()} step {span.name or span.span_id!r} without documents in its output",
            "the export holds no document list here (outputs hidden or truncated?); "
            "--on-error skip leaves the trace out",
        )
        raise Skip
    docs = []
    for index, document in listed:
        metadata = decoded(document.get("metadata"))
        docs.append(
            RawDoc(
                text=text_of(document.get("page_content")),
                native_id=as_id(document.get("id")),
                score=_score(metadata),
                record={**document, "metadata": metadata},
                where=Location(where.path, where.line, f"{where.json_path}[{index}]"),
            )
        )
    return docs


def _score(metadata: Any) -> float | None:
    """A LangChain document's score, where retrievers and rerankers put it in metadata."""
    if not isinstance(metadata, dict):
        return None
    for key in SCORE_KEYS:
        found = number(metadata.get(key))
        if found is not None:
            return found
    return None


def _prompt(llm: Span, spans: list[Span]) -> Prompt | None:
    value = llm.data.get("input")
    text = joined_messages(value)
    if text is None:
        prompts = decoded(value).get("prompts") if isinstance(decoded(value), dict) else None
        if isinstance(prompts, list) and prompts and isinstance(prompts[0], str):
            text = prompts[0]
        else:
            text = plain_text(value, ("prompt", *QUERY_KEYS))
    variables = _variables_before(llm, spans)
    if text is None and not variables:
        return None
    return Prompt(text or "", variables, llm.where)


def _variables_before(llm: Span, spans: list[Span]) -> dict[str, Any]:
    """The variables of the last prompt template filled before the LLM was called: a PROMPT
    step's input, else any step's input naming a context variable."""
    before = [s for s in by_start(spans) if s is not llm and _not_after(s, llm)]
    for span in reversed(before):
        variables = template_variables(span.data.get("input"))
        if span.kind == PROMPT or any(name in variables for name in CONTEXT_VARIABLES):
            if variables:
                return variables
    return {}


def _not_after(span: Span, llm: Span) -> bool:
    if span.start is None or llm.start is None:
        return span.position < llm.position
    return span.start <= llm.start
