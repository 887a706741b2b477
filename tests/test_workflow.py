"""The annotation workflow API: init, migrate, review queue -> decisions -> apply, promote,
and the whole loop on the public data in ../shared/data."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import EN, SHARED_DATA, ZH, copy_example, run_cli, write_jsonl
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_labelstudio import ls_annotation, ls_export, ls_region, utf16

from evidence_eval import api
from evidence_eval.annotate import workflow
from evidence_eval.annotate.anchoring import exact_occurrences, migrate, refine_edges
from evidence_eval.annotate.review import read_decisions_file
from evidence_eval.errors import EvidenceEvalError, InputError, UsageError
from evidence_eval.ingest import decomposed, readers
from evidence_eval.ingest.common import write_outputs
from evidence_eval.io import load_annotations, load_snapshot
from evidence_eval.models import AnnotationSet, Document, Snapshot

MUSIQUE = SHARED_DATA / "musique" / "qa_train.json"
DUREADER = SHARED_DATA / "dureader" / "search.dev.json"
RAGCHECKER = SHARED_DATA / "ragchecker" / "checking_inputs.json"
needs_data = pytest.mark.skipif(not MUSIQUE.exists(), reason="shared/data is not beside the checkout")


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --- init ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "given", "expected"),
    [
        (["How long is the warranty?", "Where do I send a claim?"], None, "en"),
        (["维修资金怎么申请？", "办理时限是多久？"], None, "zh"),
        (["iPhone 15 Pro 的保修期是多久？"], None, "zh"),
        (["How long is the warranty?"], "zh", "zh"),
    ],
)
def test_init_guesses_the_language_from_the_queries(tmp_path, texts, given, expected):
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [{"doc_id": "d", "version": "1", "text": "x"}])
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": f"q{i}", "text": t} for i, t in enumerate(texts)])
    result = workflow.init_annotations(tmp_path / "set.annotations.json", queries, corpus, language=given)
    data = json.loads((tmp_path / "set.annotations.json").read_text(encoding="utf-8"))
    assert data["language"] == result.language == expected
    assert result.language_guessed is (given is None)
    assert data["draft"] is True and data["name"] == "set"
    assert data["corpus"] == {"path": "corpus.jsonl", "sha256": load_snapshot(corpus).sha256}


def test_init_gives_each_query_in_another_language_its_own(tmp_path):
    """Two English and two Chinese queries: the set takes the guess over all of them, each
    query in the other language gets its own `language`, and stderr says which."""
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [{"doc_id": "d", "version": "1", "text": "x"}])
    texts = [
        "维修资金怎么申请？",
        "How long is the warranty?",
        "办理时限是多久？",
        "Where do I send a claim?",
    ]
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": f"q{i}", "text": t} for i, t in enumerate(texts)])
    result = run_cli("init", tmp_path / "set.annotations.json", "--from", queries, "--corpus", corpus)
    assert result.returncode == 0, result.stderr
    data = json.loads((tmp_path / "set.annotations.json").read_text(encoding="utf-8"))
    assert data["language"] == "zh"
    assert {q["query_id"]: q.get("language") for q in data["queries"]} == {
        "q0": None,
        "q1": "en",
        "q2": None,
        "q3": "en",
    }
    assert "note: 2 queries are not in the set's language (zh): q1 (en), q3 (en)" in result.stderr
    given = run_cli(
        "init",
        tmp_path / "given.annotations.json",
        "--from",
        queries,
        "--corpus",
        corpus,
        "--language",
        "en",
    )
    assert given.returncode == 0 and given.stderr == ""  # a language given is the user's word for all


def test_init_refuses_an_existing_file(tmp_path):
    corpus = write_jsonl(tmp_path / "corpus.jsonl", [{"doc_id": "d", "version": "1", "text": "x"}])
    queries = write_jsonl(tmp_path / "q.jsonl", [{"id": "q", "text": "t"}])
    (tmp_path / "set.json").write_text("{}", encoding="utf-8")
    with pytest.raises(EvidenceEvalError, match="exists already"):
        workflow.init_annotations(tmp_path / "set.json", queries, corpus)
    with pytest.raises(UsageError, match="is also an input"):
        workflow.init_annotations(queries, queries, corpus, overwrite=True)


# --- migrate ------------------------------------------------------------------------------


def one_span_set(start: int, end: int, quote: str) -> dict[str, Any]:
    """An annotation set (as data) with one span in document `d`."""
    span = {"doc_id": "d", "start": start, "end": end, "quote": quote}
    return {
        "version": "1",
        "language": "zh",
        "queries": [{"query_id": "q", "sub_questions": [{"id": "s", "evidence": [[span]]}]}],
    }


def test_fuzzy_edges_are_set_on_the_quotes_own_characters():
    quote = "查勘时间不计入办理时限"
    text = "需要现场查勘的，查勘时间不计入本办理时限。申请人补正材料的期间"
    one_short = text.index("勘时间不计入本")  # where the alignment of issue 19 started
    start, end = refine_edges(quote, text, one_short, one_short + 11)
    assert text[start:end] == "查勘时间不计入本办理时限"


def test_migrate_moves_and_fuzzily_reanchors_the_issue_example():
    base = "管理机构应当自受理申请之日起十五个工作日内作出审核决定。需要现场查勘的，查勘时间不计入办理时限。"
    quote = "查勘时间不计入办理时限"
    start = base.index(quote)
    data = one_span_set(start, start + len(quote), quote)
    edited = "第七条 " + base.replace(quote, "查勘时间不计入本办理时限")
    snapshot = Snapshot([Document(doc_id="d", version="2", text=edited)])
    migrated, issues, counts = migrate(data, snapshot, version="2")
    span = migrated["queries"][0]["sub_questions"][0]["evidence"][0][0]
    assert span["quote"] == "查勘时间不计入本办理时限" == edited[span["start"] : span["end"]]
    assert counts == {"kept": 0, "moved": 0, "fuzzy": 1, "failed": 0}
    assert migrated["queries"][0]["sub_questions"][0]["needs_review"] is True


ALPHABET = st.sampled_from(list("abcdefg hij。，的时限查勘ABC😀𠀀"))


@st.composite
def edited_document(draw: Any) -> tuple[str, int, int, str, int]:
    """A document, a span in it, and the document with text inserted or deleted outside
    the span; returns (old text, start, end, new text, new start)."""
    text = draw(st.text(ALPHABET, min_size=12, max_size=80))
    start = draw(st.integers(0, len(text) - 4))
    end = draw(st.integers(start + 4, min(len(text), start + 30)))
    before = draw(st.booleans())
    low, high = (0, start) if before else (end, len(text))
    position = draw(st.integers(low, high))
    if draw(st.booleans()):
        inserted = draw(st.text(ALPHABET, min_size=1, max_size=10))
        new_text = text[:position] + inserted + text[position:]
        shift = len(inserted) if before else 0
    else:
        cut = draw(st.integers(0, (start - position) if before else (len(text) - position)))
        new_text = text[:position] + text[position + cut :]
        shift = -cut if before else 0
    return text, start, end, new_text, start + shift


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_document())
def test_migrate_returns_the_exact_new_offsets(case):
    text, start, end, new_text, new_start = case
    quote = text[start:end]
    assume(len(exact_occurrences(quote, new_text)) == 1)  # a quote found twice is ambiguous, refused
    data = one_span_set(start, end, quote)
    snapshot = Snapshot([Document(doc_id="d", version="2", text=new_text)])
    migrated, issues, counts = migrate(data, snapshot, version="2")
    span = migrated["queries"][0]["sub_questions"][0]["evidence"][0][0]
    assert (span["start"], span["end"]) == (new_start, new_start + len(quote))
    assert span["quote"] == quote and issues == []
    assert counts["failed"] == counts["fuzzy"] == 0


def test_migrate_annotations_writes_a_new_version_beside_the_new_corpus(tmp_path):
    folder = copy_example(ZH, tmp_path)
    rows = read_lines(folder / "corpus.jsonl")
    for row in rows:
        if row["doc_id"] == "repair-deadline":
            row["text"] = "第七条 " + row["text"]  # chunks stay inside the longer text
    new_corpus = write_jsonl(folder / "corpus-2025.jsonl", rows)
    source = folder / "repair.annotations.json"
    before = source.read_bytes()
    result = workflow.migrate_annotations(source, new_corpus, version="2.0", out=folder / "v2.json")
    assert source.read_bytes() == before
    assert result.counts == {"kept": 3, "moved": 2, "fuzzy": 0, "failed": 0}
    migrated = load_annotations(folder / "v2.json")
    assert migrated.corpus is not None and migrated.corpus.path == "corpus-2025.jsonl"
    assert api.check(folder / "v2.json")[2] == []  # spans and snapshot agree: no finding


# --- review queue, decisions, apply --------------------------------------------------------


def _queue_line(decision: dict[str, Any] | None, kind: str = "unjudged") -> dict[str, Any]:
    return {
        "type": kind,
        "query_id": decision["query_id"] if decision else "q",
        "query": "...",
        "decision": decision,
    }


def test_a_filled_queue_is_a_decisions_file(tmp_path):
    lines = [
        _queue_line({"type": "doc_judgment", "query_id": "q", "doc_id": "a", "grade": 2}),
        _queue_line({"type": "doc_judgment", "query_id": "q", "doc_id": "b", "grade": None}),
        _queue_line(
            {
                "type": "alias",
                "query_id": "q",
                "sub_question": "s",
                "fact": "f",
                "alias": "x",
                "accept": None,
            },
            "uncertain_answer",
        ),
        _queue_line(
            {
                "type": "alias",
                "query_id": "q",
                "sub_question": "s",
                "fact": "f",
                "alias": "y",
                "accept": False,
            },
            "uncertain_answer",
        ),
        _queue_line(None, "answer_without_evidence"),
        {"type": "doc_judgment", "query_id": "q", "doc_id": "c", "grade": 0},  # a bare decision
    ]
    found = read_decisions_file(str(write_jsonl(tmp_path / "queue.jsonl", lines)))
    assert [d.doc_id for _, d in found.decisions] == ["a", "c"]  # type: ignore[union-attr]
    assert (found.undecided, found.rejected, found.to_read) == (2, 1, 1)


def test_a_bare_decision_without_a_grade_is_refused(tmp_path):
    path = write_jsonl(
        tmp_path / "d.jsonl", [{"type": "doc_judgment", "query_id": "q", "doc_id": "a", "grade": None}]
    )
    with pytest.raises(InputError, match=r"d.jsonl:1: \$.grade: grade is still null"):
        read_decisions_file(str(path))


@pytest.mark.parametrize(
    ("decision", "fragment"),
    [
        ({"type": "doc_judgment", "query_id": "q", "doc_id": "a", "grade": "2"}, "$.grade"),
        ({"type": "doc_judgment", "query_id": "q", "doc_id": "a", "grade": True}, "$.grade"),
        ({"type": "chunk_judgment", "query_id": "q", "chunk_id": "a", "grade": 1.5}, "$.grade"),
        (
            {
                "type": "alias",
                "query_id": "q",
                "sub_question": "s",
                "fact": "f",
                "alias": "x",
                "accept": "yes",
            },
            "$.accept: Input should be a valid boolean",
        ),
    ],
)
def test_a_decision_of_the_wrong_type_is_refused_not_coerced(tmp_path, decision, fragment):
    path = write_jsonl(tmp_path / "d.jsonl", [decision])
    with pytest.raises(InputError, match=r"d.jsonl:1: " + re.escape(fragment)):
        read_decisions_file(str(path))


def test_an_unknown_line_type_names_the_line(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [{"type": "approve", "query_id": "q"}])
    with pytest.raises(InputError, match=r"d.jsonl:1"):
        read_decisions_file(str(path))


def test_apply_refuses_an_untouched_queue(tmp_path):
    folder = copy_example(ZH, tmp_path)
    queue = write_jsonl(
        folder / "queue.jsonl",
        [_queue_line({"type": "doc_judgment", "query_id": "repair-001", "doc_id": "x", "grade": None})],
    )
    with pytest.raises(InputError, match="1 lines still undecided"):
        workflow.apply_review(folder / "repair.annotations.json", queue, version="1.1", out=folder / "v.json")
    assert not (folder / "v.json").exists()


def test_apply_writes_the_corpus_path_relative_to_the_new_file(tmp_path):
    folder = copy_example(ZH, tmp_path)  # the set and corpus.jsonl in tmp/repair_zh
    decisions = write_jsonl(
        tmp_path / "decisions.jsonl",
        [{"type": "doc_judgment", "query_id": "repair-001", "doc_id": "parking-fees", "grade": 1}],
    )
    result = workflow.apply_review(
        folder / "repair.annotations.json", decisions, version="1.1", out=tmp_path / "v11.json"
    )
    assert result.corpus_path == "repair_zh/corpus.jsonl" and result.applied == 1
    report = api.score(tmp_path / "v11.json", folder / "repair.traces.jsonl")  # finds its corpus
    assert report.inputs.corpus is not None
    assert load_annotations(tmp_path / "v11.json").queries[0].doc_judgments["parking-fees"] == 1


def test_a_version_written_away_from_its_corpus_says_so_and_validate_checks_nothing(tmp_path):
    """A set names its corpus only inside its own folder: a new version written elsewhere
    keeps the corpus sha256, says on stderr that it names no corpus path, and `validate`
    on it says no span was checked (exit 1), never "0 problems"."""
    folder = copy_example(ZH, tmp_path)
    decisions = write_jsonl(
        tmp_path / "decisions.jsonl",
        [{"type": "doc_judgment", "query_id": "repair-001", "doc_id": "parking-fees", "grade": 1}],
    )
    (tmp_path / "other").mkdir()
    new = tmp_path / "other" / "v11.json"
    applied = run_cli(
        "review", folder / "repair.annotations.json", "--apply", decisions, "--version", "1.1", "-o", new
    )
    assert applied.returncode == 0, applied.stderr
    assert (
        f"note: {new} names no corpus path ({folder / 'corpus.jsonl'} is outside its folder" in applied.stderr
    )
    written = load_annotations(new)
    assert written.corpus is None  # the example names no sha256; a path outside the folder is left out
    checked = run_cli("validate", new)
    assert checked.returncode == 1
    assert "$.corpus: schema only: no corpus snapshot, so none of its 5 spans was checked" in checked.stdout
    assert "0 problems" not in checked.stdout
    with_corpus = run_cli("validate", new, "--corpus", folder / "corpus.jsonl")
    assert with_corpus.returncode == 0 and "0 problems" in with_corpus.stdout
    beside = run_cli(
        "review",
        folder / "repair.annotations.json",
        "--apply",
        decisions,
        "--version",
        "1.1",
        "-o",
        folder / "v11.json",
    )
    assert beside.returncode == 0 and beside.stderr == ""
    assert load_annotations(folder / "v11.json").corpus.path == "corpus.jsonl"  # type: ignore[union-attr]


# --- promote ------------------------------------------------------------------------------


def _draft_of_the_example(tmp_path: Path, needs_review: bool) -> Path:
    folder = copy_example(ZH, tmp_path)
    data = json.loads((folder / "repair.annotations.json").read_text(encoding="utf-8"))
    data.update(draft=True, version="draft-3")
    data["queries"][0]["sub_questions"][1]["needs_review"] = needs_review
    (folder / "draft.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder / "draft.json"


def test_promote_clears_draft_and_records_who_and_when(tmp_path):
    draft = _draft_of_the_example(tmp_path, needs_review=False)
    at = dt.datetime(2026, 12, 4, 5, 0, tzinfo=dt.UTC)
    result = workflow.promote(draft, version="2.0", out=draft.with_name("v2.json"), by="reviewer", at=at)
    promoted = json.loads(draft.with_name("v2.json").read_text(encoding="utf-8"))
    assert promoted["draft"] is False and promoted["version"] == "2.0"
    assert (result.by, result.at) == ("reviewer", "2026-12-04T05:00:00Z")
    if result.recorded:
        assert promoted["metadata"]["promoted"] == {
            "by": "reviewer",
            "at": "2026-12-04T05:00:00Z",
            "from_version": "draft-3",
        }
    else:
        assert "metadata" not in AnnotationSet.model_fields and "metadata" not in promoted
    assert (
        "+draft"
        not in api.score(draft.with_name("v2.json"), draft.with_name("repair.traces.jsonl")).signature
    )


def test_promote_refuses_sub_questions_that_need_review(tmp_path):
    draft = _draft_of_the_example(tmp_path, needs_review=True)
    out = draft.with_name("v2.json")
    with pytest.raises(InputError, match=r"1 sub-questions still need review \(repair-001/exclusions\)"):
        workflow.promote(draft, version="2.0", out=out)
    workflow.promote(draft, version="2.0", out=out, accept_needs_review=True)
    assert not any(sq.needs_review for q in load_annotations(out).queries for sq in q.sub_questions)


def test_promote_refuses_a_set_that_does_not_validate(tmp_path):
    draft = _draft_of_the_example(tmp_path, needs_review=False)
    data = json.loads(draft.read_text(encoding="utf-8"))
    data["queries"][0]["sub_questions"][0]["evidence"][0][0]["quote"] = "不在文中"
    draft.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(InputError, match="1 validation problems, the first: .*evidence\\[0\\]\\[0\\]"):
        workflow.promote(draft, version="2.0", out=draft.with_name("v2.json"))
    assert not draft.with_name("v2.json").exists()


def test_promote_refuses_a_set_that_is_no_draft(tmp_path):
    folder = copy_example(ZH, tmp_path)
    with pytest.raises(UsageError, match="is not a draft"):
        workflow.promote(folder / "repair.annotations.json", version="2.0", out=folder / "v2.json")


# --- the whole loop on public data ---------------------------------------------------------


@needs_data
def test_ragchecker_draft_to_promoted_set(tmp_path):
    """convert -> queue lists every returned document -> grades -> apply -> Label Studio
    spans -> import -> validate passes -> promote -> score without +draft."""
    write_outputs(tmp_path, readers.from_ragchecker(str(RAGCHECKER), system="rc"), overwrite=False)
    draft = tmp_path / "draft.annotations.json"
    queue = workflow.write_review_queue(draft, tmp_path / "traces.jsonl", out=tmp_path / "queue.jsonl")
    lines = read_lines(tmp_path / "queue.jsonl")
    assert queue.by_type == {"unjudged": 7, "uncertain_answer": 7}  # answers addressing a fact
    lines = [line for line in lines if line["type"] == "unjudged"]
    assert {(line["query_id"], line["id"]) for line in lines} == {
        ("0", "000"),
        ("0", "001"),
        ("0", "002"),
        ("0", "003"),
        ("1", "000@1"),
        ("1", "001@1"),
        ("1", "002@1"),
    }
    for line in lines:
        line["decision"]["grade"] = 1 if line["id"] in ("000", "002@1") else 0
        if line["id"] == "001@1":
            line["decision"]["grade"] = None  # left undecided
    write_jsonl(tmp_path / "queue.jsonl", lines)
    applied = workflow.apply_review(
        draft, tmp_path / "queue.jsonl", version="draft-2", out=tmp_path / "v2.json"
    )
    assert (applied.applied, applied.undecided) == (6, 1)  # the missing_answer lines left out

    workflow.export_labelstudio(tmp_path / "v2.json", out=tmp_path / "tasks.json")
    tasks = json.loads((tmp_path / "tasks.json").read_text(encoding="utf-8"))
    assert len(tasks) == 6  # the documents judged; no span yet, the grade goes out as a prediction
    assert [r["value"] for r in tasks[0]["predictions"][0]["result"]] == [{"choices": ["1"]}]
    marks = {
        ("0", "000"): "Traditionally, the Nile is considered longer",
        ("1", "002@1"): "The blue color in the flag symbolizes peace",
    }
    done = {}
    for index, task in enumerate(tasks):
        quote = marks.get((task["data"]["query_id"], task["data"]["doc_id"]))
        if quote:
            start = task["data"]["text"].index(quote)
            region = ls_region(
                *utf16(task["data"]["text"], start, start + len(quote)), quote, ["answer"], "r1"
            )
            done[index] = [ls_annotation(index + 1, [region])]
    (tmp_path / "export.json").write_text(json.dumps(ls_export(tasks, done)), encoding="utf-8")
    imported = workflow.import_labelstudio(
        tmp_path / "export.json", into=tmp_path / "v2.json", version="draft-3", out=tmp_path / "v3.json"
    )
    assert imported.report.placed == 2 and imported.report.unplaced == []
    assert api.check(tmp_path / "v3.json")[2] == []
    workflow.promote(tmp_path / "v3.json", version="1.0", out=tmp_path / "v1.0.json", by="test")
    report = api.score(tmp_path / "v1.0.json", tmp_path / "traces.jsonl")
    assert "ann:checking_inputs@1.0|" in report.signature
    (system,) = report.systems
    statuses = {q.query_id: q.sub_questions[0].stages["context"].status for q in system.queries}
    assert statuses == {"0": "supported", "1": "supported"}


@needs_data
def test_musique_draft_scores_reviews_and_promotes(tmp_path):
    files = decomposed.from_musique(str(MUSIQUE))
    write_outputs(tmp_path, files, overwrite=False)
    draft = tmp_path / "draft.annotations.json"
    annotation_set, _, findings = api.check(draft)
    assert findings == [] and annotation_set.language == "en" and annotation_set.draft
    assert len(annotation_set.queries) == 100
    first = annotation_set.queries[0]
    assert [sq.text for sq in first.sub_questions] == [
        "What company published Journal of Psychotherapy Integration?",
        "Who was the first president of American Psychological Association ?",
    ]
    span = first.sub_questions[1].evidence[0][0]
    assert span.doc_id == "2hop__150763_14904#p10" and "G. Stanley Hall" in span.quote
    assert first.sub_questions[1].answer_facts[0].aliases == ["Stanley Hall"]
    report = api.score(draft, tmp_path / "traces.jsonl")
    (system,) = report.systems
    assert system.summary.retrieval["paragraphs"].at["10"].queries == 100
    queue = workflow.write_review_queue(draft, tmp_path / "traces.jsonl", out=tmp_path / "queue.jsonl")
    assert queue.items == 0  # every paragraph is judged, no answer to be uncertain about
    decisions = write_jsonl(
        tmp_path / "decisions.jsonl",
        [
            {
                "type": "alias",
                "query_id": first.query_id,
                "sub_question": "step1",
                "fact": "answer",
                "alias": "APA",
            }
        ],
    )
    workflow.apply_review(draft, decisions, version="draft-2", out=tmp_path / "v2.json")
    assert api.check(tmp_path / "v2.json")[2] == []
    assert load_annotations(tmp_path / "v2.json").queries[0].sub_questions[0].answer_facts[0].aliases == [
        "APA"
    ]
    workflow.promote(tmp_path / "v2.json", version="1.0", out=tmp_path / "v1.json", accept_needs_review=True)
    promoted = load_annotations(tmp_path / "v1.json")
    assert not promoted.draft and api.check(tmp_path / "v1.json")[2] == []


@needs_data
def test_dureader_draft_scores_and_validates(tmp_path):
    files = decomposed.from_dureader(str(DUREADER))
    write_outputs(tmp_path, files, overwrite=False)
    draft = tmp_path / "draft.annotations.json"
    annotation_set, snapshot, findings = api.check(draft)
    assert findings == [] and annotation_set.language == "zh" and snapshot is not None
    first = annotation_set.queries[0]
    assert first.query_id == "186572" and first.sub_questions[0].answer_mode == "any"
    assert len(first.sub_questions[0].answer_facts) == 3
    (alternative,) = first.sub_questions[0].evidence
    assert alternative[0].quote == "《大唐悬疑录》中的裴玄静与《有匪》"
    doc = snapshot.get("186572-d0")
    assert (
        doc is not None
        and doc.chunks
        and doc.text[doc.chunks[1].start : doc.chunks[1].end] == doc.text.split("\n")[1]
    )
    with_spans = sum(bool(sq.evidence) for q in annotation_set.queries for sq in q.sub_questions)
    assert with_spans == 99  # every question with an answer
    report = api.score(draft, tmp_path / "traces.jsonl")
    (system,) = report.systems
    assert system.summary.retrieval["search"].at["1"].queries > 90
    workflow.promote(draft, version="1.0", out=tmp_path / "v1.json", accept_needs_review=True)
    assert api.check(tmp_path / "v1.json")[2] == []


def test_the_queue_of_the_example_goes_back_in_once_decided(tmp_path):
    """The issue's first failure: the queue itself fed to apply."""
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    queue = folder / "queue.jsonl"
    result = workflow.write_review_queue(annotations, folder / "repair.traces.jsonl", out=queue)
    # the first line: an answer about the materials that names the owners (业主) of 业主人为损坏的不予受理
    assert result.by_type == {"uncertain_answer": 4}
    with pytest.raises(InputError, match="4 lines still undecided"):
        workflow.apply_review(annotations, queue, version="1.1", out=folder / "v11.json")
    lines = read_lines(queue)
    lines[1]["decision"]["accept"] = True
    lines[2]["decision"]["accept"] = False
    write_jsonl(queue, lines)
    applied = workflow.apply_review(annotations, queue, version="1.1", out=folder / "v11.json")
    assert (applied.applied, applied.rejected, applied.undecided) == (2, 1, 2)  # a rejection is recorded
    decided = lines[1]["decision"]
    sub = next(
        sq
        for sq in load_annotations(folder / "v11.json").queries[0].sub_questions
        if sq.id == decided["sub_question"]
    )
    fact = next(f for f in sub.answer_facts if f.id == decided["fact"])
    assert [s.text for s in fact.accepted] == [decided["statement"]] and fact.aliases == []


def test_the_committed_decisions_schema_is_the_models():
    from conftest import ROOT

    from evidence_eval.annotate.review import DecisionsLine

    committed = json.loads((ROOT / "schemas" / "decisions.schema.json").read_text(encoding="utf-8"))
    generated = DecisionsLine.model_json_schema()
    generated["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    assert committed == generated


@needs_data
@pytest.mark.parametrize("policy", ["exclude", "zero"])
def test_a_draft_without_judgments_lists_every_returned_document(tmp_path, policy):
    write_outputs(tmp_path, readers.from_ragchecker(str(RAGCHECKER), system="rc"), overwrite=False)
    result = workflow.write_review_queue(
        tmp_path / "draft.annotations.json",
        tmp_path / "traces.jsonl",
        out=tmp_path / "q.jsonl",
        zero_positive=policy,
    )
    assert result.by_type == {"unjudged": 7, "uncertain_answer": 7}
    first = read_lines(tmp_path / "q.jsonl")[0]
    assert first["first_seen"] == {"system": "rc", "stage": "context", "k": None}
    assert first["decision"] == {"type": "doc_judgment", "query_id": "0", "doc_id": "000", "grade": None}


def test_write_converted_overrides_the_guessed_language(tmp_path):
    files = decomposed.from_musique(
        str(write_jsonl(tmp_path / "m.jsonl", [json.loads(json.dumps(MUSIQUE_ROW))]))
    )
    assert files["draft.annotations.json"]["language"] == "en"
    written = workflow.write_converted(files, tmp_path / "out", language="zh")
    assert sorted(p.name for p in written) == ["corpus.jsonl", "draft.annotations.json", "traces.jsonl"]
    assert load_annotations(tmp_path / "out" / "draft.annotations.json").language == "zh"
    with pytest.raises(EvidenceEvalError, match="exist already"):
        workflow.write_converted(files, tmp_path / "out")


MUSIQUE_ROW = {
    "id": "x",
    "paragraphs": [
        {"idx": 0, "title": "T", "paragraph_text": "Paris is the capital of France.", "is_supporting": True}
    ],
    "question": "What is the capital of France?",
    "question_decomposition": [
        {"id": 1, "question": "Capital of France?", "answer": "Paris", "paragraph_support_idx": 0}
    ],
    "answer": "Paris",
    "answer_aliases": [],
    "answerable": True,
}


def test_anchor_fills_offsets_or_writes_nothing(tmp_path):
    folder = copy_example(ZH, tmp_path)
    data = json.loads((folder / "repair.annotations.json").read_text(encoding="utf-8"))
    data["corpus"].pop("sha256", None)
    spans = data["queries"][0]["sub_questions"][2]["evidence"][0]
    for span in spans:
        span.pop("start"), span.pop("end")
    (folder / "quotes.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = workflow.anchor_annotations(folder / "quotes.json", out=folder / "anchored.json")
    assert result.anchored == 2 and result.problems == []
    assert (
        load_annotations(folder / "anchored.json").queries
        == load_annotations(folder / "repair.annotations.json").queries
    )
    spans.append({"doc_id": "repair-deadline", "quote": "办理时限"})  # found twice
    (folder / "quotes.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = workflow.anchor_annotations(folder / "quotes.json", out=folder / "again.json")
    assert "evidence[0][2]" in result.problems[0] and "found 2 times" in result.problems[0]
    assert not (folder / "again.json").exists()


@needs_data
def test_the_workflow_commands_close_the_loop_on_the_command_line(tmp_path):
    """convert -> review (queue) -> review --apply -> promote, as a user types them."""
    from conftest import run_cli

    folder = tmp_path / "converted"
    result = run_cli("convert", "ragchecker", RAGCHECKER, "-o", folder, "--system", "rc")
    assert result.returncode == 0, result.stderr
    assert "promote" in result.stdout
    draft, traces = folder / "draft.annotations.json", folder / "traces.jsonl"
    queue = tmp_path / "queue.jsonl"
    result = run_cli("review", draft, traces, "-o", queue)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in queue.read_text(encoding="utf-8").splitlines()]
    unjudged = [line for line in lines if line["type"] == "unjudged"]
    assert unjudged, "a draft lists every returned unit as unjudged"
    untouched = run_cli("review", draft, "--apply", queue, "--version", "1.0", "-o", tmp_path / "v1.json")
    assert untouched.returncode == 2 and not (tmp_path / "v1.json").exists()
    for line in unjudged:
        line["decision"]["grade"] = 1
    queue.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    reviewed = folder / "reviewed.json"
    result = run_cli("review", draft, "--apply", queue, "--version", "0.9", "-o", reviewed)
    assert result.returncode == 0, result.stderr
    final = folder / "final.json"
    refused = run_cli("promote", reviewed, "--version", "1.0", "-o", final)
    assert refused.returncode == 2 and "no evidence" in refused.stderr and not final.exists()
    example = copy_example(ZH, tmp_path)
    draft_example = example / "draft.json"
    data = json.loads((example / "repair.annotations.json").read_text(encoding="utf-8"))
    draft_example.write_text(json.dumps({**data, "draft": True}, ensure_ascii=False), encoding="utf-8")
    result = run_cli("promote", draft_example, "--version", "2.0", "-o", final, "--by", "tester")
    assert result.returncode == 0, result.stderr
    promoted = json.loads(final.read_text(encoding="utf-8"))
    assert not promoted.get("draft") and promoted["metadata"]["promoted"]["by"] == "tester"
    again = run_cli("promote", final, "--version", "2.1", "-o", tmp_path / "again.json")
    assert again.returncode == 2 and "draft" in again.stderr


# --- the walkthrough (docs/walkthrough.md): every command it shows, as it shows them ------------


def _walkthrough_sections() -> list[tuple[str, list[str], list[str]]]:
    """(folder, commands, output lines shown) of each language's section of the walkthrough."""
    from conftest import ROOT

    page = (ROOT / "docs" / "walkthrough.md").read_text(encoding="utf-8")
    sections = []
    for section in page.split("\n## ")[1:]:
        blocks = section.split("```")[1::2]
        commands = [b for b in blocks if b.startswith("bash\n")]
        if not commands:
            continue
        lines = [line.split("#")[0].strip() for line in commands[0].splitlines()[1:]]
        lines = [line for line in lines if line]
        shown = [
            line for b in blocks if b.startswith("\n") for line in b.splitlines() if line and line != "..."
        ]
        sections.append((lines[0].removeprefix("cd "), lines[1:], shown))
    return sections


@pytest.mark.parametrize(("folder", "commands", "shown"), _walkthrough_sections(), ids=["en", "zh"])
def test_the_walkthrough_runs_as_written(tmp_path, folder, commands, shown):
    import shlex
    import shutil

    from conftest import ROOT

    work = shutil.copytree(ROOT / folder, tmp_path / "work")
    printed = []
    for command in commands:
        words = shlex.split(command)
        if words[0] == "cp":
            shutil.copyfile(work / words[1], work / words[2])
            continue
        assert words[0] == "evidence-eval", command
        result = run_cli(*words[1:], cwd=work)
        assert result.returncode == (1 if words[1] == "audit" else 0), (
            command + "\n" + result.stdout + result.stderr
        )
        printed.append(result.stdout)
        if words[1] == "init":  # the sub-questions written in step 2 go into this very draft
            draft = json.loads((work / words[2]).read_text(encoding="utf-8"))
            written = json.loads((work / "written.annotations.json").read_text(encoding="utf-8"))
            for query in [*draft["queries"], *written["queries"]]:
                for key in ("sub_questions", "doc_judgments", "scope", "chunk_judgments"):
                    query.pop(key, None)
            assert draft == written
    missing = [line for line in shown if line not in "\n".join(printed)]
    assert not missing, missing


def test_the_project_docs_stand_alone():
    """README names no contract outside the repository (DESIGN.md lives beside it, not in it)
    and every document it links to exists."""
    import re

    from conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "DESIGN.md" not in readme
    links = re.findall(r"\]\((docs/[^)]+)\)", readme)
    assert {"docs/formats.md", "docs/walkthrough.md"} <= set(links)
    assert all((ROOT / link).is_file() for link in links)
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    for status in (
        "not_applicable",
        "unjudged_only",
        "answer_without_evidence",
        "offset_conflict",
        "uncertain",
    ):
        assert f"`{status}`" in formats


# --- the review loop settles: accepted answer statements --------------------------------

REWORDED = {
    "en": (
        "Refunds are issued within 14 days of the return.",
        "Once we get the item back, your money comes back within 14 days.",
        "Thanks for asking. {stated} Keep your receipt.",
    ),
    "zh": (
        "收到退货后14天内退款",
        "商品寄回我们这里以后，钱会在14天之内退到您的账户。",
        "您好。{stated}谢谢。",
    ),
}


def _with_a_reworded_fact(tmp_path: Path, language: str, others: list[str]) -> tuple[Path, Path]:
    """The example set with one more query whose fact the first system's answer states in
    other words; the other systems answer `others`."""
    folder = copy_example(EN if language == "en" else ZH, tmp_path)
    annotations = next(folder.glob("*.annotations.json"))
    traces = next(folder.glob("*.traces.jsonl"))
    data = json.loads(annotations.read_text(encoding="utf-8"))
    fact, stated, answer = REWORDED[language]
    data["queries"].append(
        {
            "query_id": "refund-001",
            "text": "How long do refunds take?",
            "sub_questions": [
                {
                    "id": "refund",
                    "kind": "deadline",
                    "text": "How long?",
                    "evidence": [data["queries"][0]["sub_questions"][0]["evidence"][0][:1]],
                    "answer_facts": [{"id": "refund-days", "text": fact}],
                }
            ],
        }
    )
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    lines = read_lines(traces)
    systems = sorted({line["system"] for line in lines})
    for system, text in zip(systems, [answer.format(stated=stated), *others]):
        lines.append({"query_id": "refund-001", "system": system, "stages": [], "answer": text})
    write_jsonl(traces, lines)
    return annotations, traces


def _refund_fact(report: Any, system: str) -> Any:
    found = next(s for s in report.systems if s.system == system)
    query = next(q for q in found.queries if q.query_id == "refund-001")
    return query.sub_questions[0].answer.matches[0]


def _refund_lines(queue: Path) -> list[dict[str, Any]]:
    return [line for line in read_lines(queue) if line["query_id"] == "refund-001"]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_accepted_answer_statement_settles_the_verdict_next_run(tmp_path, language):
    """Queued with its reason and nearest sentence; accepted; scored again it is supported
    by review and the queue no longer lists it. Elsewhere the accepted words change nothing."""
    _, stated, _ = REWORDED[language]
    cut = stated.split("，" if language == "zh" else ",")[0]  # the accepted sentence's first clause
    others = ["Refunds go out quickly." if language == "en" else "退款很快。", cut]
    annotations, traces = _with_a_reworded_fact(tmp_path, language, others)
    systems = sorted({line["system"] for line in read_lines(traces)})
    queue = tmp_path / "queue.jsonl"
    workflow.write_review_queue(annotations, traces, out=queue, answer_lower=40)
    [line] = [line for line in _refund_lines(queue) if line["system"] == systems[0]]
    assert (line["type"], line["status"]) == ("uncertain_answer", "uncertain")
    assert line["reason"] and "% of its words stated" in line["reason"]
    answer = next(
        t["answer"] for t in read_lines(traces) if t["system"] == systems[0] and t["query_id"] == "refund-001"
    )
    nearest = line["nearest"]
    assert nearest["sentence"] == stated == answer[nearest["start"] : nearest["end"]]
    assert all("(" not in c["token"] for c in line["critical"])  # in words, never the matcher's keys
    assert line["decision"] == {
        "type": "statement",
        "query_id": "refund-001",
        "sub_question": "refund",
        "fact": "refund-days",
        "statement": stated,
        "accept": None,
    }
    before = api.score(annotations, traces, answer_lower=40)
    line["decision"]["accept"] = True
    decisions = write_jsonl(tmp_path / "decided.jsonl", [line])
    workflow.apply_review(annotations, decisions, version="2", out=tmp_path / "new.json", by="ann")
    [fact] = [
        f
        for q in load_annotations(tmp_path / "new.json").queries
        for sq in q.sub_questions
        for f in sq.answer_facts
        if f.id == "refund-days"
    ]
    assert [(s.text, s.by) for s in fact.accepted] == [(stated, "ann")]
    after = api.score(
        tmp_path / "new.json", traces, corpus=annotations.parent / "corpus.jsonl", answer_lower=40
    )
    settled = _refund_fact(after, systems[0])
    assert (settled.status, settled.route, settled.support) == ("found", "reviewed", 1.0)
    assert settled.reason.startswith("accepted on review by ann on ")
    assert settled.text == stated.rstrip(".。")
    for system in systems[1:]:  # not in the answer, or cut: nothing changes
        assert _refund_fact(after, system).model_dump() == _refund_fact(before, system).model_dump()
        assert _refund_fact(after, system).status in ("missing", "uncertain")
    again = tmp_path / "queue2.jsonl"
    workflow.write_review_queue(
        tmp_path / "new.json", traces, out=again, corpus=annotations.parent / "corpus.jsonl", answer_lower=40
    )
    assert [line["type"] for line in _refund_lines(again) if line["system"] == systems[0]] == [
        "answer_without_evidence"  # its trace has no context: the answer states it all the same
    ]


def test_a_rejected_answer_statement_is_not_queued_again(tmp_path):
    annotations, traces = _with_a_reworded_fact(tmp_path, "en", [])
    queue = tmp_path / "queue.jsonl"
    workflow.write_review_queue(annotations, traces, out=queue, answer_lower=40)
    [line] = _refund_lines(queue)
    line["decision"]["accept"] = False
    decisions = write_jsonl(tmp_path / "decided.jsonl", [line])
    workflow.apply_review(annotations, decisions, version="2", out=tmp_path / "new.json", by="ann")
    corpus = annotations.parent / "corpus.jsonl"
    again = tmp_path / "queue2.jsonl"
    workflow.write_review_queue(tmp_path / "new.json", traces, out=again, corpus=corpus, answer_lower=40)
    assert _refund_lines(again) == []
    assert [line["type"] for line in _refund_lines(queue)] == ["uncertain_answer"]
    kept = _refund_fact(
        api.score(tmp_path / "new.json", traces, corpus=corpus, answer_lower=40), line["system"]
    )
    assert (kept.status, kept.route) == ("uncertain", "align")  # the matcher's verdict stands


@pytest.mark.parametrize(
    ("answer", "whole"),
    [
        ("Once we get the item back, your money comes back within 14 days.", True),
        ("ONCE we get the item back,  your money comes back within 14 days!", True),  # normalised
        ("Once we get the item back, your money comes back within 14 days or so.", False),  # runs on
        ("Sure: once we get the item back, your money comes back within 14 days", True),
        ("Once we get the item back, your money comes back within 14 days?", False),  # asked
        ("Once we get the item back, your money comes back within 14 days — not any more.", False),
        ("Once we get the item back, your money comes back within 140 days.", False),
        ("Once we get the item back, your money comes back within 14.5 days.", False),
        ("Once we get the item back, your money comes back.", False),  # cut
        ("So once we get the item back, your money comes back within 14 days.", False),
    ],
)
def test_an_accepted_statement_counts_only_where_it_stands_whole(answer, whole):
    from evidence_eval.coverage.statements import find_statement

    statement = "Once we get the item back, your money comes back within 14 days"
    assert (find_statement(answer, statement) is not None) is whole


def test_a_contradiction_outside_the_accepted_statement_still_wins(tmp_path):
    annotations, traces = _with_a_reworded_fact(tmp_path, "en", [])
    data = json.loads(annotations.read_text(encoding="utf-8"))
    _, stated, _ = REWORDED["en"]
    data["queries"][-1]["sub_questions"][0]["answer_facts"][0]["accepted"] = [
        {"text": stated, "by": "ann", "at": "2026-12-04"}
    ]
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    lines = read_lines(traces)
    lines[-1]["answer"] = f"{stated} Refunds are issued within 30 days of the return."
    write_jsonl(traces, lines)
    fact = _refund_fact(api.score(annotations, traces), lines[-1]["system"])
    assert fact.status == "contradicted"


def test_the_nearest_sentence_without_offsets_shares_most_of_the_facts_words():
    from evidence_eval.annotate.review import nearest_sentence
    from evidence_eval.models.report import FactResult
    from evidence_eval.text.segment import segmenter_for

    answer = "Hello there. Keep the receipt. Refunds for a return take 14 days."
    missing = FactResult(fact="f", status="missing", score=0.0, support=0.0)
    found = nearest_sentence(
        answer, missing, "Refunds are issued within 14 days of the return.", segmenter_for("en")
    )
    assert (
        found is not None
        and answer[found.start : found.end] == found.text == "Refunds for a return take 14 days."
    )


def test_a_statement_both_accepted_and_rejected_is_refused(tmp_path):
    folder = copy_example(ZH, tmp_path)
    decision = {
        "type": "statement",
        "query_id": "repair-001",
        "sub_question": "exclusions",
        "fact": "warranty",
    }
    lines = [
        {**decision, "statement": "保修期内不予受理。", "accept": True},
        {**decision, "statement": "保修期内不予受理", "accept": False},
    ]
    decisions = write_jsonl(tmp_path / "d.jsonl", lines)
    with pytest.raises(
        InputError,
        match=r"d\.jsonl:2: this statement is rejected for fact 'warranty' and the other way on line 1",
    ):
        workflow.apply_review(
            folder / "repair.annotations.json", decisions, version="1.1", out=tmp_path / "v.json"
        )
    assert not (tmp_path / "v.json").exists()


def _judgment(doc_id: str, grade: int) -> dict[str, Any]:
    return {"type": "doc_judgment", "query_id": "repair-001", "doc_id": doc_id, "grade": grade}


def _alias(accept: bool) -> dict[str, Any]:
    return {
        "type": "alias",
        "query_id": "repair-001",
        "sub_question": "materials",
        "fact": "application",
        "alias": "申请书",
        "accept": accept,
    }


@pytest.mark.parametrize(
    "lines, expected",
    [
        (
            [_judgment("parking-fees", 1), _judgment("repair-materials", 2), _judgment("parking-fees", 0)],
            r"decisions.jsonl:3: doc_judgment for query 'repair-001', 'parking-fees': grade 0 here, "
            r"grade 1 on line 1 \(keep one",
        ),
        (
            [_alias(True), _queue_line(_alias(False), "uncertain_answer")],
            r"decisions.jsonl:2: alias .*'申请书': accept false here, accept true on line 1",
        ),
        (
            [_judgment("no-such-document", 1)],
            r"decisions.jsonl:1: \$.doc_id: doc_id 'no-such-document' is not in the corpus snapshot",
        ),
    ],
)
def test_apply_refuses_conflicting_decisions_and_unknown_documents(tmp_path, lines, expected):
    folder = copy_example(ZH, tmp_path)
    decisions = write_jsonl(tmp_path / "decisions.jsonl", lines)
    with pytest.raises(InputError, match=expected):
        workflow.apply_review(
            folder / "repair.annotations.json", decisions, version="1.1", out=tmp_path / "v.json"
        )
    assert not (tmp_path / "v.json").exists()


def test_review_apply_records_who_decided_from_by(tmp_path):
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    decision = {
        "type": "statement",
        "query_id": "repair-001",
        "sub_question": "exclusions",
        "fact": "warranty",
    }
    decisions = write_jsonl(tmp_path / "d.jsonl", [{**decision, "statement": "保修期内的，不予受理。"}])
    result = run_cli(
        "review",
        annotations,
        "--apply",
        decisions,
        "--version",
        "2",
        "--by",
        "lead",
        "-o",
        tmp_path / "v2.json",
    )
    assert result.returncode == 0, result.stderr
    fact = next(
        f
        for f in load_annotations(tmp_path / "v2.json").queries[0].sub_questions[1].answer_facts
        if f.id == "warranty"
    )
    assert [(s.text, s.by, s.at) for s in fact.accepted] == [
        ("保修期内的，不予受理。", "lead", dt.date.today())
    ]
    refused = run_cli(
        "review", annotations, folder / "repair.traces.jsonl", "--by", "lead", "-o", tmp_path / "q.jsonl"
    )
    assert refused.returncode == 2 and "--by goes with --apply" in refused.stderr


def test_apply_accepts_the_same_decision_twice_and_a_file_of_rejections_only(tmp_path):
    folder = copy_example(ZH, tmp_path)
    twice = write_jsonl(
        tmp_path / "twice.jsonl", [_judgment("parking-fees", 1), _judgment("parking-fees", 1)]
    )
    result = workflow.apply_review(
        folder / "repair.annotations.json", twice, version="1.1", out=tmp_path / "a.json"
    )
    assert result.applied == 2
    rejected = write_jsonl(tmp_path / "rejected.jsonl", [_queue_line(_alias(False), "uncertain_answer")])
    result = workflow.apply_review(
        folder / "repair.annotations.json", rejected, version="1.1", out=tmp_path / "b.json"
    )
    assert (result.applied, result.rejected) == (0, 1)
    assert (
        load_annotations(tmp_path / "b.json").queries
        == load_annotations(folder / "repair.annotations.json").queries
    )
