"""A progress line for a terminal: count, share, rate and a smoothed ETA, and a line while the
inputs load (before the first trace is scored, which is when pipelines and snapshots load).

The rate is an exponential moving average of the rate between refreshes (each refresh
weighs `SMOOTHING` of the newest interval), so one slow start (the pipelines loading, the
first long trace) does not set the ETA for the whole run; no ETA is shown before
`ETA_AFTER` seconds of counting.

    with Progress(total=lines, stream=sys.stderr) as progress:
        progress.loading("annotations, corpus and pipelines")
        api.score(..., progress=progress.update)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

SMOOTHING = 0.3
ETA_AFTER = 2.0
REFRESH = 0.2  # seconds between two redraws at most


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Progress:
    """One line, redrawn in place (carriage return, erase to the end of the line)."""

    def __init__(
        self,
        total: int | None = None,
        *,
        label: str = "scoring traces",
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total if total else None
        self.label = label
        self.stream = stream
        self.clock = clock
        self.done = 0
        self.rate: float | None = None
        self._started: float | None = None
        self._last_time = 0.0
        self._last_done = 0
        self._drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def loading(self, what: str) -> None:
        """Shown until the first update: what is being read."""
        self._draw(f"{self.label}: loading {what}…")

    def update(self, done: int) -> None:
        """`done` units finished so far (a count, or the line number reached)."""
        now = self.clock()
        self.done = done
        if self._started is None:  # counting starts: no rate yet
            self._started, self._last_time, self._last_done = now, now, done
            self._draw(self.line(now))
            return
        interval = now - self._last_time
        if interval < REFRESH and not (self.total and done >= self.total):
            return
        if interval > 0:
            recent = (done - self._last_done) / interval
            self.rate = recent if self.rate is None else SMOOTHING * recent + (1 - SMOOTHING) * self.rate
        self._last_time, self._last_done = now, done
        self._draw(self.line(now))

    def line(self, now: float) -> str:
        parts = [self.label, f"{self.done:,}" + (f"/{self.total:,}" if self.total else "")]
        if self.total:
            parts.append(f"{100 * min(self.done / self.total, 1):.0f}%")
        if self.rate is not None:
            parts.append(f"{self.rate:,.1f}/s" if self.rate < 10 else f"{self.rate:,.0f}/s")
        counting = now - (self._started or now)
        if self.total and self.rate and counting >= ETA_AFTER and self.done < self.total:
            parts.append("ETA " + _duration((self.total - self.done) / self.rate))
        return "  ".join(parts)

    def _draw(self, text: str) -> None:
        self.stream.write("\r" + text + "\x1b[K")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        """The last count, elapsed time, and a newline (nothing when nothing was drawn)."""
        if not self._drawn:
            return
        if self._started is not None:
            elapsed = self.clock() - self._started
            self._draw(f"{self.label}  {self.done:,} in {_duration(elapsed)}")
        self.stream.write("\n")
        self.stream.flush()
        self._drawn = False
