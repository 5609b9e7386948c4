"""Snapshot builders, one module each (see ../make_snapshots.py)."""
