"""Cost as the input doubles (issue 31, item 12): each case at growing sizes, with the ratio
of each time to the one before (2.0 per doubling is linear).

    python bench/bench_growth.py [--case prompt|prompt-long|subs|subs-stated|memory ...]
    PYTHONPATH=OTHER_CHECKOUT python bench/bench_growth.py ...   (the same cases on another commit)

- prompt: one retrieved item absent from a 2,000-character prompt (`convert openinference`'s
  context rebuild, `prompt_context.place_items`), items of digits and spaces;
- prompt-long: an item of the prompt's own vocabulary absent from a prompt twice its length;
- subs: one query with N sub-questions (one span, one fact each), a fixed answer, in process;
- subs-stated: the same with an answer that states every fact (it grows with N);
- memory: peak RSS of `score --format json` over 1,000 queries as the systems double (every
  system has a trace line per query), and the growth per added trace line.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from timing import measure  # noqa: E402

from evidence_eval.testing.score_inputs import document, sentence  # noqa: E402

OUT = HERE / "out" / "growth"
WORDS = "claim warranty receipt serial number photo defect damage repair service center".split()


def _prompt_case(size: int) -> float:
    from evidence_eval.ingest.importers.prompt_context import place_items

    prompt = " ".join(random.Random(7).choice(WORDS) for _ in range(2_000 // 7))
    item = "".join(random.Random(size).choice("0123456789 ") for _ in range(size))
    return _timed(lambda: place_items([item], prompt))


def _prompt_long_case(size: int) -> float:
    from evidence_eval.ingest.importers.prompt_context import place_items

    prompt = document(random.Random(size + 7), False, 2 * size)
    item = document(random.Random(size), False, size)
    return _timed(lambda: place_items([item], prompt))


def _timed(work: Callable[[], object]) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def build_subs(folder: Path, subs: int, *, stated: bool) -> None:
    """One query with `subs` sub-questions over a 200-document corpus; the trace's context is
    8 documents; the answer is 10 sentences, or (stated) every fact in turn."""
    rng = random.Random(subs)
    folder.mkdir(parents=True, exist_ok=True)
    docs = [{"doc_id": f"d{i}", "version": "1", "text": document(rng, False)} for i in range(200)]
    (folder / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    questions = []
    for number in range(subs):
        doc = rng.choice(docs)
        start = rng.randrange(0, len(doc["text"]) - 60)
        end = start + rng.randint(15, 50)
        span = {"doc_id": doc["doc_id"], "start": start, "end": end, "quote": doc["text"][start:end]}
        fact = {"id": "f", "text": sentence(rng, False).strip(" .")[:30]}
        questions.append(
            {"id": f"s{number}", "kind": "k", "text": "?", "evidence": [[span]], "answer_facts": [fact]}
        )
    query = {"query_id": "q", "text": "?", "doc_judgments": {"d0": 1}, "sub_questions": questions}
    annotations = {
        "schema_version": "1",
        "name": "growth",
        "version": "1",
        "language": "en",
        "corpus": {"path": "corpus.jsonl"},
        "queries": [query],
    }
    (folder / "growth.annotations.json").write_text(json.dumps(annotations), encoding="utf-8")
    if stated:
        answer = ". ".join(sub["answer_facts"][0]["text"] for sub in questions)
    else:
        answer = " ".join(sentence(rng, False) for _ in range(10))
    items = [{"doc_id": d["doc_id"], "text": d["text"]} for d in docs[:8]]
    trace = {
        "query_id": "q",
        "system": "s",
        "stages": [{"name": "context", "items": items}],
        "answer": answer,
    }
    (folder / "growth.traces.jsonl").write_text(json.dumps(trace) + "\n", encoding="utf-8")


def _subs_case(stated: bool) -> Callable[[int], float]:
    def run(size: int) -> float:
        import evidence_eval

        folder = OUT / f"subs-{'stated-' if stated else ''}{size}"
        build_subs(folder, size, stated=stated)
        return _timed(
            lambda: evidence_eval.score(folder / "growth.annotations.json", folder / "growth.traces.jsonl")
        )

    return run


def _warm_up() -> None:
    import evidence_eval

    folder = OUT / "warm-up"
    build_subs(folder, 20, stated=False)
    evidence_eval.score(folder / "growth.annotations.json", folder / "growth.traces.jsonl")


def _memory(systems: list[int], queries: int = 1000) -> None:
    from evidence_eval.testing.score_inputs import build

    base = OUT / f"memory-{queries}"
    if not (base / "en" / "bench.traces.jsonl").exists():
        build(base / "en", queries, False, 2)
    lines = (base / "en" / "bench.traces.jsonl").read_text(encoding="utf-8").splitlines()
    ours = shutil.which("evidence-eval") or str(Path(sys.executable).with_name("evidence-eval"))
    print("| systems | trace lines | peak RSS MB | MB per 1,000 added lines |")
    print("| --- | --- | --- | --- |")
    before: tuple[int, float] | None = None
    for count in systems:
        traces = base / "en" / f"systems-{count}.traces.jsonl"
        with traces.open("w", encoding="utf-8") as out:
            for system in range(count):
                for line in lines:
                    out.write(line.replace('"system": "bench"', f'"system": "s{system}"') + "\n")
        command = [
            ours,
            "score",
            str(base / "en" / "bench.annotations.json"),
            str(traces),
            "--format",
            "json",
        ]
        peak = measure(command, runs=1)["peak_rss_mb"]
        total = count * len(lines)
        growth = f"{(peak - before[1]) / (total - before[0]) * 1000:.1f}" if before else ""
        print(f"| {count} | {total:,} | {peak:.0f} | {growth} |", flush=True)
        before = (total, peak)


CASES: dict[str, tuple[Callable[[int], float], list[int]]] = {
    "prompt": (_prompt_case, [12_500, 25_000, 50_000, 100_000]),
    "prompt-long": (_prompt_long_case, [3_125, 6_250, 12_500, 25_000]),
    "subs": (_subs_case(stated=False), [2_000, 4_000, 8_000, 16_000]),
    "subs-stated": (_subs_case(stated=True), [250, 500, 1_000, 2_000, 4_000, 8_000]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", choices=[*CASES, "memory"])
    parser.add_argument("--limit", type=float, default=120.0, help="stop a case after a run this long (s)")
    parser.add_argument("--systems", type=int, nargs="+", default=[1, 2, 4, 8])
    chosen = parser.parse_args()
    import evidence_eval

    print(f"evidence_eval from {Path(evidence_eval.__file__).parent}")
    for name in chosen.case or [*CASES, "memory"]:
        if name == "memory":
            _memory(chosen.systems)
            continue
        run, sizes = CASES[name]
        if name.startswith("subs"):
            _warm_up()
        print(f"| {name}: size | seconds | × previous |\n| --- | --- | --- |")
        previous = None
        for size in sizes:
            seconds = run(size)
            ratio = f"{seconds / previous:.1f}" if previous else ""
            print(f"| {size:,} | {seconds:.3f} | {ratio} |", flush=True)
            previous = max(seconds, 1e-3)
            if seconds > chosen.limit:
                print(f"| (stopped: over {chosen.limit:.0f} s) | | |")
                break


if __name__ == "__main__":
    main()
