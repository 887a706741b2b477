"""The fixed costs of a scoring run outside the segmenter, in-process, on real inputs.

    python bench/bench_startup.py [--inputs bench/out/realistic-300] [--runs 7]

Per language (the folder's `zh/` and `en/`: an annotation set of 1,000 queries naming its
corpus), medians of CPU time (`time.process_time`) over `--runs` runs of:
- `import values`: importing `text.values` in a fresh interpreter, its patterns compiled (the
  kept codes of `lang.compiled` removed first) and then built from the codes kept;
- `open_checked`: the annotation set and corpus loaded and checked, each in a fresh interpreter
  (the collector's work after the loads counts);
- `missing`: every query scored as a missing trace (what a one-query run does for the other
  999): results, digests, the summaries and the JSON text.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

_IMPORT_VALUES = """
import time
t = time.process_time()
import evidence_eval.text.values
print(time.process_time() - t)
"""

_OPEN_CHECKED = """
import sys, time
import evidence_eval.api
from evidence_eval.scoring.run import open_checked
t = time.process_time()
open_checked(sys.argv[1], None)
print(time.process_time() - t)
"""

_MISSING = """
import sys, time
import evidence_eval.api
from evidence_eval.coverage.summary import by_kind, coverage_figures
from evidence_eval.io import load_annotations
from evidence_eval.models.options import ScoreOptions
from evidence_eval.scoring.engine import QueryDigest, complete_result, spooled_text
from evidence_eval.scoring.heap import frozen_heap
annotations = load_annotations(sys.argv[1])
options, stages = ScoreOptions(), ["retrieved", "reranked", "context"]
with frozen_heap():
    t = time.process_time()
    results = [complete_result(None, query, stages, options) for query in annotations.queries]
    digests = [QueryDigest.of(result) for result in results]
    texts = [spooled_text(result) for result in results]
    counted = [sq for digest in digests for sq in digest.sub_questions]
    coverage_figures(counted, stages), by_kind(counted, stages)
    print(time.process_time() - t)
"""


def _cpu(code: str, *arguments: str) -> float:
    out = subprocess.run([sys.executable, "-c", code, *arguments], check=True, capture_output=True, text=True)
    return float(out.stdout.split()[-1])


def _median_ms(runs: int, code: str, *arguments: str) -> float:
    return round(statistics.median(_cpu(code, *arguments) for _ in range(runs)) * 1000, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", default=str(HERE / "out" / "realistic-300"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    try:
        from evidence_eval.lang.compiled import codes_path
    except ImportError:  # a checkout from before the kept codes: it compiles every time
        kept = None
    else:
        kept = codes_path("values")
    compiling = []
    for _ in range(args.runs):
        if kept is not None:
            kept.unlink(missing_ok=True)
        compiling.append(_cpu(_IMPORT_VALUES))
    print(
        f"import values: compiling {statistics.median(compiling) * 1000:.1f} ms, "
        f"from kept codes {_median_ms(args.runs, _IMPORT_VALUES)} ms"
    )
    for language in ("zh", "en"):
        annotations = str(Path(args.inputs, language, "bench.annotations.json"))
        print(
            f"{language}: open_checked {_median_ms(args.runs, _OPEN_CHECKED, annotations)} ms, "
            f"missing (every query) {_median_ms(args.runs, _MISSING, annotations)} ms"
        )


if __name__ == "__main__":
    main()
