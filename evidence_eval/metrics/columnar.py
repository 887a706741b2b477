"""Hit@K, RR@K and Recall@K for every query of a run at once, over numpy columns.

A second backend for `retrieval.stage_scores`, which holds the definitions: this one computes
the same numbers for many rankings in a few vectorised passes. It serves rankings with no
repeated and no unidentified unit -- a TREC run once its reader has refused repeated docids
-- and tests pin that both backends give identical results.

Ids hold no whitespace (see `models.columns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..models.columns import Ids, Ints, JudgmentColumns, RankingColumns
from ..models.options import Budget
from .retrieval import CutoffData, Scores

Flags = npt.NDArray[np.bool_]


def score_rankings(
    judgments: JudgmentColumns,
    rankings: RankingColumns,
    *,
    k_values: Sequence[int],
    budget: Budget = "truncate-then-dedup",
    min_grade: int = 1,
) -> list[Scores | None]:
    """`stage_scores` of each ranking against its query's judgments; None where the query
    has no judgment at all (it cannot be scored)."""
    width = _key_width(judgments, rankings)
    final = _Judged.of(judgments, width)
    query_qids, first_rows = unique_sorted(final.qids)  # sorted: keys begin with the qid
    relevant_rows = (final.grades >= min_grade).astype(np.int64)
    relevant_per_query = np.add.reduceat(relevant_rows, first_rows) if first_rows.size else first_rows
    at = _lookup(query_qids, rankings.qids.astype(query_qids.dtype))
    judged = at >= 0
    relevant = np.append(relevant_per_query, 0)[at]  # at == -1 takes the appended 0
    lengths = np.diff(rankings.bounds)
    top = _Top.of(rankings, lengths, max(k_values), final, width, min_grade)
    cutoffs = [top.cutoff(k, relevant, lengths, budget) for k in k_values]
    results: list[Scores | None] = []
    scored = zip(judged.tolist(), relevant.tolist(), lengths.tolist(), *cutoffs)
    for has_judgments, relevant_count, length, *at_k in scored:
        if not has_judgments:
            results.append(None)
            continue
        applicable = relevant_count > 0
        results.append(
            Scores(
                status="scored" if applicable else "not_applicable",
                in_mean=True,
                reason=None if applicable else f"no unit judged with grade >= {min_grade}",
                items=length,
                unidentified_items=0,
                no_ids=False,
                unjudged_only=False,
                judged_ids_at=[],
                relevant=relevant_count,
                at={str(k): cutoff for k, cutoff in zip(k_values, at_k)} if applicable else {},
            )
        )
    return results


def unique_sorted(values: Ids) -> tuple[Ids, Ints]:
    """The distinct values in ascending order, and where each first occurs in the sorted
    values (the input's own rows when it is sorted already: then nothing is sorted)."""
    if values.size and not (values[1:] >= values[:-1]).all():
        values = np.sort(values, kind="stable")
    first = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])) if values.size else [])
    return values[first], first.astype(np.int64)


Width = tuple[int, int]


def _key_width(judgments: JudgmentColumns, rankings: RankingColumns) -> Width:
    """(qid, docid) byte widths wide enough for the ids of both sides."""
    return (
        max(judgments.qids.itemsize, rankings.qids.itemsize),
        max(judgments.docids.itemsize, rankings.docids.itemsize),
    )


def _keys(qids: Ids, docids: Ids, width: Width) -> Ids:
    """Judgment keys: the qid and the docid side by side, each NUL-padded to a fixed width,
    so that byte order on keys is (qid, docid) order and equal keys are equal pairs."""
    qid_width, docid_width = width
    cells = np.empty((qids.size, qid_width + docid_width), dtype=np.uint8)
    cells[:, :qid_width] = qids.astype(f"S{qid_width}").view(np.uint8).reshape(qids.size, qid_width)
    cells[:, qid_width:] = docids.astype(f"S{docid_width}").view(np.uint8).reshape(qids.size, docid_width)
    return cells.view(f"S{qid_width + docid_width}").ravel()


@dataclass(frozen=True)
class _Judged:
    """The final judgment of every (qid, docid), sorted by key."""

    keys: Ids
    qids: Ids
    grades: Ints

    @classmethod
    def of(cls, judgments: JudgmentColumns, width: Width) -> _Judged:
        keys = _keys(judgments.qids, judgments.docids, width)
        order = np.argsort(keys, kind="stable")  # equal keys keep file order: the last one wins
        keys = keys[order]
        last = np.ones(keys.size, dtype=bool)
        last[:-1] = keys[1:] != keys[:-1]
        qids = judgments.qids.astype(f"S{width[0]}")
        return cls(keys[last], qids[order][last], judgments.grades[order][last])


def _lookup(sorted_keys: Ids, wanted: Ids) -> Ints:
    """Index of each wanted key in the sorted unique keys, -1 where absent."""
    if sorted_keys.size == 0:
        return np.full(wanted.size, -1, dtype=np.int64)
    at = np.minimum(np.searchsorted(sorted_keys, wanted), sorted_keys.size - 1)
    return np.where(sorted_keys[at] == wanted, at, -1)


@dataclass(frozen=True)
class _Top:
    """The first max(K) items of every ranking, one row each, in ranking order."""

    query: Ints  # which ranking
    position: Ints  # 1-based rank
    docids: Ids
    judged: Flags
    relevant: Flags

    @classmethod
    def of(
        cls,
        rankings: RankingColumns,
        lengths: Ints,
        depth: int,
        judged: _Judged,
        width: Width,
        min_grade: int,
    ) -> _Top:
        taken = np.minimum(lengths, depth)
        query = np.repeat(np.arange(lengths.size), taken)
        position = np.arange(query.size) - np.repeat(np.cumsum(taken) - taken, taken) + 1
        docids = rankings.docids[rankings.bounds[:-1][query] + position - 1]
        at = _lookup(judged.keys, _keys(rankings.qids[query], docids, width))
        found = at >= 0
        grades = judged.grades[np.maximum(at, 0)] if judged.grades.size else np.zeros(at.size, np.int64)
        return cls(query, position, docids, found, found & (grades >= min_grade))

    def cutoff(self, k: int, relevant: Ints, lengths: Ints, budget: Budget) -> list[CutoffData]:
        """Each ranking's scores at k. With no repeated unit, both budgets keep the same first k
        items; dedup-then-truncate also reports the depth it read (min(k, length))."""
        n = lengths.size
        inside = self.position <= k
        hits = np.flatnonzero(self.relevant & inside)
        found = np.bincount(self.query[hits], minlength=n)
        first = np.zeros(n, dtype=np.int64)
        # Rows are in ranking order: write the positions backwards so each ranking's first stays.
        first[self.query[hits[::-1]]] = self.position[hits[::-1]]
        with np.errstate(divide="ignore", invalid="ignore"):
            rr = np.where(first > 0, 1.0 / first, 0.0)
            recall = np.where(relevant > 0, found / relevant, 0.0)
        unjudged = np.flatnonzero(~self.judged & inside)
        unjudged_counts = np.bincount(self.query[unjudged], minlength=n)
        # One join and one split instead of a decode per id (ids hold no whitespace).
        ids = b" ".join(self.docids[unjudged].tolist()).decode().split(" ") if unjudged.size else []
        ends = np.cumsum(unjudged_counts).tolist()
        depths = np.minimum(lengths, k).tolist() if budget == "dedup-then-truncate" else [None] * n
        return [
            CutoffData(
                hit=1.0 if position else 0.0,
                rr=reciprocal,
                recall=share,
                depth=depth,
                unjudged=count,
                unjudged_ids=ids[end - count : end],
            )
            for position, reciprocal, share, depth, count, end in zip(
                first.tolist(), rr.tolist(), recall.tolist(), depths, unjudged_counts.tolist(), ends
            )
        ]
