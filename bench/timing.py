"""Whole-process wall time, CPU time (user + system) and peak RSS of a command, median of several runs."""

from __future__ import annotations

import os
import statistics
import subprocess
import time


def measure(command: list[str], runs: int = 5) -> dict[str, float]:
    return measure_all({"command": command}, runs)["command"]


def measure_all(commands: dict[str, list[str]], runs: int = 5) -> dict[str, dict[str, float]]:
    """Each command `runs` times, interleaved (a, b, c, a, b, c, ...): on a shared machine a
    slow spell then touches every tool alike, and the ratio of medians stays fair."""
    for command in commands.values():  # warm-up: file cache, and bytecode for an editable install
        _run_once(command)
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            elapsed, cpu, peak = _run_once(command)
            times[name].append(elapsed)
            cpus[name].append(cpu)
            peaks[name].append(peak)
    return {
        name: {
            "median_s": round(statistics.median(times[name]), 3),
            "min_s": round(min(times[name]), 3),
            # CPU of the process and its waited-for children: steadier than wall time when
            # other work shares the cores (it still varies with cache and frequency contention)
            "cpu_median_s": round(statistics.median(cpus[name]), 3),
            "peak_rss_mb": round(statistics.median(peaks[name]), 1),
            "runs": runs,
        }
        for name in commands
    }


# As a user's shell runs them: Python may cache bytecode (this sandbox sets
# PYTHONDONTWRITEBYTECODE, which would recompile an editable install on every run).
_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _run_once(command: list[str]) -> tuple[float, float, float]:
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.PIPE, env=_ENV)
        _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
