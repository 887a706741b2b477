"""evidence_eval.scoring.dask (issue 20): a LocalCluster of two worker processes gives the report
`score` gives, byte for byte; the inputs are loaded once per worker."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from conftest import EN_ANN, EN_TRACES, ZH_ANN, ZH_TRACES

import evidence_eval
from evidence_eval.errors import InputError, UsageError
from evidence_eval.models import Trace
from evidence_eval.report.render import to_json
from evidence_eval.testing.score_inputs import build


def test_without_the_extra_the_error_says_what_to_install(monkeypatch):
    import evidence_eval.scoring.dask as on_dask

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(UsageError, match=r"pip install 'evidence_eval\[dask\]'"):
        on_dask.score(ZH_TRACES, ZH_ANN)


def test_the_old_import_path_still_scores_and_says_where_dask_moved(monkeypatch):
    import importlib

    import evidence_eval.scoring.dask as on_dask

    monkeypatch.delitem(sys.modules, "evidence_eval.dask", raising=False)
    with pytest.warns(DeprecationWarning, match=r"evidence_eval\.scoring\.dask"):
        old = importlib.import_module("evidence_eval.dask")
    assert old.score is on_dask.score


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask.bag")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[Path, Path]:
    """Generated English inputs (10 queries) with a second system that lacks a stage and two
    queries, a bad line, and the lines shuffled."""
    folder = tmp_path_factory.mktemp("dask")
    build(folder, 10, zh=False, seed=5)
    rows = [
        json.loads(line) for line in (folder / "bench.traces.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    rows += [dict(row, system="short", stages=row["stages"][:2]) for row in rows[2:]]
    lines = [json.dumps(row, ensure_ascii=False) for row in rows[::2] + rows[1::2]]
    lines.insert(4, "{not json")
    traces = folder / "mixed.traces.jsonl"
    traces.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "bench.annotations.json", traces


def score_bytes(annotations, traces, **options) -> str:
    buffer = io.StringIO()
    evidence_eval.score(annotations, traces, json_out=buffer, **options)
    return buffer.getvalue()


def test_a_two_worker_cluster_gives_the_score_bytes(client, generated):
    import evidence_eval.scoring.dask as on_dask

    cases = [(ZH_ANN, ZH_TRACES, {}), (EN_ANN, EN_TRACES, {}), (*generated, {"skip_bad_lines": True})]
    for annotation_set, traces, options in cases:
        report = on_dask.score(
            traces, annotation_set, client=client, partition_size=3, split_every=2, **options
        )
        assert to_json(report) == score_bytes(annotation_set, traces, **options)
    loads = client.run(lambda: dict(on_dask.LOADS))
    assert len(loads) == 2
    for per_worker in loads.values():  # each worker loaded each input set once, for many partitions
        assert set(per_worker.values()) == {1}


def test_options_reach_the_workers(client, generated):
    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    report = on_dask.score(traces, annotations, client=client, skip_bad_lines=True, k=[2], unit="doc")
    assert to_json(report) == score_bytes(annotations, traces, skip_bad_lines=True, k=[2], unit="doc")
    assert report.signature_parts["k"] == "2"


def test_a_bag_of_lines_gives_the_report_of_the_same_traces(client, generated):
    import dask.bag

    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    lines = [line for line in traces.read_text(encoding="utf-8").splitlines() if line.startswith('{"')]
    bag = dask.bag.from_sequence(lines, npartitions=4)
    expected = evidence_eval.score(annotations, [Trace.model_validate_json(line) for line in lines])
    assert to_json(on_dask.score(bag, annotations, client=client)) == to_json(expected)


def test_the_first_bad_line_stops_the_run_as_score_does(client, generated):
    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    with pytest.raises(InputError) as on_one:
        evidence_eval.score(annotations, traces)
    with pytest.raises(InputError) as on_cluster:
        on_dask.score(traces, annotations, client=client, partition_size=2)
    assert str(on_cluster.value) == str(on_one.value)
    assert f"{traces}:5:" in str(on_cluster.value)


def test_several_files_are_one_run(client, generated, tmp_path):
    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    lines = [line for line in traces.read_text(encoding="utf-8").splitlines() if line.startswith('{"')]
    first, second = tmp_path / "a.traces.jsonl", tmp_path / "b.traces.jsonl"
    first.write_text("\n".join(lines[:7]) + "\n", encoding="utf-8")
    second.write_text("\n".join(lines[7:]) + "\n", encoding="utf-8")
    whole = tmp_path / "all.traces.jsonl"
    whole.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = on_dask.score(str(tmp_path / "[ab].traces.jsonl"), annotations, client=client, partition_size=4)
    expected = evidence_eval.score(annotations, whole)
    assert report.inputs.traces is None  # two files: no one file to name
    assert [s.summary for s in report.systems] == [s.summary for s in expected.systems]
    with pytest.raises(InputError, match="no file matches"):
        on_dask.score(str(tmp_path / "none-*.jsonl"), annotations, client=client)


def test_on_disk_no_process_holds_the_report(client, generated, tmp_path):
    """json_out + parts_dir: partitions write part files, workers merge them into part files,
    the client streams the last one; the folder is left empty."""
    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    buffer = io.StringIO()
    summary = on_dask.score(
        traces,
        annotations,
        client=client,
        partition_size=3,
        split_every=3,
        skip_bad_lines=True,
        json_out=buffer,
        parts_dir=tmp_path,
    )
    assert buffer.getvalue() == score_bytes(annotations, traces, skip_bad_lines=True)
    assert all(system.queries == [] for system in summary.systems)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(InputError) as on_disk:
        on_dask.score(
            traces, annotations, client=client, partition_size=2, json_out=io.StringIO(), parts_dir=tmp_path
        )
    assert f"{traces}:5:" in str(on_disk.value) and list(tmp_path.iterdir()) == []
    with pytest.raises(UsageError, match="json_out needs parts_dir"):
        on_dask.score(traces, annotations, client=client, json_out=io.StringIO())


@pytest.mark.parametrize("on_disk", [False, True])
def test_a_second_trace_is_worded_as_score_words_it(client, generated, tmp_path, on_disk):
    import evidence_eval.scoring.dask as on_dask

    annotations, traces = generated
    lines = [line for line in traces.read_text(encoding="utf-8").splitlines() if line.startswith('{"')]
    doubled = tmp_path / "doubled.traces.jsonl"
    doubled.write_text("\n".join([*lines, lines[0]]) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as on_one:
        evidence_eval.score(annotations, doubled)
    where = {"json_out": io.StringIO(), "parts_dir": tmp_path / "parts"} if on_disk else {}
    (tmp_path / "parts").mkdir(exist_ok=True)
    with pytest.raises(InputError) as on_cluster:
        on_dask.score(doubled, annotations, client=client, partition_size=3, **where)
    assert str(on_cluster.value) == str(on_one.value)
    assert "part-" not in str(on_cluster.value)
