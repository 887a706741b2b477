"""`retrieval`: TREC qrels + run -> RetrievalReport, with the same definitions as `score`."""

from __future__ import annotations

from ..io.trec import RunQuery
from ..metrics import score_ranking
from ..metrics.aggregate import stage_summary
from ..models.options import ScoreOptions
from ..models.report import Inputs, RetrievalQuery, RetrievalReport, RetrievalSystem
from ..version import __version__
from .build import absent_stage, apply_zero_positive, refuse_zero_positive
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
) -> RetrievalReport:
    r = options.retrieval
    systems = []
    for tag in sorted(runs):
        run = runs[tag]
        queries = []
        for qid in sorted(qrels):
            if qid in run:
                stage = score_ranking(
                    run[qid].ranking(), qrels[qid], k_values=r.k, budget=r.budget, min_grade=r.min_grade
                )
                if stage.status == "not_applicable":
                    stage = apply_zero_positive(stage, options)
                queries.append(RetrievalQuery(query_id=qid, trace="ok", retrieval={STAGE: stage}))
            else:
                queries.append(
                    RetrievalQuery(
                        query_id=qid,
                        trace="missing",
                        retrieval={STAGE: absent_stage("missing_trace", options)},
                    )
                )
        refuse_zero_positive([(q.query_id, q.retrieval[STAGE]) for q in queries], options)
        summary = stage_summary([(q.query_id, q.retrieval[STAGE]) for q in queries], r.k)
        systems.append(
            RetrievalSystem(
                system=tag,
                summary={STAGE: summary},
                queries=queries,
                unjudged_queries=sorted(set(run) - set(qrels)),
            )
        )
    parts = {**retrieval_parts(options), "order": "rank", "ann": judgment_version}
    return RetrievalReport(
        tool_version=__version__,
        signature=signature(parts),
        signature_parts=parts,
        inputs=inputs,
        options=r,
        ranking_order=RANKING_ORDER,
        systems=systems,
    )
