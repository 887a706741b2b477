"""`retrieval` on TREC qrels and runs."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli


def write(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def trec(tmp_path):
    qrels = write(
        tmp_path / "qrels.txt",
        [
            "q1 0 A 1",
            "q1 0 B 1",
            "q1 0 C 1",
            "q2 0 X 0",
            "q3 0 A 2",
        ],
    )
    run = write(
        tmp_path / "run.txt",
        [
            "q1 Q0 A 1 9.0 bm25",
            "q1 Q0 B 2 8.0 bm25",
            "q1 Q0 E 3 7.0 bm25",
            "q2 Q0 X 1 1.0 bm25",
            "q9 Q0 A 1 1.0 bm25",
        ],
    )
    return qrels, run


def test_retrieval_report(trec):
    qrels, run = trec
    result = run_cli("retrieval", qrels, run, "--k", "3", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    system = report["systems"][0]
    summary = system["summary"]["run"]
    assert summary["not_applicable"] == ["q2"]
    assert summary["missing_trace"] == ["q3"]
    assert system["unjudged_queries"] == ["q9"]
    mean = summary["at"]["3"]
    assert mean["queries"] == 2  # q1 scored, q3 missing scored as 0, q2 left out
    assert mean["mean_recall"] == pytest.approx((2 / 3 + 0) / 2)
    assert mean["queries_with_unjudged"] == 1
    assert report["ranking_order"].startswith("rank column")
    assert "order:rank" in report["signature"]


def test_rank_column_orders_not_the_score(tmp_path):
    qrels = write(tmp_path / "qrels.txt", ["q1 0 A 1", "q1 0 B 0"])
    run = write(tmp_path / "run.txt", ["q1 Q0 B 2 9.0 r", "q1 Q0 A 1 1.0 r"])
    report = json.loads(run_cli("retrieval", qrels, run, "--k", "1", "--format", "json").stdout)
    assert report["systems"][0]["queries"][0]["retrieval"]["run"]["at"]["1"]["rr"] == 1.0


@pytest.mark.parametrize(
    ("qrels_line", "run_line", "expected"),
    [
        ("q1 0 A", "q1 Q0 A 1 1.0 r", "qrels.txt:1: expected 4 columns"),
        ("q1 0 A x", "q1 Q0 A 1 1.0 r", "grade 'x' is not an integer"),
        ("q1 0 A 1", "q1 Q0 A one 1.0 r", "run.txt:1: rank 'one'"),
        ("q1 0 A 1", "q1 Q0 A 1 nan r", "is not finite"),
    ],
)
def test_bad_trec_files(tmp_path, qrels_line, run_line, expected):
    qrels = write(tmp_path / "qrels.txt", [qrels_line])
    run = write(tmp_path / "run.txt", [run_line])
    result = run_cli("retrieval", qrels, run)
    assert result.returncode == 2 and expected in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("empty", ["", "\n\n", "  \n\t\n"])
@pytest.mark.parametrize("which", ["qrels", "run"])
def test_empty_trec_files_are_refused(tmp_path, empty, which):
    """Blank lines only: the vectorised reader finds no rows and leaves it to the line
    parser, which refuses the file by name."""
    qrels = write(tmp_path / "qrels.txt", ["q1 0 A 1"])
    run = write(tmp_path / "run.txt", ["q1 Q0 A 1 1.0 r"])
    (qrels if which == "qrels" else run).write_text(empty, encoding="utf-8")
    out = tmp_path / "report.json"
    result = run_cli("retrieval", qrels, run, "-o", out)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{which}.txt: the {which} file is empty" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def test_duplicate_docid_in_a_ranking(tmp_path):
    qrels = write(tmp_path / "qrels.txt", ["q1 0 A 1"])
    run = write(tmp_path / "run.txt", ["q1 Q0 A 1 1.0 r", "q1 Q0 A 2 0.5 r"])
    result = run_cli("retrieval", qrels, run)
    assert result.returncode == 2 and "run.txt:2" in result.stderr and "twice" in result.stderr


def test_plain_report_data_is_the_model(trec):
    """score_run builds plain data and writes it without validating: it must be exactly what
    the RetrievalReport model validates and writes."""
    from evidence_eval.io.trec import read_qrels, read_run
    from evidence_eval.models.options import make_options
    from evidence_eval.models.report import Inputs, RetrievalReport
    from evidence_eval.scoring.retrieval_run import report_json, score_run

    qrels, run = trec
    for budget in ("truncate-then-dedup", "dedup-then-truncate"):
        for zero_positive in ("exclude", "zero"):
            options = make_options(k=[1, 2, 5], budget=budget, zero_positive=zero_positive)
            data = score_run(
                read_qrels(qrels), read_run(run), options=options, inputs=Inputs(), judgment_version="v"
            )
            model = RetrievalReport.model_validate(data)
            assert report_json(data) == model.model_dump_json(indent=2) + "\n"
            assert RetrievalReport.model_validate_json(report_json(data)) == model


def test_regular_qrels_with_an_irregular_run(tmp_path):
    """Judgments read as columns, a run the line parser reads (a non-ASCII docid, an
    exponent): scored query by query with the same definitions."""
    qrels = write(tmp_path / "qrels.txt", ["q1 0 Ä 1", "q1 0 B 1", "q2 0 C 0"])
    run = write(tmp_path / "run.txt", ["q1 Q0 B 1 1e1 r", "q1 Q0 Ä 2 5 r", "q1 Q0 Z 3 1 r"])
    result = run_cli("retrieval", qrels, run, "--k", "1", "--k", "3", "--format", "json")
    assert result.returncode == 0, result.stderr
    (system,) = json.loads(result.stdout)["systems"]
    q1 = system["queries"][0]["retrieval"]["run"]
    assert q1["at"]["1"] == {
        "hit": 1.0,
        "rr": 1.0,
        "recall": 0.5,
        "depth": None,
        "unjudged": 0,
        "unjudged_ids": [],
    }
    assert q1["at"]["3"]["recall"] == 1.0 and q1["at"]["3"]["unjudged_ids"] == ["Z"]
    assert system["queries"][1]["trace"] == "missing"


def test_a_run_whose_queries_match_no_qrels_query_is_refused(tmp_path):
    qrels = write(tmp_path / "qrels.txt", ["q1 0 A 1", "q2 0 B 1"])
    run = write(tmp_path / "run.txt", ["101 Q0 A 1 2.0 bm25", "102 Q0 B 1 1.5 bm25"])
    result = run_cli("retrieval", qrels, run, "--format", "json")
    assert result.returncode == 2 and result.stdout == ""
    assert "run.txt: run 'bm25': none of its 2 query ids is among the 2 of the qrels" in result.stderr


def test_qrels_that_grade_a_pair_twice_otherwise_are_refused_with_the_line(tmp_path):
    qrels = write(tmp_path / "qrels.txt", ["q1 0 A 1", "q1 0 A 0"])
    run = write(tmp_path / "run.txt", ["q1 Q0 A 1 2.0 bm25"])
    result = run_cli("retrieval", qrels, run, "--format", "json")
    assert (
        result.returncode == 2
        and "qrels.txt:2: query 'q1', docid 'A': grade 0 here, 1 on line 1" in result.stderr
    )
