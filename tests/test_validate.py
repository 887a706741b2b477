"""validate: clean examples pass; every broken span is named; bad files exit 2 in one line."""

from __future__ import annotations

import json

import pytest
from conftest import EN_ANN, ZH, ZH_ANN, copy_example, run_cli


@pytest.mark.parametrize("annotations", [ZH_ANN, EN_ANN])
def test_bundled_examples_are_clean(annotations):
    result = run_cli("validate", annotations)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 problems" in result.stdout
    assert "corpus snapshot sha256:" in result.stdout


def test_three_broken_spans_are_all_named(tmp_path):
    folder = copy_example(ZH, tmp_path)
    path = folder / "repair.annotations.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    subs = data["queries"][0]["sub_questions"]
    subs[0]["evidence"][0][0]["quote"] = "这不是原文"
    subs[1]["evidence"][0][1]["end"] = 10_000
    subs[2]["evidence"][0][0]["doc_id"] = "no-such-doc"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    result = run_cli("validate", path)

    assert result.returncode == 1
    lines = result.stdout.splitlines()
    wrong_quote = [line for line in lines if "sub_questions[0].evidence[0][0].quote" in line]
    past_end = [line for line in lines if "sub_questions[1].evidence[0][1].end" in line]
    unknown = [line for line in lines if "sub_questions[2].evidence[0][0].doc_id" in line]
    assert wrong_quote and "sub-question materials" in wrong_quote[0]
    assert past_end and "past the end" in past_end[0] and "query repair-001" in past_end[0]
    assert unknown and "'no-such-doc' is not in the snapshot" in unknown[0]
    assert "3 problems" in result.stdout


def test_a_wrong_quote_says_where_the_quote_really_is(tmp_path):
    folder = copy_example(ZH, tmp_path)
    path = folder / "repair.annotations.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    span = data["queries"][0]["sub_questions"][2]["evidence"][0][0]
    span["start"] += 1
    span["end"] += 1
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_cli("validate", path)
    assert result.returncode == 1
    assert f"the quote is at {span['start'] - 1}-{span['end'] - 1}" in result.stdout


def test_duplicates_empty_evidence_and_unparsable_value(tmp_path):
    folder = copy_example(ZH, tmp_path)
    path = folder / "repair.annotations.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    query = data["queries"][0]
    query["sub_questions"][1]["id"] = "materials"
    query["sub_questions"][2]["evidence"] = []
    query["sub_questions"][2]["answer_facts"][0]["value"] = "几天"
    data["queries"].append(dict(query))
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = run_cli("validate", path).stdout
    assert "duplicate query_id" in out
    assert "duplicate sub-question id" in out
    assert "no evidence" in out
    assert "cannot parse value '几天'" in out


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "malformed JSON"),
        ("", "the file is empty"),
        ("[1, 2]", "expected a JSON object"),
        (json.dumps({"name": "x", "version": "1", "language": "zh"}), "$.queries: required field is missing"),
        (
            json.dumps({"name": "x", "version": "1", "language": "zh", "queries": [], "typo": 1}),
            "$.typo: unknown key 'typo'",
        ),
    ],
)
def test_bad_annotation_files_exit_2_with_one_line(tmp_path, content, expected):
    path = tmp_path / "bad.annotations.json"
    path.write_text(content, encoding="utf-8")
    result = run_cli("validate", path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert str(path) in result.stderr and expected in result.stderr


def test_invalid_utf8_names_the_file(tmp_path):
    path = tmp_path / "bad.annotations.json"
    path.write_bytes(b'{"name": "\xff"}')
    result = run_cli("validate", path)
    assert result.returncode == 2 and "invalid UTF-8" in result.stderr


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("[1]", ":2: expected a JSON object on each line, found list"),
        ('{"doc_id": "d"', ":2: malformed JSON"),
        ('{"doc_id": "d", "text": "x"}', ":2: $.version: required field is missing"),
    ],
)
def test_bad_corpus_lines_name_file_and_line(tmp_path, line, expected):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"doc_id": "a", "version": "1", "text": "t"}\n' + line + "\n", encoding="utf-8")
    result = run_cli("validate", ZH_ANN, "--corpus", corpus)
    assert result.returncode == 2
    assert f"{corpus}{expected}" in result.stderr
    assert "Traceback" not in result.stderr


def test_corpus_path_may_not_escape_the_annotation_folder(tmp_path):
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    data["corpus"]["path"] = "../../etc/passwd"
    path = tmp_path / "x.annotations.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_cli("validate", path)
    assert result.returncode == 2 and "leaves the annotation set's folder" in result.stderr
