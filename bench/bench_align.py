"""CPU of `align_arrays` over the real (claim, texts) problems a `score` run aligns.

    python bench/bench_align.py capture [--workload realistic synthetic] [--lang zh en]
    python bench/bench_align.py time [--runs 7] [--pure]
    python bench/bench_align.py check

`capture` scores `bench/out/{realistic,score}-300/{zh,en}` in process with `align_arrays`
wrapped, and saves each call's claim and texts (which texts and key ids calls share, too) to
`bench/out/align-calls.pkl`. `time` replays them: fresh `KeyIds` and `TextArrays` each run (a
run pays for making them, once a text, as `score` does), CPU medians per workload. `--pure`
sets EVIDENCE_EVAL_PURE_PYTHON=1 (the plain-Python/NumPy path); run another checkout's
interpreter on this file to time that checkout (`/work/wt-s10/.venv/bin/python
bench/bench_align.py time`); interleave and compare medians of CPU. `check`: the compiled
kernel's alignments equal the fallback's on every captured call.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CALLS = HERE / "out" / "align-calls.pkl"
FOLDERS = {"realistic": "realistic-300", "synthetic": "score-300"}


def capture_one(folder: Path) -> dict[str, Any]:
    """Score `folder` in process, recording every `align_arrays` call."""
    from evidence_eval.cli import main
    from evidence_eval.match import align, facts

    original = align.align_arrays
    texts: dict[int, int] = {}  # id(TextArrays) -> index
    key_ids: dict[int, int] = {}  # id(KeyIds) -> index
    kept: list[Any] = []  # the recorded objects, alive so that their ids are not reused
    text_tokens: list[tuple[Any, int]] = []  # (tokens, key ids index) a text
    calls: list[tuple[tuple[Any, ...], list[int]]] = []

    def recorded(claim, arrays_list):  # type: ignore[no-untyped-def]
        indexes = []
        for arrays in arrays_list:
            if id(arrays) not in texts:
                kept.append(arrays)
                if id(arrays.ids) not in key_ids:
                    key_ids[id(arrays.ids)] = len(key_ids)
                texts[id(arrays)] = len(text_tokens)
                text_tokens.append((tuple(arrays.tokens), key_ids[id(arrays.ids)]))
            indexes.append(texts[id(arrays)])
        calls.append((tuple(claim), indexes))
        return original(claim, arrays_list)

    align.align_arrays = recorded  # type: ignore[assignment]
    facts.align_arrays = recorded  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as scratch:
            out = Path(scratch) / "report.json"
            arguments = ["score", str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")]
            with (
                open(os.devnull, "w") as sink,
                contextlib.redirect_stdout(sink),
                contextlib.redirect_stderr(sink),
            ):
                main([*arguments, "--format", "json", "-o", str(out), "--jobs", "1"], standalone_mode=False)
    finally:
        align.align_arrays = original
        facts.align_arrays = original
    return {"texts": text_tokens, "key_ids": len(key_ids), "calls": calls}


def replay(recorded: dict[str, Any]) -> tuple[float, list[Any]]:
    """CPU of every recorded call, made afresh; and the alignments. The heap as `score` keeps
    it (`scoring.heap.frozen_heap`): what is alive before is set aside from the collector."""
    from evidence_eval.match.align import KeyIds, TextArrays, align_arrays
    from evidence_eval.scoring.heap import frozen_heap

    gc.collect()
    with frozen_heap():
        return _replay(recorded, KeyIds, TextArrays, align_arrays)


def _replay(
    recorded: dict[str, Any], KeyIds: Any, TextArrays: Any, align_arrays: Any
) -> tuple[float, list[Any]]:  # noqa: N803
    clock = time.process_time
    began = clock()
    ids = [KeyIds() for _ in range(recorded["key_ids"])]
    made: list[Any] = [None] * len(recorded["texts"])
    results = []
    for claim, indexes in recorded["calls"]:
        arrays_list = []
        for index in indexes:
            arrays = made[index]
            if arrays is None:
                tokens, group = recorded["texts"][index]
                arrays = made[index] = TextArrays(tokens, ids[group])
            arrays_list.append(arrays)
        results.append(align_arrays(claim, arrays_list))
    return clock() - began, results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["capture", "time", "check"])
    parser.add_argument("--workload", nargs="+", default=list(FOLDERS), choices=list(FOLDERS))
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pure", action="store_true", help="the plain-Python/NumPy path")
    options = parser.parse_args()
    if options.pure:
        os.environ["EVIDENCE_EVAL_PURE_PYTHON"] = "1"
    if options.command == "capture":
        everything = {
            (workload, lang): capture_one(HERE / "out" / FOLDERS[workload] / lang)
            for workload in options.workload
            for lang in options.lang
        }
        CALLS.write_bytes(pickle.dumps(everything, protocol=pickle.HIGHEST_PROTOCOL))
        for name, recorded in everything.items():
            cells = sum(
                len(claim) * sum(len(recorded["texts"][i][0]) for i in indexes)
                for claim, indexes in recorded["calls"]
            )
            print(name, f"{len(recorded['calls'])} calls, {len(recorded['texts'])} texts, {cells} cells")
        return
    everything = pickle.loads(CALLS.read_bytes())
    if options.command == "check":
        check(everything)
        return
    for name, recorded in everything.items():
        if name[0] not in options.workload or name[1] not in options.lang:
            continue
        times = [replay(recorded)[0] for _ in range(options.runs)]
        print(
            f"{name[0]:9} {name[1]}  median {1000 * statistics.median(times):7.1f} ms CPU  "
            f"({len(recorded['calls'])} calls; runs {' '.join(f'{1000 * t:.0f}' for t in times)})"
        )


def check(everything: dict[Any, Any]) -> None:
    from evidence_eval.match import align

    if align._KERNEL is None:
        sys.exit("the compiled kernel is not importable")
    for name, recorded in everything.items():
        kernel = replay(recorded)[1]
        align._KERNEL, saved = None, align._KERNEL
        try:
            pure = replay(recorded)[1]
        finally:
            align._KERNEL = saved
        print(name, "same" if kernel == pure else "DIFFERENT")


if __name__ == "__main__":
    main()
