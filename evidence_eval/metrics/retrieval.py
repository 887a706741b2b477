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

from ..models.options import Budget
from ..models.report import CutoffScores, StageRetrieval


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
    relevant = relevant_units(judgments, min_grade)
    unidentified = ranking.count(None) if isinstance(ranking, list) else sum(unit is None for unit in ranking)
    if not relevant:
        return StageRetrieval(
            status="not_applicable",
            reason=f"no unit judged with grade >= {min_grade}",
            items=len(ranking),
            unidentified_items=unidentified,
        )
    cut = _truncate_then_dedup if budget == "truncate-then-dedup" else _dedup_then_truncate
    at = {str(k): cut(ranking, judgments, relevant, k) for k in k_values}
    return StageRetrieval.model_construct(
        status="scored",
        in_mean=True,
        reason=None,
        items=len(ranking),
        unidentified_items=unidentified,
        relevant=len(relevant),
        at=at,
    )


def _truncate_then_dedup(
    ranking: Sequence[str | None], judgments: Mapping[str, int], relevant: set[str], k: int
) -> CutoffScores:
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
) -> CutoffScores:
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
) -> CutoffScores:
    unjudged = [unit for unit in units if unit not in judgments]
    found = len(relevant.intersection(units))
    # model_construct: the values are computed here, not read from a user's file.
    return CutoffScores.model_construct(
        hit=1.0 if first_relevant is not None else 0.0,
        rr=1.0 / first_relevant if first_relevant is not None else 0.0,
        recall=found / len(relevant),
        depth=depth,
        unjudged=len(unjudged),
        unjudged_ids=unjudged,
    )


def zero_scores(k_values: Sequence[int], *, budget: Budget) -> dict[str, CutoffScores]:
    """What a query scores under the `zero` policies (no trace, or no positives)."""
    depth = 0 if budget == "dedup-then-truncate" else None
    return {str(k): CutoffScores(hit=0.0, rr=0.0, recall=0.0, depth=depth) for k in k_values}
