"""`retrieval`: TREC qrels + run -> RetrievalReport, with the same definitions as `score`."""

from __future__ import annotations

from typing import Any

import pydantic_core

from ..errors import InputError, Location, shown
from ..io.trec import Qrels, RankedRun, Runs, qrels_dict
from ..metrics import stage_scores
from ..metrics.aggregate import StageDigest, stage_summary
from ..metrics.columnar import score_rankings, unique_sorted
from ..metrics.policies import absent_stage, apply_zero_positive, refuse_zero_positive
from ..metrics.retrieval import Scores
from ..models.columns import JudgmentColumns, RankingColumns
from ..models.options import ScoreOptions
from ..models.report import Inputs, RetrievalReport
from ..version import __version__
from .signature import retrieval_parts, signature

STAGE = "run"
RANKING_ORDER = "rank column ascending, ties in file order"


def score_run(
    qrels: JudgmentColumns | Qrels,
    runs: Runs,
    *,
    options: ScoreOptions,
    inputs: Inputs,
    judgment_version: str,
) -> dict[str, Any]:
    """The RetrievalReport as JSON-ready data (`RetrievalReport.model_validate` makes the
    model; `report_json` writes it). Built as plain data: for 10,000 queries, a model per
    query, or validating the whole, costs more than all the scoring (tests pin that the data
    validates and that its JSON equals the model's). Runs and judgments read as columns are
    scored by `metrics.columnar`, others query by query; the numbers are the same."""
    judged = _judged_qids(qrels)
    by_query: Qrels | None = None if isinstance(qrels, JudgmentColumns) else qrels
    systems = []
    for tag in sorted(runs):
        run = runs[tag]
        if isinstance(qrels, JudgmentColumns) and run.columns is not None:
            scored = _columnar_scores(qrels, run.columns, options)
        else:
            if by_query is None:  # made once, and only for a run the line parser read
                assert isinstance(qrels, JudgmentColumns)
                by_query = qrels_dict(qrels)
            scored = _query_scores(by_query, run, options)
        _refuse_disjoint(tag, scored, len(judged), inputs)
        systems.append(_system(tag, judged, scored, options))
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


def _refuse_disjoint(tag: str, scored: dict[str, Scores | None], judged: int, inputs: Inputs) -> None:
    """A run none of whose queries is judged would score every judged query as a miss: a
    hit rate of 0 that says only that the files are of different topic sets."""
    if any(scores is not None for scores in scored.values()):
        return
    run_path = inputs.run.path if inputs.run else "<run>"
    raise InputError(
        Location(run_path),
        f"run {shown(tag)}: none of its {len(scored)} query ids is among the {judged} of the qrels",
        "give the qrels of the same topic set: the query ids must match",
    )


def report_json(report: dict[str, Any] | RetrievalReport) -> str:
    """The report as `RetrievalReport.model_dump_json(indent=2)` writes it: the same
    serializer (pydantic-core), applied to the plain data without validating it again."""
    return pydantic_core.to_json(report, indent=2).decode() + "\n"


def _judged_qids(qrels: JudgmentColumns | Qrels) -> list[str]:
    if isinstance(qrels, JudgmentColumns):
        return [qid.decode() for qid in unique_sorted(qrels.qids)[0].tolist()]
    return sorted(qrels)


def _columnar_scores(
    judgments: JudgmentColumns, rankings: RankingColumns, options: ScoreOptions
) -> dict[str, Scores | None]:
    r = options.retrieval
    results = score_rankings(judgments, rankings, k_values=r.k, budget=r.budget, min_grade=r.min_grade)
    return dict(zip((qid.decode() for qid in rankings.qids.tolist()), results))


def _query_scores(qrels: Qrels, run: RankedRun, options: ScoreOptions) -> dict[str, Scores | None]:
    r = options.retrieval
    # The reader refuses a docid twice in a ranking, so max(K) items serve either budget.
    depth = max(r.k)
    return {
        qid: stage_scores(
            ranked.ranking(depth),
            qrels[qid],
            k_values=r.k,
            budget=r.budget,
            min_grade=r.min_grade,
            items=len(ranked),
        )
        if qid in qrels
        else None
        for qid, ranked in run.items()
    }


def _system(
    tag: str, judged: list[str], scored: dict[str, Scores | None], options: ScoreOptions
) -> dict[str, Any]:
    """One run's report: every judged query (in qid order), with the policies applied; the
    run's queries with no judgment are listed as `unjudged_queries`."""
    r = options.retrieval
    queries, digests = [], []
    for qid in judged:
        stage = scored.get(qid)
        if stage is None:
            trace, stage = "missing", absent_stage("missing_trace", options)
        else:
            trace = "ok"
            if stage["status"] == "not_applicable":
                stage = apply_zero_positive(stage, options)
        queries.append({"query_id": qid, "trace": trace, "retrieval": {STAGE: stage}})
        digests.append((qid, StageDigest.of(stage)))
    refuse_zero_positive(digests, options)
    return {
        "system": tag,
        "summary": {STAGE: stage_summary(digests, r.k)},
        "queries": queries,
        "unjudged_queries": sorted(qid for qid, scores in scored.items() if scores is None),
    }
