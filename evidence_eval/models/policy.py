"""A release policy: thresholds on summary figures that `audit` checks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import StrictModel

Operator = Literal[">=", ">", "<=", "<", "=="]


class Rule(StrictModel):
    """`figure` is a dotted path into a system's summary, e.g.
    `coverage.stages.context.vital` (a share), `by_kind.deadline.answer.all`,
    `coverage.contradicted` (a count), `missing_traces` (a list: its length),
    `retrieval.context.at.10.mean_recall`."""

    name: str | None = None
    figure: str = Field(min_length=1)
    op: Operator = Field(description="required: a rule without one would silently mean `>=`")
    value: float
    systems: list[str] | None = Field(
        default=None,
        min_length=1,
        description="systems this rule applies to (at least one); omit it for every system",
    )

    def label(self) -> str:
        return self.name or f"{self.figure} {self.op} {self.value:g}"


class Policy(StrictModel):
    name: str = "release policy"
    rules: list[Rule] = Field(min_length=1)
