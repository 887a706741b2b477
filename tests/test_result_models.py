"""A query's result models are made without validation (`models.report.assembled`) from values
the scorer computed; each must be the model validation makes of the same values: equal, the
same repr (a float field holding an int would show), fields set and JSON. Pinned on every model
of scored reports: the bundled examples, generated sets, and the retrieval policies' stages."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import EN_ANN, EN_TRACES, ZH_ANN, ZH_TRACES
from pydantic import BaseModel

import evidence_eval
from evidence_eval.models.report import (
    AnswerResult,
    CriticalToken,
    CutoffScores,
    EvidenceMatch,
    EvidenceProblem,
    FactResult,
    QueryResult,
    Report,
    StageEvidence,
    StageRetrieval,
    SubQuestionResult,
    assembled,
)
from evidence_eval.testing.result_models import models_in
from evidence_eval.testing.score_inputs import build

ASSEMBLED = {
    AnswerResult,
    CriticalToken,
    CutoffScores,
    EvidenceMatch,
    EvidenceProblem,
    FactResult,
    QueryResult,
    StageEvidence,
    StageRetrieval,
    SubQuestionResult,
}


def validated_again(model: BaseModel) -> BaseModel:
    """The model validation makes of the values `model` was given (its nested models as they
    are: each is checked on its own)."""
    return type(model)(**{name: model.__dict__[name] for name in model.model_fields_set})


def same(made: BaseModel, validated: BaseModel) -> bool:
    return (
        made == validated
        and repr(made) == repr(validated)
        and made.model_fields_set == validated.model_fields_set
        and made.model_dump_json(indent=2) == validated.model_dump_json(indent=2)
    )


def checked(report: Report) -> Counter[str]:
    """Every model of the report's query results checked; how many of each class."""
    seen: Counter[str] = Counter()
    for system in report.systems:
        for query in system.queries:
            for model in models_in(query):
                assert same(model, validated_again(model)), f"{type(model).__name__}: {model!r}"
                seen[type(model).__name__] += 1
    return seen


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Report]:
    """Generated sets in both languages; the English one with a query judged with no positive
    grade (zero-positive policies) and one whose items' ids are all unknown (unjudged only)."""
    reports = []
    for zh in (True, False):
        folder = tmp_path_factory.mktemp("zh" if zh else "en")
        build(folder, 8, zh=zh, seed=11)
        reports.append(evidence_eval.score(folder / "bench.annotations.json", folder / "bench.traces.jsonl"))
    annotations = folder / "bench.annotations.json"
    data = json.loads(annotations.read_text(encoding="utf-8"))
    data["queries"][0]["doc_judgments"] = dict.fromkeys(data["queries"][0]["doc_judgments"], 0)
    returned = {
        item["doc_id"]
        for line in (folder / "bench.traces.jsonl").read_text(encoding="utf-8").splitlines()
        if json.loads(line)["query_id"] == data["queries"][1]["query_id"]
        for stage in json.loads(line)["stages"]
        for item in stage["items"]
    }
    corpus = (folder / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    elsewhere = next(
        doc_id for doc_id in (json.loads(line)["doc_id"] for line in corpus) if doc_id not in returned
    )
    data["queries"][1]["doc_judgments"] = {elsewhere: 1}
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    traces = folder / "bench.traces.jsonl"
    for zero_positive in ("exclude", "zero"):
        reports.append(evidence_eval.score(annotations, traces, zero_positive=zero_positive, k=[1, 5]))
    return reports


def test_the_examples_models_are_the_validated_ones() -> None:
    seen = Counter[str]()
    for annotation_set, traces in ((ZH_ANN, ZH_TRACES), (EN_ANN, EN_TRACES)):
        seen += checked(evidence_eval.score(annotation_set, traces))
    assert {model.__name__ for model in ASSEMBLED} <= set(seen)


def test_generated_sets_models_are_the_validated_ones(generated: list[Report]) -> None:
    seen = Counter[str]()
    for report in generated:
        seen += checked(report)
    assert {"CutoffScores", "EvidenceMatch", "FactResult", "StageRetrieval"} <= set(seen)
    statuses = {
        (stage.status, stage.in_mean, stage.unjudged_only, bool(stage.at))
        for report in generated
        for system in report.systems
        for query in system.queries
        for stage in query.retrieval.values()
    }
    assert statuses == {
        ("scored", True, False, True),
        ("not_applicable", False, True, True),  # no returned id judged
        ("not_applicable", False, False, False),  # no positive, excluded
        ("not_applicable", True, False, True),  # no positive, zeros
    }


def test_the_check_tells_an_int_in_a_float_field() -> None:
    """What the tests above would see if a caller gave an int where validation makes a float."""
    fields = {"hit": 1, "rr": 1.0, "recall": 0.5, "depth": None, "unjudged": 0, "unjudged_ids": []}
    made = assembled(CutoffScores, dict(fields))
    assert made == CutoffScores(**fields)  # == alone would not tell
    assert not same(made, CutoffScores(**fields))
    assert same(assembled(CutoffScores, {**fields, "hit": 1.0}), CutoffScores(**fields))


def test_every_field_in_order_or_a_type_error() -> None:
    fields = {"alternative": 0, "span": 1, "item": 2, "reason": "stale", "detail": ""}
    assert same(assembled(EvidenceProblem, dict(fields)), EvidenceProblem(**fields))
    without_detail = {name: value for name, value in fields.items() if name != "detail"}
    reordered = {"span": 1, **fields}
    for wrong in (without_detail, reordered, {**fields, "extra": 1}):
        with pytest.raises(TypeError, match="EvidenceProblem takes"):
            assembled(EvidenceProblem, wrong)
