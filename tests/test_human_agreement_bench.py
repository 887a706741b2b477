"""bench/human_agreement.py: the REALSumm converter and the agreement arithmetic, on a tiny
synthetic REALSumm-shaped folder written here (the real data lives outside the repository)."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import run_cli

from evidence_eval.models import AnnotationSet

ROOT = Path(__file__).resolve().parent.parent


def _load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("human_agreement", ROOT / "bench" / "human_agreement.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ha = _load_bench()

FACTS = {
    "cnndm1": [("0", "Kevin Carr set off from Haytor."), ("1", "Kevin Carr ran 16,000 miles.")],
    "cnndm2": [("3", "The previous record was held by an Australian.")],
}
SLOTS = 3  # statement slots per row; the unused ones say BLANK, as in REALSumm
SUMMARIES = {
    "cnndm1": "Kevin Carr set off from Haytor. He ran around the world.",
    "cnndm2": "The previous record was held by an Australian.",
}
# votes per (system, article): one string per annotator row, one letter per fact
VOTES = {
    ("sys_a", "cnndm1"): ["pn", "pn", "pp"],
    ("sys_a", "cnndm2"): ["p", "p", "n", "n"],  # a 2-2 tie
    ("sys_b", "cnndm1"): ["nn", "nn", "pn"],
    ("sys_b", "cnndm2"): ["p", "p", "p"],
}


def write_realsumm(folder: Path, *, bad_vote: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "SCUs_list.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["eventId", "questionId", "questionText", "answer", "author", "sourceSummaryId", "forUse"]
        )
        for article, facts in FACTS.items():
            for fact_id, text in facts:
                writer.writerow([article, fact_id, text, "Y", "", article, "1"])
            writer.writerow([article, f"{article}-blank", "BLANK", "N", "", article, "1"])
    header = ["Input.eventId", "Input.summaryId", "Input.qIdList", "Input.summary_text"]
    header += [f"Input.statement_{i}" for i in range(1, SLOTS + 1)]
    header += [f"Answer.S{i}Answer" for i in range(1, SLOTS + 1)]
    for group, system in (("abs", "sys_a"), ("ext", "sys_b")):
        path = folder / f"SCU_rating_results_{group}_systems" / "out.csv"
        path.parent.mkdir(exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(header)
            for article, facts in FACTS.items():
                ids = [fact_id for fact_id, _ in facts] + [f"{article}-blank"] * (SLOTS - len(facts))
                statements = [text for _, text in facts] + ["BLANK"] * (SLOTS - len(facts))
                for ballot in VOTES[(system, article)]:
                    answers = list(ballot) + ["n"] * (SLOTS - len(facts))
                    if bad_vote:
                        answers[0] = "maybe"
                    writer.writerow([article, "out", str(ids), SUMMARIES[article], *statements, *answers])
    return folder


def test_converter_makes_one_query_per_article_and_one_trace_per_summary(tmp_path: Path) -> None:
    data = ha.read_realsumm(write_realsumm(tmp_path / "realsumm"))
    assert data.systems() == ["abs/out", "ext/out"]  # the same summaryId in both folders stays two systems
    assert data.ballots[("abs/out", "cnndm2")] == [{"3": True}, {"3": True}, {"3": False}, {"3": False}]
    files = ha.converted_files(data)
    annotations = AnnotationSet.model_validate_json(files[ha.ANNOTATION_FILE])
    assert [q.query_id for q in annotations.queries] == ["cnndm1", "cnndm2"]
    subs = annotations.queries[0].sub_questions
    assert [(s.id, [f.text for f in s.answer_facts]) for s in subs] == [
        ("scu0", ["Kevin Carr set off from Haytor."]),
        ("scu1", ["Kevin Carr ran 16,000 miles."]),
    ]  # BLANK slots give no fact
    documents = {d["doc_id"]: d["text"] for d in map(json.loads, files[ha.CORPUS_FILE].splitlines())}
    for query in annotations.queries:
        for sub in query.sub_questions:
            span = sub.evidence[0][0]
            assert documents[span.doc_id][span.start : span.end] == span.quote == sub.answer_facts[0].text
    traces = [json.loads(line) for line in files[ha.TRACES_FILE].splitlines()]
    assert len(traces) == 4
    assert {(t["system"], t["query_id"]): t["answer"] for t in traces}[("ext/out", "cnndm2")] == SUMMARIES[
        "cnndm2"
    ]


def test_a_bad_vote_is_one_line_naming_file_and_line(tmp_path: Path) -> None:
    folder = write_realsumm(tmp_path / "realsumm", bad_vote=True)
    with pytest.raises(ha.DataError, match=r"abs_systems/out\.csv: line 2: Answer\.S1Answer is 'maybe'"):
        ha.read_realsumm(folder)


def test_absent_data_folder_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert ha.main(["--data", str(tmp_path / "nowhere"), "-o", str(tmp_path / "figures.json")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no REALSumm data here" in error and "--data" in error
    assert not (tmp_path / "figures.json").exists()


def _pair(status: str, votes: str, support: float = 0.5) -> object:
    verdict = ha.Verdict(status, "", "align", support)
    return ha.Pair("s", "a", "f", "fact", tuple(v == "p" for v in votes), verdict, 0.0)


def test_precision_and_commitment_from_a_known_confusion_table() -> None:
    pairs = (
        [_pair("supported", "ppn")] * 9
        + [_pair("supported", "nnp")]
        + [_pair("missing", "ppp")] * 3
        + [_pair("missing", "nnn")] * 6
        + [_pair("missing", "ppnn")]  # a tie: out of precision, in the totals
        + [_pair("contradicted", "ppn")] * 2
        + [_pair("uncertain", "pnn")] * 3
        + [_pair("uncertain", "ppp")]
    )
    figures = ha.verdict_figures(pairs)
    assert figures["pairs"] == 26 and figures["ties"] == 1 and figures["present_by_majority"] == 15
    assert figures["precision_supported"] == pytest.approx(0.9)
    assert figures["precision_missing"] == pytest.approx(6 / 9)
    assert figures["contradicted_on_present"] == 2
    assert figures["contradicted_on_present_share_of_present"] == pytest.approx(2 / 15)
    assert figures["committed_share"] == pytest.approx(22 / 26)
    assert figures["uncertain_present_share"] == pytest.approx(1 / 4)
    table = [line.split() for line in ha.confusion_table(ha.confusion_of(pairs))]
    assert ["missing", "3", "6", "1", "10"] in table and ["total", "15", "10", "1", "26"] in table


def test_correlation_and_auc_arithmetic() -> None:
    assert ha.kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert ha.kendall_tau_b([1, 1, 2, 3], [1, 2, 2, 3]) == pytest.approx(0.8)  # tau-b's tie correction
    assert ha.pearson([1, 2, 3], [2, 4, 7]) == pytest.approx(0.9933, abs=1e-4)
    assert ha.pearson([1, 1, 1], [1, 2, 3]) is None  # no spread: no correlation, not 0
    assert ha.auc([0.1, 0.4, 0.35, 0.8], [False, False, True, True]) == pytest.approx(0.75)
    assert ha.auc([0.5, 0.5], [True, False]) == pytest.approx(0.5)  # a tie counts half
    assert ha.auc([0.5, 0.7], [True, True]) is None
    assert ha.majority([True, True, False, False]) == ha.TIE


def test_word_recall_stems_and_drops_stop_words() -> None:
    assert ha.word_recall("Kevin Carr ran with his tents.", "kevin carr , with a tent , ran") == 1.0
    assert ha.word_recall("The record was held by an Australian.", "an australian") == pytest.approx(1 / 3)


def test_annotators_who_always_agree_reach_a_ceiling_of_one(tmp_path: Path) -> None:
    data = ha.read_realsumm(write_realsumm(tmp_path / "realsumm"))
    for key, ballots in data.ballots.items():
        data.ballots[key] = [dict(ballots[0]) for _ in ballots]
    ceiling = ha.ceiling_figures(data)
    assert ceiling["pair_auc_ceiling"] == 1.0
    assert ceiling["precision_present_ceiling"] == ceiling["precision_absent_ceiling"] == 1.0
    assert ceiling["summary_pearson_ceiling"] == pytest.approx(1.0)


def test_end_to_end_scores_with_the_cli_and_reuses_unchanged_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first run validates and scores with the CLI in fresh processes (the bench's own
    `run_cli`); the second, whose subject is the reuse of unchanged files, runs the same
    commands in this process."""
    data = write_realsumm(tmp_path / "realsumm")
    args = ["--data", str(data), "--converted", str(tmp_path / "converted"), "--jobs", "1"]
    figures_path, dump = tmp_path / "figures.json", tmp_path / "pairs.jsonl"
    assert ha.main([*args, "-o", str(figures_path), "--dump", str(dump)]) == 0
    assert "(written)" in capsys.readouterr().out
    figures = json.loads(figures_path.read_text(encoding="utf-8"))["figures"]
    assert figures["pairs"] == 6 and figures["ties"] == 1 and figures["systems"] == 2
    rows = {
        (r["system"], r["article"], r["fact_id"]): r for r in map(json.loads, dump.read_text().splitlines())
    }
    stated = rows[("ext/out", "cnndm2", "3")]  # the summary is the fact, word for word
    assert (stated["status"], stated["votes"], stated["majority"]) == ("supported", "ppp", "present")
    monkeypatch.setattr(ha, "run_cli", lambda command: run_cli(*command))
    assert ha.main([*args, "-o", str(tmp_path / "again.json"), "--compare", str(figures_path)]) == 0
    out = capsys.readouterr().out
    assert "unchanged, reused" in out and "precision_supported" in out


def test_diagnosis_cut_is_the_highest_that_keeps_missing_precise() -> None:
    spec = importlib.util.spec_from_file_location(
        "agreement_diagnosis", ROOT / "bench" / "agreement_diagnosis.py"
    )
    assert spec and spec.loader
    diagnosis = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = diagnosis
    spec.loader.exec_module(diagnosis)
    scores = [0.0, 0.0, 0.1, 0.2, 0.3, 0.5, 0.9]
    labels = ["absent", "absent", "tie", "absent", "present", "absent", "present"]
    # below 0.3: 3 absent of 3 decided (the tie left out); below 0.5: 3 of 4; below 0.9: 4 of 5
    assert diagnosis._best_cut(scores, labels, 0.9) == (0.3, 4 / 7)
    assert diagnosis._best_cut(scores, labels, 0.8) == (0.9, 6 / 7)
    assert diagnosis._best_cut([0.5], ["present"], 0.9) == (None, 0.0)
