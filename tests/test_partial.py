"""Partial reports and `merge` (issue 20): however the trace lines are cut into shards and
however the partials are grouped, the merged report is byte-identical to one `score`."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from conftest import EN_ANN, EN_TRACES, ZH_ANN, ZH_TRACES, write_jsonl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import evidence_eval
from evidence_eval.errors import InputError, PolicyError, UsageError
from evidence_eval.report.render import to_json
from evidence_eval.scoring.engine import Shard
from evidence_eval.scoring.merge import merge_all, merge_partials
from evidence_eval.scoring.partial import Partial
from evidence_eval.scoring.scaleout import merge, score_partial, write_partial_file
from evidence_eval.testing.score_inputs import build


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[Path, Path]:
    """Generated English inputs (bench/make_score.py, 10 queries) with what a real run of
    several systems meets: a system that lacks a stage or a query, one whose first trace
    lists fewer stages in another order, a trace without answer, two bad lines; shuffled."""
    folder = tmp_path_factory.mktemp("generated")
    build(folder, 10, zh=False, seed=3)
    rows = [
        json.loads(line) for line in (folder / "bench.traces.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    short = [dict(row, system="short", stages=row["stages"][: 2 + i % 2]) for i, row in enumerate(rows[:6])]
    other = [dict(row, system="other") for row in rows[3:9]]
    other[0]["stages"] = [other[0]["stages"][1], other[0]["stages"][0]]
    silent = dict(rows[9], system="silent")
    del silent["answer"]
    mixed = rows + short + other + [silent]
    random.Random(7).shuffle(mixed)
    lines = [json.dumps(row, ensure_ascii=False) for row in mixed]
    lines.insert(5, "{not json")
    lines.insert(17, json.dumps(dict(rows[0], query_id="nope")))
    traces = folder / "mixed.traces.jsonl"
    traces.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "bench.annotations.json", traces


def score_bytes(annotations, traces, **options) -> str:
    buffer = io.StringIO()
    evidence_eval.score(annotations, traces, json_out=buffer, **options)
    return buffer.getvalue()


@cache
def expected_bytes(annotations: Path, traces: Path, **options) -> str:
    """`score_bytes` of the module's unchanging inputs (the bundled examples, the generated
    set): scored once, for the many tests that compare merged parts with the same report."""
    return score_bytes(annotations, traces, **options)


def write_parts(tmp_path: Path, annotations, traces, count: int, **options) -> list[Path]:
    paths = []
    for index in range(count):
        path = tmp_path / f"part-{index}-of-{count}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            write_partial_file(annotations, traces, out, shard=f"{index}/{count}", **options)
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def whole_part(generated, tmp_path_factory) -> Path:
    """The part file of all the generated traces (one shard), written once: the tests that
    damage it write their copies elsewhere."""
    (path,) = write_parts(tmp_path_factory.mktemp("whole-part"), *generated, 1, skip_bad_lines=True)
    return path


@pytest.mark.parametrize("count", [1, 2, 3, 7])
def test_merged_part_files_are_the_score_bytes(tmp_path, generated, count):
    cases = [(ZH_ANN, ZH_TRACES, {}), (EN_ANN, EN_TRACES, {}), (*generated, {"skip_bad_lines": True})]
    for annotation_set, traces, options in cases:
        expected = expected_bytes(annotation_set, traces, **options)
        parts = write_parts(tmp_path, annotation_set, traces, count, **options)
        streamed = io.StringIO()
        summary_only = merge(parts, json_out=streamed)
        assert streamed.getvalue() == expected
        assert all(system.queries == [] for system in summary_only.systems)
        assert to_json(merge(list(reversed(parts)))) == expected


def test_part_files_merge_into_a_part_file(tmp_path, generated, monkeypatch):
    """The monoid on disk (a tree reduction's step that never holds the records)."""
    from evidence_eval.scoring import merge as merge_module
    from evidence_eval.scoring.merge import merge_into_part

    annotations, traces = generated
    parts = write_parts(tmp_path, annotations, traces, 4, skip_bad_lines=True)
    left, right = tmp_path / "left.jsonl", tmp_path / "right.jsonl"
    for out, group in ((left, parts[:3]), (right, parts[3:])):
        with out.open("w", encoding="utf-8") as handle:
            merge_into_part(group, handle)
    streamed = io.StringIO()
    merge([right, left], json_out=streamed)
    expected = expected_bytes(annotations, traces, skip_bad_lines=True)
    assert streamed.getvalue() == expected
    monkeypatch.setattr(merge_module, "MAX_OPEN", 2)  # 4 parts: merged 2 at a time first
    streamed = io.StringIO()
    merge(parts, json_out=streamed)
    assert streamed.getvalue() == expected


def test_parts_of_different_trace_files_merge(tmp_path, generated):
    """One file per system (a sweep of configurations), each with a bad line on line 2."""
    annotations, traces = generated
    rows = [line for line in traces.read_text(encoding="utf-8").splitlines() if line.startswith('{"')]
    rows = [line for line in rows if '"nope"' not in line]
    by_system: dict[str, list[str]] = {}
    for line in rows:
        by_system.setdefault(json.loads(line)["system"], []).append(line)
    files = []
    for name in ("bench", "short"):
        path = tmp_path / f"{name}.traces.jsonl"
        lines = by_system[name]
        path.write_text("\n".join([lines[0], "{not json", *lines[1:]]) + "\n", encoding="utf-8")
        files.append(path)
    parts = [score_partial(annotations, path, skip_bad_lines=True) for path in files]
    merged = merge(parts)
    whole = tmp_path / "both.traces.jsonl"
    whole.write_text("".join(path.read_text(encoding="utf-8") for path in files), encoding="utf-8")
    expected = evidence_eval.score(annotations, whole, skip_bad_lines=True)
    assert [s.summary for s in merged.systems] == [s.summary for s in expected.systems]
    assert [message.split(":")[1] for message in merged.skipped_trace_lines] == ["2", "2"]
    assert merged.inputs.traces is None  # two files: no one file to name


@pytest.fixture(scope="module")
def line_partials(generated) -> tuple[str, list[Partial]]:
    """The report `score` writes, and one partial per line of the generated traces."""
    annotations, traces = generated
    count = len(traces.read_text(encoding="utf-8").splitlines())
    partials = [
        score_partial(annotations, traces, shard=f"{index}/{count}", skip_bad_lines=True)
        for index in range(count)
    ]
    return expected_bytes(annotations, traces, skip_bad_lines=True), partials


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_sharding_and_any_grouping_merge_to_the_same_bytes(generated, line_partials, data):
    expected, singles = line_partials
    shards = data.draw(st.integers(1, 6))
    owner = data.draw(st.lists(st.integers(0, shards - 1), min_size=len(singles), max_size=len(singles)))
    parts = [
        merge_all(single for single, mine in zip(singles, owner) if mine == shard) for shard in range(shards)
    ]
    order = data.draw(st.permutations(range(shards)))
    total = grouped_sum([parts[i] for i in order], data)
    assert to_json(merge([total], annotations=generated[0])) == expected


def grouped_sum(parts: list[Partial], data: st.DataObject) -> Partial:
    """The parts added up under a random bracketing (associativity at work)."""
    if len(parts) == 1:
        return parts[0]
    cut = data.draw(st.integers(1, len(parts) - 1))
    return merge_partials(grouped_sum(parts[:cut], data), grouped_sum(parts[cut:], data))


def test_the_empty_partial_is_the_identity_and_merging_is_associative(line_partials):
    _, singles = line_partials
    a, b, c = merge_all(singles[:4]), merge_all(singles[4:9]), merge_all(singles[9:])
    assert merge_partials(Partial(), a) == a == merge_partials(a, Partial())
    assert merge_partials(merge_partials(a, b), c) == merge_partials(a, merge_partials(b, c))
    assert merge_partials(a, b) == merge_partials(b, a)


def test_a_partial_stores_counts_not_ratios(line_partials):
    _, singles = line_partials
    total = merge_all(singles)
    assert total.header is not None
    for counts in total.header.tallies.values():
        assert all(isinstance(value, int) and value > 0 for value in counts.values())
    header = json.loads(total.header.to_line())
    header.pop("options")  # the thresholds asked for, not figures
    assert not floats_in(header)


def floats_in(value: object) -> list[float]:
    if isinstance(value, float):
        return [value]
    if isinstance(value, dict):
        return [f for item in value.values() for f in floats_in(item)]
    if isinstance(value, list):
        return [f for item in value for f in floats_in(item)]
    return []


def test_tallies_add_up_to_the_report_counts(generated):
    annotations, traces = generated
    halves = [score_partial(annotations, traces, shard=f"{i}/2", skip_bad_lines=True) for i in range(2)]
    whole = score_partial(annotations, traces, skip_bad_lines=True)
    summed = merge_all(halves).header
    assert whole.header is not None and summed is not None
    assert summed.tallies == whole.header.tallies
    report = evidence_eval.score(annotations, traces, skip_bad_lines=True)
    bench = next(s for s in report.systems if s.system == "bench")  # every query traced
    counts = whole.header.tallies["bench"]
    coverage = bench.summary.coverage
    assert counts["coverage|*|*|sub_questions"] == coverage.sub_questions
    assert counts.get("coverage|*|*|context|supported", 0) == coverage.stages["context"]["all"].count
    assert counts.get("coverage|*|*|answer|supported", 0) == coverage.answer["all"].count
    assert counts["coverage|*|*|answer|scored"] == coverage.answer["all"].total
    context_at_3 = bench.summary.retrieval["context"].at["3"]
    assert counts["retrieval|context@3|hits"] == round(context_at_3.hit_rate * context_at_3.queries)


def test_missing_traces_are_known_only_when_merging(tmp_path, generated):
    """One shard alone is the report of its own lines: the others' queries are missing."""
    annotations, traces = generated
    lines = traces.read_text(encoding="utf-8").splitlines()
    kept = tmp_path / "shard0.traces.jsonl"  # the same line numbers, other lines blank
    kept.write_text(
        "".join((line if i % 3 == 0 else "") + "\n" for i, line in enumerate(lines)), encoding="utf-8"
    )
    shard = score_partial(annotations, traces, shard="0/3", skip_bad_lines=True)
    assert shard.header is not None
    assert not [key for counts in shard.header.tallies.values() for key in counts if "missing_trace" in key]
    merged = json.loads(to_json(merge([shard], allow_missing_shards=True)))
    alone = json.loads(score_bytes(annotations, kept, skip_bad_lines=True))
    merged["inputs"].pop("traces"), alone["inputs"].pop("traces")
    assert merged == alone
    assert any(system["summary"]["missing_traces"] for system in merged["systems"])


def test_missing_trace_error_is_a_merge_time_decision(tmp_path, generated):
    annotations, traces = generated
    bench_only = tmp_path / "bench.traces.jsonl"
    bench_only.write_text(
        "".join(
            line + "\n"
            for line in traces.read_text(encoding="utf-8").splitlines()
            if '"system": "bench"' in line and "nope" not in line
        ),
        encoding="utf-8",
    )
    halves = [score_partial(annotations, bench_only, shard=f"{i}/2", missing_trace="error") for i in range(2)]
    with pytest.raises(PolicyError, match="has no trace for 5 queries"):
        merge(halves[:1], allow_missing_shards=True)
    assert to_json(merge(halves)) == score_bytes(annotations, bench_only, missing_trace="error")


def test_parts_with_different_signatures_are_refused_naming_the_field(tmp_path, generated):
    annotations, traces = generated
    first = score_partial(annotations, traces, shard="0/2", skip_bad_lines=True)
    other_k = score_partial(annotations, traces, shard="1/2", skip_bad_lines=True, k=[1, 3])
    with pytest.raises(UsageError, match=r"signature part 'k': '1,3,10' vs '1,3'"):
        merge([first, other_k])
    other_threshold = score_partial(annotations, traces, shard="1/2", skip_bad_lines=True, answer_lower=60)
    with pytest.raises(UsageError, match="signature part 'ans_fuzzy'"):
        merge([first, other_threshold])
    paths = write_parts(tmp_path, annotations, traces, 2, skip_bad_lines=True)
    with paths[1].open("w", encoding="utf-8") as out:
        write_partial_file(ZH_ANN, ZH_TRACES, out)
    with pytest.raises(
        InputError, match=r"part-1-of-2.jsonl:1: its signature differs .* in signature part 'ann'"
    ):
        merge(paths)


def test_a_query_or_a_line_in_two_parts_is_refused(tmp_path, generated):
    annotations, traces = generated
    first = score_partial(annotations, traces, shard="0/2", skip_bad_lines=True)
    with pytest.raises(InputError, match="is also in another part"):
        merge([first, first], allow_missing_shards=True)
    paths = write_parts(tmp_path, annotations, traces, 2, skip_bad_lines=True)
    with pytest.raises(InputError, match=r"part-0-of-2.jsonl:\d+: query .* is also in another part"):
        merge([paths[0], paths[0]], allow_missing_shards=True)
    bad_only = write_jsonl(tmp_path / "bad.jsonl", [{"query_id": "nope", "system": "x", "stages": []}])
    skipped = score_partial(annotations, bad_only, skip_bad_lines=True)
    with pytest.raises(InputError, match="traces line 1: this trace line was read by two parts"):
        merge([skipped, skipped])


def test_damaged_part_files_are_refused_with_their_line(tmp_path, generated, whole_part):
    annotations, traces = generated
    path = whole_part
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"cut.jsonl: the header promises \d+ records, the file has \d+"):
        merge([cut])
    swapped = tmp_path / "swapped.jsonl"
    swapped.write_text("\n".join([lines[0], lines[2], lines[1], *lines[3:]]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"swapped.jsonl:3: records out of canonical order"):
        merge([swapped])
    report = tmp_path / "report.json"
    report.write_text(expected_bytes(annotations, traces, skip_bad_lines=True), encoding="utf-8")
    with pytest.raises(InputError, match="report.json:1: not a partial report"):
        merge([report])


def _damaged(lines: list[str]) -> dict[str, tuple[str, str]]:
    """Damaged copies of a part's text, each with what its refusal says."""
    record = lines[3]
    data, tab, text = record.partition("\t")
    header = json.loads(lines[0])
    return {
        "cut mid-line": (
            "\n".join([*lines[:3], record[: len(record) // 2]]) + "\n",
            ":4: its result is not a query result ($: Invalid JSON",
        ),
        "cut after a record": ("\n".join(lines[:-1]) + "\n", "no checksum line at its end: it is cut short"),
        "a NUL in a result": (
            "\n".join([*lines[:3], data + tab + text.replace('"', '"\x00', 1), *lines[4:]]) + "\n",
            ":4: its result is not a query result",
        ),
        "a flipped bit in a result": (
            "\n".join(
                [
                    *lines[:3],
                    data + tab + text.replace(":", ";", 1),
                    *lines[4:],
                ]
            )
            + "\n",
            ":4: its result is not a query result",
        ),
        "a status edited in the result": (
            "\n".join([*lines[:3], data + tab + text.replace('"supported"', '"missing"', 1), *lines[4:]])
            + "\n",
            ":4: its summary digest disagrees with its result",
        ),
        "a status edited in result and digest": (
            "\n".join([*lines[:3], (data + tab + text).replace('"supported"', '"missing"'), *lines[4:]])
            + "\n",
            "its lines do not match its checksum",
        ),
        "the signature string edited": (
            "\n".join([json.dumps(dict(header, signature="ann=x|edited")), *lines[1:]]) + "\n",
            ":1: malformed partial header (ValueError: its signature is not the one of its signature_parts",
        ),
        "a tally edited": (
            "\n".join(
                [json.dumps(dict(header, tallies={}), ensure_ascii=False, separators=(",", ":")), *lines[1:]]
            )
            + "\n",
            "its lines do not match its checksum",
        ),
    }


@pytest.mark.parametrize("fmt", ["json", "markdown", "csv", "html"])
def test_a_damaged_or_edited_part_is_refused_with_its_name(tmp_path, generated, fmt, whole_part):
    from conftest import run_cli

    annotations, traces = generated
    path = whole_part
    lines = path.read_text(encoding="utf-8").splitlines()
    assert '"supported"' in lines[3].partition("\t")[2]
    for case, (text, message) in _damaged(lines).items():
        damaged = tmp_path / "damaged.jsonl"
        damaged.write_text(text, encoding="utf-8")
        out = tmp_path / f"merged.{fmt}"
        result = run_cli("merge", damaged, "--annotations", annotations, "--format", fmt, "-o", out)
        assert result.returncode == 2 and "Traceback" not in result.stderr, (case, result.stderr[-800:])
        assert f"{damaged}" in result.stderr and message in result.stderr, (case, result.stderr)
        assert not out.exists(), case


def test_merge_checks_the_annotation_set_and_the_version(tmp_path, generated, whole_part):
    annotations, traces = generated
    path = whole_part
    edited = tmp_path / "edited.annotations.json"
    data = json.loads(annotations.read_text(encoding="utf-8"))
    data["queries"][0]["text"] = "changed"
    edited.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="is not the one the parts were scored against"):
        merge([path], annotations=edited)
    part = score_partial(annotations, traces, shard="0/2", skip_bad_lines=True)
    assert part.header is not None
    older = replace(
        part, header=replace(part.header, signature=replace(part.header.signature, tool_version="0.0.1"))
    )
    with pytest.raises(UsageError, match="scored by evidence_eval 0.0.1"):
        merge([older], allow_missing_shards=True)
    with pytest.raises(UsageError, match="nothing to merge"):
        merge([Partial()])


def test_traces_in_memory_and_forked_jobs(tmp_path, generated):
    from evidence_eval.models import Trace

    annotations, traces = generated
    lines = [line for line in traces.read_text(encoding="utf-8").splitlines() if line.startswith('{"')]
    models = [Trace.model_validate_json(line) for line in lines if '"nope"' not in line]
    shards = [score_partial(annotations, models, shard=f"{i}/2") for i in range(2)]
    assert to_json(merge(shards)) == to_json(evidence_eval.score(annotations, models))
    parts = write_parts(tmp_path, annotations, traces, 2, skip_bad_lines=True, jobs=2)
    assert to_json(merge(parts)) == expected_bytes(annotations, traces, skip_bad_lines=True)


def test_a_missing_shard_is_refused(generated):
    annotations, traces = generated
    shards = [score_partial(annotations, traces, shard=f"{i}/3", skip_bad_lines=True) for i in (0, 2)]
    with pytest.raises(
        UsageError, match=r"shards of .*mixed.traces.jsonl leave lines 2 \(modulo 3\) in no part"
    ):
        merge(shards)
    assert merge(shards, allow_missing_shards=True).systems


def test_shard_takes_line_positions():
    shard = Shard.parse("1/3")
    assert [line for line in range(1, 10) if shard.takes(line)] == [2, 5, 8]
    for text in ("3/3", "1/0", "x", "1/", "-1/2"):
        with pytest.raises(UsageError, match="--shard"):
            Shard.parse(text)


def test_shards_and_merge_on_the_command_line_give_the_score_bytes(tmp_path):
    from conftest import run_cli

    whole = tmp_path / "whole.json"
    assert run_cli("score", ZH_ANN, ZH_TRACES, "-o", whole).returncode == 0
    parts = []
    for index in range(2):
        part = tmp_path / f"part{index}.jsonl"
        result = run_cli("score", ZH_ANN, ZH_TRACES, "--partial", "--shard", f"{index}/2", "-o", part)
        assert result.returncode == 0, result.stderr
        parts.append(part)
    merged = tmp_path / "merged.json"
    result = run_cli("merge", *reversed(parts), "-o", merged)
    assert result.returncode == 0, result.stderr
    assert merged.read_bytes() == whole.read_bytes()
    alone = run_cli("score", ZH_ANN, ZH_TRACES, "--shard", "0/2", "-o", tmp_path / "alone.json")
    assert alone.returncode == 2 and "--partial" in alone.stderr
    missing = run_cli("merge", parts[0], "-o", tmp_path / "half.json")
    assert missing.returncode == 2 and not (tmp_path / "half.json").exists()


def test_shards_of_mixed_counts_must_cover_every_line(tmp_path):
    parts = {}
    for name in ("0/2", "1/4", "3/4"):
        part = tmp_path / f"part{name.replace('/', '-')}.jsonl"
        with part.open("w", encoding="utf-8") as out:
            write_partial_file(ZH_ANN, ZH_TRACES, out, shard=name)
        parts[name] = part
    whole = expected_bytes(ZH_ANN, ZH_TRACES)
    merged = io.StringIO()
    merge([parts["0/2"], parts["1/4"], parts["3/4"]], json_out=merged)
    assert merged.getvalue() == whole  # 0/2 + 1/4 + 3/4 cover every line
    with pytest.raises(UsageError, match="in no part"):
        merge([parts["0/2"], parts["1/4"]])  # lines 4, 8, ... (residue 3 of 4) are missing


def test_merge_renders_every_format_as_score_does(tmp_path):
    from conftest import run_cli

    parts = []
    for index in range(3):
        part = tmp_path / f"p{index}.jsonl"
        assert (
            run_cli("score", ZH_ANN, ZH_TRACES, "--partial", "--shard", f"{index}/3", "-o", part).returncode
            == 0
        )
        parts.append(part)
    for fmt, extra in (("html", []), ("csv", ["--level", "fact"]), ("markdown", ["--show", "1"])):
        scored, merged = tmp_path / f"s.{fmt}", tmp_path / f"m.{fmt}"
        assert run_cli("score", ZH_ANN, ZH_TRACES, "--format", fmt, *extra, "-o", scored).returncode == 0
        result = run_cli("merge", *parts, "--format", fmt, *extra, "-o", merged)
        assert result.returncode == 0, result.stderr
        assert merged.read_bytes() == scored.read_bytes(), fmt
