"""Benchmarks for iconfind: each section of ``bench/run.py`` is a ``measure(quick)`` function in
its own module, returning a dict of the JSON keys it owns (``run.py`` reports ``None`` plus the
reason for a section that fails)."""
