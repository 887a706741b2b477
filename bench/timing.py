"""Whole-process wall time and peak RSS of a command, median of several runs."""

from __future__ import annotations

import os
import statistics
import subprocess
import time


def measure(command: list[str], runs: int = 5) -> dict[str, float]:
    times, peaks = [], []
    for _ in range(runs):
        start = time.perf_counter()
        with open(os.devnull, "wb") as sink:
            process = subprocess.Popen(command, stdout=sink, stderr=subprocess.PIPE)
            _, usage = os.wait4(process.pid, 0)[1:]
        elapsed = time.perf_counter() - start
        if process.returncode not in (None, 0) and os.WEXITSTATUS(_) != 0:
            raise SystemExit(f"failed: {' '.join(command)}")
        times.append(elapsed)
        peaks.append(usage.ru_maxrss / 1024)
    return {
        "median_s": statistics.median(times),
        "min_s": min(times),
        "peak_rss_mb": statistics.median(peaks),
        "runs": runs,
    }
