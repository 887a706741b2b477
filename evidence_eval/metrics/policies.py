"""What the declared policies do to a query that cannot be scored as it stands: no positive
judgment (`--zero-positive`), no trace or no such stage (`--missing-trace`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..errors import PolicyError
from ..models.options import ScoreOptions
from ..models.report import StageRetrieval
from .aggregate import StageDigest
from .retrieval import Scores, zero_scores


def apply_zero_positive(scores: Scores, options: ScoreOptions) -> Scores:
    """A not_applicable stage: out of the means (`exclude`, `error`), or in as zeros (`zero`)."""
    r = options.retrieval
    if r.zero_positive == "zero":
        return {**scores, "in_mean": True, "at": zero_scores(r.k, budget=r.budget)}
    return {**scores, "in_mean": False}


def no_ids_reason(unit: str) -> str:
    """Why a stage whose items carry no id of the unit has no hit, RR or recall."""
    id_key = "chunk_id" if unit == "chunk" else "doc_id (or a chunk_id the snapshot knows)"
    return f"no item carries a {id_key}: retrieval cannot be scored from text alone (unit={unit})"


def unidentified_stage(scores: Scores, options: ScoreOptions) -> Scores:
    """A stage whose every item lacks an id of the unit: not_applicable, out of the means
    (scoring it would report 0.000 for a ranking that may well be perfect)."""
    return {
        **scores,
        "status": "not_applicable",
        "in_mean": False,
        "no_ids": True,
        "reason": no_ids_reason(options.retrieval.unit),
        "at": {},
    }


def unjudged_only_reason(judged_ids_at: Sequence[str]) -> str:
    """Why a stage none of whose returned ids is judged has no hit, RR or recall."""
    reason = "no returned id is judged (every id is unknown to the annotation set)"
    if judged_ids_at:
        return f"{reason}: did you mean --doc-id-from {' or '.join(judged_ids_at)}?"
    return f"{reason}: check that the traces and the annotation set name documents alike"


def unjudged_stage(scores: Scores, judged_ids_at: list[str]) -> Scores:
    """A stage whose returned ids are all unknown to the query's judgments (node ids of a
    framework, say): not_applicable and out of the means, whatever the zero-positive policy
    (0.000 would be a confident number made of unknowns). Its unjudged ids stay listed."""
    return {
        **scores,
        "status": "not_applicable",
        "in_mean": False,
        "unjudged_only": True,
        "judged_ids_at": judged_ids_at,
        "reason": unjudged_only_reason(judged_ids_at),
    }


def absent_stage(status: Literal["missing_trace", "missing_stage"], options: ScoreOptions) -> Scores:
    """A stage with nothing to score: a missing trace, or a stage the trace lacks."""
    r = options.retrieval
    counted = status == "missing_stage" or r.missing_trace == "zero"
    return {
        "status": status,
        "in_mean": counted,
        "reason": None,
        "items": 0,
        "unidentified_items": 0,
        "no_ids": False,
        "unjudged_only": False,
        "judged_ids_at": [],
        "relevant": 0,
        "at": zero_scores(r.k, budget=r.budget) if counted else {},
    }


def refuse_zero_positive(
    per_query: Sequence[tuple[str, StageRetrieval | StageDigest]], options: ScoreOptions
) -> None:
    """`--zero-positive error`: stop, naming every query with no positive judgment."""
    if options.retrieval.zero_positive != "error":
        return
    names = sorted(
        {
            qid
            for qid, stage in per_query
            if stage.status == "not_applicable" and not stage.no_ids and not stage.unjudged_only
        }
    )
    if names:
        raise PolicyError(
            f"{len(names)} queries have no unit judged with grade >= "
            f"{options.retrieval.min_grade}: {', '.join(names[:10])}"
            f"{', ...' if len(names) > 10 else ''} (--zero-positive error; add judgments, or "
            "use --zero-positive exclude)"
        )
