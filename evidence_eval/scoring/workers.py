"""An ordered map over worker processes: how `score --jobs N` uses more than one core.

Workers are forked, so they start with everything the parent has loaded (the annotation
set, the snapshot, spaCy and jieba) instead of loading it again. Results come back in input
order, whatever order the workers finish in, so a report does not depend on the number of
jobs. At most two tasks per worker are in flight: memory does not grow with the input.

A worker dies with the process that started it (Linux: a parent-death signal; elsewhere a
thread that watches the parent's pid), ignores Ctrl-C (the parent stops the pool), and
gives up the stdin, stdout and stderr it inherited, so that a caller waiting for the end of
those pipes is not kept waiting by an orphan.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import UsageError

if TYPE_CHECKING:
    from concurrent.futures import Future

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


def ordered_map(function: Callable[[T], R], items: Iterable[T], jobs: int) -> Generator[R, None, None]:
    """`map(function, items)` on `jobs` forked processes, results in input order. With one
    job it is the plain map, in this process. Closing the iterator early (an error in the
    caller) cancels what has not started; a worker that dies (killed for memory, say) stops
    the map with an error instead of a wait without end. A caller that may stop early closes
    it (`contextlib.closing`): left to the garbage collector, it would shut its pool down
    after the collector had closed the pool's pipes (a traceback after the caller's error)."""
    if jobs <= 1:
        yield from map(function, items)
        return
    # imported here: a run of one job (the default) needs no process pool
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if "fork" not in multiprocessing.get_all_start_methods():
        raise UsageError("--jobs above 1 needs the 'fork' start method, missing on this system: use --jobs 1")
    # With "fork" every worker starts at the first submit, before the pool's own thread, and
    # inherits `function` (with all it holds) without pickling it.
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_start_worker, initargs=(function, os.getpid())
    )
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


def _start_worker(function: Callable[[Any], Any], parent: int) -> None:
    global _task
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in (signal.SIGTERM, signal.SIGHUP):  # not the parent's clean-up handlers
        signal.signal(number, signal.SIG_DFL)
    _give_up_standard_streams()
    _task = function


PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_INTERVAL = 0.5  # seconds between two looks at the parent's pid (where prctl is missing)


def _die_with_parent(parent: int) -> None:
    """SIGKILL when the parent process ends, however it ends."""
    if not _parent_death_signal():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="watch-parent").start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _parent_death_signal() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def _give_up_standard_streams() -> None:
    """stdin, stdout and stderr become /dev/null: results and errors go back through the
    pool's own pipes."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for descriptor in (0, 1, 2):
        try:
            os.dup2(null, descriptor)
        except OSError:
            pass
    os.close(null)


def _run(item: Any) -> Any:
    assert _task is not None
    return _task(item)
