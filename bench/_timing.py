"""Timing helpers shared by the benchmark sections: medians of repeats, least-squares slopes."""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def median_seconds(
    call: Callable[[], Any],
    repeats: int,
    warmup: int = 1,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Median wall time of ``call`` over ``repeats`` runs (after ``warmup`` untimed runs);
    ``clock=time.process_time`` gives CPU time instead (every thread of the process).

    The garbage collector is paused while timing, as ``timeit`` does, so a collection triggered by
    an earlier run does not land on a later one.
    """
    for _ in range(warmup):
        call()
    times: list[float] = []
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            start = clock()
            call()
            times.append(clock() - start)
    finally:
        if was_enabled:
            gc.enable()
    return statistics.median(times)


def loglog_slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Least-squares slope of log(y) against log(x): the growth exponent (1.0 = linear)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("need at least two (x, y) pairs of equal length")
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    mx, my = statistics.fmean(lx), statistics.fmean(ly)
    sxx = sum((x - mx) ** 2 for x in lx)
    sxy = sum((x - mx) * (y - my) for x, y in zip(lx, ly, strict=True))
    return sxy / sxx
