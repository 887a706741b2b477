"""The ordered process map behind `score --jobs`."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest
from conftest import ZH_ANN, zh_traces_with_a_bad_line
from hypothesis import given, settings
from hypothesis import strategies as st

import evidence_eval
from evidence_eval.errors import InputError, Location, UsageError
from evidence_eval.scoring.heap import frozen_heap, paused_collection
from evidence_eval.scoring.workers import batched, ordered_map, resolve_jobs


def _slow_square(n: int) -> tuple[int, int]:
    time.sleep(0.001 * (n % 3))  # workers finish out of order
    return n * n, os.getpid()


def test_results_come_back_in_input_order_from_several_processes():
    results = list(ordered_map(_slow_square, range(60), 3))
    assert [square for square, _ in results] == [n * n for n in range(60)]
    assert os.getpid() not in {pid for _, pid in results}
    assert len({pid for _, pid in results}) > 1


def test_one_job_runs_in_this_process():
    assert {pid for _, pid in ordered_map(_slow_square, range(5), 1)} == {os.getpid()}


def _fail_on_seven(n: int) -> int:
    if n == 7:
        raise InputError(Location("t.jsonl", n), "bad line", "fix it")
    return n


def test_a_worker_error_reaches_the_caller_whole():
    with pytest.raises(InputError) as caught:
        list(ordered_map(_fail_on_seven, range(20), 2))
    assert str(caught.value) == "t.jsonl:7: bad line (fix it)"
    assert caught.value.location == Location("t.jsonl", 7)


def _die_on_three(n: int) -> int:
    if n == 3:
        os._exit(9)  # as the out-of-memory killer would end it
    return n


def test_a_worker_that_dies_stops_the_map_with_an_error_not_a_hang():
    with pytest.raises(UsageError, match="a worker process died.*fewer --jobs"):
        list(ordered_map(_die_on_three, range(20), 2))


def test_stopping_early_stops_the_workers():
    results = ordered_map(_slow_square, range(10_000), 2)
    assert next(results)[0] == 0
    results.close()  # must not wait for the other 9,999


def test_an_error_in_the_caller_shuts_the_workers_down_at_once(tmp_path):
    """A bad trace line stops `score --jobs 2` in the caller, with the map suspended: the map is
    closed then, not left to the garbage collector, which finalized its pipes before it (an
    `OSError: Bad file descriptor` traceback after the one-line error)."""
    traces = zh_traces_with_a_bad_line(tmp_path, "malformed", 41)
    with pytest.raises(InputError, match=":41: malformed JSON"):
        evidence_eval.score(ZH_ANN, traces, jobs=2)
    assert multiprocessing.active_children() == []  # the pool was shut down, its workers joined


def test_jobs_zero_means_one_per_core_and_negative_is_refused():
    assert resolve_jobs(0) >= 1 and resolve_jobs(3) == 3
    with pytest.raises(UsageError, match="--jobs -1"):
        resolve_jobs(-1)


@settings(max_examples=50)
@given(st.lists(st.integers()), st.integers(min_value=1, max_value=5))
def test_batches_keep_every_item_in_order(items, size):
    batches = list(batched(items, size))
    assert [item for batch in batches for item in batch] == items
    assert all(1 <= len(batch) <= size for batch in batches)


def test_frozen_heap_sets_the_live_objects_aside_for_the_block_only():
    import gc

    gc.unfreeze()  # a known start: an earlier test's TREC reading may have frozen the heap
    thresholds = gc.get_threshold()
    with frozen_heap(every=3) as tick:
        assert gc.get_threshold()[0] >= 20_000  # young collections less often, for the block only
        frozen = gc.get_freeze_count()
        assert frozen > 0
        kept = [[n] for n in range(1000)]  # results that pile up during a run
        tick()
        tick()
        # A frozen object that dies leaves the count: it may only have fallen (nothing frozen yet).
        between = gc.get_freeze_count()
        assert between <= frozen
        tick()
        assert gc.get_freeze_count() >= between + len(kept) - 100  # the survivors, a few deaths aside
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
    gc.freeze()  # a caller that manages the collector itself is left alone
    try:
        before = gc.get_freeze_count()
        with frozen_heap():
            pass
        assert gc.get_freeze_count() <= before  # nothing frozen (a frozen object may have died)
    finally:
        gc.unfreeze()


def test_cyclic_garbage_a_tick_sets_aside_is_freed_after_the_block():
    """A tick sets the survivors aside without walking them (a collection there freed nothing
    on 1,000 realistic traces): a cycle dropped meanwhile is freed once the block ends."""
    import gc
    import weakref

    class Node:
        me: object = None

    gc.unfreeze()
    with frozen_heap(every=1) as tick:
        node = Node()
        node.me = node
        alive = weakref.ref(node)
        del node
        tick()
    gc.collect()
    assert alive() is None


def test_paused_collection_leaves_what_was_built_in_the_oldest_generation():
    import gc

    gc.unfreeze()
    assert gc.isenabled()
    with paused_collection():
        assert not gc.isenabled()
        built = [[n] for n in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() == 0
    oldest = {id(item) for item in gc.get_objects(2)}
    assert all(id(item) in oldest for item in built)  # not walked by the young collections
    gc.freeze()  # a caller that froze objects of its own: they stay frozen
    try:
        before = gc.get_freeze_count()
        with paused_collection():
            more = [[n] for n in range(100)]
        assert gc.get_freeze_count() == before and len(more) == 100
    finally:
        gc.unfreeze()


def test_a_frozen_heap_inside_another_shares_its_tick():
    """`score` holds one frozen heap around its engine's: the inner one sets aside what is
    alive and ticks the outer's count; a pause inside sets aside what it built."""
    import gc

    gc.unfreeze()
    thresholds = gc.get_threshold()
    with frozen_heap(every=2) as outer:
        with paused_collection():
            loaded = [[n] for n in range(500)]
        assert gc.get_freeze_count() >= len(loaded)  # set aside at once
        built = [[n] for n in range(500)]
        before = gc.get_freeze_count()
        with frozen_heap() as inner:
            assert inner is outer
            assert gc.get_freeze_count() >= before + len(built) - 50
        assert gc.get_threshold()[0] >= 20_000
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds


def test_a_run_leaves_no_text_cache_behind():
    from conftest import ZH_ANN, ZH_TRACES

    import evidence_eval
    from evidence_eval.scoring.caches import cache_sizes

    evidence_eval.score(ZH_ANN, ZH_TRACES)
    sizes = cache_sizes()
    assert all(bound is not None for _, bound in sizes.values())  # every cache is bounded
    assert all(entries == 0 for entries, _ in sizes.values()), sizes
