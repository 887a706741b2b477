"""LangSmith runs -> raw traces.

Read as exported (`Client.list_runs` written as JSON Lines or a JSON array, or a run tree
with `child_runs`): each run has `id`, `trace_id`, `parent_run_id`, `run_type` (chain, llm,
retriever, prompt, tool, ...), `name`, `start_time`, `end_time`, `inputs`, `outputs`,
`extra.metadata`, `dotted_order`. Retriever runs give "candidates" stages
(`outputs.documents[].{page_content, metadata}`), a retriever run named ...rerank... or
...compress... "reranked"; the last llm run the prompt (`inputs.messages`, or
`inputs.prompts`) and the answer (`outputs.generations`); a prompt run's `inputs` the
template variables; the root run's `inputs` the query and, without an llm run, its
`outputs` the answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .chains import LANGSMITH, LLM, OTHER, PROMPT, RERANKER, RETRIEVER, build, from_other_export, step
from .model import Problems, RawTrace, Skip
from .records import Record, as_id, read_records
from .spans import Span, group


def read(path: str, problems: Problems) -> list[RawTrace]:
    runs = [
        run for record in read_records(path, list_keys=("runs", "data")) for run in _with_children(record)
    ]
    parents = {as_id(run.value.get("id")): run.value for run in runs}
    spans: list[Span] = []
    for run in runs:
        span = _span(run, parents, problems)
        if span is not None:
            span.position = len(spans)
            spans.append(span)
    traces = []
    for trace_id, members in group(spans).items():
        try:
            traces.append(build(trace_id, members, problems, output_field="outputs"))
        except Skip:
            continue
    return traces


def _with_children(record: Record, parent_id: str | None = None) -> Iterator[Record]:
    value = record.value
    if parent_id is not None and "parent_run_id" not in value:
        value = {**value, "parent_run_id": parent_id}
    yield Record(record.where, value)
    for index, child in enumerate(value.get("child_runs") or []):
        if isinstance(child, dict):
            yield from _with_children(
                Record(record.at(f".child_runs[{index}]"), child), as_id(value.get("id"))
            )


def _trace_id(run: dict[str, Any], parents: dict[str | None, dict[str, Any]]) -> str | None:
    """The run's `trace_id`; else the first id of its `dotted_order`; else its root's id."""
    given = as_id(run.get("trace_id"))
    if given:
        return given
    dotted = run.get("dotted_order")
    if isinstance(dotted, str) and "Z" in dotted:
        return dotted.split(".")[0].split("Z", 1)[1] or None
    seen: set[str] = set()
    while True:
        parent = as_id(run.get("parent_run_id"))
        if parent is None:
            return as_id(run.get("id"))
        if parent in seen or parent not in parents:
            return None
        seen.add(parent)
        run = parents[parent]
        if as_id(run.get("trace_id")):
            return as_id(run.get("trace_id"))


def _span(run: Record, parents: dict[str | None, dict[str, Any]], problems: Problems) -> Span | None:
    value = run.value
    if from_other_export(run, "langsmith", "a LangSmith run", problems):
        return None
    trace_id = _trace_id(value, parents)
    if trace_id is None:
        problems.add(
            run.at(".trace_id"),
            "run without a trace id (and its parent run is not in the file)",
            "export whole traces (list_runs with trace_id / is_root), or include trace_id",
        )
        return None
    return step(run, trace_id, _role(value), LANGSMITH)


def _role(run: dict[str, Any]) -> str:
    kind = str(run.get("run_type") or "").lower()
    name = str(run.get("name") or "").lower()
    if kind == "llm":
        return LLM
    if kind == "retriever":
        return RERANKER if "rerank" in name or "compress" in name else RETRIEVER
    if kind == "prompt":
        return PROMPT
    return OTHER
