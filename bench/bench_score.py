"""`score` benchmark (issue 4): queries/second of the whole process and the ratio to
parse-only time on the same files; peak RSS at two sizes to show whether memory is flat.

    python bench/bench_score.py [--queries N_PER_LANGUAGE] [--runs R] [--jobs 1 2] [--before DIR]
        [--before-python DIR/.venv/bin/python] [--workload synthetic|realistic]

`--before DIR`: a checkout of another commit (`git worktree add DIR COMMIT`); its package is
run on the same files, interleaved with this one (`--jobs 1`), for a before/after ratio;
`--before-python` runs it with the checkout's own venv (its editable install is its own folder).
Each command's whole-process CPU time (user + system, median) is reported beside wall time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from make_realistic import main as make_realistic  # noqa: E402
from make_score import main as make_score  # noqa: E402
from timing import measure_all  # noqa: E402

WORKLOADS = {"synthetic": ("score", make_score), "realistic": ("realistic", make_realistic)}
_workload = "synthetic"


def _generated(queries: int) -> Path:
    """The benchmark's inputs for `queries` a language, generated once: `synthetic` (random
    words of a 30-word vocabulary, `make_score.py`) or `realistic` (DuReader and MuSiQue text,
    no text repeated, `make_realistic.py`)."""
    prefix, make = WORKLOADS[_workload]
    data = HERE / "out" / f"{prefix}-{queries}"
    if not (data / "en" / "bench.traces.jsonl").exists():
        make(str(data), queries)
    return data


def _scoring(data: Path, lang: str) -> list[str]:
    """`score`'s arguments on the generated inputs of one language, a JSON report."""
    folder = data / lang
    return [
        "score",
        str(folder / "bench.annotations.json"),
        str(folder / "bench.traces.jsonl"),
        "--format",
        "json",
    ]


def _before_cli(before: str, before_python: str | None) -> list[str]:
    """The `before` checkout's CLI: its own venv's interpreter when given (its editable install
    points at its own folder), else this interpreter with the checkout first on the path."""
    if before_python:
        return [before_python, "-P", "-m", "evidence_eval.cli"]
    # -P: not the working directory's package: the one in `before`
    return ["env", f"PYTHONPATH={before}", sys.executable, "-P", "-m", "evidence_eval.cli"]


def run(
    queries: int,
    runs: int,
    jobs: list[int],
    before: str | None = None,
    ragas: str | None = None,
    before_python: str | None = None,
) -> dict[str, object]:
    data = _generated(queries)
    # the installed script; beside this interpreter when its venv is not activated
    ours = shutil.which("evidence-eval") or str(Path(sys.executable).with_name("evidence-eval"))
    commands = {
        f"{lang} jobs={n}": [ours, *_scoring(data, lang), "--jobs", str(n)]
        for n in jobs
        for lang in ("zh", "en")
    }
    one = _generated(1)  # start-up: the same pipeline on one query
    if before:
        for lang in ("zh", "en"):
            commands[f"{lang} before"] = [*_before_cli(before, before_python), *_scoring(data, lang)]
            commands[f"{lang} before start-up"] = [*_before_cli(before, before_python), *_scoring(one, lang)]
    if ragas:  # the peer on the same (trace, query) pairs, in its own environment
        for lang in ("zh", "en"):
            commands[f"{lang} ragas"] = [
                ragas,
                str(HERE / "peers_score.py"),
                str(data / lang / "bench.annotations.json"),
                str(data / lang / "bench.traces.jsonl"),
            ]
    commands["parse_only"] = [sys.executable, str(HERE / "parse_only.py"), str(data / "zh"), str(data / "en")]
    for lang in ("zh", "en"):
        commands[f"{lang} parse_only"] = [sys.executable, str(HERE / "parse_only.py"), str(data / lang)]
        commands[f"{lang} start-up"] = [ours, *_scoring(one, lang)]
    timings = measure_all(commands, runs)  # interleaved: a slow spell touches every command alike
    parse = timings["parse_only"]["median_s"]
    result: dict[str, object] = {"queries": 2 * queries, "timings": timings}
    for lang in ("zh", "en"):
        total = timings[f"{lang} jobs=1"]["median_s"] if 1 in jobs else None
        start = timings[f"{lang} start-up"]["median_s"]
        parsed = timings[f"{lang} parse_only"]["median_s"]
        if total is not None:
            result[lang] = {  # the three goals, one language at a time, one core
                "start_up_s": start,
                "queries_per_second": round(queries / total, 1),
                "marginal_ms_per_query": round(1000 * (total - start) / max(queries - 1, 1), 2),
                "marginal_ratio_to_parse_only": round((total - start) / parsed, 1),
                **_cpu_figures(timings, lang, f"{lang} jobs=1", f"{lang} start-up", queries),
            }
            if before:
                then = _cpu_figures(timings, lang, f"{lang} before", f"{lang} before start-up", queries)
                now_cpu, then_cpu = timings[f"{lang} jobs=1"]["cpu_median_s"], then["cpu_s"]
                result[f"{lang} before"] = {**then, "cpu_ratio_now_to_before": round(now_cpu / then_cpu, 2)}
    for n in jobs:
        total = timings[f"zh jobs={n}"]["median_s"] + timings[f"en jobs={n}"]["median_s"]
        result[f"jobs={n}"] = {
            "queries_per_second": round(2 * queries / total, 1),
            "ratio_to_parse_only": round(total / parse, 2),
            # the parent's peak; each worker's is about the same (they are forked from it)
            "peak_rss_mb": max(timings[f"{lang} jobs={n}"]["peak_rss_mb"] for lang in ("zh", "en")),
        }
    if ragas:
        theirs = timings["zh ragas"]["median_s"] + timings["en ragas"]["median_s"]
        result["ragas_non_llm"] = {
            "queries_per_second": round(2 * queries / theirs, 1),
            "seconds": round(theirs, 2),
        }
    if before:
        then = timings["zh before"]["median_s"] + timings["en before"]["median_s"]
        now = timings["zh jobs=1"]["median_s"] + timings["en jobs=1"]["median_s"] if 1 in jobs else None
        result["before"] = {
            "queries_per_second": round(2 * queries / then, 1),
            "ratio_now_to_before": round(now / then, 2) if now else None,
        }
    return result


def _cpu_figures(
    timings: dict[str, dict[str, float]], lang: str, whole: str, start_up: str, queries: int
) -> dict[str, float]:
    """Queries per CPU-second and start-up CPU of one command: on a shared machine, steadier
    than wall time."""
    total = timings[whole]["cpu_median_s"]
    start = timings[start_up]["cpu_median_s"]
    return {
        "cpu_s": total,
        "start_up_cpu_s": start,
        "queries_per_cpu_second": round(queries / total, 1),
        "marginal_cpu_ms_per_query": round(1000 * (total - start) / max(queries - 1, 1), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=5000, help="per language")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--small", type=int, default=500, help="second size for the memory check")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1], help="`score --jobs` values to compare")
    parser.add_argument("--before", help="checkout of another commit to time on the same files")
    parser.add_argument("--before-python", help="the before checkout's own venv interpreter")
    parser.add_argument("--no-small", action="store_true", help="skip the second (memory) size")
    parser.add_argument("--ragas", help="a Python interpreter with ragas: time bench/peers_score.py beside")
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="synthetic")
    args = parser.parse_args()
    global _workload
    _workload = args.workload
    report = {"large": run(args.queries, args.runs, args.jobs, args.before, args.ragas, args.before_python)}
    if not args.no_small:
        report["small"] = run(args.small, args.runs, args.jobs, args.before, args.ragas, args.before_python)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
