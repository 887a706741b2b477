"""Every choice that changes a number. Each one is named in the report's signature."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, PositiveInt, field_validator, model_validator

from ..errors import UsageError
from .base import StrictModel

Unit = Literal["doc", "chunk"]
Budget = Literal["truncate-then-dedup", "dedup-then-truncate"]
ZeroPositivePolicy = Literal["exclude", "error", "zero"]
MissingTracePolicy = Literal["zero", "exclude", "error"]


class RetrievalOptions(StrictModel):
    model_config = ConfigDict(strict=False)  # given as Python keywords too: k=(1, 3)

    k: list[PositiveInt] = Field(
        default_factory=lambda: [1, 3, 10], description="cutoff K; repeat for several (default 1, 3, 10)"
    )
    unit: Unit = Field(
        default="doc",
        description="what a retrieved unit is: documents (doc_judgments) or chunks (chunk_judgments)",
    )
    budget: Budget = Field(
        default="truncate-then-dedup",
        description="unit=doc: cut at K items then de-duplicate, or de-duplicate then take K docs",
    )
    min_grade: int = Field(default=1, ge=1, description="a unit is relevant when its grade is at least this")
    zero_positive: ZeroPositivePolicy = Field(
        default="exclude",
        description="queries with no relevant unit: left out of means and listed, stop, or score 0",
    )
    missing_trace: MissingTracePolicy = Field(
        default="zero", description="queries with no trace line: score 0 and list, list only, or stop"
    )

    @field_validator("k")
    @classmethod
    def _sorted_unique(cls, k: list[int]) -> list[int]:
        if not k:
            raise ValueError("give at least one K")
        return sorted(set(k))


EvidenceFrom = Literal["any", "own"]


class MatchOptions(StrictModel):
    model_config = ConfigDict(strict=False)  # given as Python keywords too: answer_lower=85

    answer_lower: float = Field(
        default=70.0,
        ge=0,
        le=100,
        description="share (%) of a missing fact's tokens from which the report shows where it nearly was",
    )
    answer_upper: float = Field(
        default=90.0,
        ge=0,
        le=100,
        description="share (%) of a reworded fact's tokens (beyond the edit budget) from which it is "
        "uncertain",
    )
    evidence_from: EvidenceFrom = Field(
        default="any",
        description="count an exact match from another document than the span's (fuzzy ones never count)",
    )

    @model_validator(mode="before")
    @classmethod
    def _removed(cls, data: Any) -> Any:
        """`evidence_threshold` (before 0.2.0) changed no verdict: a span is a quote, taken word
        for word. A report that records it still reads; the value is dropped."""
        if isinstance(data, dict) and "evidence_threshold" in data:
            data = {key: value for key, value in data.items() if key != "evidence_threshold"}
        return data

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
    missing_trace, answer_lower, answer_upper, evidence_from."""
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
        message = str(detail["msg"]).removeprefix("Value error, ")
        if not detail["loc"]:  # a check across options (answer_lower above answer_upper)
            raise UsageError(f"options: {message}") from None
        name = ".".join(str(part) for part in detail["loc"])
        raise UsageError(f"option {name}: {message}") from None


def score_options(options: ScoreOptions | None = None, **flat_options: Any) -> ScoreOptions:
    """One `ScoreOptions`: the one given, or one made from flat keywords (`make_options`)."""
    if options is not None and flat_options:
        raise UsageError(f"give options as ScoreOptions or as keywords, not both ({', '.join(flat_options)})")
    return options if options is not None else make_options(**flat_options)
