"""The bad-input matrix: every entry point, every kind of broken file. Exit 2 (or 1 for
validation findings), one clear line naming the file, line or JSON path; never a traceback,
never a report written as if complete."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import EN, EXAMPLES, ZH, ZH_ANN, ZH_TRACES, copy_example, run_cli, write_jsonl
from hypothesis import given, settings
from hypothesis import strategies as st

import evidence_eval
from evidence_eval.cli import main
from evidence_eval.errors import InputError
from evidence_eval.io import iter_traces, load_annotations, load_policy, load_snapshot

FIRST_TRACE = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[0])


def assert_one_line_error(result, *fragments, code=2):
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def trace_with(**changes):
    trace = json.loads(json.dumps(FIRST_TRACE))
    trace.update(changes)
    return trace


@pytest.mark.parametrize(
    ("content", "fragments"),
    [
        (b"\xff\xfe{}\n", [":1: invalid UTF-8"]),
        (b"", ["the traces file is empty"]),
        (b"\n\n", ["the traces file is empty"]),
        (b'"just a string"\n', [":1: expected a JSON object on each line, found str"]),
        (b'{"query_id": "repair-001"}\n', [":1: $.system: required field is missing"]),
        (json.dumps(trace_with(stages="none")).encode(), [":1: $.stages"]),
        (
            json.dumps(trace_with(stages=[{"name": "c", "items": [{"score": 1}]}])).encode(),
            [":1:", "$.stages[0].items[0]: an item needs at least one of doc_id, chunk_id or text"],
        ),
        (
            json.dumps(
                trace_with(stages=[{"name": "c", "items": [{"doc_id": "d", "start": 5, "end": 2}]}])
            ).encode(),
            [":1:", "item end 2 is before start 5"],
        ),
        (
            b'{"query_id": "repair-001", "system": "s", "stages": [{"name": "c", "items": [{"doc_id": "d", "score": NaN}]}]}\n',
            [":1: $.stages[0].items[0].score"],
        ),
        (
            b'{"query_id": "repair-001", "system": "s", "stages": [{"name": "c", "items": [{"doc_id": "d", "score": Infinity}]}]}\n',
            [":1: $.stages[0].items[0].score"],
        ),
        pytest.param(
            b"[" * 100_000 + b"]" * 100_000 + b"\n", [":1: JSON nested too deeply"], id="deeply-nested"
        ),
        (
            json.dumps(trace_with(stages=[{"name": "c"}, {"name": "c"}])).encode(),
            [":1:", "stage names must be unique"],
        ),
    ],
)
def test_bad_traces(tmp_path, content, fragments):
    traces = tmp_path / "t.jsonl"
    traces.write_bytes(content)
    out = tmp_path / "report.json"
    result = run_cli("score", ZH_ANN, traces, "-o", out)
    assert_one_line_error(result, str(traces), *fragments)
    assert not out.exists()


def test_bom_crlf_and_blank_lines_are_accepted(tmp_path):
    text = ZH_TRACES.read_text(encoding="utf-8").replace("\n", "\r\n\r\n")
    traces = tmp_path / "t.jsonl"
    traces.write_bytes("\ufeff".encode() + text.encode("utf-8"))
    result = run_cli("score", ZH_ANN, traces, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["systems"]) == 3


def test_a_huge_single_line_scores(tmp_path):
    trace = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[2])
    trace["stages"][0]["items"].append({"doc_id": "filler", "text": "无关内容。" * 2_100_000})
    traces = write_jsonl(tmp_path / "t.jsonl", [trace])
    assert traces.stat().st_size > 10_000_000
    result = run_cli("score", ZH_ANN, traces, "--format", "json")
    assert result.returncode == 0, result.stderr[-500:]


def test_on_error_skip_counts_and_lists_bad_lines(tmp_path):
    lines = ZH_TRACES.read_text(encoding="utf-8").splitlines()
    traces = tmp_path / "t.jsonl"
    traces.write_text(
        "\n".join([lines[0], "{broken", lines[1], '{"query_id": 1}', lines[2]]) + "\n", encoding="utf-8"
    )
    assert run_cli("score", ZH_ANN, traces).returncode == 2
    result = run_cli("score", ZH_ANN, traces, "--on-error", "skip", "--format", "json")
    assert result.returncode == 0, result.stderr
    skipped = json.loads(result.stdout)["skipped_trace_lines"]
    assert len(skipped) == 2 and ":2:" in skipped[0] and ":4:" in skipped[1]
    for fmt in ("csv", "table", "json"):  # told on stderr whatever the format
        told = run_cli("score", ZH_ANN, traces, "--on-error", "skip", "--format", fmt)
        assert "skipped 2 trace lines" in told.stderr and f"{traces}:4:" in told.stderr, told.stderr


@pytest.mark.parametrize(
    ("mutate", "fragments"),
    [
        (
            lambda d: d["queries"][0]["sub_questions"][0]["evidence"][0][0].update(start=-1),
            ["$.queries[0].sub_questions[0].evidence[0][0].start"],
        ),
        (
            lambda d: d["queries"][0]["sub_questions"][0]["evidence"][0][0].update(start=50, end=10),
            ["span end 10 must be after start 50"],
        ),
        (lambda d: d["queries"][0].update(doc_judgments={"a": "high"}), ["$.queries[0].doc_judgments.a"]),
        (
            lambda d: d["queries"][0]["sub_questions"][0].update(importance="critical"),
            ["$.queries[0].sub_questions[0].importance"],
        ),
        (lambda d: d["queries"][0].update(as_of="yesterday"), ["$.queries[0].as_of"]),
        # strict types, finite numbers: nothing coerced into a number or a boolean
        (
            lambda d: d["queries"][0]["sub_questions"][0]["answer_facts"][0].update(
                value={"type": "duration", "amount": float("nan"), "unit": "day"}
            ),
            ["$.queries[0].sub_questions[0].answer_facts[0].value.amount: Input should be a finite number"],
        ),
        (
            lambda d: d["queries"][0]["sub_questions"][0]["answer_facts"][0].update(
                value={"type": "number", "amount": float("inf")}
            ),
            ["answer_facts[0].value.amount: Input should be a finite number"],
        ),
        (
            lambda d: d["queries"][0]["sub_questions"][0]["answer_facts"][0].update(
                value={"type": "money", "amount": "15", "currency": "CNY"}
            ),
            ["answer_facts[0].value.amount: Input should be a valid number"],
        ),
        (
            lambda d: d["queries"][0].update(doc_judgments={"repair-materials": True}),
            ["$.queries[0].doc_judgments.repair-materials: Input should be a valid integer"],
        ),
        (
            lambda d: d["queries"][0]["sub_questions"][0].update(answer_mode={"at_least": "3"}),
            ["$.queries[0].sub_questions[0].answer_mode.at_least: Input should be a valid integer"],
        ),
        (
            lambda d: d["queries"][0]["sub_questions"][0].update(needs_review="no"),
            ["$.queries[0].sub_questions[0].needs_review: Input should be a valid boolean"],
        ),
    ],
)
def test_bad_annotation_fields_name_their_json_path(tmp_path, mutate, fragments):
    folder = copy_example(ZH, tmp_path)
    path = folder / "repair.annotations.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    mutate(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for command in (["validate", path], ["score", path, ZH_TRACES]):
        assert_one_line_error(run_cli(*command), str(path), *fragments)


@pytest.mark.parametrize(
    ("lines", "fragments"),
    [
        (
            ['{"doc_id": "a", "version": "1", "text": "t"}', '{"doc_id": "a", "version": "2", "text": "u"}'],
            [":2: $.doc_id: duplicate doc_id 'a' (first on line 1)"],
        ),
        (
            [
                '{"doc_id": "a", "version": "1", "text": "abc", "chunks": [{"chunk_id": "c", "start": 0, "end": 9}]}'
            ],
            [":1:", "chunk 'c' ends at 9, past the text's 3 characters"],
        ),
        (
            [
                '{"doc_id": "a", "version": "1", "text": "t", "valid_from": "2024-02-01", "valid_to": "2024-01-01"}'
            ],
            [":1:", "valid_to 2024-01-01 is before valid_from"],
        ),
        ([""], ["the corpus is empty"]),
    ],
)
def test_bad_corpus(tmp_path, lines, fragments):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_one_line_error(run_cli("score", ZH_ANN, ZH_TRACES, "--corpus", corpus), str(corpus), *fragments)


@pytest.mark.parametrize("k", ["0", "-3", "x"])
def test_bad_k(k):
    result = run_cli("score", ZH_ANN, ZH_TRACES, "--k", k)
    assert result.returncode == 2 and "--k" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(("extra", "shown"), [(["--format", "table"], "table"), ([], "json")])
def test_level_outside_csv_is_refused_not_ignored(tmp_path, extra, shown):
    result = run_cli("score", ZH_ANN, ZH_TRACES, "--level", "fact", *extra)
    assert_one_line_error(result, f"--level fact: the rows of a CSV report; add --format csv (here: {shown})")
    assert not result.stdout
    part = tmp_path / "part.jsonl"
    assert run_cli("score", ZH_ANN, ZH_TRACES, "--partial", "-o", part).returncode == 0
    merged = run_cli("merge", part, "--level", "fact", *extra)
    assert_one_line_error(merged, f"--level fact: the rows of a CSV report; add --format csv (here: {shown})")
    rows = run_cli("score", ZH_ANN, ZH_TRACES, "--level", "fact", "--format", "csv")
    assert rows.returncode == 0 and rows.stdout.startswith(
        "system,query_id,sub_question,kind,importance,fact,"
    )


def test_a_dash_given_to_the_api_for_standard_input_points_at_dev_stdin():
    """The CLI refuses `-` naming its argument (below); the API reads paths as given, and
    a file named `-` that does not exist says how standard input is read."""
    with pytest.raises(InputError) as caught:
        evidence_eval.score(ZH_ANN, "-")
    assert "-: no such file (standard input is read as /dev/stdin)" in str(caught.value)


def test_missing_files_and_directories(tmp_path):
    assert_one_line_error(run_cli("score", tmp_path / "nope.json", ZH_TRACES), "no such file")
    assert_one_line_error(run_cli("score", ZH_ANN, tmp_path / "nope.jsonl"), "no such file")
    result = run_cli("score", ZH_ANN, tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("score", ZH_ANN, "-"), "TRACES"),
        (("validate", "-"), "ANNOTATIONS"),
        (("score", ZH_ANN, ZH_TRACES, "--corpus", "-"), "--corpus"),
        (("compare", "-", ZH_TRACES, "--annotations", ZH_ANN), "REPORT_A"),
        (("merge", "-"), "PARTS"),
        (("convert", "ragas", "-", "-o", "out"), "INPUT"),
    ],
)
def test_a_dash_for_standard_input_is_refused_naming_its_slot(tmp_path, args, named):
    """`-` was read as a file named `-` ("-: no such file"); a pipe is read as /dev/stdin."""
    assert_one_line_error(
        run_cli(*args, cwd=tmp_path),
        f"{named}: reading standard input ('-') is not supported here; give a file, or /dev/stdin for a pipe",
    )


def test_a_dash_for_an_output_file_is_refused_and_no_file_named_dash_written(tmp_path):
    policy = EXAMPLES / "policies" / "release.policy.json"
    queries = write_jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "办理时限？"}])
    for args, named in (
        (("audit", ZH_ANN, ZH_TRACES, "--policy", policy, "--junit", "-"), "--junit"),
        (("init", "-", "--from", queries, "--corpus", ZH / "corpus.jsonl"), "ANNOTATIONS"),
        (("schema", "--out", "-"), "--out"),
    ):
        kind = "folder" if args[0] == "schema" else "file"
        assert_one_line_error(
            run_cli(*args, cwd=tmp_path),
            f"{named}: writing to standard output ('-') is not supported here; give a {kind}",
        )
    assert [path.name for path in tmp_path.iterdir()] == ["queries.jsonl"]


# --- a bounded fuzz target for the loaders ------------------------------------------------

_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "query_id",
                    "system",
                    "stages",
                    "name",
                    "items",
                    "doc_id",
                    "text",
                    "start",
                    "end",
                    "score",
                    "answer",
                    "version",
                    "queries",
                    "rules",
                    "figure",
                    "value",
                    "language",
                    "sub_questions",
                    "evidence",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.binary(max_size=200), _JSONISH.map(lambda v: json.dumps(v).encode())))
def test_loaders_either_load_or_raise_input_error(tmp_path_factory, payload):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "input"
    path.write_bytes(payload)
    for load in (load_annotations, load_snapshot, load_policy, lambda p: list(iter_traces(p))):
        try:
            load(path)
        except InputError as error:
            assert str(path) in str(error) and "\n" not in str(error).strip()


# --- valid but unscorable input ------------------------------------------------------------
# Files that load cleanly but cannot give the numbers asked for: refused (exit 2, one line,
# nothing written) or scored `not_applicable` with the reason, never a confident number.
# In-process (click's CliRunner), to keep the suite fast.

EN_CORPUS = EN / "corpus.jsonl"
ZH_CORPUS = ZH / "corpus.jsonl"


def invoke(*args):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def assert_refused(result, *fragments):
    """Exit 2 and one line on stderr holding every fragment (a traceback would be exit 1)."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def assert_nothing_written(folder, *kept):
    assert sorted(p.name for p in folder.iterdir()) == sorted(kept)


def zh_without_corpus(tmp_path):
    """The Chinese example's annotation set, alone in a folder and naming no corpus."""
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    del data["corpus"]
    path = tmp_path / "repair.annotations.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


SCORING_COMMANDS = {
    "score": lambda ann, traces, out, *extra: ["score", ann, traces, "-o", out, *extra],
    "audit": lambda ann, traces, out, *extra: [
        "audit",
        ann,
        traces,
        "--policy",
        EXAMPLES / "policies" / "release.policy.json",
        "--junit",
        out,
        *extra,
    ],
    "review": lambda ann, traces, out, *extra: ["review", ann, traces, "-o", out, *extra],
    "compare": lambda ann, traces, out, *extra: [
        "compare",
        traces,
        traces,
        "--annotations",
        ann,
        "--system-a",
        "hybrid-full",
        "--system-b",
        "hybrid-full",
        "--trials",
        "100",
        *extra,
    ],
}


NO_SNAPSHOT = "schema only: no corpus snapshot, so none of its 5 spans was checked, nor its 9 judgments"


@pytest.mark.parametrize("command", sorted(SCORING_COMMANDS))
def test_a_set_with_spans_and_no_snapshot_is_refused_as_validate_refuses_it(tmp_path, command):
    """`validate` rejects a set whose spans no snapshot checked: every scoring command refuses
    it with validate's message, whether the traces carry text or ids only."""
    ann = zh_without_corpus(tmp_path)
    checked = invoke("validate", ann)
    assert checked.exit_code == 1 and f"{ann}: $.corpus: {NO_SNAPSHOT}" in checked.stdout
    trace = json.loads(ZH_TRACES.read_text(encoding="utf-8").splitlines()[2])
    trace["stages"] = [stage for stage in trace["stages"] if stage["name"] == "context"]
    with_text = write_jsonl(tmp_path / "t.jsonl", [trace])
    out = tmp_path / "out"
    for traces in (ZH_TRACES, with_text):
        result = invoke(*SCORING_COMMANDS[command](ann, traces, out))
        assert_refused(result, str(ann), "that `validate` rejects, not scored: $.corpus: " + NO_SNAPSHOT)
    assert_nothing_written(tmp_path, ann.name, with_text.name)
    given = invoke(*SCORING_COMMANDS[command](ann, ZH_TRACES, out, "--corpus", ZH_CORPUS))
    assert given.exit_code in (0, 1), given.stderr  # audit: 1 when the gate fails


def test_a_made_up_quote_and_an_unknown_document_are_never_scored(tmp_path):
    """The audit's set: no corpus, a made-up quote, a judgment for a document no corpus holds
    (recall would drop on it). Refused without a snapshot; with one, both are named."""
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    del data["corpus"]
    data["queries"][0]["doc_judgments"]["ghost-doc"] = 2
    data["queries"][0]["sub_questions"][0]["evidence"][0][0]["quote"] = "totally made up"
    ann = tmp_path / "bad.annotations.json"
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "report.json"
    assert_refused(invoke("score", ann, ZH_TRACES, "-o", out), "not scored: $.corpus: schema only")
    given = invoke("score", ann, ZH_TRACES, "--corpus", ZH_CORPUS, "-o", out)
    assert_refused(given, "span(s) do not match", "$.queries[0].sub_questions[0].evidence[0][0].quote")
    assert_nothing_written(tmp_path, ann.name)
    checked = invoke("validate", ann, "--corpus", ZH_CORPUS)
    assert checked.exit_code == 1 and "doc_id 'ghost-doc' is not in the snapshot" in checked.stdout


def test_a_set_of_judgments_only_needs_no_snapshot(tmp_path):
    """A set with no span (qrels) has nothing only a snapshot could check: `validate` accepts
    it, saying its judgments are taken as written, and `score` scores it."""
    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    del data["corpus"]
    for query in data["queries"]:
        query["sub_questions"] = []
    ann = tmp_path / "judged.annotations.json"
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    checked = invoke("validate", ann)
    assert checked.exit_code == 0, checked.stdout
    assert "no corpus snapshot: its 9 judgments are taken as written" in checked.stdout
    result = invoke("score", ann, ZH_TRACES, "--format", "json")
    assert result.exit_code == 0, result.stderr
    retrieval = json.loads(result.stdout)["systems"][0]["summary"]["retrieval"]
    assert retrieval["context"]["at"]["1"]["queries"] == 1
    assert retrieval["context"]["at"]["1"]["hit_rate"] == 1.0


def test_a_snapshot_of_another_corpus_is_refused_naming_validate(tmp_path):
    out = tmp_path / "report.json"
    for command in sorted(SCORING_COMMANDS):
        result = invoke(*SCORING_COMMANDS[command](ZH_ANN, ZH_TRACES, out, "--corpus", EN_CORPUS))
        assert_refused(
            result,
            str(ZH_ANN),
            f"span(s) do not match {EN_CORPUS} (sha256:",
            "$.queries[0].sub_questions[0].evidence[0][0]",
            "evidence-eval validate",
        )
    assert_nothing_written(tmp_path)


def test_a_snapshot_other_than_the_one_named_is_refused_naming_both_hashes(tmp_path):
    from evidence_eval.io import load_snapshot

    data = json.loads(ZH_ANN.read_text(encoding="utf-8"))
    data["corpus"]["sha256"] = load_snapshot(EN_CORPUS).sha256
    ann = tmp_path / "repair.annotations.json"
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "report.json"
    result = invoke("score", ann, ZH_TRACES, "--corpus", ZH_CORPUS, "-o", out)
    zh_sha = load_snapshot(ZH_CORPUS).sha256
    assert_refused(result, f"{ann}: $.corpus.sha256", data["corpus"]["sha256"], zh_sha, "migrate")
    assert_nothing_written(tmp_path, ann.name)
    data["corpus"]["sha256"] = zh_sha  # the right one: no quote check needed, scores
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert invoke("score", ann, ZH_TRACES, "--corpus", ZH_CORPUS, "--format", "json").exit_code == 0


def _first_sub(data):
    return data["queries"][0]["sub_questions"][0]


SET_VALIDATE_REJECTS = {
    "an empty alternative": (
        lambda data: _first_sub(data).update(evidence=[[]]),
        "$.queries[0].sub_questions[0].evidence: no evidence",
    ),
    "a duplicated sub-question id": (
        lambda data: data["queries"][0]["sub_questions"][1].update(id=_first_sub(data)["id"]),
        "$.queries[0].sub_questions[1].id: duplicate sub-question id",
    ),
    "at_least above the facts": (
        lambda data: _first_sub(data).update(answer_mode={"at_least": 9}),
        "needs 9 facts but only 4 are listed",
    ),
    "a judgment for a document absent from the snapshot": (
        lambda data: data["queries"][0]["doc_judgments"].update({"no-such-doc": 1}),
        "doc_id 'no-such-doc' is not in the snapshot",
    ),
    "a judgment for a document whose id breaks the line": (
        lambda data: data["queries"][0]["doc_judgments"].update({"no-such\n\x1b[2J": 1}),
        "$.queries[0].doc_judgments.no-such\\n\\x1b[2J: doc_id 'no-such\\n\\x1b[2J' is not in the snapshot",
    ),
    "an unparsable value": (
        lambda data: _first_sub(data)["answer_facts"][0].update(value="soon"),
        "cannot parse value 'soon'",
    ),
}


@pytest.mark.parametrize("case", sorted(SET_VALIDATE_REJECTS))
def test_score_refuses_a_set_validate_rejects(tmp_path, case):
    folder = copy_example(ZH, tmp_path)
    ann = folder / ZH_ANN.name
    data = json.loads(ann.read_text(encoding="utf-8"))
    change, fragment = SET_VALIDATE_REJECTS[case]
    change(data)
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert invoke("validate", ann).exit_code == 1
    for command in sorted(SCORING_COMMANDS):
        result = invoke(*SCORING_COMMANDS[command](ann, folder / ZH_TRACES.name, tmp_path / "out"))
        assert_refused(result, str(ann), "that `validate` rejects", fragment, "evidence-eval validate")
    assert not (tmp_path / "out").exists()


def test_a_draft_sub_question_without_evidence_yet_scores_missing(tmp_path):
    folder = copy_example(ZH, tmp_path)
    ann = folder / ZH_ANN.name
    data = json.loads(ann.read_text(encoding="utf-8"))
    _first_sub(data)["evidence"] = []
    data["draft"] = True
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = invoke("score", ann, folder / ZH_TRACES.name, "--format", "json")
    assert result.exit_code == 0, result.stderr
    first = json.loads(result.stdout)["systems"][0]["queries"][0]["sub_questions"][0]
    assert {stage["status"] for stage in first["stages"].values()} == {"missing"}
    data["draft"] = False  # a reviewed set has no such excuse
    ann.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert_refused(invoke("score", ann, folder / ZH_TRACES.name), "no evidence")


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"stage": FIRST_TRACE["stages"]}, "$.stage: unknown key 'stage' (did you mean 'stages'?)"),
        ({"answr": "x"}, "$.answr: unknown key 'answr' (did you mean 'answer'?)"),
        (
            {"latency_ms": 12},
            "$.latency_ms: unknown key 'latency_ms' (put data of your own under \"metadata\")",
        ),
        (
            {"stages": [{"name": "c", "items": [{"doc_id": "d", "txt": "t"}]}]},
            "$.stages[0].items[0].txt: unknown key 'txt' (did you mean 'text'?)",
        ),
    ],
)
def test_unknown_trace_keys_are_refused_with_the_closest_key(tmp_path, changes, fragment):
    trace = {
        key: value
        for key, value in trace_with(**changes).items()
        if "stage" not in changes or key != "stages"
    }
    traces = write_jsonl(tmp_path / "t.jsonl", [trace])
    out = tmp_path / "report.json"
    assert_refused(invoke("score", ZH_ANN, traces, "-o", out), f"{traces}:1: {fragment}")
    assert_nothing_written(tmp_path, traces.name)


def test_metadata_is_kept_and_ignored(tmp_path):
    rows = [json.loads(line) for line in ZH_TRACES.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        row["metadata"] = {"latency_ms": 12, "run": {"seed": 1}}
        row["stages"][0]["metadata"] = {"index": "bm25"}
        row["stages"][0]["items"][0]["metadata"] = {"url": "https://example.org"}
    traces = write_jsonl(tmp_path / "t.jsonl", rows)
    with_metadata = invoke("score", ZH_ANN, traces, "--format", "json")
    plain = invoke("score", ZH_ANN, ZH_TRACES, "--format", "json")
    assert with_metadata.exit_code == 0, with_metadata.stderr
    assert json.loads(with_metadata.stdout)["systems"] == json.loads(plain.stdout)["systems"]


def test_no_trace_line_left_after_skipping_is_refused(tmp_path):
    traces = tmp_path / "t.jsonl"
    traces.write_text('{broken\n{"query_id": "nope", "system": "s"}\n', encoding="utf-8")
    out = tmp_path / "report.json"
    for fmt in ("json", "table"):
        result = invoke("score", ZH_ANN, traces, "--on-error", "skip", "--format", fmt, "-o", out)
        assert_refused(
            result, f"{traces}: no trace line left to score (2 skipped; the first: ", f"{traces}:1:"
        )
    assert_nothing_written(tmp_path, traces.name)


def test_o_naming_a_directory_is_refused(tmp_path):
    folder = tmp_path / "reports"
    folder.mkdir()
    for extra in ([], ["--overwrite"]):
        for fmt in ("json", "table"):
            result = invoke("score", ZH_ANN, ZH_TRACES, "--format", fmt, "-o", folder, *extra)
            assert_refused(result, f"{folder}: is a directory")
        assert_refused(invoke("review", ZH_ANN, ZH_TRACES, "-o", folder, *extra), f"{folder}: is a directory")
    assert_nothing_written(tmp_path, "reports")
    assert_nothing_written(folder)
    result = invoke("score", ZH_ANN, ZH_TRACES, "-o", tmp_path / "nowhere" / "report.json")
    assert_refused(result, "does not exist")


def test_outputs_get_the_umask_permissions(tmp_path):
    import os
    import stat

    previous = os.umask(0o022)
    try:
        out = tmp_path / "report.json"
        assert invoke("score", ZH_ANN, ZH_TRACES, "-o", out).exit_code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o644
        queue = tmp_path / "queue.jsonl"
        assert invoke("review", ZH_ANN, ZH_TRACES, "-o", queue).exit_code == 0
        assert stat.S_IMODE(queue.stat().st_mode) == 0o644
        os.chmod(out, 0o640)  # a replaced file keeps the mode its owner gave it
        assert (
            invoke("score", ZH_ANN, ZH_TRACES, "-o", out, "--overwrite", "--format", "table").exit_code == 0
        )
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
        os.umask(0o077)
        private = tmp_path / "private.json"
        assert invoke("score", ZH_ANN, ZH_TRACES, "-o", private).exit_code == 0
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(previous)


def _rewritten_traces(tmp_path, change):
    rows = [json.loads(line) for line in ZH_TRACES.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        change(row)
    return write_jsonl(tmp_path / "t.jsonl", rows)


def test_traces_without_answers_say_so_instead_of_zero(tmp_path):
    from evidence_eval.report.html import to_html
    from evidence_eval.report.render import NO_ANSWERS

    traces = _rewritten_traces(tmp_path, lambda row: row.pop("answer"))
    report = evidence_eval.score(ZH_ANN, traces)
    for system in report.systems:
        assert system.summary.traces_without_answer == system.summary.scored_traces == 1
        assert all(query.answer_given is False for query in system.queries)
    for fmt in ("table", "markdown"):
        result = invoke("score", ZH_ANN, traces, "--format", fmt)
        assert result.exit_code == 0, result.stderr
        answer_rows = [
            line
            for line in result.stdout.splitlines()
            if line.strip("| ").split(" ")[0] == "answer" and "statuses" not in line
        ]
        assert len(answer_rows) == 3 and all(row.count(NO_ANSWERS) == 2 for row in answer_rows)
        assert result.stdout.count(NO_ANSWERS) >= 3
    assert NO_ANSWERS in to_html(report)
    empty = evidence_eval.score(ZH_ANN, _rewritten_traces(tmp_path, lambda row: row.update(answer="")))
    assert all(s.summary.traces_without_answer == 0 for s in empty.systems)  # "" is an answer


def test_answer_facts_of_a_trace_without_answer_are_not_applicable(tmp_path):
    traces = _rewritten_traces(tmp_path, lambda row: row.pop("answer"))
    report = evidence_eval.score(ZH_ANN, traces)
    for system in report.systems:
        assert all(sq.answer.status == "not_applicable" for q in system.queries for sq in q.sub_questions)
        assert "answer" not in system.summary.coverage.lost_at


def test_trec_runs_have_no_answers(tmp_path):
    from evidence_eval.api import read_foreign_traces

    run = tmp_path / "run.txt"
    run.write_text("repair-001 Q0 repair-materials 1 2.0 bm25\n", encoding="utf-8")
    (trace,) = read_foreign_traces(run, "trec-run")
    assert trace.answer is None


def _without_context_ids(row):
    for item in row["stages"][-1]["items"]:
        item.pop("doc_id")
        item.pop("chunk_id")
        item.pop("start", None)
        item.pop("end", None)


@pytest.mark.parametrize("zero_positive", ["exclude", "error"])
def test_retrieval_of_a_stage_without_ids_is_not_applicable_with_the_reason(tmp_path, zero_positive):
    from evidence_eval.metrics.policies import no_ids_reason
    from evidence_eval.report.html import to_html

    traces = _rewritten_traces(tmp_path, _without_context_ids)
    report = evidence_eval.score(ZH_ANN, traces, zero_positive=zero_positive)
    reason = no_ids_reason("doc")
    for system in report.systems:
        context = system.summary.retrieval["context"]
        assert context.no_ids == ["repair-001"] and context.not_applicable == []
        assert all(mean.hit_rate is None and mean.queries == 0 for mean in context.at.values())
        stage = system.queries[0].retrieval["context"]
        assert (stage.status, stage.no_ids, stage.in_mean, stage.reason) == (
            "not_applicable",
            True,
            False,
            reason,
        )
        assert system.summary.retrieval["candidates"].at["1"].hit_rate is not None  # ids there
        assert system.summary.coverage.stages["context"]["all"].total == 3  # text still matched
    rendered = {
        fmt: invoke("score", ZH_ANN, traces, "--format", fmt, "--zero-positive", zero_positive).stdout
        for fmt in ("table", "markdown")
    }
    rendered["html"] = to_html(report)
    for fmt, text in rendered.items():
        assert "no item carries a doc_id" in text, fmt
        assert "n/a: no ids" in text, fmt
        assert not any(line.split()[:1] == ["context"] and "0.000" in line for line in text.splitlines()), fmt


@pytest.mark.parametrize(
    "args",
    [
        ("export", "labelstudio", str(ZH_ANN), "-o", "--overwrite"),
        ("export", "labelstudio", str(ZH_ANN), "--corpus", "--overwrite", "-o", "tasks.json"),
        ("score", str(ZH_ANN), str(ZH_TRACES), "-o", "--format=json"),
    ],
)
def test_an_option_is_never_taken_as_another_options_value(tmp_path, args):
    """`-o --overwrite` once wrote files named `--overwrite` and `--overwrite.config.xml`."""
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2 and "takes a value, but was followed by the option" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_error_echoing_a_hostile_value_is_one_inert_line(tmp_path):
    folder = copy_example(ZH, tmp_path)
    decision = {"type": "\x1b]8;;http://x.example\x07doc\njudgment", "query_id": "repair-001", "doc_id": "x"}
    decisions = write_jsonl(tmp_path / "d.jsonl", [{**decision, "grade": 1}])
    result = run_cli(
        "review",
        folder / "repair.annotations.json",
        "--apply",
        decisions,
        "--version",
        "2",
        "-o",
        tmp_path / "o.json",
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert (
        "Input tag '\\x1b]8;;http://x.example\\x07doc\\njudgment'" in result.stderr
        and "\x1b" not in result.stderr
    )


def test_anchor_and_init_name_their_input_not_their_output(tmp_path):
    broken = tmp_path / "broken.annotations.json"
    broken.write_text('{"schema_version": "1", "queries": [{"query_id": 5}]}', encoding="utf-8")
    result = run_cli("anchor", broken, "--corpus", ZH / "corpus.jsonl", "-o", tmp_path / "out.json")
    assert (
        result.returncode == 2
        and "broken.annotations.json: $.name: required field is missing" in result.stderr
    )
    queries = write_jsonl(tmp_path / "queries.jsonl", [{"_id": "q1", "text": "办理时限？"}])
    out = tmp_path / "new.json"
    result = run_cli("init", out, "--from", queries, "--corpus", ZH / "corpus.jsonl", "--language", "x")
    assert result.returncode == 2 and "--language: language 'x' is not supported" in result.stderr
    assert "new.json" not in result.stderr and not out.exists()


@pytest.mark.parametrize(
    "fmt, content",
    [("ragas", '{"user_input": "q", "retrieved_contexts": ["x"]}\n'), ("trec-run", "q1 Q0 A 1 1.0 r\n")],
)
def test_traces_format_errors_name_the_file(tmp_path, fmt, content):
    traces = tmp_path / "foreign.txt"
    traces.write_text(content, encoding="utf-8")
    result = run_cli("score", ZH_ANN, traces, "--traces-format", fmt, "--format", "json")
    assert result.returncode == 2 and "<traces>" not in result.stderr
    named = f"foreign.txt (--traces-format {fmt}): trace 1: $.query_id: query_id 'q"  # a trace line
    by_text = "foreign.txt:1: $.user_input"  # a ragas row is matched to a query by its question
    assert named in result.stderr or (fmt == "ragas" and by_text in result.stderr)


def test_summaries_echo_names_from_the_input_inert(tmp_path):
    folder = copy_example(ZH, tmp_path)
    annotations = folder / "repair.annotations.json"
    data = json.loads(annotations.read_text(encoding="utf-8"))
    data["name"] = "repair\x1b]8;;http://x.example\x07\u202e"
    annotations.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run_cli("validate", annotations)
    assert "repair\\x1b]8;;http://x.example\\x07\\u202e@1.0" in result.stdout
    assert not set(result.stdout) & {"\x1b", "\x07", "\u202e"}
