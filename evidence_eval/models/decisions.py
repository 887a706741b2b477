"""A human's decisions on the review queue: the lines `review --apply` reads
(`schemas/decisions.schema.json`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, NonNegativeInt, RootModel

from .base import StrictModel


class DocJudgment(StrictModel):
    type: Literal["doc_judgment"]
    query_id: str
    doc_id: str
    grade: NonNegativeInt | None = Field(description="0 = not relevant; null = not decided yet (skipped)")


class ChunkJudgment(StrictModel):
    type: Literal["chunk_judgment"]
    query_id: str
    chunk_id: str
    grade: NonNegativeInt | None = Field(description="0 = not relevant; null = not decided yet (skipped)")


class AliasDecision(StrictModel):
    type: Literal["alias"]
    query_id: str
    sub_question: str
    fact: str
    alias: str = Field(min_length=1)
    accept: bool | None = Field(
        default=True, description="true: add the alias; false: reject it; null: not decided yet (skipped)"
    )


class StatementDecision(StrictModel):
    """Whether an answer's words state a fact (the decision of `uncertain_answer` and
    `missing_answer` lines): accepted, the fact is `supported` wherever an answer holds them
    whole; rejected, they are not queued again."""

    type: Literal["statement"]
    query_id: str
    sub_question: str
    fact: str
    statement: str = Field(
        min_length=1, description="the answer's sentence, or the stretch of it that states the fact"
    )
    accept: bool | None = Field(
        default=True,
        description="true: record it as stating the fact; false: record it as not; "
        "null: not decided yet (skipped)",
    )


Decision = Annotated[
    DocJudgment | ChunkJudgment | AliasDecision | StatementDecision, Field(discriminator="type")
]


class QueueEntry(StrictModel):
    """A line of the review queue: what the reviewer reads is kept as is; `decision` is
    what `review --apply` reads."""

    model_config = ConfigDict(extra="allow", frozen=True)

    type: Literal[
        "unjudged", "partial_evidence", "uncertain_answer", "missing_answer", "answer_without_evidence"
    ]
    query_id: str
    decision: Decision | None = None


class DecisionsLine(
    RootModel[
        Annotated[
            DocJudgment | ChunkJudgment | AliasDecision | StatementDecision | QueueEntry,
            Field(discriminator="type"),
        ]
    ]
):
    """One line of a decisions file (JSONL): a bare decision (`doc_judgment`,
    `chunk_judgment`, `alias`, `statement`), or a line of the review queue whose `decision` a person
    filled in (null fields: not decided yet, skipped)."""

    model_config = ConfigDict(frozen=True)
