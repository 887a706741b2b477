"""Readers of other tools' formats, and init / anchor / migrate."""

from __future__ import annotations

import csv
import json
import re

import pytest
from conftest import EXAMPLES, SHARED_DATA, ZH, copy_example, run_cli, write_jsonl

import evidence_eval

RAGCHECKER = SHARED_DATA / "ragchecker" / "checking_inputs.json"


@pytest.mark.skipif(not RAGCHECKER.exists(), reason="shared/data is not beside the checkout")
def test_ragchecker_inputs_become_traces_and_a_draft(tmp_path):
    result = run_cli("convert", "ragchecker", RAGCHECKER, "-o", tmp_path, "--system", "rc")
    assert result.returncode == 0, result.stderr
    traces = [json.loads(line) for line in (tmp_path / "traces.jsonl").read_text().splitlines()]
    source = json.loads(RAGCHECKER.read_text(encoding="utf-8"))["results"]
    assert [t["query_id"] for t in traces] == [r["query_id"] for r in source]
    assert traces[0]["stages"][0]["name"] == "context"
    assert [i["text"] for i in traces[0]["stages"][0]["items"]] == [
        c["text"] for c in source[0]["retrieved_context"]
    ]
    draft = json.loads((tmp_path / "draft.annotations.json").read_text(encoding="utf-8"))
    assert draft["draft"] is True and draft["queries"][0]["sub_questions"][0]["needs_review"] is True
    report = evidence_eval.score(tmp_path / "draft.annotations.json", tmp_path / "traces.jsonl")
    assert "+draft" in report.signature
    assert run_cli("convert", "ragchecker", RAGCHECKER, "-o", tmp_path).returncode == 2  # no overwrite


RAGAS_ROWS = [
    {
        "user_input": "申请维修资金要哪些材料？",
        "retrieved_contexts": ["须提交维修资金使用申请书和维修工程预算书。", "停车收费标准。"],
        "response": "需要维修资金使用申请书和维修工程预算书。",
        "reference": "维修资金使用申请书；维修工程预算书。",
        "reference_contexts": ["须提交维修资金使用申请书和维修工程预算书。"],
    },
    {
        "user_input": "办理时限？",
        "retrieved_contexts": ["停车收费标准。"],
        "response": "不清楚。",
        "reference": "十五个工作日。",
        "reference_contexts": ["自受理之日起十五个工作日内作出决定。"],
    },
]


def _check_ragas(folder):
    report = evidence_eval.score(folder / "draft.annotations.json", folder / "traces.jsonl")
    system = report.systems[0]
    statuses = [q.sub_questions[0].stages["context"].status for q in system.queries]
    assert statuses == ["supported", "missing"]
    assert system.queries[0].sub_questions[0].answer.status == "supported"


def test_ragas_jsonl_in_chinese(tmp_path):
    rows = write_jsonl(tmp_path / "rows.jsonl", RAGAS_ROWS)
    assert run_cli("convert", "ragas", rows, "-o", tmp_path / "out").returncode == 0
    _check_ragas(tmp_path / "out")


def test_ragas_csv(tmp_path):
    path = tmp_path / "rows.csv"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(RAGAS_ROWS[0]))
        writer.writeheader()
        for row in RAGAS_ROWS:
            writer.writerow(
                {k: json.dumps(v, ensure_ascii=False) if isinstance(v, list) else v for k, v in row.items()}
            )
    assert run_cli("convert", "ragas", path, "-o", tmp_path / "out").returncode == 0
    _check_ragas(tmp_path / "out")


def test_ragas_bad_row_names_line_and_field(tmp_path):
    rows = write_jsonl(tmp_path / "rows.jsonl", [RAGAS_ROWS[0], {"response": "x"}])
    result = run_cli("convert", "ragas", rows, "-o", tmp_path / "out")
    assert result.returncode == 2 and "rows.jsonl:2: $.user_input: required field is missing" in result.stderr


def test_trec_run_and_qrels(tmp_path):
    (tmp_path / "run.txt").write_text("q1 Q0 B 2 1.0 bm25\nq1 Q0 A 1 2.0 bm25\n", encoding="utf-8")
    (tmp_path / "qrels.txt").write_text("q1 0 A 1\nq1 0 C 2\n", encoding="utf-8")
    result = run_cli(
        "convert",
        "trec",
        "--run",
        tmp_path / "run.txt",
        "--qrels",
        tmp_path / "qrels.txt",
        "-o",
        tmp_path / "out",
    )
    assert result.returncode == 0, result.stderr
    trace = json.loads((tmp_path / "out" / "traces.jsonl").read_text())
    assert [i["doc_id"] for i in trace["stages"][0]["items"]] == ["A", "B"]
    report = evidence_eval.score(
        tmp_path / "out" / "draft.annotations.json", tmp_path / "out" / "traces.jsonl", k=[2]
    )
    assert report.systems[0].summary.retrieval["run"].at["2"].mean_recall == 0.5


@pytest.mark.parametrize("given", [".", "./", "../scifact"])
def test_beir_folder_given_as_dot_names_the_set_after_the_folder(tmp_path, given):
    """`convert beir . -o out` wrote a set named "" that validate and score refused: the
    name is the folder's, and the set it writes is one `validate` accepts."""
    folder = tmp_path / "scifact"
    (folder / "qrels").mkdir(parents=True)
    write_jsonl(
        folder / "corpus.jsonl", [{"_id": "d1", "title": "", "text": "The Nile is the longest river."}]
    )
    write_jsonl(folder / "queries.jsonl", [{"_id": "q1", "text": "What is the longest river in Africa?"}])
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n", encoding="utf-8")
    converted = run_cli("convert", "beir", given, "-o", "out", cwd=folder)
    assert converted.returncode == 0, converted.stderr
    draft = folder / "out" / "draft.annotations.json"
    assert json.loads(draft.read_text(encoding="utf-8"))["name"] == "scifact"
    checked = run_cli("validate", draft)
    assert checked.returncode == 0, checked.stdout
    assert "scifact@draft-1: 1 queries, 0 sub-questions, 0 problems" in checked.stdout


def test_beir_folder(tmp_path):
    folder = tmp_path / "scifact"
    (folder / "qrels").mkdir(parents=True)
    write_jsonl(
        folder / "corpus.jsonl",
        [
            {"_id": "d1", "title": "维修", "text": "维修资金申请材料。"},
            {"_id": "d2", "title": "", "text": "停车。"},
        ],
    )
    write_jsonl(folder / "queries.jsonl", [{"_id": "q1", "text": "维修资金要什么材料"}])
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n", encoding="utf-8")
    assert run_cli("convert", "beir", folder, "-o", tmp_path / "out").returncode == 0
    draft = json.loads((tmp_path / "out" / "draft.annotations.json").read_text(encoding="utf-8"))
    assert draft["language"] == "zh" and draft["queries"][0]["doc_judgments"] == {"d1": 1}
    assert run_cli("validate", tmp_path / "out" / "draft.annotations.json").returncode == 0
    result = run_cli("convert", "beir", folder, "-o", tmp_path / "out2", "--split", "dev")
    assert result.returncode == 2 and "qrels/dev.tsv" in result.stderr


def test_init_then_anchor(tmp_path):
    folder = copy_example(ZH, tmp_path)
    queries = write_jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "办理时限怎么计算？"}])
    annotations = folder / "new.annotations.json"
    result = run_cli("init", annotations, "--from", queries, "--corpus", folder / "corpus.jsonl")
    assert result.returncode == 0, result.stderr
    data = json.loads(annotations.read_text(encoding="utf-8"))
    assert (
        data["draft"]
        and data["corpus"]["path"] == "corpus.jsonl"
        and data["queries"][0]["sub_questions"] == []
    )
    data["queries"][0]["sub_questions"] = [
        {
            "id": "deadline",
            "kind": "deadline",
            "text": "",
            "evidence": [[{"doc_id": "repair-deadline", "quote": "十五个工作日内作出审核决定"}]],
        }
    ]
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = folder / "anchored.annotations.json"
    result = run_cli("anchor", annotations, "--corpus", folder / "corpus.jsonl", "-o", out)
    assert result.returncode == 0, result.stdout + result.stderr
    span = json.loads(out.read_text(encoding="utf-8"))["queries"][0]["sub_questions"][0]["evidence"][0][0]
    assert (span["start"], span["end"]) == (14, 27)
    assert run_cli("validate", out).returncode == 0


def test_anchor_refuses_ambiguous_and_absent_quotes(tmp_path):
    folder = copy_example(ZH, tmp_path)
    data = json.loads((folder / "repair.annotations.json").read_text(encoding="utf-8"))
    evidence = data["queries"][0]["sub_questions"][2]["evidence"][0]
    evidence.append({"doc_id": "repair-deadline", "quote": "办理时限"})
    evidence.append({"doc_id": "repair-deadline", "quote": "不存在的句子"})
    path = folder / "x.annotations.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = folder / "y.annotations.json"
    result = run_cli("anchor", path, "--corpus", folder / "corpus.jsonl", "-o", out)
    assert result.returncode == 1 and not out.exists()
    assert "evidence[0][2]" in result.stdout and "found 2 times" in result.stdout
    assert "evidence[0][3]" in result.stdout and "not found" in result.stdout


@pytest.mark.parametrize(
    ("example", "doc_id", "quote", "passage"),
    [
        (
            "repair_zh",
            "repair-deadline",
            "自受理申请之日起15个工作日内作出审核决定",
            "[6:27] '自受理申请之日起十五个工作日内作出审核决定'",
        ),
        (
            "warranty_en",
            "claim-timeline",
            "within fifteen business days of receiving it",
            "[30:69] 'within 15 business days of receiving it'",
        ),
    ],
)
def test_anchor_suggests_the_passage_written_with_another_numeral(tmp_path, example, doc_id, quote, passage):
    """A quote that writes a number otherwise than the document (15 / 十五, fifteen / 15) is
    still refused, but the message gives the passage migrate would take, with its offsets."""
    folder = copy_example(EXAMPLES / example, tmp_path)
    path = next(folder.glob("*.annotations.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["queries"][0]["sub_questions"][0]["evidence"] = [[{"doc_id": doc_id, "quote": quote}]]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_cli("anchor", path, "--corpus", folder / "corpus.jsonl", "-o", folder / "out.json")
    assert result.returncode == 1 and not (folder / "out.json").exists()
    assert f"not found in {doc_id!r}; nearest passage {passage} (score 100): quote it as" in result.stdout


def test_migrate_to_an_edited_snapshot(tmp_path):
    folder = copy_example(ZH, tmp_path)
    rows = [json.loads(line) for line in (folder / "corpus.jsonl").read_text(encoding="utf-8").splitlines()]
    for row in rows:
        row.pop("chunks", None)
        if row["doc_id"] == "repair-deadline":
            row["version"] = "2025-01"
            row["text"] = "第七条 " + row["text"].replace(
                "查勘时间不计入办理时限", "查勘时间不计入该办理时限"
            )
        if row["doc_id"] == "repair-exclusions":
            row["text"] = "已废止。"
    new_corpus = write_jsonl(folder / "corpus-2025.jsonl", rows)
    original = (folder / "repair.annotations.json").read_bytes()
    out = folder / "repair.v2.annotations.json"
    result = run_cli(
        "migrate", folder / "repair.annotations.json", "--corpus", new_corpus, "--version", "2.0", "-o", out
    )
    assert result.returncode == 1  # the exclusions spans could not be re-anchored
    assert (folder / "repair.annotations.json").read_bytes() == original
    assert (
        "1 kept" in result.stdout and "1 moved" in result.stdout and "1 re-anchored fuzzily" in result.stdout
    )
    assert "2 not re-anchored" in result.stdout
    migrated = json.loads(out.read_text(encoding="utf-8"))
    deadline = migrated["queries"][0]["sub_questions"][2]
    assert deadline["needs_review"] is True
    assert deadline["evidence"][0][0]["start"] == 6 + len("第七条 ")
    assert migrated["version"] == "2.0"
    assert run_cli("validate", out, "--corpus", new_corpus).stdout.count("quote does not equal") == 0


@pytest.mark.skipif(not RAGCHECKER.exists(), reason="shared/data is not beside the checkout")
def test_score_reads_ragchecker_traces_directly(tmp_path):
    assert run_cli("convert", "ragchecker", RAGCHECKER, "-o", tmp_path).returncode == 0
    direct = run_cli(
        "score",
        tmp_path / "draft.annotations.json",
        RAGCHECKER,
        "--traces-format",
        "ragchecker",
        "--format",
        "json",
    )
    assert direct.returncode == 0, direct.stderr
    via_file = run_cli(
        "score", tmp_path / "draft.annotations.json", tmp_path / "traces.jsonl", "--format", "json"
    )
    a, b = json.loads(direct.stdout), json.loads(via_file.stdout)
    assert a["systems"][0]["summary"] == b["systems"][0]["summary"]
    assert a["inputs"]["traces"]["path"] == str(RAGCHECKER)


def test_ragas_contexts_without_ids_and_rows_without_responses(tmp_path):
    from evidence_eval.ingest.readers import from_ragas

    rows = [dict(RAGAS_ROWS[0]), {k: v for k, v in RAGAS_ROWS[1].items() if k != "response"}]
    files = from_ragas(str(write_jsonl(tmp_path / "rows.jsonl", rows)), system="ragas")
    assert "answer" in files["traces.jsonl"][0] and "answer" not in files["traces.jsonl"][1]
    assert run_cli("convert", "ragas", tmp_path / "rows.jsonl", "-o", tmp_path / "out").returncode == 0
    report = evidence_eval.score(
        tmp_path / "out" / "draft.annotations.json", tmp_path / "out" / "traces.jsonl"
    )
    summary = report.systems[0].summary
    assert summary.traces_without_answer == 1
    context = summary.retrieval["context"]  # the first context is the reference: not "hit rate 0"
    assert context.no_ids == ["q1", "q2"] and context.at["1"].hit_rate is None


# --- ragas EvaluationDataset files (through the API: no subprocess) -----------------------


def _ragas_files_agree(files):
    assert [t["query_id"] for t in files["traces.jsonl"]] == ["q1", "q2"]
    assert [i["text"] for i in files["traces.jsonl"][0]["stages"][0]["items"]] == RAGAS_ROWS[0][
        "retrieved_contexts"
    ]
    assert [d["text"] for d in files["corpus.jsonl"]] == [r["reference_contexts"][0] for r in RAGAS_ROWS]
    assert files["draft.annotations.json"]["language"] == "zh"


def test_ragas_csv_written_by_evaluation_dataset_to_csv(tmp_path):
    """ragas' `to_csv` writes list cells with csv.DictWriter: Python reprs, not JSON."""
    from evidence_eval.ingest.readers import from_ragas

    path = tmp_path / "dataset.csv"
    rows = [dict(RAGAS_ROWS[0], reference_contexts=["须提交'申请书'和预算书。"]), RAGAS_ROWS[1]]
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(RAGAS_ROWS[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
    written = path.read_text(encoding="utf-8")
    assert "['停车收费标准。']" in written and '"[""须提交\'申请书\'和预算书。""]"' in written  # Python reprs
    files = from_ragas(str(path), system="ragas")
    assert files["corpus.jsonl"][0]["text"] == "须提交'申请书'和预算书。"
    assert files["traces.jsonl"][0]["stages"][0]["items"][1]["text"] == "停车收费标准。"


@pytest.mark.parametrize("shape", ["list", "samples"])
def test_ragas_records_json(tmp_path, shape):
    from evidence_eval.ingest.readers import from_ragas

    data = RAGAS_ROWS if shape == "list" else {"samples": RAGAS_ROWS}
    path = tmp_path / "dataset.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    _ragas_files_agree(from_ragas(str(path), system="ragas"))


def test_ragas_jsonl_named_json_and_old_column_names(tmp_path):
    from evidence_eval.ingest.readers import from_ragas

    old = [
        {
            "question": r["user_input"],
            "contexts": r["retrieved_contexts"],
            "answer": r["response"],
            "ground_truth": r["reference"],
            "reference_contexts": r["reference_contexts"],
        }
        for r in RAGAS_ROWS
    ]
    _ragas_files_agree(from_ragas(str(write_jsonl(tmp_path / "rows.json", old)), system="ragas"))


def test_ragas_refusals_name_the_line_and_field(tmp_path):
    from evidence_eval.errors import InputError
    from evidence_eval.ingest.readers import from_ragas

    path = tmp_path / "bad.csv"
    path.write_text('user_input,retrieved_contexts\nq,"[\'unclosed"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.csv:2: \$.retrieved_contexts: expected a list of strings"):
        from_ragas(str(path), system="ragas")
    turns = write_jsonl(tmp_path / "turns.jsonl", [{"user_input": [{"content": "hi", "type": "human"}]}])
    with pytest.raises(InputError, match=r"turns.jsonl:1: \$.user_input: a multi-turn sample"):
        from_ragas(str(turns), system="ragas")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (
            lambda row: row.update(reference_contexts="须提交申请书。"),
            "$.reference_contexts: expected a list of strings",
        ),
        (
            lambda row: row.update(reference_contexts=["须提交申请书。", 7]),
            "$.reference_contexts: expected a list",
        ),
        (lambda row: row.update(retrieved_contexts={"a": 1}), "$.retrieved_contexts: expected a list"),
    ],
)
def test_ragas_lists_of_the_wrong_type_are_refused(tmp_path, change, fragment):
    from evidence_eval.errors import InputError
    from evidence_eval.ingest.readers import from_ragas

    row = dict(RAGAS_ROWS[0])
    change(row)
    path = write_jsonl(tmp_path / "rows.jsonl", [RAGAS_ROWS[1], row])
    with pytest.raises(InputError, match=r"rows.jsonl:2: " + re.escape(fragment)):
        from_ragas(str(path), system="ragas")


def test_a_ragas_csv_list_cell_with_a_huge_number_is_refused(tmp_path):
    from evidence_eval.errors import InputError
    from evidence_eval.ingest.readers import from_ragas

    path = tmp_path / "rows.csv"
    path.write_text(f'user_input,retrieved_contexts\nq,"[{"9" * 4301}]"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"rows.csv:2: \$.retrieved_contexts: expected a list of strings"):
        from_ragas(str(path), system="ragas")


def _ragas_draft(tmp_path):
    rows = write_jsonl(tmp_path / "rows.jsonl", RAGAS_ROWS)
    assert run_cli("convert", "ragas", rows, "-o", tmp_path / "out").returncode == 0
    return tmp_path / "out" / "draft.annotations.json"


def test_ragas_rows_score_against_the_query_their_question_names(tmp_path):
    draft = _ragas_draft(tmp_path)
    shuffled = write_jsonl(tmp_path / "shuffled.jsonl", RAGAS_ROWS[::-1])
    report = evidence_eval.score(draft, shuffled, traces_format="ragas")
    status = {q.query_id: q.sub_questions[0].stages["context"].status for q in report.systems[0].queries}
    assert status == {"q1": "supported", "q2": "missing"}  # as in the file's own order
    with_ids = write_jsonl(
        tmp_path / "ids.jsonl", [dict(RAGAS_ROWS[1], query_id="q2", user_input="reworded")]
    )  # an id column wins over the text
    report = evidence_eval.score(draft, with_ids, traces_format="ragas", missing_trace="exclude")
    assert [q.query_id for q in report.systems[0].queries if q.trace == "ok"] == ["q2"]


def test_a_ragas_row_matching_no_query_or_several_is_refused(tmp_path):
    draft = _ragas_draft(tmp_path)
    stray = write_jsonl(
        tmp_path / "stray.jsonl", [RAGAS_ROWS[0], dict(RAGAS_ROWS[1], user_input="别的问题？")]
    )
    result = run_cli("score", draft, stray, "--traces-format", "ragas")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "stray.jsonl:2: $.user_input: the question '别的问题？' is the text of no query" in result.stderr
    data = json.loads(draft.read_text(encoding="utf-8"))
    data["queries"][1]["text"] = data["queries"][0]["text"] + " "  # the same text, normalised
    draft.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    rows = write_jsonl(tmp_path / "rows.jsonl", RAGAS_ROWS)
    result = run_cli("score", draft, rows, "--traces-format", "ragas")
    assert (
        result.returncode == 2
        and "rows.jsonl:1: $.user_input: the question is the text of several queries (q1, q2)"
        in result.stderr
    )


# --- MuSiQue and DuReader --------------------------------------------------------------------


MUSIQUE_RECORD = {
    "id": "2hop__1_2",
    "paragraphs": [
        {"idx": 0, "title": "A", "paragraph_text": "Unrelated text. Nothing here.", "is_supporting": False},
        {
            "idx": 1,
            "title": "B",
            "paragraph_text": "Dr. Smith founded it. It was published by Acme Press in 1990.",
            "is_supporting": True,
        },
        {
            "idx": 2,
            "title": "C",
            "paragraph_text": "Acme Press was led by J. R. Doe. He retired.",
            "is_supporting": True,
        },
    ],
    "question": "Who led the publisher of it?",
    "question_decomposition": [
        {"id": 1, "question": "Who published it?", "answer": "Acme Press", "paragraph_support_idx": 1},
        {"id": 2, "question": "Who led #1 ?", "answer": "J. R. Doe", "paragraph_support_idx": 2},
    ],
    "answer": "J. R. Doe",
    "answer_aliases": ["John Doe"],
    "answerable": True,
}


def test_musique_steps_become_sub_questions_with_the_answer_sentence(tmp_path):
    from evidence_eval.ingest.decomposed import from_musique

    files = from_musique(str(write_jsonl(tmp_path / "musique.jsonl", [MUSIQUE_RECORD])))
    query = files["draft.annotations.json"]["queries"][0]
    first, second = query["sub_questions"]
    assert second["text"] == "Who led Acme Press ?"
    assert first["evidence"] == [
        [
            {
                "doc_id": "2hop__1_2#p1",
                "start": 22,
                "end": 61,
                "quote": "It was published by Acme Press in 1990.",
            }
        ]
    ]
    assert second["evidence"][0][0]["quote"] == "Acme Press was led by J. R. Doe."  # initials do not end it
    assert second["answer_facts"] == [{"id": "answer", "text": "J. R. Doe", "aliases": ["John Doe"]}]
    assert query["doc_judgments"] == {"2hop__1_2#p0": 0, "2hop__1_2#p1": 1, "2hop__1_2#p2": 1}
    assert files["traces.jsonl"][0]["stages"][0]["items"][1] == {"doc_id": "2hop__1_2#p1"}


def test_musique_unanswerable_and_bad_records(tmp_path):
    from evidence_eval.errors import InputError
    from evidence_eval.ingest.decomposed import from_musique

    unanswerable = dict(MUSIQUE_RECORD, answerable=False)
    files = from_musique(str(write_jsonl(tmp_path / "m.jsonl", [unanswerable])))
    assert files["draft.annotations.json"]["queries"][0]["sub_questions"] == []
    steps = [dict(MUSIQUE_RECORD["question_decomposition"][0], paragraph_support_idx=7)]
    bad = write_jsonl(tmp_path / "bad.jsonl", [dict(MUSIQUE_RECORD, question_decomposition=steps)])
    with pytest.raises(
        InputError, match=r"bad.jsonl:1: \$.question_decomposition\[0\].paragraph_support_idx"
    ):
        from_musique(str(bad))
    (tmp_path / "list.json").write_text(json.dumps([{"id": "x"}]), encoding="utf-8")
    with pytest.raises(InputError, match=r"list.json: \$\[0\].paragraphs: expected list, found nothing"):
        from_musique(str(tmp_path / "list.json"))


def test_dureader_answer_spans_are_placed_ignoring_spaces(tmp_path):
    from evidence_eval.ingest.decomposed import from_dureader

    record = {
        "question_id": 7,
        "question": "办理时限？",
        "documents": [
            {
                "title": "t0",
                "paragraphs": ["无关。"],
                "is_selected": False,
                "most_related_para": 0,
                "bs_rank_pos": 1,
            },
            {
                "title": "t1",
                "paragraphs": ["第一段。", "自受理之日起 十五个 工作日内办结。"],
                "is_selected": True,
                "most_related_para": 1,
                "bs_rank_pos": 0,
            },
        ],
        "answers": ["十五个工作日。", "半个月。"],
        "answer_docs": [1],
        "answer_spans": [[1, 4]],
        "fake_answers": ["十五个工作日"],
    }
    files = from_dureader(str(write_jsonl(tmp_path / "d.jsonl", [record])))
    (sub,) = files["draft.annotations.json"]["queries"][0]["sub_questions"]
    assert sub["evidence"] == [[{"doc_id": "7-d1", "start": 12, "end": 19, "quote": "十五个 工作日"}]]
    assert sub["answer_mode"] == "any" and [f["text"] for f in sub["answer_facts"]] == [
        "十五个工作日。",
        "半个月。",
    ]
    doc = files["corpus.jsonl"][1]
    assert doc["chunks"][1] == {"chunk_id": "7-d1#p1", "start": 5, "end": 23}
    assert [i["doc_id"] for i in files["traces.jsonl"][0]["stages"][0]["items"]] == ["7-d1", "7-d0"]
    assert files["draft.annotations.json"]["queries"][0]["doc_judgments"] == {"7-d0": 0, "7-d1": 1}


def test_ragchecker_ids_reused_for_other_texts_are_kept_apart():
    from evidence_eval.ingest.readers import from_ragchecker

    if not RAGCHECKER.exists():
        pytest.skip("shared/data is not beside the checkout")
    files = from_ragchecker(str(RAGCHECKER), system="rc")
    texts = {doc["doc_id"]: doc["text"] for doc in files["corpus.jsonl"]}
    source = json.loads(RAGCHECKER.read_text(encoding="utf-8"))["results"]
    for trace, row in zip(files["traces.jsonl"], source):
        assert [texts[i["doc_id"]] for i in trace["stages"][0]["items"]] == [
            c["text"] for c in row["retrieved_context"]
        ]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["The 2024 rules, §3."], "en"),
        (["第三条 2024 年 rules"], "zh"),
        (["12345 ..."], "en"),
        (["𠀀𠀁 abc"], "zh"),
    ],
)
def test_language_from_the_share_of_han_letters(texts, expected):
    from evidence_eval.text.language import guess_language

    assert guess_language(texts) == expected


def test_beir_qrels_with_invalid_utf8_name_the_line(tmp_path):
    from conftest import run_cli

    folder = tmp_path / "beir"
    (folder / "qrels").mkdir(parents=True)
    (folder / "corpus.jsonl").write_text('{"_id": "d1", "text": "x"}\n', encoding="utf-8")
    (folder / "queries.jsonl").write_text('{"_id": "q1", "text": "q"}\n', encoding="utf-8")
    (folder / "qrels" / "test.tsv").write_bytes(b"query-id\tcorpus-id\tscore\nq1\td1\xff\t1\n")
    result = run_cli("convert", "beir", folder, "-o", tmp_path / "out")
    assert result.returncode == 2 and "test.tsv:2" in result.stderr and "UTF-8" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "out").exists()


def test_convert_never_writes_over_its_own_input_even_with_overwrite(tmp_path):
    folder = tmp_path / "beir"
    (folder / "qrels").mkdir(parents=True)
    write_jsonl(folder / "corpus.jsonl", [{"_id": "d1", "text": "维修资金申请材料。"}])
    write_jsonl(folder / "queries.jsonl", [{"_id": "q1", "text": "维修资金要什么材料"}])
    (folder / "qrels" / "test.tsv").write_text("q1\td1\t1\n", encoding="utf-8")
    corpus_before = (folder / "corpus.jsonl").read_bytes()
    result = run_cli("convert", "beir", folder, "-o", folder, "--overwrite")
    assert result.returncode == 2 and "corpus.jsonl: is also an input" in result.stderr
    assert (folder / "corpus.jsonl").read_bytes() == corpus_before
    assert not (folder / "draft.annotations.json").exists()  # checked before any file is written

    (tmp_path / "out").mkdir()
    rows = write_jsonl(tmp_path / "out" / "traces.jsonl", RAGAS_ROWS)
    before = rows.read_bytes()
    result = run_cli("convert", "ragas", rows, "-o", tmp_path / "out", "--overwrite")
    assert result.returncode == 2 and "traces.jsonl: is also an input" in result.stderr
    assert rows.read_bytes() == before and not (tmp_path / "out" / "corpus.jsonl").exists()


def _beir(tmp_path, corpus, queries, qrels="q1\td1\t1\n"):
    folder = tmp_path / "beir"
    (folder / "qrels").mkdir(parents=True)
    write_jsonl(folder / "corpus.jsonl", corpus)
    write_jsonl(folder / "queries.jsonl", queries)
    (folder / "qrels" / "test.tsv").write_text(qrels, encoding="utf-8")
    return folder


BEIR_DOC = {"_id": "d1", "text": "维修资金申请材料。"}
BEIR_QUERY = {"_id": "q1", "text": "维修资金要什么材料"}


@pytest.mark.parametrize(
    "corpus, queries, qrels, expected",
    [
        ([], [BEIR_QUERY], "q1\td1\t1\n", "corpus.jsonl: no document in it"),
        ([BEIR_DOC], [], "q1\td1\t1\n", "queries.jsonl: no query in it"),
        ([BEIR_DOC], [{"_id": {"q": 1}, "text": "维修资金"}], "q1\td1\t1\n", "queries.jsonl:1: $._id"),
        ([BEIR_DOC], [{"text": "维修资金"}], "q1\td1\t1\n", "queries.jsonl:1: $._id"),
        ([{"_id": ["d1"], "text": "x"}], [BEIR_QUERY], "q1\td1\t1\n", "corpus.jsonl:1: $._id"),
        ([BEIR_DOC], [BEIR_QUERY], "q1\td1\t1\nq2\td1\t1\n", "test.tsv:2: query 'q2' is not in"),
        ([BEIR_DOC], [BEIR_QUERY], "q1\td1\t1\nq1\td1\t0\n", "test.tsv:2: query 'q1', corpus-id 'd1'"),
    ],
)
def test_beir_refuses_what_it_would_drop_or_invent(tmp_path, corpus, queries, qrels, expected):
    folder = _beir(tmp_path, corpus, queries, qrels)
    result = run_cli("convert", "beir", folder, "-o", tmp_path / "out")
    assert result.returncode == 2 and expected in result.stderr, result.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


@pytest.mark.parametrize(
    "row, expected",
    [
        ({"query_id": {"id": 1}}, "$.results[0].query_id: expected a string id, found dict"),
        ({"query_id": ["a"]}, "$.results[0].query_id: expected a string id, found list"),
        ({"query_id": "q1", "doc_id": {"d": 1}}, "retrieved_context[0].doc_id: expected a string id"),
    ],
)
def test_ragchecker_refuses_ids_that_are_no_ids(tmp_path, row, expected):
    context = {"text": "须提交申请书。", **({"doc_id": row.pop("doc_id")} if "doc_id" in row else {})}
    source = tmp_path / "rc.json"
    source.write_text(
        json.dumps(
            {"results": [{**row, "query": "材料？", "gt_answer": "申请书。", "retrieved_context": [context]}]}
        ),
        encoding="utf-8",
    )
    result = run_cli("convert", "ragchecker", source, "-o", tmp_path / "out")
    assert result.returncode == 2 and expected in result.stderr, result.stderr


@pytest.mark.parametrize(
    "lines, expected",
    [
        ("", "queries.jsonl: no query in it"),
        ("\n\n", "queries.jsonl: no query in it"),
        ('{"_id": {"a": 1}, "text": "办理时限？"}\n', "queries.jsonl:1: expected a string id, found dict"),
        ('{"_id": "q1", "text": ["办理时限？"]}\n', "queries.jsonl:1: expected a text, found list"),
    ],
)
def test_init_refuses_queries_it_would_drop_or_invent(tmp_path, lines, expected):
    (tmp_path / "queries.jsonl").write_text(lines, encoding="utf-8")
    out = tmp_path / "new.annotations.json"
    result = run_cli("init", out, "--from", tmp_path / "queries.jsonl", "--corpus", ZH / "corpus.jsonl")
    assert result.returncode == 2 and expected in result.stderr, result.stderr
    assert not out.exists()
