"""The vectorised retrieval backend (`metrics.columnar`) against the definitions
(`metrics.retrieval.stage_scores`): identical scores, unknowns and policies on every input."""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_eval.io import trec
from evidence_eval.metrics import stage_scores
from evidence_eval.metrics.columnar import score_rankings, unique_sorted
from evidence_eval.models.columns import JudgmentColumns, RankingColumns
from evidence_eval.models.options import make_options
from evidence_eval.models.report import Inputs
from evidence_eval.scoring.retrieval_run import report_json, score_run

# Ids of different lengths where one is a prefix of another: fixed-width keys must keep
# ("q1", "0A") apart from ("q10", "A").
QIDS = ["q1", "q10", "q2", "Q", "q1A"]
DOCIDS = ["A", "AB", "0A", "B", "C", "d-1", "e.2"]

judgment_rows = st.lists(
    st.tuples(st.sampled_from(QIDS), st.sampled_from(DOCIDS), st.integers(-1, 3)), max_size=30
)
distinct_judgment_rows = st.lists(  # a file that judges a pair twice is read line by line
    st.tuples(st.sampled_from(QIDS), st.sampled_from(DOCIDS), st.integers(-1, 3)),
    max_size=30,
    unique_by=lambda row: row[:2],
)
rankings_by_query = st.dictionaries(
    st.sampled_from(QIDS), st.lists(st.sampled_from(DOCIDS), unique=True, max_size=7), max_size=5
)
k_lists = st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True)


def columns(rows, rankings):
    judgments = JudgmentColumns(
        np.array([q.encode() for q, _, _ in rows], dtype=np.bytes_).reshape(-1),
        np.array([d.encode() for _, d, _ in rows], dtype=np.bytes_).reshape(-1),
        np.array([g for _, _, g in rows], dtype=np.int64),
    )
    qids = list(rankings)
    bounds = np.cumsum([0] + [len(rankings[q]) for q in qids]).astype(np.int64)
    docids = [d.encode() for q in qids for d in rankings[q]]
    ranked = RankingColumns(
        np.array([q.encode() for q in qids], dtype=np.bytes_).reshape(-1),
        bounds,
        np.array(docids, dtype=np.bytes_).reshape(-1),
    )
    return judgments, ranked


@settings(max_examples=120, deadline=None)
@given(rows=judgment_rows, rankings=rankings_by_query, k_values=k_lists)
def test_columnar_scores_equal_the_definitions(rows, rankings, k_values):
    """Each drawn input under both budgets and every minimum grade (they were drawn one an
    example: the input costs hypothesis milliseconds, a policy's scores a fraction of one)."""
    qrels: dict[str, dict[str, int]] = {}
    for qid, docid, grade in rows:
        qrels.setdefault(qid, {})[docid] = grade  # a later judgment replaces an earlier one
    judgments, ranked = columns(rows, rankings)
    for budget in ("truncate-then-dedup", "dedup-then-truncate"):
        for min_grade in (1, 2, 3):
            expected = [
                stage_scores(ranking, qrels[qid], k_values=k_values, budget=budget, min_grade=min_grade)
                if qid in qrels
                else None
                for qid, ranking in rankings.items()
            ]
            options = {"k_values": k_values, "budget": budget, "min_grade": min_grade}
            assert score_rankings(judgments, ranked, **options) == expected, options


def test_a_later_judgment_replaces_an_earlier_one():
    judgments, ranked = columns([("q1", "A", 2), ("q1", "A", 0), ("q1", "B", 1)], {"q1": ["A", "B"]})
    (scores,) = score_rankings(judgments, ranked, k_values=[1])
    assert scores is not None
    assert scores["relevant"] == 1 and scores["at"]["1"]["hit"] == 0.0


def test_unique_sorted_sorts_only_when_needed():
    values = np.array([b"b", b"a", b"b", b"c"])
    distinct, first = unique_sorted(values)
    assert distinct.tolist() == [b"a", b"b", b"c"] and first.tolist() == [0, 1, 3]
    distinct, first = unique_sorted(np.array([b"a", b"a", b"c"]))
    assert distinct.tolist() == [b"a", b"c"] and first.tolist() == [0, 2]


@settings(max_examples=60, deadline=None)
@given(
    rows=distinct_judgment_rows.filter(bool),
    rankings=rankings_by_query.filter(lambda r: any(r.values())),
    k_values=k_lists,
)
def test_reports_from_columns_and_from_lines_are_byte_identical(tmp_path_factory, rows, rankings, k_values):
    assume({q for q, _, _ in rows} & {q for q, ranking in rankings.items() if ranking})  # else refused
    folder = tmp_path_factory.mktemp("trec")
    qrels_path, run_path = folder / "qrels.txt", folder / "run.txt"
    qrels_path.write_text("".join(f"{q} 0 {d} {g}\n" for q, d, g in rows))
    run_path.write_text(
        "".join(
            f"{q} Q0 {d} {rank} {10 - rank} {tag}\n"
            for tag in ("bm25", "dense")
            for q, ranking in rankings.items()
            for rank, d in enumerate(ranking, start=1)
        )
    )
    judgments, runs = trec.read_judgments(qrels_path), trec.read_run(run_path)
    assert isinstance(judgments, JudgmentColumns)
    assert all(run.columns is not None for run in runs.values())
    for zero_positive in ("exclude", "zero"):
        options = make_options(k=k_values, zero_positive=zero_positive)
        common = {"options": options, "inputs": Inputs(), "judgment_version": "v"}
        columnar = report_json(score_run(judgments, runs, **common))
        by_query = report_json(
            score_run(trec.read_qrels(qrels_path), trec._read_run_lines(run_path), **common)
        )
        assert columnar == by_query
