"""What the evidence span search costs a query (`match.spans.find_spans`), in one process.

For the benchmark's trace lines of each language, every stage's items are made ready
(`prepare_items`, not timed: normalising the items is the stage's cost, shared with the rest
of the run), then every sub-question's evidence alternatives are looked for in every stage as
`coverage.subquestions.stage_evidence` does; the CPU time of those `find_spans` calls is
summed per pass, with the garbage collector as a run sets it (`scoring.heap.frozen_heap`: the
pass's stages set aside, young collections rarer). Before each pass the per-text caches are emptied (normalised texts, tokens,
values, claims, fuzzy alignments) and the stages prepared again, as in a run whose texts never
repeat; per-word caches stay warm. Prints the median µs a query over
`--runs` passes, after one warm-up pass. `--dump FILE` writes every search's matches and
rejections (one line a search), to compare two checkouts' results.

    python bench/bench_spans.py [--queries 300] [--runs 5] [--data bench/out/realistic-300]
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from evidence_eval.api import open_checked
from evidence_eval.io.loaders import parse_trace
from evidence_eval.match.spans import PreparedStage, find_spans, prepare_items
from evidence_eval.models import Query, Span
from evidence_eval.scoring import caches
from evidence_eval.scoring.heap import frozen_heap

PER_TEXT = ("normalize", "values", "tokens", "claims", "fuzzy", "segment breaks", "framing")

Job = tuple[list[Span], PreparedStage]


def load(folder: Path, queries: int) -> Callable[[], list[Job]]:
    """A maker of (spans of one evidence alternative, a prepared stage) for each search a run
    makes: each call prepares the stages anew (fresh normalised items, as a run has)."""
    annotations, snapshot, _ = open_checked(folder / "bench.annotations.json", None)
    by_id: dict[str, Query] = {query.query_id: query for query in annotations.queries}
    traces = folder / "bench.traces.jsonl"
    with open(traces, encoding="utf-8") as handle:
        parsed = [parse_trace(traces, number, line) for number, line in zip(range(1, queries + 1), handle)]

    def jobs() -> list[Job]:
        made: list[Job] = []
        for trace in parsed:
            query = by_id[trace.query_id]
            language = query.language or annotations.language
            shared: dict = {}  # the exact route's readings, shared by a query's stages as in a run
            stages = [
                prepare_items(
                    stage.items,
                    snapshot,
                    as_of=query.as_of,
                    scope=query.scope,
                    language=language,
                    **shared_by(shared),
                )
                for stage in trace.stages
            ]
            for sub_question in query.sub_questions:
                for stage in stages:
                    for spans in sub_question.evidence:
                        made.append((list(spans), stage))
        return made

    return jobs


def shared_by(readings: dict) -> dict[str, dict]:
    """The keyword that shares a query's exact readings across its stages, where the checkout
    has it (an older one, `PYTHONPATH=DIR`, may not)."""
    return (
        {"exact_readings": readings}
        if "exact_readings" in inspect.signature(prepare_items).parameters
        else {}
    )


def one_pass(make_jobs: Callable[[], list[Job]]) -> float:
    for name in PER_TEXT:
        if name in caches.TEXT_CACHES:  # an older checkout (`PYTHONPATH=DIR`) may have fewer
            caches.TEXT_CACHES[name].cache_clear()
    jobs = make_jobs()  # not timed: normalising the items is the stage's cost
    with frozen_heap():  # the collector as a run has it: the inputs set aside, young collections rarer
        start = time.process_time()
        for spans, stage in jobs:
            find_spans(spans, stage)
        return time.process_time() - start


def dump(jobs: list[Job], path: Path) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for spans, stage in jobs:
            search = find_spans(spans, stage)
            record = {
                "matches": [repr(search.matches[key]) for key in sorted(search.matches)],
                "rejected": [repr(rejection) for rejection in search.rejected],
                "offsets": [repr(rejection) for rejection in search.offset_conflicts],
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path(__file__).parent / "out" / "realistic-300")
    parser.add_argument("--languages", nargs="+", default=["zh", "en"])
    parser.add_argument("--dump", type=Path, help="write each search's result, FILE.LANG.jsonl")
    args = parser.parse_args()
    for language in args.languages:
        jobs = load(args.data / language, args.queries)
        if args.dump:
            dump(jobs(), args.dump.with_suffix(f".{language}.jsonl"))
        one_pass(jobs)  # warm-up
        times = [one_pass(jobs) for _ in range(args.runs)]
        per_query = statistics.median(times) * 1e6 / args.queries
        spread = ", ".join(f"{t * 1e6 / args.queries:.0f}" for t in times)
        print(f"{language}: find_spans {per_query:.0f} µs a query (median of {args.runs}: {spread})")


if __name__ == "__main__":
    main()
