"""Peak RSS of `score --format json` at growing numbers of queries (issue 7: streaming).

python bench/bench_memory.py [SIZES ...]      (default: 1000 10000, English half)
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from make_score import build  # noqa: E402
from timing import measure  # noqa: E402


def main(sizes: list[int]) -> None:
    ours = shutil.which("evidence-eval") or "evidence-eval"
    rows = []
    for size in sizes:
        folder = HERE / "out" / f"memory-{size}" / "en"
        if not (folder / "bench.traces.jsonl").exists():
            build(folder, size, False, 2)
        result = measure(
            [
                ours,
                "score",
                str(folder / "bench.annotations.json"),
                str(folder / "bench.traces.jsonl"),
                "--format",
                "json",
            ],
            runs=1,
        )
        traces_mb = (folder / "bench.traces.jsonl").stat().st_size / 1e6
        rows.append({"queries": size, "traces_mb": round(traces_mb, 1), **result})
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 10000])
