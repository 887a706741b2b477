"""What every importer hands on: traces read from an export, before ids and context.

A reader (OpenInference, Langfuse, LangSmith) turns its export into `RawTrace`s: the query
text, the ranked stages it logged (retriever, reranker), the prompt the model was sent and
its answer. `assemble` then picks the query and document ids and rebuilds the `context`
stage from the prompt; the reader knows nothing of either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ...errors import InputError, Location
from ...models import Trace

OnError = Literal["error", "fail", "skip"]  # "fail" is the CLI's word for "error"


@dataclass(frozen=True)
class RawDoc:
    """One retrieved or reranked document as the export gives it: `record` is the whole
    exported object (for `doc_id_from`), `native_id` the id the export names it by (a
    LlamaIndex node id, a LangChain Document id), `where` its place in the file."""

    text: str | None
    native_id: str | None
    score: float | None
    record: dict[str, Any]
    where: Location


@dataclass(frozen=True)
class RawStage:
    name: str
    docs: list[RawDoc]


@dataclass(frozen=True)
class Prompt:
    """The text the model was sent (its messages joined in order) and, when the export
    names them, the template variables it was rendered from."""

    text: str
    variables: dict[str, Any] = field(default_factory=dict)
    where: Location | None = None


@dataclass
class RawTrace:
    trace_id: str
    where: Location
    query: str | None = None
    stages: list[RawStage] = field(default_factory=list)
    prompt: Prompt | None = None
    answer: str | None = None
    records: list[dict[str, Any]] = field(default_factory=list)  # root first, for query_id_from


@dataclass(frozen=True)
class Problem:
    """A part of the export that could not be read: where, what, what to do."""

    where: Location
    message: str
    hint: str | None = None

    def error(self) -> InputError:
        return InputError(self.where, self.message, self.hint)

    def __str__(self) -> str:
        return str(self.error())


class Problems:
    """With `on_error="error"` the first problem is raised as an `InputError`; with "skip"
    each is kept, and the caller leaves out what it spoiled."""

    def __init__(self, on_error: OnError) -> None:
        if on_error not in ("error", "fail", "skip"):
            from ...errors import UsageError

            raise UsageError(f"on_error must be 'error' (or 'fail') or 'skip', not {on_error!r}")
        self.on_error = on_error
        self.found: list[Problem] = []

    def add(self, where: Location, message: str, hint: str | None = None) -> None:
        problem = Problem(where, message, hint)
        if self.on_error != "skip":
            raise problem.error()
        self.found.append(problem)


class Skip(Exception):
    """Raised inside a reader after `Problems.add` in skip mode: leave this trace out."""


@dataclass(frozen=True)
class PromptStats:
    """Per trace: items of the stage before the model found whole in its prompt, found cut,
    absent; prompt characters (not counting whitespace) that no item accounts for."""

    whole: int = 0
    cut: int = 0
    absent: int = 0
    prompt_chars: int = 0
    unmatched_chars: int = 0
    searched: str = "none"  # "variable:<name>", "messages", or "none" (no prompt logged)


@dataclass
class ImportResult:
    """`rows` validate as `Trace`; `problems` are the parts left out (`on_error="skip"`);
    `unmatched` the traces whose query id could not be found (trace id, query text), listed
    and left out of `rows`."""

    format: str
    path: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unmatched: list[tuple[str, str]] = field(default_factory=list)
    stats: dict[str, PromptStats] = field(default_factory=dict)  # by query_id

    def traces(self) -> list[Trace]:
        """The rows as `Trace`s (what `score --traces-format` scores); a row the model refuses
        is an `InputError` naming the export and the trace."""
        from ...io import build

        return [
            build(Trace, row, Location(self.path, json_path=f"$ (trace {row['metadata']['trace_id']})"))
            for row in self.rows
        ]

    def outputs(self) -> dict[str, Any]:
        """The files `convert` writes (the convention of `ingest.readers`)."""
        return {"traces.jsonl": self.rows}

    def summary_lines(self) -> list[str]:
        """What `convert` prints: traces, stages per trace, items located in the prompt."""
        stage_counts: dict[str, int] = {}
        for row in self.rows:
            for stage in row["stages"]:
                stage_counts[stage["name"]] = stage_counts.get(stage["name"], 0) + 1
        stages = ", ".join(f"{name} in {count}" for name, count in stage_counts.items()) or "none"
        totals = PromptStats(
            whole=sum(s.whole for s in self.stats.values()),
            cut=sum(s.cut for s in self.stats.values()),
            absent=sum(s.absent for s in self.stats.values()),
            prompt_chars=sum(s.prompt_chars for s in self.stats.values()),
            unmatched_chars=sum(s.unmatched_chars for s in self.stats.values()),
        )
        lines = [
            f"{self.format}: {_count(len(self.rows), 'trace')} from {self.path}",
            f"stages: {stages}",
            f"items in the prompt: {totals.whole} whole, {totals.cut} cut, {totals.absent} absent; "
            f"{totals.unmatched_chars} of {totals.prompt_chars} prompt characters matched no item",
        ]
        without_prompt = sorted(q for q, s in self.stats.items() if s.searched == "none")
        if without_prompt:
            lines.append(f"no prompt logged (no context stage) in {_count(len(without_prompt), 'trace')}")
        if self.unmatched:
            lines.append(f"{_count(len(self.unmatched), 'trace')} left out, no query id matches their query:")
            lines += [f"  trace {trace_id}: {query!r}" for trace_id, query in self.unmatched]
        if self.problems:
            lines.append(f"{_count(len(self.problems), 'problem')}, the parts concerned left out:")
            lines += [f"  {problem}" for problem in self.problems]
        return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
