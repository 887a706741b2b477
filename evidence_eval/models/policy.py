"""A release policy: thresholds on summary figures that `audit` checks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from .base import StrictModel

Operator = Literal[">=", ">", "<=", "<", "=="]

_SHARE_COVERAGE = ("stages", "answer", "stages_graded", "answer_graded")  # then a group: all, vital
_SHARE_MEANS = ("hit_rate", "mrr", "mean_recall")  # retrieval.STAGE.at.K.MEAN


def is_share(figure: str) -> bool:
    """Whether the dotted path names a share, from 0 to 1 (a coverage share or graded score, a
    retrieval mean other than a count or a depth), by its shape alone: before any scoring, a
    path that names nothing is left to `audit` to refuse."""
    parts = figure.split(".")
    if parts[0] == "retrieval":
        return parts[-1] in _SHARE_MEANS
    if parts[0] == "by_kind":
        parts = ["coverage", *parts[2:]]
    return parts[0] == "coverage" and len(parts) >= 3 and parts[1] in _SHARE_COVERAGE


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

    @field_validator("value")
    @classmethod
    def _a_share_is_from_0_to_1(cls, value: float, info: ValidationInfo) -> float:
        figure = info.data.get("figure")
        if isinstance(figure, str) and is_share(figure) and not 0 <= value <= 1:
            guess = f": did you mean {value / 100:g}?" if 1 < value <= 100 else ""
            raise ValueError(f"{value:g} on {figure!r}, a share from 0 to 1{guess}")
        return value

    def label(self) -> str:
        return self.name or f"{self.figure} {self.op} {self.value:g}"


class Policy(StrictModel):
    name: str = "release policy"
    rules: list[Rule] = Field(min_length=1)
