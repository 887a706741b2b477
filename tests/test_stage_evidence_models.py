"""`stage_evidence` builds its report model from dicts in one validation; the models it
stands for, built one by one, must be the same and print the same."""

from __future__ import annotations

from evidence_eval.models.report import EvidenceMatch, EvidenceProblem, StageEvidence

PROBLEMS = [
    {"alternative": 0, "span": i % 3, "item": i, "reason": reason, "detail": f"detail {i} 数据"}
    for i, reason in enumerate(["token_boundary", "conflict", "other_document", "stale", "out_of_scope"] * 4)
]
MATCHES = [
    {
        "alternative": 1,
        "span": 0,
        "doc_id": "d0",
        "route": "exact",
        "score": 100.0,
        "item": 2,
        "start": 5,
        "end": 40,
        "text_source": "trace",
        "pieces": None,
        "other_document": True,
    },
    {
        "alternative": 1,
        "span": 1,
        "doc_id": "文档",
        "route": "split",
        "score": 93.75,
        "item": 0,
        "start": 0,
        "end": 12,
        "text_source": "snapshot",
        "pieces": [(0, 0, 12), (3, 7, 19)],
        "other_document": False,
    },
]


def test_one_validation_is_the_models_one_by_one() -> None:
    fields = {"status": "partial", "alternative": 1, "spans_found": 2, "spans_needed": 3}
    at_once = StageEvidence.model_validate({**fields, "matches": MATCHES, "problems": PROBLEMS})
    one_by_one = StageEvidence(
        status="partial",
        alternative=1,
        spans_found=2,
        spans_needed=3,
        matches=[EvidenceMatch(**m) for m in MATCHES],  # type: ignore[arg-type]
        problems=[EvidenceProblem(**p) for p in PROBLEMS],  # type: ignore[arg-type]
    )
    assert at_once == one_by_one
    assert at_once.model_dump_json(indent=2) == one_by_one.model_dump_json(indent=2)
    assert at_once.model_fields_set == one_by_one.model_fields_set
    assert [m.model_fields_set for m in at_once.matches] == [m.model_fields_set for m in one_by_one.matches]
