"""Label Studio round trip: tasks out, Label Studio's JSON export back in.

The exports below are shaped as Label Studio (1.x) writes its JSON export: a list of tasks,
each with `id`, `data`, `annotations` (`id`, `completed_by`, `result` regions
`{value: {start, end, text, labels}, id, from_name, to_name, type, origin}`,
`was_cancelled`, `ground_truth`, timestamps, ...), `predictions` (ids) and the bookkeeping
fields. Offsets in `value` count UTF-16 code units, as JavaScript strings do.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from conftest import ZH, copy_example, write_jsonl

from evidence_eval.annotate import workflow
from evidence_eval.annotate.labelstudio import LABEL_CONFIG, to_code_points, utf16_offsets
from evidence_eval.errors import EvidenceEvalError, InputError
from evidence_eval.io import load_annotations

ASTRAL_TEXT = "😀 Claims: 𠀀 the serial number printed under the battery cover. Two photos of the defect."


def utf16(text: str, start: int, end: int) -> tuple[int, int]:
    """What JavaScript's indices are for a code point slice."""
    return len(text[:start].encode("utf-16-le")) // 2, len(text[:end].encode("utf-16-le")) // 2


def ls_region(start: int, end: int, text: str | None, labels: list[str], region_id: str) -> dict[str, Any]:
    value: dict[str, Any] = {"start": start, "end": end, "labels": labels}
    if text is not None:
        value["text"] = text
    return {
        "value": value,
        "id": region_id,
        "from_name": "evidence",
        "to_name": "text",
        "type": "labels",
        "origin": "manual",
    }


def ls_choice(grade: str) -> dict[str, Any]:
    return {
        "value": {"choices": [grade]},
        "id": "rel01",
        "from_name": "relevance",
        "to_name": "text",
        "type": "choices",
        "origin": "manual",
    }


def ls_annotation(task_id: int, result: list[dict[str, Any]], **changes: Any) -> dict[str, Any]:
    annotation = {
        "id": task_id * 10,
        "completed_by": 1,
        "result": result,
        "was_cancelled": False,
        "ground_truth": False,
        "created_at": "2026-12-04T03:10:11.123456Z",
        "updated_at": "2026-12-04T03:10:11.123456Z",
        "draft_created_at": None,
        "lead_time": 21.5,
        "prediction": {},
        "result_count": 0,
        "unique_id": f"0f8c7b1e-{task_id:04d}",
        "import_id": None,
        "last_action": None,
        "task": task_id,
        "project": 3,
        "updated_by": 1,
        "parent_prediction": None,
        "parent_annotation": None,
        "last_created_by": None,
    }
    annotation.update(changes)
    return annotation


def ls_export(
    tasks: list[dict[str, Any]], annotations: dict[int, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """What Label Studio exports after importing `tasks` and people annotating some of them
    (`annotations`: task index -> its annotations)."""
    exported = []
    for index, task in enumerate(tasks):
        task_id = index + 1
        done = annotations.get(index, [])
        exported.append(
            {
                "id": task_id,
                "annotations": done,
                "file_upload": "b5a1c3d2-tasks.json",
                "drafts": [],
                "predictions": [task_id] if task.get("predictions") else [],
                "data": task["data"],
                "meta": {},
                "created_at": "2026-12-04T03:00:00.000000Z",
                "updated_at": "2026-12-04T03:10:11.200000Z",
                "inner_id": task_id,
                "total_annotations": len(done),
                "cancelled_annotations": sum(a["was_cancelled"] for a in done),
                "total_predictions": 1 if task.get("predictions") else 0,
                "comment_count": 0,
                "unresolved_comment_count": 0,
                "last_comment_updated_at": None,
                "project": 3,
                "updated_by": 1,
                "comment_authors": [],
            }
        )
    return exported


@pytest.fixture
def astral_set(tmp_path: Path) -> Path:
    """One English document with astral characters before the evidence."""
    write_jsonl(tmp_path / "corpus.jsonl", [{"doc_id": "claims", "version": "1", "text": ASTRAL_TEXT}])
    quote = "the serial number printed under the battery cover."
    start = ASTRAL_TEXT.index(quote)
    data = {
        "schema_version": "1",
        "name": "claims",
        "version": "draft-1",
        "language": "en",
        "draft": True,
        "corpus": {"path": "corpus.jsonl"},
        "queries": [
            {
                "query_id": "q1",
                "text": "What do I send with a claim?",
                "doc_judgments": {"claims": 1},
                "sub_questions": [
                    {
                        "id": "serial",
                        "kind": "materials",
                        "text": "Which number?",
                        "needs_review": True,
                        "evidence": [
                            [{"doc_id": "claims", "start": start, "end": start + len(quote), "quote": quote}]
                        ],
                    },
                    {"id": "photos", "kind": "materials", "text": "How many photos?", "needs_review": True},
                ],
            }
        ],
    }
    path = tmp_path / "claims.annotations.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_utf16_offsets_of_astral_characters():
    offsets = utf16_offsets("a😀b")
    assert offsets == [0, 1, 3, 4]
    assert [to_code_points(offsets, u) for u in range(5)] == [0, 1, None, 2, 3]
    assert to_code_points(offsets, 9) is None


def test_export_writes_utf16_predictions_and_a_config(astral_set: Path, tmp_path: Path):
    result = workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    assert result.tasks == 1 and result.predicted_spans == 1
    task = tasks[0]
    assert task["data"]["query_id"] == "q1" and task["data"]["doc_id"] == "claims"
    assert task["data"]["sub_questions"] == [
        {"value": "serial", "hint": "materials: Which number?"},
        {"value": "photos", "hint": "materials: How many photos?"},
    ]
    region, relevance = task["predictions"][0]["result"]
    quote = "the serial number printed under the battery cover."
    code_start = ASTRAL_TEXT.index(quote)
    assert (region["value"]["start"], region["value"]["end"]) == utf16(
        ASTRAL_TEXT, code_start, code_start + len(quote)
    )
    assert region["value"]["start"] == code_start + 2  # two astral characters before it
    units = ASTRAL_TEXT.encode("utf-16-le")
    assert units[2 * region["value"]["start"] : 2 * region["value"]["end"]].decode("utf-16-le") == quote
    assert region["value"]["labels"] == ["serial"] and relevance["value"] == {"choices": ["1"]}
    config = ET.fromstring((tmp_path / "tasks.config.xml").read_text(encoding="utf-8"))
    assert config.find("Labels").get("value") == "$sub_questions"
    assert (tmp_path / "tasks.config.xml").read_text(encoding="utf-8") == LABEL_CONFIG


def test_export_refuses_to_replace_a_file(astral_set: Path, tmp_path: Path):
    (tmp_path / "tasks.json").write_text("[]", encoding="utf-8")
    with pytest.raises(EvidenceEvalError, match="exists already"):
        workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    assert (tmp_path / "tasks.json").read_text(encoding="utf-8") == "[]"
    assert not (tmp_path / "tasks.config.xml").exists()


def test_import_places_utf16_spans_and_judgments(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    kept = tasks[0]["predictions"][0]["result"][0]
    result = [
        ls_region(kept["value"]["start"], kept["value"]["end"], kept["value"]["text"], ["serial"], "r1"),
        ls_region(*utf16(ASTRAL_TEXT, begin, begin + len(photos)), photos, ["photos"], "r2"),
        ls_choice("2"),
    ]
    export = tmp_path / "project-3-at-2026-12-04-03-11.json"
    export.write_text(json.dumps(ls_export(tasks, {0: [ls_annotation(1, result)]})), encoding="utf-8")
    before = astral_set.read_bytes()
    imported = workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    assert astral_set.read_bytes() == before
    assert imported.report.placed == 2 and imported.report.reanchored == 0 and imported.report.unplaced == []
    data = json.loads((tmp_path / "v1.json").read_text(encoding="utf-8"))
    query = data["queries"][0]
    serial, photo_sub = query["sub_questions"]
    assert photo_sub["evidence"] == [
        [{"doc_id": "claims", "start": begin, "end": begin + len(photos), "quote": photos}]
    ]
    assert serial["evidence"] == json.loads(before)["queries"][0]["sub_questions"][0]["evidence"]  # unchanged
    assert serial["needs_review"] is False and photo_sub["needs_review"] is False
    assert query["doc_judgments"] == {"claims": 2}
    assert data["version"] == "1" and data["corpus"]["path"] == "corpus.jsonl"


def test_import_reanchors_by_text_and_lists_what_it_cannot_place(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    result = [
        # offsets counted in code points by some other tool: the text disagrees, placed by it
        ls_region(begin, begin + len(photos), photos, ["photos"], "r1"),
        ls_region(0, 4, "a sentence that is not there", ["serial"], "r2"),
        ls_region(*utf16(ASTRAL_TEXT, begin, begin + 3), "Two", ["no-such-sub"], "r3"),
    ]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(ls_export(tasks, {0: [ls_annotation(1, result)]})), encoding="utf-8")
    imported = workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    report = imported.report
    assert report.placed == 1 and report.reanchored == 1
    assert len(report.unplaced) == 2
    assert "$[0].annotations[0].result[1]" in report.unplaced[0] and "not found" in report.unplaced[0]
    assert "'no-such-sub' is not a sub-question" in report.unplaced[1]
    photo_sub = json.loads((tmp_path / "v1.json").read_text(encoding="utf-8"))["queries"][0]["sub_questions"][
        1
    ]
    assert photo_sub["evidence"][0][0]["start"] == begin


def test_import_takes_the_latest_submitted_annotation(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    region = ls_region(*utf16(ASTRAL_TEXT, begin, begin + len(photos)), photos, ["photos"], "r1")
    annotations = [
        ls_annotation(1, [], updated_at="2026-12-04T03:00:00.000000Z"),
        ls_annotation(1, [region], id=11, updated_at="2026-12-04T03:20:00.000000Z"),
        ls_annotation(1, [], id=12, was_cancelled=True, updated_at="2026-12-04T03:30:00.000000Z"),
    ]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(ls_export(tasks, {0: annotations})), encoding="utf-8")
    workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    data = json.loads((tmp_path / "v1.json").read_text(encoding="utf-8"))
    serial, photo_sub = data["queries"][0]["sub_questions"]
    assert photo_sub["evidence"][0][0]["quote"] == photos
    assert serial.get("evidence", []) == []  # the person removed the predicted span


def test_import_without_region_text_uses_the_offsets(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    region = ls_region(*utf16(ASTRAL_TEXT, begin, begin + len(photos)), None, ["photos"], "r1")
    export = tmp_path / "export.json"
    export.write_text(json.dumps(ls_export(tasks, {0: [ls_annotation(1, [region])]})), encoding="utf-8")
    imported = workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    assert imported.report.placed == 1
    photo_sub = json.loads((tmp_path / "v1.json").read_text(encoding="utf-8"))["queries"][0]["sub_questions"][
        1
    ]
    assert photo_sub["evidence"][0][0]["quote"] == photos


def test_unannotated_tasks_change_nothing(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    export = tmp_path / "export.json"
    export.write_text(json.dumps(ls_export(tasks, {})), encoding="utf-8")
    imported = workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    assert imported.report.tasks_without_annotation == 1 and imported.report.placed == 0
    before = json.loads(astral_set.read_text(encoding="utf-8"))["queries"]
    after = json.loads((tmp_path / "v1.json").read_text(encoding="utf-8"))["queries"]
    assert after[0]["sub_questions"][0]["evidence"] == before[0]["sub_questions"][0]["evidence"]
    assert after[0]["sub_questions"][0]["needs_review"] is True


def test_import_refuses_tasks_not_made_by_the_export(astral_set: Path, tmp_path: Path):
    export = tmp_path / "export.json"
    export.write_text(json.dumps(ls_export([{"data": {"text": ASTRAL_TEXT}}], {})), encoding="utf-8")
    with pytest.raises(InputError, match=r"\$\[0\]\.data\.query_id: missing"):
        workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    assert not (tmp_path / "v1.json").exists()


def _region_of_photos() -> dict[str, Any]:
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    return ls_region(*utf16(ASTRAL_TEXT, begin, begin + len(photos)), photos, ["photos"], "r2")


MALFORMED_EXPORTS = {
    "annotations a number": (
        lambda task: task.update(annotations=7),
        r"\$\[0\]\.annotations: expected a list of annotations, found int",
    ),
    "annotations an object": (
        lambda task: task.update(annotations={}),
        r"\$\[0\]\.annotations: expected a list of annotations, found dict",
    ),
    "an annotation not an object": (
        lambda task: task["annotations"].append("done"),
        r"\$\[0\]\.annotations\[1\]: expected an annotation object, found str",
    ),
    "result an object": (
        lambda task: task["annotations"][0].update(result={}),
        r"\$\[0\]\.annotations\[0\]\.result: expected a list of regions",
    ),
    "an offset written as text": (
        lambda task: task["annotations"][0]["result"][0]["value"].update(start="56"),
        r"\$\[0\]\.annotations\[0\]\.result\[0\]\.value\.start: expected an integer offset, found '56'",
    ),
    "a region without value": (
        lambda task: task["annotations"][0]["result"].append(
            {"id": "r3", "from_name": "evidence", "type": "labels"}
        ),
        r"\$\[0\]\.annotations\[0\]\.result\[1\]: expected a region object with a `value` object",
    ),
}


@pytest.mark.parametrize("case", sorted(MALFORMED_EXPORTS))
def test_import_refuses_a_malformed_export(astral_set: Path, tmp_path: Path, case: str):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    exported = ls_export(tasks, {0: [ls_annotation(1, [_region_of_photos()])]})
    change, message = MALFORMED_EXPORTS[case]
    change(exported[0])
    export = tmp_path / "export.json"
    export.write_text(json.dumps(exported), encoding="utf-8")
    with pytest.raises(InputError, match=r"export\.json: " + message):
        workflow.import_labelstudio(export, into=astral_set, version="1", out=tmp_path / "v1.json")
    assert not (tmp_path / "v1.json").exists()


def test_import_refuses_the_same_version_and_an_input_as_output(astral_set: Path, tmp_path: Path):
    export = tmp_path / "export.json"
    export.write_text("[]", encoding="utf-8")
    with pytest.raises(EvidenceEvalError, match="must differ"):
        workflow.import_labelstudio(export, into=astral_set, version="draft-1", out=tmp_path / "v1.json")
    with pytest.raises(EvidenceEvalError, match="is also an input"):
        workflow.import_labelstudio(export, into=astral_set, version="1", out=astral_set, overwrite=True)


def test_round_trip_of_the_chinese_example_keeps_every_alternative(tmp_path: Path):
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    exported = workflow.export_labelstudio(annotations, out=folder / "tasks.json")
    tasks = json.loads((folder / "tasks.json").read_text(encoding="utf-8"))
    assert exported.tasks == 5  # the five judged documents of repair-001
    accepted = {i: [ls_annotation(i + 1, t["predictions"][0]["result"])] for i, t in enumerate(tasks)}
    export = folder / "export.json"
    export.write_text(json.dumps(ls_export(tasks, accepted), ensure_ascii=False), encoding="utf-8")
    imported = workflow.import_labelstudio(export, into=annotations, version="1.1", out=folder / "v11.json")
    assert imported.report.unplaced == [] and imported.report.reanchored == 0
    before = load_annotations(annotations)
    after = load_annotations(folder / "v11.json")
    assert after.queries == before.queries  # every alternative as it was; needs_review was false already


def test_an_import_written_away_from_its_corpus_says_it_names_none(tmp_path: Path):
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    workflow.export_labelstudio(annotations, out=folder / "tasks.json")
    tasks = json.loads((folder / "tasks.json").read_text(encoding="utf-8"))
    accepted = {i: [ls_annotation(i + 1, t["predictions"][0]["result"])] for i, t in enumerate(tasks)}
    export = folder / "export.json"
    export.write_text(json.dumps(ls_export(tasks, accepted), ensure_ascii=False), encoding="utf-8")
    (tmp_path / "other").mkdir()
    away = workflow.import_labelstudio(
        export, into=annotations, version="1.1", out=tmp_path / "other" / "v.json"
    )
    assert away.corpus_note is not None and "pass --corpus" in away.corpus_note
    assert load_annotations(tmp_path / "other" / "v.json").corpus.path is None  # type: ignore[union-attr]
    beside = workflow.import_labelstudio(export, into=annotations, version="1.1", out=folder / "v.json")
    assert beside.corpus_note is None
    assert load_annotations(folder / "v.json").corpus.path == "corpus.jsonl"  # type: ignore[union-attr]


def test_tasks_of_another_snapshot_are_placed_by_their_text(astral_set: Path, tmp_path: Path):
    workflow.export_labelstudio(astral_set, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    tasks[0]["data"]["snapshot_sha256"] = "0" * 64  # exported before the corpus changed
    photos = "Two photos of the defect."
    begin = ASTRAL_TEXT.index(photos)
    with_text = ls_region(*utf16(ASTRAL_TEXT, begin, begin + len(photos)), photos, ["photos"], "r1")
    without_text = ls_region(0, 2, None, ["serial"], "r2")
    export = tmp_path / "export.json"
    export.write_text(
        json.dumps(ls_export(tasks, {0: [ls_annotation(1, [with_text, without_text])]})), encoding="utf-8"
    )
    report = workflow.import_labelstudio(
        export, into=astral_set, version="1", out=tmp_path / "v1.json"
    ).report
    assert (report.placed, report.reanchored) == (1, 1)
    assert report.unplaced == [
        f"{export}: $[0].annotations[0].result[1]: the offsets do not fit this snapshot and the region has no text "
        "to place it by"
    ]


def _conjunctive_set(tmp_path: Path) -> Path:
    """The Chinese example with the deadline's one alternative over two documents (all required)."""
    from conftest import ZH, copy_example

    folder = copy_example(ZH, tmp_path)
    path = folder / "repair.annotations.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    deadline = next(sq for sq in data["queries"][0]["sub_questions"] if sq["id"] == "deadline")
    quote = "申请使用住宅专项维修资金的，应当提交下列材料"
    deadline["evidence"][0].append(
        {"doc_id": "repair-materials", "start": 0, "end": len(quote), "quote": quote}
    )
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _export_of_predictions(tasks: list[dict[str, Any]], change) -> list[dict[str, Any]]:
    """An export in which the person submitted each task's predictions, `change`d."""
    annotations = {}
    for index, task in enumerate(tasks):
        result = [dict(r, value=dict(r["value"])) for p in task.get("predictions", []) for r in p["result"]]
        annotations[index] = [ls_annotation(index + 1, change(task, result))]
    return ls_export(tasks, annotations)


def test_an_alternative_over_several_documents_stays_one_alternative(tmp_path: Path):
    """Changing one document's span of an all-required alternative must not split it into
    alternatives that each suffice (that would inflate `supported`)."""
    path = _conjunctive_set(tmp_path)
    workflow.export_labelstudio(path, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))

    def shorten_materials_deadline(task, result):
        for region in result:
            value = region["value"]
            if task["data"]["doc_id"] == "repair-materials" and "deadline" in value.get("labels", []):
                value["end"] -= 1
                value["text"] = value["text"][:-1]
        return result

    export = tmp_path / "export.json"
    export.write_text(json.dumps(_export_of_predictions(tasks, shorten_materials_deadline)), encoding="utf-8")
    workflow.import_labelstudio(export, into=path, version="1.2", out=tmp_path / "v12.json")
    data = json.loads((tmp_path / "v12.json").read_text(encoding="utf-8"))
    deadline = next(sq for sq in data["queries"][0]["sub_questions"] if sq["id"] == "deadline")
    assert len(deadline["evidence"]) == 1
    assert [(s["doc_id"], s["end"] - s["start"]) for s in deadline["evidence"][0]] == [
        ("repair-deadline", 21),
        ("repair-deadline", 11),
        ("repair-materials", 21),
    ]


def test_a_region_without_labels_keeps_the_evidence_and_is_listed(tmp_path: Path):
    path = _conjunctive_set(tmp_path)
    workflow.export_labelstudio(path, out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))

    def unlabel_first(task, result):
        if result:
            result[0]["value"]["labels"] = []
        return result

    export = tmp_path / "export.json"
    export.write_text(json.dumps(_export_of_predictions(tasks, unlabel_first)), encoding="utf-8")
    imported = workflow.import_labelstudio(export, into=path, version="1.2", out=tmp_path / "v12.json")
    assert any("needs a list of sub-question labels" in line for line in imported.report.unplaced)
    before = json.loads(path.read_text(encoding="utf-8"))["queries"][0]["sub_questions"]
    after = json.loads((tmp_path / "v12.json").read_text(encoding="utf-8"))["queries"][0]["sub_questions"]
    assert [sq["evidence"] for sq in after] == [sq["evidence"] for sq in before]
