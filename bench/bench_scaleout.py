"""Scoring past one process (issue 20): the same trace lines scored by
`score --jobs 1`, `score --jobs 2`, N shard processes (`score --shard I/N --partial`, then
`merge`) and `evidence_eval.scoring.dask.score` on a `LocalCluster` of N workers (partials gathered
to the client, or part files merged on the workers and streamed); throughput and peak RSS of
each process, and a check that the five reports are the same bytes.

    python bench/bench_scaleout.py [--lines 4000] [--lang zh|en] [--workers 2] [--partition-size 500]

Inputs come from bench/make_score.py (one trace line per query, ~57 kB a line). Each way
runs in a fresh process (its own start-up, no warm cache), once: at these sizes a run takes
minutes and the spread between runs is a few percent (see bench/README.md on this machine's
spells).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from make_score import build  # noqa: E402


def peak_rss_mb() -> float:
    """This process' peak resident set (Linux: VmHWM)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children_peak_mb() -> float:
    """The largest peak resident set among the children waited for (forked workers)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


# --- each way, in its own process --------------------------------------------------------


def run_jobs(annotations: str, traces: str, out: str, jobs: int) -> dict[str, Any]:
    import evidence_eval

    start = time.perf_counter()
    with open(out, "w", encoding="utf-8") as handle:
        evidence_eval.score(annotations, traces, json_out=handle, jobs=jobs)
    return {
        "seconds": time.perf_counter() - start,
        "peak_rss_mb": {
            "main": peak_rss_mb(),
            **({"largest worker": children_peak_mb()} if jobs > 1 else {}),
        },
    }


def run_shard(annotations: str, traces: str, out: str, shard: str) -> dict[str, Any]:
    from evidence_eval.scoring.scaleout import write_partial_file

    start = time.perf_counter()
    with open(out, "w", encoding="utf-8") as handle:
        write_partial_file(annotations, traces, handle, shard=shard)
    return {"seconds": time.perf_counter() - start, "peak_rss_mb": peak_rss_mb()}


def run_merge(parts: list[str], out: str) -> dict[str, Any]:
    from evidence_eval.scoring.scaleout import merge

    start = time.perf_counter()
    with open(out, "w", encoding="utf-8") as handle:
        merge(parts, json_out=handle)
    return {"seconds": time.perf_counter() - start, "peak_rss_mb": peak_rss_mb()}


def run_dask(
    annotations: str, traces: str, out: str, workers: int, partition_size: int, parts_dir: str = ""
) -> dict[str, Any]:
    """With `parts_dir`, partitions and merges go through part files and the report is
    streamed; without, partials travel to the client, which holds the full report."""
    from distributed import Client, LocalCluster

    import evidence_eval.scoring.dask
    from evidence_eval.report.render import to_json

    start = time.perf_counter()
    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        started = time.perf_counter()
        if parts_dir:
            Path(parts_dir).mkdir(parents=True, exist_ok=True)
            with open(out, "w", encoding="utf-8") as handle:
                evidence_eval.scoring.dask.score(
                    traces,
                    annotations,
                    client=client,
                    partition_size=partition_size,
                    json_out=handle,
                    parts_dir=parts_dir,
                )
        else:
            report = evidence_eval.scoring.dask.score(
                traces, annotations, client=client, partition_size=partition_size
            )
            Path(out).write_text(to_json(report), encoding="utf-8")
        written = time.perf_counter()
        worker_peaks = client.run(peak_rss_mb)
    return {
        "cluster_start_s": started - start,
        "seconds": written - started,
        "peak_rss_mb": {
            "client": peak_rss_mb(),
            **{f"worker {i}": v for i, v in enumerate(worker_peaks.values())},
        },
    }


def child(arguments: list[str]) -> None:
    way, *rest = arguments
    if way == "jobs":
        result = run_jobs(rest[0], rest[1], rest[2], int(rest[3]))
    elif way == "shard":
        result = run_shard(rest[0], rest[1], rest[2], rest[3])
    elif way == "merge":
        result = run_merge(rest[1:], rest[0])
    else:
        result = run_dask(rest[0], rest[1], rest[2], int(rest[3]), int(rest[4]), *rest[5:])
    print(json.dumps(result))


def in_child(*arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, __file__, "child", *arguments],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )


def finished(process: subprocess.Popen[str]) -> dict[str, Any]:
    stdout, _ = process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"a measured process failed ({process.args!r})")
    return json.loads(stdout.strip().splitlines()[-1])


# --- the comparison ----------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=4000)
    parser.add_argument("--lang", choices=["zh", "en"], default="zh")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--partition-size", type=int, default=500)
    parser.add_argument("--folder", default=str(HERE / "out" / "scaleout"))
    options = parser.parse_args()
    folder = Path(options.folder) / f"{options.lang}-{options.lines}"
    if not (folder / "bench.traces.jsonl").exists():
        build(folder, options.lines, options.lang == "zh", 1 if options.lang == "zh" else 2)
    annotations, traces = str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")
    n = options.workers
    results: dict[str, Any] = {}
    outputs: dict[str, Path] = {}
    for jobs in (1, n):
        outputs[f"--jobs {jobs}"] = folder / f"jobs{jobs}.json"
        results[f"--jobs {jobs}"] = finished(
            in_child("jobs", annotations, traces, str(outputs[f"--jobs {jobs}"]), str(jobs))
        )
    start = time.perf_counter()
    parts = [str(folder / f"part{i}.jsonl") for i in range(n)]
    shards = [
        finished(p) for p in [in_child("shard", annotations, traces, parts[i], f"{i}/{n}") for i in range(n)]
    ]
    sharded = time.perf_counter() - start
    outputs["shards + merge"] = folder / "merged.json"
    merged = finished(in_child("merge", str(outputs["shards + merge"]), *parts))
    results["shards + merge"] = {
        "seconds": sharded + merged["seconds"],
        "shards_s": sharded,
        "merge_s": merged["seconds"],
        "peak_rss_mb": {
            **{f"shard {i}": s["peak_rss_mb"] for i, s in enumerate(shards)},
            "merge": merged["peak_rss_mb"],
        },
        "part_mb": round(sum(Path(p).stat().st_size for p in parts) / 1e6, 1),
    }
    outputs[f"dask {n} workers"] = folder / "dask.json"
    results[f"dask {n} workers"] = finished(
        in_child(
            "dask",
            annotations,
            traces,
            str(outputs[f"dask {n} workers"]),
            str(n),
            str(options.partition_size),
        )
    )
    on_disk = f"dask {n} workers, part files"
    outputs[on_disk] = folder / "dask-parts.json"
    results[on_disk] = finished(
        in_child(
            "dask",
            annotations,
            traces,
            str(outputs[on_disk]),
            str(n),
            str(options.partition_size),
            str(folder / "dask-parts"),
        )
    )
    digests = {name: hashlib.sha256(path.read_bytes()).hexdigest()[:16] for name, path in outputs.items()}
    for name, result in results.items():
        result["lines_per_s"] = round(options.lines / result["seconds"], 1)
        result["ms_per_line_per_process"] = round(
            1000 * result["seconds"] * (1 if name == "--jobs 1" else n) / options.lines, 2
        )
    print(
        json.dumps(
            {"lines": options.lines, "lang": options.lang, "results": results, "report_sha256": digests},
            indent=2,
        )
    )
    if len(set(digests.values())) != 1:
        raise SystemExit("the reports differ")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2:])
    else:
        main()
