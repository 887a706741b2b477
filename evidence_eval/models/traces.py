"""Traces: one line per query per system, with the ranked items of each stage and the answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, NonNegativeInt, model_validator

from .base import StrictModel, empty_list

CONTEXT_STAGE = "context"

# what `score --traces-format` reads
TRACE_FORMATS = ("jsonl", "ragchecker", "ragas", "trec-run", "openinference", "langfuse", "langsmith")

Metadata = Annotated[
    dict[str, Any] | None,
    Field(default=None, description="extension data of your own: kept, never read by the scorer"),
]


class Item(StrictModel):
    """One ranked item: at least one of doc_id, chunk_id, text; start and end together.

    (Checked by `Trace`, once per trace rather than once per item, for speed.)
    """

    doc_id: str | None = None
    chunk_id: str | None = None
    text: str | None = None
    start: NonNegativeInt | None = None
    end: NonNegativeInt | None = None
    score: Annotated[float, Field(allow_inf_nan=False)] | None = None
    metadata: Metadata = None

    def problem(self) -> str | None:
        if self.doc_id is None and self.chunk_id is None and self.text is None:
            return "an item needs at least one of doc_id, chunk_id or text"
        if (self.start is None) != (self.end is None):
            return "give both start and end, or neither"
        if self.start is not None and self.end is not None and self.end < self.start:
            return f"item end {self.end} is before start {self.start}"
        return None


class Stage(StrictModel):
    name: str = Field(min_length=1)
    items: list[Item] = Field(default_factory=empty_list)
    metadata: Metadata = None


class Trace(StrictModel):
    """Unknown keys are errors (a misspelt `stages` must not score as an empty run); extension
    data goes under `metadata`. `answer` None (the key absent, or null): no answer; where the
    system answers on no line (a TREC run) its answer facts are not applicable, where it
    answers on others this line failed to answer and scores as an empty answer; "" is an empty
    answer."""

    query_id: str = Field(min_length=1)
    system: str = Field(min_length=1)
    stages: list[Stage] = Field(default_factory=empty_list)
    answer: str | None = None
    metadata: Metadata = None

    @model_validator(mode="after")
    def _consistent(self) -> Trace:
        names = [stage.name for stage in self.stages]
        duplicated = sorted({name for name in names if names.count(name) > 1})
        if duplicated:
            raise ValueError(f"stage names must be unique within a trace: {duplicated}")
        for s, stage in enumerate(self.stages):
            for i, item in enumerate(stage.items):
                problem = item.problem()
                if problem:
                    raise ValueError(f"$.stages[{s}].items[{i}]: {problem}")
        return self

    def context_stage(self) -> Stage | None:
        """The stage named `context`, else the last stage: the text actually sent to the model."""
        for stage in self.stages:
            if stage.name == CONTEXT_STAGE:
                return stage
        return self.stages[-1] if self.stages else None
