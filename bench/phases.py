"""Where a whole `score` run's CPU goes, by phase of the matcher: each phase's own time (the time
inside its functions, less the time inside another phase's functions they call), as a share of
the run. Unlike cProfile, only a few functions are timed, so code made of many small calls is not
made to look slower than it runs; the timer still costs a little a call (measured, and taken off).

    python bench/phases.py [--queries 1000] [--workload realistic] [--lang zh en]

The question it answers: if one phase cost nothing, how much faster would the run be (the
run's time over the time of the other phases). A goal needing N times fewer CPU seconds needs
the phases left to hold no more than 1/N of the run.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

# phase -> (module or class path, function names): a function of several phases' texts is timed
# where it is defined, and every module that imported it reads the timed one.
PHASES: dict[str, list[tuple[str, str]]] = {
    "normalise": [("evidence_eval.text.normalize", "normalize_cached")],
    "values": [("evidence_eval.text.values", "find_values")],
    "cue phrases": [("evidence_eval.text.cues", "phrase_cues")],
    "segmentation": [
        ("evidence_eval.text.segment:Segmenter", "words"),
        ("evidence_eval.text.segment:Segmenter", "sentences"),
        ("evidence_eval.text.segment:Segmenter", "proper_names"),
    ],
    "tokens (the rest)": [
        ("evidence_eval.text.tokens", "tokenize"),
        ("evidence_eval.text.tokens", "window_tokens"),
    ],
    "alignment": [("evidence_eval.match.align", "align_arrays")],
    "span search (the rest)": [
        ("evidence_eval.match.spans", "find_spans"),
        ("evidence_eval.match.spans", "prepare_items"),
    ],
    "answer sentences (the rest)": [("evidence_eval.match.sentences", "analyze_answer")],
    "fact rules (the rest)": [("evidence_eval.match.facts", "match_fact")],
    "a query's results (the rest)": [("evidence_eval.coverage.subquestions", "evaluate_query")],
    "a trace read and written (the rest)": [("evidence_eval.scoring.engine:TraceScorer", "score")],
}
ANALYSIS = ("normalise", "values", "cue phrases", "segmentation", "tokens (the rest)")


class PhaseClock:
    """Own CPU time and calls a phase: a timed call stops its caller's phase's clock."""

    def __init__(self) -> None:
        self.spent: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self._stack: list[list[Any]] = []  # [phase, when its clock last started]

    def timed(self, function: Callable[..., Any], phase: str) -> Callable[..., Any]:
        clock, stack, spent, calls = time.process_time, self._stack, self.spent, self.calls

        def timed_function(*args: Any, **kwargs: Any) -> Any:
            now = clock()
            if stack:
                spent[stack[-1][0]] += now - stack[-1][1]
            stack.append([phase, now])
            calls[phase] += 1
            try:
                return function(*args, **kwargs)
            finally:
                now = clock()
                done, started = stack.pop()
                spent[done] += now - started
                if stack:
                    stack[-1][1] = now

        for attribute in ("cache_clear", "cache_info", "__wrapped__"):  # the run clears caches
            if hasattr(function, attribute):
                setattr(timed_function, attribute, getattr(function, attribute))
        return timed_function

    def cost_a_call(self, calls: int = 200_000) -> float:
        """The CPU seconds the timer adds to a call (a timed no-op against the plain one)."""
        probe = PhaseClock()
        plain, timed = (lambda: None), probe.timed(lambda: None, "probe")
        costs = []
        for function in (plain, timed):
            start = time.process_time()
            for _ in range(calls):
                function()
            costs.append(time.process_time() - start)
        return max(0.0, (costs[1] - costs[0]) / calls)


def install(clock: PhaseClock) -> None:
    """Each phase's functions replaced by timed ones, in the module or class that defines them
    and in every evidence_eval module that imported them by name."""
    import evidence_eval.cli  # noqa: F401  (every module the run imports, before the patching)

    for phase, targets in PHASES.items():
        for where, name in targets:
            module_name, _, class_name = where.partition(":")
            owner: Any = importlib.import_module(module_name)
            if class_name:
                owner = getattr(owner, class_name)
            original = getattr(owner, name)
            timed = clock.timed(original, phase)
            setattr(owner, name, timed)
            for module in list(sys.modules.values()):
                loaded = getattr(module, "__name__", "")
                if loaded.startswith("evidence_eval") and getattr(module, name, None) is original:
                    setattr(module, name, timed)


def run(folder: Path, lang: str) -> None:
    clock = PhaseClock()
    calibrating = time.process_time()
    cost = clock.cost_a_call()
    calibrating = time.process_time() - calibrating
    install(clock)
    from evidence_eval.cli import main

    arguments = ["score", str(folder / "bench.annotations.json"), str(folder / "bench.traces.jsonl")]
    start = time.process_time()
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        main([*arguments, "--format", "json"], standalone_mode=False)
    in_run = time.process_time() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    timer = cost * sum(clock.calls.values())
    own = {phase: max(0.0, clock.spent[phase] - cost * clock.calls[phase]) for phase in PHASES}
    whole = usage.ru_utime + usage.ru_stime - timer - calibrating  # start-up (imports, tables) included
    rows = {**own, "start-up, input, report (the rest)": whole - sum(own.values())}
    print(
        f"== {lang}: {whole:.2f} CPU s (the timer's {timer:.2f} s taken off; {in_run:.2f} s in the command)"
    )
    print("| phase | CPU s | share | calls | run ÷ (run without it) |")
    print("| --- | --- | --- | --- | --- |")
    for phase, seconds in rows.items():
        calls = clock.calls.get(phase, 1)
        print(
            f"| {phase} | {seconds:.2f} | {seconds / whole:.1%} | {calls:,} | {whole / (whole - seconds):.2f}× |"
        )
    analysis = sum(own[phase] for phase in ANALYSIS)
    print(
        f"| text analysis together | {analysis:.2f} | {analysis / whole:.1%} | | {whole / (whole - analysis):.2f}× |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=1000, help="per language (bench/out/WORKLOAD-N)")
    parser.add_argument("--lang", nargs="+", default=["zh", "en"])
    parser.add_argument("--workload", choices=["synthetic", "realistic"], default="realistic")
    args = parser.parse_args()
    data = HERE / "out" / f"{'score' if args.workload == 'synthetic' else 'realistic'}-{args.queries}"
    if not (data / args.lang[0] / "bench.traces.jsonl").exists():
        maker = "make_score.py" if args.workload == "synthetic" else "make_realistic.py"
        sys.exit(f"{data}: no inputs; make them with: python bench/{maker} {data} {args.queries}")
    if len(args.lang) > 1:  # one process a language: the first would warm the second's caches
        for lang in args.lang:
            again = [sys.executable, __file__, "--queries", str(args.queries), "--workload", args.workload]
            subprocess.run([*again, "--lang", lang], check=True)
        return
    run(data / args.lang[0], args.lang[0])


if __name__ == "__main__":
    main()
