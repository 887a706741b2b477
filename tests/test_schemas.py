"""The committed JSON Schemas are the ones the models generate; the models are strict."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from pydantic import ValidationError

from evidence_eval.models import AnnotationSet, Document, Trace
from evidence_eval.models.schemas import json_schemas


@pytest.mark.parametrize("name", sorted(json_schemas()))
def test_committed_schema_is_up_to_date(name):
    committed = json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))
    assert committed == json_schemas()[name], (
        f"run `evidence-eval schema --overwrite` to refresh schemas/{name}"
    )


def test_schema_refuses_to_replace_a_file_unless_told(tmp_path):
    """`schema` replaced existing files silently, unlike every other output."""
    from conftest import run_cli

    first = run_cli("schema", "--out", tmp_path)
    assert first.returncode == 0, first.stderr
    mine = tmp_path / "policy.schema.json"
    mine.write_text("{}", encoding="utf-8")
    again = run_cli("schema", "--out", tmp_path)
    assert again.returncode == 2 and again.stdout == ""
    assert f"{mine}" in again.stderr and "exist already; pass --overwrite" in again.stderr
    assert mine.read_text(encoding="utf-8") == "{}"
    replaced = run_cli("schema", "--out", tmp_path, "--overwrite")
    assert replaced.returncode == 0 and mine.read_text(encoding="utf-8") != "{}"


def test_unknown_key_in_an_annotation_is_an_error():
    with pytest.raises(ValidationError, match="importanse"):
        AnnotationSet.model_validate(
            {
                "name": "x",
                "version": "1",
                "language": "en",
                "queries": [
                    {
                        "query_id": "q",
                        "text": "t",
                        "sub_questions": [{"id": "s", "kind": "deadline", "text": "", "importanse": "vital"}],
                    }
                ],
            }
        )


def test_corpus_keeps_extra_keys_and_traces_keep_metadata():
    doc = Document.model_validate({"doc_id": "d", "version": "1", "text": "t", "url": "u"})
    assert doc.model_dump()["url"] == "u"
    trace = Trace.model_validate({"query_id": "q", "system": "s", "metadata": {"latency_ms": 12}})
    assert trace.model_dump()["metadata"] == {"latency_ms": 12}
    with pytest.raises(ValidationError, match="latency_ms"):
        Trace.model_validate({"query_id": "q", "system": "s", "latency_ms": 12})


def test_a_trace_without_answer_key_differs_from_an_empty_answer():
    assert Trace.model_validate({"query_id": "q", "system": "s"}).answer is None
    assert Trace.model_validate({"query_id": "q", "system": "s", "answer": ""}).answer == ""


def test_absent_judgment_is_not_a_zero_grade():
    query = AnnotationSet.model_validate(
        {
            "name": "x",
            "version": "1",
            "language": "en",
            "queries": [{"query_id": "q", "text": "t", "doc_judgments": {"a": 0}}],
        }
    ).queries[0]
    assert query.doc_judgments == {"a": 0}
    assert "b" not in query.doc_judgments


@pytest.mark.parametrize("score", [float("nan"), float("inf")])
def test_non_finite_scores_are_refused(score):
    with pytest.raises(ValidationError, match="finite"):
        Trace.model_validate(
            {
                "query_id": "q",
                "system": "s",
                "stages": [{"name": "c", "items": [{"doc_id": "d", "score": score}]}],
            }
        )


@pytest.mark.parametrize("version", ["99", "2", "1.0", ""])
def test_an_unknown_schema_version_is_refused_with_the_versions_known(tmp_path, version):
    """A set of a schema this release does not read is never validated or scored as if it were
    version 1."""
    from conftest import EN_ANN, EN_TRACES, run_cli

    data = json.loads(EN_ANN.read_text(encoding="utf-8"))
    data["schema_version"] = version
    path = tmp_path / "set.annotations.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    expected = f"{path}: $.schema_version: unknown schema_version {version!r}: this release reads 1"
    for args in (["validate", path, "--corpus", EN_ANN.parent / "corpus.jsonl"], ["score", path, EN_TRACES]):
        result = run_cli(*args)
        assert result.returncode == 2 and expected in result.stderr, result.stderr
        assert not result.stdout
