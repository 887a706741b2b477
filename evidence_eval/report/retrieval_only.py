"""`retrieval`: TREC qrels + run -> RetrievalReport, with the same definitions as `score`."""

from __future__ import annotations

from typing import Any

import pydantic_core

from ..io.trec import RunQuery
from ..metrics import stage_scores
from ..metrics.aggregate import StageDigest, stage_summary
from ..metrics.policies import absent_stage, apply_zero_positive, refuse_zero_positive
from ..models.options import ScoreOptions
from ..models.report import Inputs, RetrievalReport
from ..version import __version__
from .signature import retrieval_parts, signature

STAGE = "run"
RANKING_ORDER = "rank column ascending, ties in file order"


def score_run(
    qrels: dict[str, dict[str, int]],
    runs: dict[str, dict[str, RunQuery]],
    *,
    options: ScoreOptions,
    inputs: Inputs,
    judgment_version: str,
) -> dict[str, Any]:
    """The RetrievalReport as JSON-ready data (`RetrievalReport.model_validate` makes the
    model; `report_json` writes it). Built as plain data: for 10,000 queries, a model per
    query, or validating the whole, costs more than all the scoring (tests pin that the data
    validates and that its JSON equals the model's)."""
    systems = [_system(tag, runs[tag], qrels, options) for tag in sorted(runs)]
    parts = {**retrieval_parts(options), "order": "rank", "ann": judgment_version}
    header = RetrievalReport(
        tool_version=__version__,
        signature=signature(parts),
        signature_parts=parts,
        inputs=inputs,
        options=options.retrieval,
        ranking_order=RANKING_ORDER,
        systems=[],
    )
    return {**header.model_dump(), "systems": systems}


def report_json(report: dict[str, Any] | RetrievalReport) -> str:
    """The report as `RetrievalReport.model_dump_json(indent=2)` writes it: the same
    serializer (pydantic-core), applied to the plain data without validating it again."""
    return pydantic_core.to_json(report, indent=2).decode() + "\n"


def _system(
    tag: str, run: dict[str, RunQuery], qrels: dict[str, dict[str, int]], options: ScoreOptions
) -> dict[str, Any]:
    r = options.retrieval
    # The reader refuses a docid twice in a ranking, so max(K) items serve either budget.
    depth = max(r.k)
    queries, digests = [], []
    for qid in sorted(qrels):
        ranked = run.get(qid)
        if ranked is None:
            trace, stage = "missing", absent_stage("missing_trace", options)
        else:
            trace = "ok"
            stage = stage_scores(
                ranked.ranking(depth),
                qrels[qid],
                k_values=r.k,
                budget=r.budget,
                min_grade=r.min_grade,
                items=len(ranked),
            )
            if stage["status"] == "not_applicable":
                stage = apply_zero_positive(stage, options)
        queries.append({"query_id": qid, "trace": trace, "retrieval": {STAGE: stage}})
        digests.append((qid, StageDigest.of(stage)))
    refuse_zero_positive(digests, options)
    return {
        "system": tag,
        "summary": {STAGE: stage_summary(digests, r.k)},
        "queries": queries,
        "unjudged_queries": sorted(set(run) - set(qrels)),
    }
