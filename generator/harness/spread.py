"""Numbered jobs spread over processes, their results in number order, whatever the count.

A batch of seeded games (`ttsmod crosscheck`, `ttsmod simulate`) is reproducible because
game i depends on the seed and i alone (generator.games.game_rng): run on one process or on
eight, the same games give the same results, and the caller reads them in the same order.

Each process builds what its jobs share once (`start(*args)`: an engine, a Lua runtime),
then runs `work(shared, i)` for the numbers it is given. `start`, `work` and `args` cross
to the other processes by pickling: the two are module-level functions, the args plain data.
Processes are spawned, not forked: a fork copies the parent's threads' locks (a progress
bar's refresh thread) and Windows has no fork.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

_SHARED: Any = None  # what `start` built, in a worker process


def cores() -> int:
    """The cores this process may run on (the default number of processes)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has affinity
        return os.cpu_count() or 1


def _begin(start: Callable[..., Any], args: tuple[Any, ...]) -> None:
    global _SHARED
    _SHARED = start(*args)


def _one(work: Callable[[Any, int], Any], index: int) -> Any:
    return work(_SHARED, index)


def in_order(
    count: int,
    jobs: int,
    start: Callable[..., Any],
    args: tuple[Any, ...],
    work: Callable[[Any, int], Any],
) -> Iterator[Any]:
    """`work(start(*args), i)` for i in 0..count-1 over `jobs` processes, yielded in order.

    One job (or one number) runs here, in this process. Closing the iterator early (a
    divergence found) cancels the numbers not yet begun.
    """
    if jobs <= 1 or count <= 1:
        shared = start(*args)
        for index in range(count):
            yield work(shared, index)
        return
    jobs = min(jobs, count)
    # small chunks keep the processes busy to the end; a few per process keep pickling cheap
    chunk = max(1, min(8, count // (jobs * 16)))
    pool = ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_begin,
        initargs=(start, args),
    )
    try:
        yield from pool.map(_one, itertools.repeat(work), range(count), chunksize=chunk)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
