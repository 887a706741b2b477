"""Importers of logged traces (OpenInference / Phoenix, Langfuse, LangSmith) and the context
rebuilt from the prompt. Fixtures: tests/data/importers (written by make_fixtures.py from two
MuSiQue questions, with each system's own field names)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED_DATA

from evidence_eval.errors import InputError, UsageError
from evidence_eval.ingest.importers import FORMATS, read_traces
from evidence_eval.ingest.importers.model import Prompt
from evidence_eval.ingest.importers.openinference import any_value
from evidence_eval.ingest.importers.prompt_context import MIN_CUT, MIN_HAN_CUT, place_items, searched_text
from evidence_eval.ingest.importers.records import lookup, unflatten
from evidence_eval.io.loaders import load_annotations
from evidence_eval.models import AnnotationSet, Trace

DATA = Path(__file__).parent / "data" / "importers"
ANNOTATIONS = DATA / "musique.annotations.json"
QA, QB = "2hop__150763_14904", "4hop1__709382_146811_31223_91015"


def _has_semconv() -> bool:
    try:
        return importlib.util.find_spec("openinference.semconv.trace") is not None
    except ModuleNotFoundError:
        return False


# The OpenInference reader takes its attribute names from this package (a dependency).
SEMCONV = pytest.mark.skipif(
    not _has_semconv(), reason="openinference-semantic-conventions is not installed (pyproject dependency)"
)

# fixture, format, --doc-id-from, --query-id-from (a metadata key the export carries)
EXPORTS = [
    pytest.param(
        "llamaindex.otlp.json",
        "openinference",
        "document.metadata.source",
        "metadata.query_id",
        marks=SEMCONV,
    ),
    pytest.param(
        "langchain.phoenix.jsonl",
        "openinference",
        "document.metadata.source",
        "metadata.query_id",
        marks=SEMCONV,
    ),
    ("langfuse.jsonl", "langfuse", "metadata.source", "metadata.query_id"),
    ("langsmith.runs.jsonl", "langsmith", "metadata.source", "extra.metadata.query_id"),
]


@pytest.fixture(name="annotations", scope="module")
def musique_annotations() -> AnnotationSet:
    return load_annotations(ANNOTATIONS)


def _stage(row: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return next(stage["items"] for stage in row["stages"] if stage["name"] == name)


def _context(row: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(i["doc_id"], i["metadata"]["in_prompt"], i["metadata"]["route"]) for i in _stage(row, "context")]


@pytest.mark.parametrize(("name", "fmt", "doc_id_from", "_"), EXPORTS)
def test_each_export_gives_the_context_really_sent(name, fmt, doc_id_from, _, annotations):
    result = read_traces(fmt, DATA / name, doc_id_from=doc_id_from, annotations=annotations)
    rows = {row["query_id"]: row for row in result.rows}
    assert set(rows) == {QA, QB} and not result.unmatched and not result.problems
    for row in rows.values():
        Trace.model_validate(row)
    # q A: 4 retrieved, 3 in the prompt (one reflowed, one cut after 150 characters), 1 absent
    assert [i["doc_id"] for i in _stage(rows[QA], "candidates")][:2] == [
        "musique/Adolescence",
        "musique/Journal of Psychotherapy Integration",
    ]
    assert _context(rows[QA]) == [
        ("musique/Adolescence", "whole", "exact"),
        ("musique/Journal of Psychotherapy Integration", "whole", "normalized"),
        ("musique/Person-centered therapy", "cut", "head kept"),
    ]
    cut = _stage(rows[QA], "context")[2]["text"]
    assert len(cut) == 150 and cut.startswith("Person - centered therapy")
    assert rows[QA]["metadata"]["prompt"]["absent"] == 1
    assert rows[QA]["answer"] == "G. Stanley Hall"
    # q B: rendered in another order, one paragraph with a word changed (aligned)
    assert _context(rows[QB]) == [
        ("musique/Hello Love (song)", "whole", "exact"),
        ("musique/Hank Snow", "whole", "exact"),
        ("musique/Publix", "whole", "aligned"),
        ("musique/Tennessee", "whole", "exact"),
    ]
    assert "employee-owned American" in _stage(rows[QB], "context")[2]["text"]  # the prompt's text
    assert result.stats[QB].whole == 4 and result.stats[QB].absent == 0


@SEMCONV
def test_the_context_variable_is_preferred_where_logged():
    searched = {
        fmt + ":" + name: [
            row["metadata"]["prompt"]["searched"] for row in read_traces(fmt, DATA / name).rows
        ]
        for name, fmt in [
            ("llamaindex.otlp.json", "openinference"),
            ("langchain.phoenix.jsonl", "openinference"),
            ("langfuse.jsonl", "langfuse"),
            ("langsmith.runs.jsonl", "langsmith"),
        ]
    }
    assert searched == {
        "openinference:llamaindex.otlp.json": ["variable:context_str"] * 2,  # llm.prompt_template.variables
        "openinference:langchain.phoenix.jsonl": [
            "variable:context",
            "messages",
        ],  # a template span in A only
        "langfuse:langfuse.jsonl": ["variable:context"] * 2,  # the ChatPromptTemplate observation
        "langsmith:langsmith.runs.jsonl": ["variable:context"] * 2,  # the prompt run
    }


@SEMCONV
def test_stages_follow_the_pipeline():
    otlp = {r["query_id"]: r for r in read_traces("openinference", DATA / "llamaindex.otlp.json").rows}
    assert [s["name"] for s in otlp["00000000000000000000000000000001"]["stages"]] == [
        "candidates",
        "reranked",
        "context",
    ]
    # LangSmith: a compression retriever wrapping the vector store ends last -> "reranked"
    runs = read_traces("langsmith", DATA / "langsmith.runs.jsonl", query_id_from="extra.metadata.query_id")
    by_query = {r["query_id"]: r for r in runs.rows}
    assert [s["name"] for s in by_query[QB]["stages"]] == ["candidates", "reranked", "context"]
    assert _stage(by_query[QB], "context")[0]["metadata"]["from_stage"] == "reranked"


@pytest.mark.parametrize(("name", "fmt", "_", "query_id_from"), EXPORTS)
def test_query_id_from_a_metadata_key(name, fmt, _, query_id_from):
    result = read_traces(fmt, DATA / name, query_id_from=query_id_from)
    assert sorted(row["query_id"] for row in result.rows) == [QA, QB]


def test_without_annotations_the_trace_id_is_the_query_id():
    result = read_traces("langfuse", DATA / "langfuse.jsonl")
    assert sorted(row["query_id"] for row in result.rows) == ["lf-trace-1", "lf-trace-2"]
    assert result.rows[0]["system"] == "langfuse"
    assert {row["metadata"]["query"] for row in result.rows} == {
        q.text for q in load_annotations(ANNOTATIONS).queries
    }


def test_unmatched_queries_are_listed_not_dropped(annotations):
    only_a = annotations.model_copy(update={"queries": [q for q in annotations.queries if q.query_id == QA]})
    result = read_traces("langsmith", DATA / "langsmith.runs.jsonl", annotations=only_a)
    assert [row["query_id"] for row in result.rows] == [QA]
    assert result.unmatched == [("1ef00002-0000-4000-8000-000000000000", annotations.queries[1].text)]
    assert "1 trace left out, no query id matches their query:" in result.summary_lines()


def test_query_text_is_matched_normalised(annotations):
    shouting = annotations.model_copy(
        update={
            "queries": [
                q.model_copy(update={"text": "  " + q.text.upper() + "\n"}) for q in annotations.queries
            ]
        }
    )
    result = read_traces(
        "langfuse", DATA / "langfuse.jsonl", query_id_from="query-text", annotations=shouting
    )
    assert sorted(row["query_id"] for row in result.rows) == [QA, QB]


def test_query_text_needs_annotations():
    with pytest.raises(UsageError, match="annotation set"):
        read_traces("langfuse", DATA / "langfuse.jsonl", query_id_from="query-text")


@SEMCONV
def test_llamaindex_node_ids_and_source_ids():
    default = read_traces("openinference", DATA / "llamaindex.otlp.json")
    first = _stage(default.rows[0], "candidates")[0]
    assert first["doc_id"].endswith("-node-10")  # LlamaIndex's document.id is a node id
    by_source = read_traces(
        "openinference", DATA / "llamaindex.otlp.json", doc_id_from="document.metadata.source"
    )
    first = _stage(by_source.rows[0], "candidates")[0]
    assert first["doc_id"] == "musique/Adolescence"
    assert first["metadata"] == {"native_id": "2hop__15-node-10"}
    assert first["score"] == pytest.approx(0.9)


def test_doc_id_from_a_key_the_documents_lack(tmp_path):
    with pytest.raises(InputError) as raised:
        read_traces("langsmith", DATA / "langsmith.runs.jsonl", doc_id_from="metadata.url")
    assert str(raised.value).startswith(
        f"{DATA / 'langsmith.runs.jsonl'}:2: $.outputs[0]: this document has no"
    )
    skipped = read_traces(
        "langsmith", DATA / "langsmith.runs.jsonl", doc_id_from="metadata.url", on_error="skip"
    )
    assert skipped.rows == [] and len(skipped.problems) == 2


@SEMCONV
def test_summary_says_what_was_found(annotations):
    lines = read_traces(
        "openinference", DATA / "langchain.phoenix.jsonl", annotations=annotations
    ).summary_lines()
    assert lines[1] == "stages: candidates in 2, context in 2"
    assert lines[2].startswith("items in the prompt: 6 whole, 1 cut, 1 absent;")


# ---- bad exports: one line naming file, line and JSON path; --on-error skip lists them ----


def _write(tmp_path: Path, name: str, records: list[dict[str, Any]] | dict[str, Any]) -> Path:
    path = tmp_path / name
    if isinstance(records, list):
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    else:
        path.write_text(json.dumps(records, indent=1), encoding="utf-8")
    return path


def _otlp() -> dict[str, Any]:
    return json.loads((DATA / "llamaindex.otlp.json").read_text(encoding="utf-8"))


@SEMCONV
def test_span_without_trace_id(tmp_path):
    export = _otlp()
    del export["resourceSpans"][0]["scopeSpans"][0]["spans"][5]["traceId"]
    path = _write(tmp_path, "spans.json", export)
    with pytest.raises(
        InputError,
        match=r"spans\.json: \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[5\]: span without a trace id",
    ):
        read_traces("openinference", path)
    result = read_traces("openinference", path, on_error="skip")
    assert len(result.problems) == 1 and len(result.rows) == 2  # the span is left out, its trace read


@SEMCONV
def test_llm_span_without_output(tmp_path):
    export = _otlp()
    llm = export["resourceSpans"][0]["scopeSpans"][0]["spans"][3]
    llm["attributes"] = [a for a in llm["attributes"] if not a["key"].startswith("llm.output_messages")]
    path = _write(tmp_path, "spans.json", export)
    with pytest.raises(InputError, match=r"spans\[3\]\.attributes: LLM span without output"):
        read_traces("openinference", path)
    result = read_traces("openinference", path, on_error="skip")
    assert [row["metadata"]["trace_id"] for row in result.rows] == ["00000000000000000000000000000002"]


@SEMCONV
def test_retriever_without_documents(tmp_path):
    lines = [
        json.loads(line)
        for line in (DATA / "langchain.phoenix.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    del lines[5]["attributes"]["retrieval.documents"]
    path = _write(tmp_path, "spans.jsonl", lines)
    with pytest.raises(
        InputError, match=r"spans\.jsonl:6: \$\.attributes: RETRIEVER span 'VectorStoreRetriever' without"
    ):
        read_traces("openinference", path)
    assert len(read_traces("openinference", path, on_error="skip").rows) == 1


@SEMCONV
def test_mixed_export_versions(tmp_path):
    phoenix = json.loads((DATA / "langchain.phoenix.jsonl").read_text(encoding="utf-8").splitlines()[0])
    path = _write(tmp_path, "mixed.jsonl", [_otlp(), phoenix])
    with pytest.raises(InputError, match=r"mixed\.jsonl:2: \$: mixed export versions"):
        read_traces("openinference", path)
    legacy = _otlp()
    legacy["resourceSpans"][0]["instrumentationLibrarySpans"] = legacy["resourceSpans"][0].pop("scopeSpans")
    path = _write(tmp_path, "versions.jsonl", [legacy, _otlp()])
    with pytest.raises(InputError, match="before OTLP 1.0"):
        read_traces("openinference", path)
    result = read_traces("openinference", path, on_error="skip")
    assert len(result.rows) == 2 and len(result.problems) == 1


def test_langfuse_observation_without_trace_id_and_generation_without_output(tmp_path):
    records = [
        json.loads(line) for line in (DATA / "langfuse.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    records[2]["traceId"] = None  # an observation of trace 2
    path = _write(tmp_path, "lf.jsonl", records)
    with pytest.raises(InputError, match=r"lf\.jsonl:3: \$\.traceId: observation without a trace id"):
        read_traces("langfuse", path)
    records[2]["traceId"] = "lf-trace-2"
    records[0]["observations"][3]["output"] = None
    path = _write(tmp_path, "lf.jsonl", records)
    with pytest.raises(
        InputError, match=r"lf\.jsonl:1: \$\.observations\[3\]\.output: LLM step 'ChatOpenAI' without"
    ):
        read_traces("langfuse", path)


def test_langsmith_orphan_run(tmp_path):
    runs = [
        json.loads(line) for line in (DATA / "langsmith.runs.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    orphan = {**runs[1], "trace_id": None, "parent_run_id": "not-in-this-file", "id": "x"}
    path = _write(tmp_path, "runs.jsonl", [*runs, orphan])
    with pytest.raises(InputError, match=r"runs\.jsonl:10: \$\.trace_id: run without a trace id"):
        read_traces("langsmith", path)


def test_duplicate_query_keeps_the_first_in_skip_mode(tmp_path):
    runs = (DATA / "langsmith.runs.jsonl").read_text(encoding="utf-8")
    again = runs.replace("1ef00001-", "1ef00009-")
    path = tmp_path / "twice.jsonl"
    path.write_text(runs + again, encoding="utf-8")
    with pytest.raises(InputError, match="second run of query"):
        read_traces("langsmith", path, query_id_from="extra.metadata.query_id")
    result = read_traces("langsmith", path, query_id_from="extra.metadata.query_id", on_error="skip")
    assert len(result.rows) == 2 and result.rows[0]["metadata"]["trace_id"].startswith("1ef00001-")


@SEMCONV
def test_not_an_export(tmp_path):
    path = _write(tmp_path, "x.jsonl", [{"foo": 1}, {"foo": 2}])
    with pytest.raises(InputError, match=r"x\.jsonl:1: \$: neither an OTLP export"):
        read_traces("openinference", path)
    broken = tmp_path / "broken.json"
    broken.write_text('{\n "resourceSpans": [\n', encoding="utf-8")
    with pytest.raises(InputError, match="malformed JSON"):
        read_traces("openinference", broken)


def test_unknown_format_and_mode():
    with pytest.raises(UsageError, match="openinference, langfuse, langsmith"):
        read_traces("jaeger", DATA / "langfuse.jsonl")
    with pytest.raises(UsageError, match="on_error"):
        read_traces("langfuse", DATA / "langfuse.jsonl", on_error="ignore")  # type: ignore[arg-type]
    assert FORMATS == ("openinference", "langfuse", "langsmith")


def test_without_the_semantic_conventions_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "openinference.semconv.trace", None)
    with pytest.raises(UsageError, match="pip install openinference-semantic-conventions"):
        read_traces("openinference", DATA / "llamaindex.otlp.json")


# ---- locating items in the prompt ----

PROMPT = (
    "Context:\nThe warranty covers parts for two years.\n\nRepairs are free of charge "
    "within the first year only if the seal on the case is intact and unbroken.\n\nAnswer the question."
)


def test_items_are_placed_whole_normalised_cut_or_not_at_all():
    texts = [
        "The warranty covers parts for two years.",  # exact
        "Repairs are free of charge\nwithin the FIRST year",  # line break and case: normalised
        "only if the seal on the case is intact and unbroken. Opened devices are not covered.",  # tail cut
        "Batteries are consumables and are not covered.",  # absent
        None,  # an item without text cannot be placed
    ]
    placed = place_items(texts, PROMPT)
    assert [(p.kind, p.route) if p else None for p in placed] == [
        ("whole", "exact"),
        ("whole", "normalized"),
        ("cut", "head kept"),
        None,
        None,
    ]
    assert placed[1] is not None and PROMPT[placed[1].start : placed[1].end] == placed[1].text
    assert placed[2] is not None and placed[2].text == "only if the seal on the case is intact and unbroken."


def test_a_short_head_is_not_a_cut_item():
    head = "The warranty covers"  # shorter than MIN_CUT
    assert len(head) < MIN_CUT
    assert place_items([head + " batteries, chargers and cables."], PROMPT) == [None]


CHINESE_PROMPT = "参考资料：\n【1】保修期内，更换零件免费，人工费另计。\n【2】{cut}\n问题：换屏要钱吗？"
CHINESE_ITEM = "屏幕碎裂属于人为损坏，不在保修范围内，更换屏幕需按官方价格另行收费，人工费另计。"


def test_a_distinctive_han_head_of_twenty_characters_is_a_cut_item():
    prompt = CHINESE_PROMPT.format(cut=CHINESE_ITEM[:20])  # a token budget kept its first 20
    (found,) = place_items([CHINESE_ITEM], prompt, language="zh")
    assert found is not None and (found.kind, found.route) == ("cut", "head kept")
    assert found.text == CHINESE_ITEM[:20]


def test_a_short_han_head_is_not_attributed_when_not_distinctive():
    prompt = CHINESE_PROMPT.format(cut=CHINESE_ITEM[:20])
    other = CHINESE_ITEM[:20] + "，详见维修网点公告。"  # another item starts the same way
    assert place_items([CHINESE_ITEM, other], prompt, language="zh")[0] is None
    short = CHINESE_PROMPT.format(cut=CHINESE_ITEM[: MIN_HAN_CUT - 1])  # too few characters
    assert place_items([CHINESE_ITEM], short, language="zh") == [None]
    twice = CHINESE_PROMPT.format(cut=CHINESE_ITEM[:20] + "。" + CHINESE_ITEM[:20])  # not once
    assert place_items([CHINESE_ITEM], twice, language="zh") == [None]


WORDS = "claim warranty receipt serial number photo defect damage repair service center".split()


@pytest.mark.parametrize(("item_kind", "prompt_chars"), [("digits", 2_000), ("prompt words", 12_500)])
def test_placing_a_long_item_absent_from_the_prompt_takes_linear_time(item_kind, prompt_chars):
    """The alignment route cost about the cube of the item's length: here 10 s and more for a
    100,000-character item absent from a short prompt, 4 s for 6,250 characters of the
    prompt's own words absent from it."""
    rng = random.Random(7)
    prompt = " ".join(rng.choice(WORDS) for _ in range(prompt_chars // 7))
    if item_kind == "digits":
        digits = random.Random(1)
        item = "".join(digits.choice("0123456789 ") for _ in range(100_000))
    else:
        item = " ".join(rng.choice(WORDS) for _ in range(6_250 // 7))
    began = time.perf_counter()
    assert place_items([item], prompt) == [None]
    assert time.perf_counter() - began < 2.0


def test_one_occurrence_is_not_taken_twice():
    text = "The warranty covers parts for two years."
    first, second = place_items([text, text], PROMPT)
    assert first is not None and second is None


def test_the_context_variable_is_searched_when_the_prompt_holds_it():
    prompt = Prompt("Use this:\nA. B.\nQ?", {"context_str": "A. B.", "query_str": "Q?"})
    assert searched_text(prompt) == ("A. B.", "variable:context_str")
    elsewhere = Prompt("Use this:\nA. B.\nQ?", {"context": "not what was sent"})
    assert searched_text(elsewhere) == ("Use this:\nA. B.\nQ?", "messages")


# ---- attribute shapes ----


def test_otlp_values_and_dotted_attributes():
    assert any_value({"intValue": "42"}) == 42
    assert any_value({"arrayValue": {"values": [{"stringValue": "a"}, {"doubleValue": 0.5}]}}) == ["a", 0.5]
    assert any_value({"kvlistValue": {"values": [{"key": "k", "value": {"boolValue": True}}]}}) == {"k": True}
    tree = unflatten(
        {
            "retrieval.documents.1.document.id": "n2",
            "retrieval.documents.0.document.id": "n1",
            "retrieval.documents.0.document.metadata": '{"file.name": "a.txt", "source": "doc-a"}',
        }
    )
    assert [d["document"]["id"] for d in tree["retrieval"]["documents"]] == ["n1", "n2"]
    assert lookup(tree, "retrieval.documents.0.document.metadata.file.name") == "a.txt"
    assert lookup(tree, "retrieval.documents.0.document.metadata.source") == "doc-a"
    assert lookup(tree, "retrieval.documents.2.document.id") is None


def _dataframe_row(span: dict[str, Any], start_ms: int) -> dict[str, Any]:
    """A Phoenix span as a row of `get_spans_dataframe()` written with
    `to_json(orient="records", lines=True)`: dotted column names, times in milliseconds,
    lists of dicts with dotted keys, NaN as null."""
    attributes = span["attributes"]
    flat: dict[str, Any] = {
        "name": span["name"],
        "span_kind": span["span_kind"],
        "parent_id": span["parent_id"],
        "start_time": start_ms,
        "end_time": start_ms + 5,
        "context.span_id": span["context"]["span_id"],
        "context.trace_id": span["context"]["trace_id"],
        "attributes.retrieval.documents": None,
        "attributes.llm.input_messages": None,
    }
    if "retrieval.documents" in attributes:
        flat["attributes.retrieval.documents"] = attributes["retrieval.documents"]
        flat["attributes.input.value"] = attributes["input.value"]
    llm = attributes.get("llm", {})
    for key in ("input_messages", "output_messages"):
        if key in llm:
            flat[f"attributes.llm.{key}"] = [
                {"message.role": m["message"]["role"], "message.content": m["message"]["content"]}
                for m in llm[key]
            ]
    if "input" in attributes:
        flat["attributes.input.value"] = attributes["input"]["value"]
        flat["attributes.metadata"] = attributes.get("metadata")
    return flat


@SEMCONV
def test_phoenix_spans_dataframe_records(tmp_path, annotations):
    lines = (DATA / "langchain.phoenix.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [_dataframe_row(json.loads(line), 1733290000000 + 10 * i) for i, line in enumerate(lines)]
    path = _write(tmp_path, "spans_dataframe.jsonl", rows)
    result = read_traces(
        "openinference", path, doc_id_from="document.metadata.source", annotations=annotations
    )
    by_query = {row["query_id"]: row for row in result.rows}
    assert set(by_query) == {QA, QB}
    assert [doc for doc, _, _ in _context(by_query[QA])] == [
        "musique/Adolescence",
        "musique/Journal of Psychotherapy Integration",
        "musique/Person-centered therapy",
    ]
    assert by_query[QB]["answer"] == "35"
    by_metadata = read_traces("openinference", path, query_id_from="metadata.query_id")
    assert sorted(row["query_id"] for row in by_metadata.rows) == [QA, QB]


def test_rows_become_traces_for_score():
    result = read_traces("langfuse", DATA / "langfuse.jsonl", on_error="fail")  # the CLI's word
    traces = result.traces()
    assert [t.query_id for t in traces] == ["lf-trace-1", "lf-trace-2"]
    context = traces[0].context_stage()
    assert context is not None and context.name == "context" and len(context.items) == 3


def test_an_item_whose_head_was_cut_keeps_its_tail():
    prompt = "Context:\n...d for parts and labour within two years of purchase.\n\nQuestion: how long?"
    item = (
        "Every device sold after 1 March 2024 is covered for parts and labour within two years of purchase."
    )
    (found,) = place_items([item], prompt)
    assert found is not None and (found.kind, found.route) == ("cut", "tail kept")
    assert found.text == "d for parts and labour within two years of purchase."


def test_chinese_items_in_a_prompt_with_full_width_punctuation():
    prompt = "参考资料：\n【1】保修期内，更换零件免费，人工费另计。\n【2】屏幕碎裂不在保修范围内。\n问题：换屏要钱吗？"
    items = [
        "保修期内,更换零件免费,人工费另计.",
        "屏幕碎裂不在保修范围内。",
        "电池属于易耗品，不在保修范围内。",
    ]
    placed = place_items(items, prompt, language="zh")
    assert [(p.kind, p.route) if p else None for p in placed] == [
        ("whole", "normalized"),
        ("whole", "exact"),
        None,
    ]
    assert placed[0] is not None and placed[0].text == "保修期内，更换零件免费，人工费另计。"


@pytest.mark.skipif(
    not (SHARED_DATA / "musique").is_dir(), reason="shared/data/musique is not beside the repository"
)
def test_evidence_the_prompt_cut_off_is_missing_from_the_context(tmp_path):
    """The point of rebuilding the context: a passage retrieved but cut from the prompt is
    supported in `candidates` and missing in `context`; the part of a cut item that was sent
    still supports what it states."""
    from evidence_eval import api

    entry = json.loads((SHARED_DATA / "musique" / "qa_train.json").read_text(encoding="utf-8"))[0]
    paragraphs = {p["title"]: p["paragraph_text"] for p in entry["paragraphs"]}
    corpus = [
        {"doc_id": f"musique/{title}", "version": "1", "text": text} for title, text in paragraphs.items()
    ]
    (tmp_path / "corpus.jsonl").write_text(
        "".join(json.dumps(doc) + "\n" for doc in corpus), encoding="utf-8"
    )

    def evidence(title: str, quote: str) -> list[list[dict[str, Any]]]:
        start = paragraphs[title].index(quote)
        return [[{"doc_id": f"musique/{title}", "start": start, "end": start + len(quote), "quote": quote}]]

    sub_questions = [
        (
            "president",
            "Adolescence",
            "Hall, who was the first president of the American Psychological Association",
        ),
        ("other_names", "Person-centered therapy", "also known as person - centered psychotherapy"),  # sent
        ("founder", "Person-centered therapy", "developed by psychologist Carl Rogers"),  # cut off
    ]
    data = {
        "schema_version": "1",
        "name": "musique-cut",
        "version": "1",
        "language": "en",
        "corpus": {"path": "corpus.jsonl"},
        "queries": [
            {
                "query_id": QA,
                "text": entry["question"],
                "sub_questions": [
                    {"id": sq, "kind": "entity", "text": sq, "evidence": evidence(title, quote)}
                    for sq, title, quote in sub_questions
                ],
            }
        ],
    }
    (tmp_path / "cut.annotations.json").write_text(json.dumps(data), encoding="utf-8")
    imported = read_traces(
        "langsmith",
        DATA / "langsmith.runs.jsonl",
        doc_id_from="metadata.source",
        annotations=AnnotationSet.model_validate(data),
    )
    assert [trace_id for trace_id, _ in imported.unmatched] == ["1ef00002-0000-4000-8000-000000000000"]
    report = api.score(tmp_path / "cut.annotations.json", imported.traces(), tmp_path / "corpus.jsonl")
    (query,) = json.loads(report.model_dump_json())["systems"][0]["queries"]
    statuses = {
        sq["id"]: {name: stage["status"] for name, stage in sq["stages"].items()}
        for sq in query["sub_questions"]
    }
    assert statuses == {
        "president": {"candidates": "supported", "context": "supported"},
        "other_names": {"candidates": "supported", "context": "supported"},
        "founder": {"candidates": "supported", "context": "missing"},
    }


@SEMCONV
@pytest.mark.parametrize(
    ("fmt", "name", "message"),
    [
        ("langfuse", "llamaindex.otlp.json", r"a record of another export \(openinference\), not Langfuse's"),
        (
            "langfuse",
            "langsmith.runs.jsonl",
            r"langsmith\.runs\.jsonl:1: \$: a record of another export \(langsmith\)",
        ),
        ("langsmith", "langfuse.jsonl", r"langfuse\.jsonl:1: \$: a record of another export \(langfuse\)"),
        ("openinference", "langsmith.runs.jsonl", "nor a Phoenix span .* but a langsmith record"),
    ],
)
def test_an_export_read_as_another_format_is_named(fmt, name, message):
    with pytest.raises(InputError, match=message):
        read_traces(fmt, DATA / name)


def test_nested_phoenix_documents_and_langsmith_dotted_order():
    from evidence_eval.ingest.importers.langsmith import _trace_id

    nested = unflatten(
        {"retrieval": {"documents": [{"document": {"id": "a", "metadata": {"source.id": "s"}}}]}}
    )
    assert lookup(nested, "retrieval.documents.0.document.metadata.source.id") == "s"
    root = "1b64098b-4ab7-43f6-afee-992304f198d8"
    child = {"id": "x", "dotted_order": f"20230914T223155647Z{root}.20230914T223155649Zx"}
    assert _trace_id(child, {}) == root
    assert _trace_id({"id": "r"}, {}) == "r"  # a root run is its own trace
    assert _trace_id({"id": "c", "parent_run_id": "p"}, {"p": {"id": "p", "trace_id": "t"}}) == "t"
    assert _trace_id({"id": "c", "parent_run_id": "gone"}, {}) is None


@SEMCONV
def test_node_ids_that_no_judgment_knows_are_not_scored_zero(tmp_path):
    """Without --doc-id-from, LlamaIndex's node ids become the doc ids: no returned id is
    judged, so hit rate, MRR and recall are not applicable (never 0.000), and the reason
    names the document metadata key that does hold the judged ids."""
    from evidence_eval import api

    data = json.loads(ANNOTATIONS.read_text(encoding="utf-8"))
    for query in data["queries"]:
        query["doc_judgments"] = {"musique/Adolescence": 1, "musique/Person-centered therapy": 1}
    (tmp_path / "judged.annotations.json").write_text(json.dumps(data), encoding="utf-8")
    imported = read_traces(
        "openinference", DATA / "llamaindex.otlp.json", annotations=AnnotationSet.model_validate(data)
    )
    report = api.score(tmp_path / "judged.annotations.json", imported.traces())
    candidates = report.systems[0].summary.retrieval["candidates"]
    assert candidates.unjudged_only == [QA, QB] and candidates.judged_ids_at == ["metadata.source"]
    assert {mean.hit_rate for mean in candidates.at.values()} == {None}
    table = api.render(report, "table")
    assert "candidates  1   n/a: none judged" in table
    assert (
        "candidates: retrieval not applicable for 2 queries: no returned id is judged (every id is "
        "unknown to the annotation set): did you mean --doc-id-from metadata.source?"
    ) in table
    # the hint works as given, for OpenInference too (its documents sit under `document`)
    fixed = read_traces(
        "openinference",
        DATA / "llamaindex.otlp.json",
        doc_id_from="metadata.source",
        annotations=AnnotationSet.model_validate(data),
    )
    rescored = api.score(tmp_path / "judged.annotations.json", fixed.traces())
    assert rescored.systems[0].summary.retrieval["candidates"].at["1"].hit_rate == 1.0
