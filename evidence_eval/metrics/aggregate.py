"""Means over queries, with the count of queries behind each and what stayed out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..models.report import MeanScores, StageRetrieval, StageRetrievalSummary
from ..models.statuses import RetrievalStatus
from .retrieval import Scores


@dataclass(frozen=True, slots=True)
class CutoffDigest:
    hit: float
    rr: float
    recall: float
    depth: int | None
    unjudged: int


@dataclass(frozen=True, slots=True)
class StageDigest:
    """What the means need of one query's stage (its unjudged ids are not kept)."""

    status: RetrievalStatus
    in_mean: bool
    items: int
    at: dict[str, CutoffDigest]
    no_ids: bool = False
    unjudged_only: bool = False
    judged_ids_at: tuple[str, ...] = ()

    @classmethod
    def of(cls, stage: StageRetrieval | Scores) -> StageDigest:
        if isinstance(stage, StageRetrieval):
            return cls(
                stage.status,
                stage.in_mean,
                stage.items,
                {k: CutoffDigest(c.hit, c.rr, c.recall, c.depth, c.unjudged) for k, c in stage.at.items()},
                stage.no_ids,
                stage.unjudged_only,
                tuple(stage.judged_ids_at),
            )
        return cls(
            stage["status"],
            stage["in_mean"],
            stage["items"],
            {
                k: CutoffDigest(c["hit"], c["rr"], c["recall"], c["depth"], c["unjudged"])
                for k, c in stage["at"].items()
            },
            stage.get("no_ids", False),
            stage.get("unjudged_only", False),
            tuple(stage.get("judged_ids_at", ())),
        )


def stage_summary(
    per_query: Sequence[tuple[str, StageRetrieval | StageDigest]], k_values: Sequence[int]
) -> StageRetrievalSummary:
    """Means over the queries marked `in_mean` (the policies decided which: a missing trace
    or a zero-positive query enters as zeros under `zero`); the others are listed."""
    entered = [r for _, r in per_query if r.in_mean]
    means = {}
    for k in k_values:
        rows = [r.at[str(k)] for r in entered]
        n = len(rows)
        depths = [row.depth for row in rows if row.depth is not None]
        means[str(k)] = MeanScores(
            hit_rate=sum(row.hit for row in rows) / n if n else None,
            mrr=sum(row.rr for row in rows) / n if n else None,
            mean_recall=sum(row.recall for row in rows) / n if n else None,
            queries=n,
            queries_with_unjudged=sum(row.unjudged > 0 for row in rows),
            mean_depth=sum(depths) / len(depths) if depths else None,
        )

    def listed(status: str, no_ids: bool = False, unjudged_only: bool = False) -> list[str]:
        return [
            qid
            for qid, r in per_query
            if r.status == status and r.no_ids == no_ids and r.unjudged_only == unjudged_only
        ]

    observed = [r for _, r in per_query if r.status in ("scored", "not_applicable")]
    return StageRetrievalSummary(
        at=means,
        not_applicable=listed("not_applicable"),
        no_ids=listed("not_applicable", no_ids=True),
        unjudged_only=listed("not_applicable", unjudged_only=True),
        judged_ids_at=sorted({key for _, r in per_query if r.unjudged_only for key in r.judged_ids_at}),
        missing_trace=listed("missing_trace"),
        missing_stage=listed("missing_stage"),
        empty_rankings=sum(r.items == 0 for r in observed),
        short_rankings={str(k): sum(r.items < k for r in observed) for k in k_values},
    )
