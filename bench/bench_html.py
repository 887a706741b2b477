"""HTML report size and time (issue 17): a synthetic report of N queries x 2 systems, built
directly from the report models (nothing is scored), rendered with its texts and annotations,
then loaded three times in headless Chromium driven over the DevTools protocol
(`evidence_eval.testing.chromium`; the report is `evidence_eval.testing.html_report`, which
tests/test_html.py builds too): real milliseconds from navigation to the page's table painted.

    python bench/bench_html.py [--queries 10000] [--out bench/out/report-10000.html]

Each query has three sub-questions (materials / exclusion / deadline, as in the bundled
Chinese example) over three stages, with matches, problems, answer facts and critical tokens
in the proportions of that example; every query has its own texts (query, sub-questions,
facts, gold quotes, three item texts of 150-200 characters of real Chinese text from the
shared DuReader sample (1,160 pieces, cycled: a repeat is 650 KB away, far beyond gzip's
32 KB window) and a 70-character answer), and the two systems share their item texts, as two
systems over one corpus do. The sub-question results of one system are copies of one
validated query (ids differ), which changes nothing in the page's size but the few bytes of
a problem's detail text.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from evidence_eval.testing.html_report import synthetic

HERE = Path(__file__).resolve().parent
DUREADER = HERE.parent.parent / "shared" / "data" / "dureader" / "search.dev.json"


def chromium_painted_ms(page: Path, loads: int = 3) -> list[float]:
    """Real milliseconds from navigation to the page's table painted, for each of `loads`."""
    from evidence_eval.testing.chromium import DevTools

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("Chromium is not installed")
    with tempfile.TemporaryDirectory() as profile:
        browser = DevTools(chromium, Path(profile))
        try:
            times = [browser.open_until_painted(page) for _ in range(loads)]
            marks = browser.evaluate("JSON.stringify(document.body.dataset)")
        finally:
            browser.close()
    print(f"last load, ms from navigation: {marks}", file=sys.stderr)
    return [round(t) for t in times]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--out", default=None)
    parser.add_argument(
        "--budget-ms", type=float, default=3000, help="the median load's paint budget (exit 1 above it)"
    )
    args = parser.parse_args()
    from evidence_eval.report.html import to_html

    report, texts, annotations = synthetic(args.queries, dureader=DUREADER)
    started = time.perf_counter()
    page = to_html(report, texts, annotations)
    render_s = time.perf_counter() - started
    out = Path(args.out or HERE / "out" / f"report-{args.queries}.html")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    painted = chromium_painted_ms(out)
    print(
        json.dumps(
            {
                "queries": args.queries,
                "systems": 2,
                "bytes": out.stat().st_size,
                "to_html_s": round(render_s, 2),
                "painted_ms": painted,
                "budget_ms": args.budget_ms,
            }
        )
    )
    median = statistics.median(painted)
    if median > args.budget_ms:
        print(
            f"over budget: the median load painted in {median:.0f} ms (> {args.budget_ms:.0f})",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
