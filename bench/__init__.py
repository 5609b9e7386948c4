"""Benchmarks for iconfind: each section of ``bench/run.py`` is a ``measure(quick)`` function in
its own module, returning a dict of the JSON keys it owns (``None`` plus a reason when the code it
measures is not present)."""
