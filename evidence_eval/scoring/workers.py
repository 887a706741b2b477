"""An ordered map over worker processes: how `score --jobs N` uses more than one core.

Workers are forked, so they start with everything the parent has loaded (the annotation
set, the snapshot, spaCy and jieba) instead of loading it again. Results come back in input
order, whatever order the workers finish in, so a report does not depend on the number of
jobs. At most two tasks per worker are in flight: memory does not grow with the input.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import Any, TypeVar

from ..errors import UsageError

T = TypeVar("T")
R = TypeVar("R")

_task: Callable[[Any], Any] | None = None  # what a worker runs (set in the worker)


def available_cores() -> int:
    """The cores this process may run on (its affinity mask, where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: int) -> int:
    """`jobs` as asked (0: one per available core); refused below 0."""
    if jobs < 0:
        raise UsageError(f"--jobs {jobs}: give a number of processes, or 0 for one per core")
    return available_cores() if jobs == 0 else jobs


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def ordered_map(function: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """`map(function, items)` on `jobs` forked processes, results in input order. With one
    job it is the plain map, in this process. Closing the iterator early (an error in the
    caller) cancels what has not started; a worker that dies (killed for memory, say) stops
    the map with an error instead of a wait without end."""
    if jobs <= 1:
        yield from map(function, items)
        return
    if "fork" not in multiprocessing.get_all_start_methods():
        raise UsageError("--jobs above 1 needs the 'fork' start method, missing on this system: use --jobs 1")
    # With "fork" every worker starts at the first submit, before the pool's own thread, and
    # inherits `function` (with all it holds) without pickling it.
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_set_task, initargs=(function,))
    try:
        pending: deque[Future[R]] = deque()
        for item in items:
            pending.append(pool.submit(_run, item))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BrokenProcessPool as broken:
        raise UsageError(
            f"a worker process died ({broken}); run again with fewer --jobs, or --jobs 1"
        ) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _set_task(function: Callable[[Any], Any]) -> None:
    global _task
    _task = function


def _run(item: Any) -> Any:
    assert _task is not None
    return _task(item)
