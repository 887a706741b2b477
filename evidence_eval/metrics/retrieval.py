"""Hit@K, RR@K and Recall@K over ids only (this module never looks at text).

    hit@k    = 1 if any relevant unit is in the first k, else 0   (mean: hit rate; some
               call it "success" -- it is NOT recall)
    rr@k     = 1 / rank of the first relevant unit within the first k, else 0 (mean: MRR@k)
    recall@k = |relevant ∩ top_k| / |relevant|

`relevant` = judged with grade >= min_grade. An id with no judgment for this query is
*unknown*: neither relevant nor non-relevant; it is counted and listed. With unit=doc,
budget `truncate-then-dedup` takes the first k *items*, maps them to documents and
de-duplicates inside that prefix (rank = item position); `dedup-then-truncate`
de-duplicates the whole ranking first and takes the first k *documents* (rank = document
rank) and reports the item depth that needed. A query with no relevant unit cannot be
scored: it is `not_applicable` (the zero-positive policy decides what the mean does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from ..models.options import Budget
from ..models.report import StageRetrieval
from ..models.statuses import RetrievalStatus


class CutoffData(TypedDict):
    """`CutoffScores` as plain data (same fields, same order)."""

    hit: float
    rr: float
    recall: float
    depth: int | None
    unjudged: int
    unjudged_ids: list[str]


class Scores(TypedDict):
    """A stage's retrieval result as plain data: `StageRetrieval`'s fields in its order (for
    10,000 queries a model per query costs more than the scoring; `StageRetrieval` validates
    it, and the JSON written from either is the same). `score` makes its model unvalidated
    (`models.report.assembled`): keep the fields in that order and of their types."""

    status: RetrievalStatus
    in_mean: bool
    reason: str | None
    items: int
    unidentified_items: int
    no_ids: bool
    unjudged_only: bool
    judged_ids_at: list[str]
    relevant: int
    at: dict[str, CutoffData]


def relevant_units(judgments: Mapping[str, int], min_grade: int) -> set[str]:
    return {unit for unit, grade in judgments.items() if grade >= min_grade}


def score_ranking(
    ranking: Sequence[str | None],
    judgments: Mapping[str, int],
    *,
    k_values: Sequence[int],
    budget: Budget = "truncate-then-dedup",
    min_grade: int = 1,
) -> StageRetrieval:
    """Scores of one ranked list of unit ids (None = an item with no id of the unit)."""
    return StageRetrieval.model_validate(
        stage_scores(ranking, judgments, k_values=k_values, budget=budget, min_grade=min_grade)
    )


def stage_scores(
    ranking: Sequence[str | None],
    judgments: Mapping[str, int],
    *,
    k_values: Sequence[int],
    budget: Budget = "truncate-then-dedup",
    min_grade: int = 1,
    items: int | None = None,
) -> Scores:
    """`score_ranking` as plain data, for callers that build many at once. `items`: the full
    length when `ranking` is only a prefix long enough for every K (a ranking with no
    repeated unit needs only max(K) items under either budget)."""
    relevant = relevant_units(judgments, min_grade)
    unidentified = ranking.count(None) if isinstance(ranking, list) else sum(unit is None for unit in ranking)
    length = len(ranking) if items is None else items
    if not relevant:
        return {
            "status": "not_applicable",
            "in_mean": True,
            "reason": f"no unit judged with grade >= {min_grade}",
            "items": length,
            "unidentified_items": unidentified,
            "no_ids": False,
            "unjudged_only": False,
            "judged_ids_at": [],
            "relevant": 0,
            "at": {},
        }
    cut = _truncate_then_dedup if budget == "truncate-then-dedup" else _dedup_then_truncate
    return {
        "status": "scored",
        "in_mean": True,
        "reason": None,
        "items": length,
        "unidentified_items": unidentified,
        "no_ids": False,
        "unjudged_only": False,
        "judged_ids_at": [],
        "relevant": len(relevant),
        "at": {str(k): cut(ranking, judgments, relevant, k) for k in k_values},
    }


def _truncate_then_dedup(
    ranking: Sequence[str | None], judgments: Mapping[str, int], relevant: set[str], k: int
) -> CutoffData:
    seen: dict[str, None] = {}
    first_relevant: int | None = None
    for position, unit in enumerate(ranking[:k], start=1):
        if unit is None:
            continue
        if first_relevant is None and unit in relevant:
            first_relevant = position
        seen.setdefault(unit)
    return _scores(list(seen), judgments, relevant, first_relevant, depth=None)


def _dedup_then_truncate(
    ranking: Sequence[str | None], judgments: Mapping[str, int], relevant: set[str], k: int
) -> CutoffData:
    seen: dict[str, None] = {}
    first_relevant: int | None = None
    depth = 0
    for position, unit in enumerate(ranking, start=1):
        if len(seen) == k:
            break
        depth = position
        if unit is None or unit in seen:
            continue
        seen.setdefault(unit)
        if first_relevant is None and unit in relevant:
            first_relevant = len(seen)
    return _scores(list(seen), judgments, relevant, first_relevant, depth=depth)


def _scores(
    units: list[str],
    judgments: Mapping[str, int],
    relevant: set[str],
    first_relevant: int | None,
    *,
    depth: int | None,
) -> CutoffData:
    unjudged = [unit for unit in units if unit not in judgments]
    return {
        "hit": 1.0 if first_relevant is not None else 0.0,
        "rr": 1.0 / first_relevant if first_relevant is not None else 0.0,
        "recall": len(relevant.intersection(units)) / len(relevant),
        "depth": depth,
        "unjudged": len(unjudged),
        "unjudged_ids": unjudged,
    }


def zero_scores(k_values: Sequence[int], *, budget: Budget) -> dict[str, CutoffData]:
    """What a query scores under the `zero` policies (no trace, or no positives)."""
    depth = 0 if budget == "dedup-then-truncate" else None
    return {
        str(k): {"hit": 0.0, "rr": 0.0, "recall": 0.0, "depth": depth, "unjudged": 0, "unjudged_ids": []}
        for k in k_values
    }
