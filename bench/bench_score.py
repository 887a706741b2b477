"""`score` benchmark (issue 4): queries/second of the whole process and the ratio to
parse-only time on the same files; peak RSS at two sizes to show whether memory is flat.

    python bench/bench_score.py [--queries N_PER_LANGUAGE] [--runs R]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from make_score import main as make_score  # noqa: E402
from timing import measure  # noqa: E402


def run(queries: int, runs: int) -> dict[str, object]:
    data = HERE / "out" / f"score-{queries}"
    if not (data / "en" / "bench.traces.jsonl").exists():
        make_score(str(data), queries)
    ours = shutil.which("evidence-eval") or "evidence-eval"
    result: dict[str, object] = {"queries": 2 * queries}
    total = 0.0
    peak = 0.0
    for lang in ("zh", "en"):
        folder = data / lang
        timing = measure(
            [
                ours,
                "score",
                str(folder / "bench.annotations.json"),
                str(folder / "bench.traces.jsonl"),
                "--format",
                "json",
            ],
            runs,
        )
        result[lang] = timing
        total += timing["median_s"]
        peak = max(peak, timing["peak_rss_mb"])
    parse = measure([sys.executable, str(HERE / "parse_only.py"), str(data / "zh"), str(data / "en")], runs)
    result["parse_only"] = parse
    result["queries_per_second"] = round(2 * queries / total, 1)
    result["ratio_to_parse_only"] = round(total / parse["median_s"], 2)
    result["peak_rss_mb"] = peak
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=5000, help="per language")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--small", type=int, default=500, help="second size for the memory check")
    args = parser.parse_args()
    report = {"large": run(args.queries, args.runs), "small": run(args.small, args.runs)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
