"""A file given in the wrong place (ANNOTATIONS and TRACES swapped, the annotation set as
--corpus, QRELS and RUN swapped, another tool's file without --traces-format) or with a
trailing comma: the one-line error says what the place expects and what the file looks like,
not the JSON parser's message alone."""

from __future__ import annotations

import json

import pytest
from conftest import EN, EN_ANN, EN_TRACES, run_cli

EN_CORPUS = EN / "corpus.jsonl"


def refused(*args):
    result = run_cli(*args)
    assert result.returncode == 2 and not result.stdout, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    return lines[0]


def test_annotations_and_traces_swapped():
    line = refused("score", EN_TRACES, EN_ANN)
    assert line == (
        f"evidence-eval: error: {EN_TRACES}:2: malformed JSON: Extra data at column 1 (this file "
        "holds one JSON value per line (JSONL), not an annotation set: are the files given in the right order?)"
    )
    assert "not an annotation set: are the files given in the right order?" in refused("validate", EN_TRACES)


def test_a_json_document_where_traces_are_expected():
    line = refused("score", EN_ANN, EN_ANN)
    assert line.endswith(
        f"{EN_ANN}:1: malformed JSON: Expecting property name enclosed in double quotes at column 1 (this "
        "is one JSON document over several lines, not traces (JSONL, one trace per line): are the files "
        "given in the right order, or is it another tool's file (give --traces-format)?)"
    )


def test_another_tools_file_on_one_line_names_the_format(tmp_path):
    ragchecker = tmp_path / "checking_inputs.json"
    ragchecker.write_text(json.dumps({"results": [{"query_id": "0", "query": "q"}]}))
    line = refused("score", EN_ANN, ragchecker)
    assert line.endswith("(this is a RAGChecker file (read with --traces-format ragchecker), not a trace)")


def test_the_annotation_set_as_corpus():
    line = refused("score", EN_ANN, EN_TRACES, "--corpus", EN_ANN)
    assert line.endswith(
        "(this is one JSON document over several lines, not a snapshot (JSONL, one document per line): "
        "is it the annotation set?)"
    )
    traces_as_corpus = refused("score", EN_ANN, EN_TRACES, "--corpus", EN_TRACES)
    assert traces_as_corpus.endswith("(this is a trace, not a corpus document)")


def test_traces_as_policy_and_a_set_as_policy(tmp_path):
    line = refused("audit", EN_ANN, EN_TRACES, "--policy", EN_TRACES)
    assert line.endswith(
        "(this file holds one JSON value per line (JSONL), not a policy: are the files given in the right order?)"
    )
    compact = tmp_path / "set.json"
    compact.write_text(EN_ANN.read_text(encoding="utf-8"))
    assert refused("audit", EN_ANN, EN_TRACES, "--policy", compact).endswith(
        "(this is an annotation set, not a policy)"
    )


@pytest.mark.parametrize(("swapped", "hint"), [(True, "a run's 6 columns"), (False, "qrels' 4 columns")])
def test_qrels_and_run_swapped(tmp_path, swapped, hint):
    qrels = tmp_path / "qrels.txt"
    run = tmp_path / "run.txt"
    qrels.write_text("q1 0 d1 1\nq2 0 d4 1\n")
    run.write_text("q1 Q0 d1 1 2.0 bm25\nq2 Q0 d5 1 1.0 bm25\n")
    given = (run, qrels) if swapped else (qrels, qrels)
    line = refused("retrieval", *given)
    assert line.endswith(f"({hint}: are QRELS and RUN swapped?)")


def test_a_trailing_comma_is_named(tmp_path):
    trailing = tmp_path / "trailing.json"
    trailing.write_text('{"name": "g", "rules": [{"figure": "missing_traces", "op": "==", "value": 0},]}')
    line = refused("audit", EN_ANN, EN_TRACES, "--policy", trailing)
    assert line.endswith(
        "malformed JSON: Expecting value at column 78 (remove the comma before the closing bracket: JSON "
        "allows no trailing comma)"
    )
    lines = EN_TRACES.read_text(encoding="utf-8").splitlines()
    traces = tmp_path / "t.jsonl"
    traces.write_text("\n".join(line + "," for line in lines) + "\n")
    assert refused("score", EN_ANN, traces).endswith(
        "(remove the comma at the end of the line: a JSONL line is one object, alone)"
    )
