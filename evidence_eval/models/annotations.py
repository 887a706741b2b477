"""The annotation set: queries broken into typed sub-questions with anchored evidence."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    Field,
    NonNegativeInt,
    PositiveInt,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from .base import Day, StrictModel, empty_list
from .languages import CODE_PATTERN, canonical_language

LanguageCode = Annotated[
    str,
    AfterValidator(canonical_language),
    Field(json_schema_extra={"pattern": CODE_PATTERN}),
]
"""zh or en (BCP 47, any case: zh-CN, zh-Hant, en-US), read as BCP 47 writes it (zh-Hant)."""

SCHEMA_VERSION = "1"
SCHEMA_VERSIONS = (SCHEMA_VERSION,)  # every version this release reads


def _known_schema_version(version: str) -> str:
    if version not in SCHEMA_VERSIONS:
        raise ValueError(
            f"unknown schema_version {version!r}: this release reads {', '.join(SCHEMA_VERSIONS)} "
            "(a set written by a newer release needs that release)"
        )
    return version


DurationUnit = Literal["minute", "hour", "day", "workday", "week", "month", "year"]


class DurationValue(StrictModel):
    """`{"type": "duration", "amount": 15, "unit": "workday"}`; `workday` = working/business day."""

    type: Literal["duration"]
    amount: float
    unit: DurationUnit


class NumberValue(StrictModel):
    type: Literal["number"]
    amount: float
    unit: str | None = None


class MoneyValue(StrictModel):
    type: Literal["money"]
    amount: float
    currency: str = Field(min_length=1, description="ISO 4217 code, e.g. CNY, USD, EUR")


class DateValue(StrictModel):
    type: Literal["date"]
    value: Day


TypedValue = Annotated[DurationValue | NumberValue | MoneyValue | DateValue, Field(discriminator="type")]


class Span(StrictModel):
    """Evidence anchored in the snapshot: `quote == document.text[start:end]`."""

    doc_id: str = Field(min_length=1)
    start: NonNegativeInt
    end: NonNegativeInt
    quote: str = Field(min_length=1)
    version: str | None = Field(default=None, description="the document version the span was anchored in")

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.end <= self.start:
            raise ValueError(f"span end {self.end} must be after start {self.start}")
        return self


class AcceptedStatement(StrictModel):
    """An answer's sentence (or stretch of one) a person judged on the review queue: whether
    it states the fact, who said so and when (`review --apply`)."""

    text: str = Field(min_length=1, description="the answer's words, as written")
    by: str = Field(min_length=1, description="who decided")
    at: Day = Field(description="when (ISO date)")


class AnswerFact(StrictModel):
    """What a complete answer must state. `value` is typed, or a string such as
    "15个工作日" that the matcher parses (`validate` reports one it cannot parse)."""

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=empty_list)
    value: TypedValue | str | None = None
    polarity: Literal["affirmed", "negated"] = "affirmed"
    accepted: list[AcceptedStatement] = Field(
        default_factory=empty_list,
        description="answer statements a reviewer accepted as stating this fact: an answer holding "
        "one whole is `supported` (route `reviewed`)",
    )
    rejected: list[AcceptedStatement] = Field(
        default_factory=empty_list,
        description="answer statements a reviewer rejected: not queued for review again",
    )

    @model_serializer(mode="wrap")
    def _without_empty_reviews(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A fact never reviewed is written as before (no empty `accepted`, `rejected`)."""
        data = handler(self)
        if isinstance(data, dict):
            for key in ("accepted", "rejected"):
                if not data.get(key):
                    data.pop(key, None)
        return data


class AtLeast(StrictModel):
    at_least: PositiveInt


AnswerMode = Union[Literal["all", "any"], AtLeast]


class SubQuestion(StrictModel):
    id: str = Field(min_length=1)
    kind: str = Field(min_length=1, description="materials, exclusion, deadline, eligibility, ...")
    text: str
    importance: Literal["vital", "okay"] = "vital"
    evidence: list[list[Span]] = Field(
        default_factory=empty_list,
        description="alternatives; supported when all spans of any alternative are present",
    )
    answer_facts: list[AnswerFact] = Field(default_factory=empty_list)
    answer_mode: AnswerMode = "all"
    needs_review: bool = Field(
        default=False, description="made by a converter or a fuzzy re-anchoring: check it by hand"
    )

    def required_facts(self) -> int:
        """How many facts the answer must state for `answer_mode` to be met."""
        if self.answer_mode == "all":
            return len(self.answer_facts)
        if self.answer_mode == "any":
            return min(1, len(self.answer_facts))
        assert isinstance(self.answer_mode, AtLeast)
        return self.answer_mode.at_least


class Query(StrictModel):
    query_id: str = Field(min_length=1)
    text: str
    language: LanguageCode | None = Field(
        default=None,
        description="this query's language (its facts, quotes and answers) where it differs from the set's",
    )
    scope: dict[str, str] = Field(default_factory=dict)
    as_of: Day | None = None
    doc_judgments: dict[str, NonNegativeInt] = Field(
        default_factory=dict,
        description="grade per doc_id; 0 = judged not relevant; an absent id is NOT JUDGED",
    )
    chunk_judgments: dict[str, NonNegativeInt] = Field(
        default_factory=dict,
        description="grade per chunk_id, used with unit=chunk; an absent id is NOT JUDGED",
    )
    sub_questions: list[SubQuestion] = Field(default_factory=empty_list)


class CorpusRef(StrictModel):
    path: str | None = None
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


class AnnotationSet(StrictModel):
    schema_version: Annotated[str, AfterValidator(_known_schema_version)] = Field(
        default=SCHEMA_VERSION, json_schema_extra={"enum": list(SCHEMA_VERSIONS)}
    )
    name: str = Field(min_length=1)
    version: str = Field(min_length=1)
    language: LanguageCode = Field(description="zh or en (BCP 47: zh-CN, zh-Hant, en-US...)")
    corpus: CorpusRef | None = None
    draft: bool = Field(
        default=False, description="made by `init` or `convert`: not yet reviewed by a person"
    )
    queries: list[Query]
    metadata: dict[str, Any] | None = Field(
        default=None,
        description="extension data of your own (`promote` records `promoted`: by, at, from_version); "
        "kept, never read by the scorer",
    )

    def languages(self) -> list[str]:
        """The set's language, then every other language a query names (first seen first)."""
        found = [self.language]
        for query in self.queries:
            if query.language and query.language not in found:
                found.append(query.language)
        return found
