"""Keeping Python's cycle collector off data that only grows.

The inputs are many small acyclic objects (pydantic models, parsed rows, cache entries). The
cycle collector walks everything that has survived whenever the heap grows by a quarter, and
here it finds nothing to free: loading 5,000 annotated queries spent 1.2 of its 1.9 s in it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

# The tick of the `frozen_heap` this process is in (none: not in one).
_TICKS: list[Callable[[], None]] = []


@contextmanager
def paused_collection() -> Iterator[None]:
    """No cycle collection while a file's objects are built (reference counting still frees);
    then they join the oldest generation unwalked (frozen and thawed at once, when nothing else
    is frozen): left young, the next collections walked them all, twice (gen 0, then gen 1:
    ~70 ms after 1,000 annotated queries), to free nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _TICKS:  # inside a frozen heap: set aside with the rest until it ends
            gc.freeze()
        elif not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


# Scoring makes millions of short-lived tokens, pairs and tuples that reference counting frees;
# a young collection every 700 allocations walked them for nothing (5-10% of a run's CPU). What
# survives (cache entries, ~500 objects a trace) was still walked twice: by the young collections
# and by the tick's. A young collection now comes only after this many more objects.
YOUNG_THRESHOLD = 500_000


@contextmanager
def frozen_heap(every: int = 16) -> Iterator[Callable[[], None]]:
    """Sets what is alive now (the annotation set, the snapshot, the pipelines) aside from the
    cyclic garbage collector until the block ends: its full collections would otherwise walk
    it again and again. Yields `tick`, to call after each unit of work: every `every` ticks,
    what survived (digests, cache entries) is set aside too, so that a long run's full
    collections do not walk what piles up either. It is set aside unwalked: a collection
    before it walked 100-300k young objects each time (0.1 s) and freed none (1,000
    realistic traces, zh and en); cyclic garbage made meanwhile, if any, is freed after the
    block, when what was set aside goes back to the oldest generation. A forked worker
    inherits both and ticks in its own heap. Young collections run less often meanwhile
    (`YOUNG_THRESHOLD`). Inside another `frozen_heap` (a run's, around its engine's), what is
    alive is set aside and the outer block's tick is yielded: one heap, one count. Left alone
    when the caller has frozen objects of its own."""
    if _TICKS:
        gc.freeze()
        yield _TICKS[-1]
        return
    if gc.get_freeze_count():
        yield lambda: None
        return
    ticks = 0

    def tick() -> None:
        nonlocal ticks
        ticks += 1
        if ticks % every == 0:
            gc.freeze()

    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_THRESHOLD), *thresholds[1:])
    gc.freeze()
    _TICKS.append(tick)
    try:
        yield tick
    finally:
        _TICKS.pop()
        gc.unfreeze()
        gc.set_threshold(*thresholds)
