"""Every choice that changes a number. Each one is named in the report's signature."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, PositiveInt, field_validator, model_validator

from ..errors import UsageError
from .base import StrictModel

Unit = Literal["doc", "chunk"]
Budget = Literal["truncate-then-dedup", "dedup-then-truncate"]
ZeroPositivePolicy = Literal["exclude", "error", "zero"]
MissingTracePolicy = Literal["zero", "exclude", "error"]


class RetrievalOptions(StrictModel):
    k: list[PositiveInt] = Field(default_factory=lambda: [1, 3, 10])
    unit: Unit = "doc"
    budget: Budget = "truncate-then-dedup"
    min_grade: int = Field(default=1, ge=1, description="relevant = grade >= min_grade")
    zero_positive: ZeroPositivePolicy = "exclude"
    missing_trace: MissingTracePolicy = "zero"

    @field_validator("k")
    @classmethod
    def _sorted_unique(cls, k: list[int]) -> list[int]:
        if not k:
            raise ValueError("give at least one K")
        return sorted(set(k))


EvidenceFrom = Literal["any", "own"]


class MatchOptions(StrictModel):
    evidence_threshold: float = Field(
        default=90.0, ge=0, le=100, description="a fuzzy span match states this % of the quote's tokens"
    )
    answer_lower: float = Field(
        default=70.0, ge=0, le=100, description="a missing fact shows where it nearly was from this % on"
    )
    answer_upper: float = Field(
        default=90.0,
        ge=0,
        le=100,
        description="a fact reworded beyond the edit budget with this % of its tokens is uncertain (review)",
    )
    evidence_from: EvidenceFrom = Field(
        default="any", description="whether an exact match from another document than the span's counts"
    )

    @model_validator(mode="after")
    def _ordered(self) -> MatchOptions:
        if self.answer_lower > self.answer_upper:
            raise ValueError(f"answer_lower {self.answer_lower} is above answer_upper {self.answer_upper}")
        return self


class ScoreOptions(StrictModel):
    retrieval: RetrievalOptions = Field(default_factory=RetrievalOptions)
    matching: MatchOptions = Field(default_factory=MatchOptions)


def make_options(**options: Any) -> ScoreOptions:
    """ScoreOptions from flat keywords: k, unit, budget, min_grade, zero_positive,
    missing_trace, evidence_threshold, answer_lower, answer_upper."""
    from pydantic import ValidationError

    retrieval_keys = set(RetrievalOptions.model_fields)
    matching_keys = set(MatchOptions.model_fields)
    unknown = set(options) - retrieval_keys - matching_keys
    if unknown:
        raise UsageError(f"unknown option(s): {', '.join(sorted(unknown))}")
    try:
        return ScoreOptions(
            retrieval=RetrievalOptions(**{k: v for k, v in options.items() if k in retrieval_keys}),
            matching=MatchOptions(**{k: v for k, v in options.items() if k in matching_keys}),
        )
    except ValidationError as exc:
        detail = exc.errors(include_url=False)[0]
        name = ".".join(str(part) for part in detail["loc"]) or "options"
        raise UsageError(f"option {name}: {detail['msg']}") from None
