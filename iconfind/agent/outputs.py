"""Where agent tools may write files: one output directory, nothing outside it.

An agent chooses ``localPath`` for ``ui screenshot``; a hostile or confused model must not be able
to overwrite ``~/.bashrc.png`` or create directories anywhere. :class:`OutputDir` maps the model's
path into the directory the embedding application chose (``ToolBox(output_dir=...)``,
``iconfind mcp --output-dir DIR``; default a fresh temporary directory) and refuses, with
:class:`~iconfind.InvalidArgumentError`:

- ``..`` anywhere in the path;
- absolute paths, unless they already lie inside the directory;
- a path through a symbolic link (an existing link at any step, the file itself included).

Subdirectories inside the output directory are created as needed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path, PurePath

from iconfind.errors import InvalidArgumentError


class OutputDir:
    """The one directory agent tools write to (created on first use when it is the default)."""

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self._given = Path(root).expanduser() if root is not None else None
        self._root: Path | None = None
        if self._given is not None:
            if not self._given.is_dir():
                raise InvalidArgumentError(f"output directory {self._given}: not a directory")
            self._root = self._given.resolve()

    def __repr__(self) -> str:
        return f"OutputDir({str(self._root) if self._root else '<temporary>'!r})"

    @property
    def root(self) -> Path:
        """The directory (a new ``iconfind-*`` temporary directory unless one was given)."""
        if self._root is None:
            self._root = Path(tempfile.mkdtemp(prefix="iconfind-")).resolve()
        return self._root

    def target(self, requested: str | None) -> Path:
        """Where to write for a requested ``localPath`` (``None``: a timestamped PNG name).

        Raises :class:`~iconfind.InvalidArgumentError` for a path that leaves the directory.
        """
        root = self.root
        if requested is None:
            return root / f"screenshot-{int(time.time() * 1000)}.png"
        if "\x00" in requested:
            raise InvalidArgumentError("the path holds a NUL character")
        pure = PurePath(requested)
        if ".." in pure.parts:
            raise InvalidArgumentError(f"{requested!r} leaves the output directory ('..')")
        if pure.is_absolute():
            try:
                pure = PurePath(os.path.normpath(pure)).relative_to(root)
            except ValueError:
                raise InvalidArgumentError(
                    f"{requested!r} is outside the output directory {root}; give a path "
                    "relative to it"
                ) from None
        if not pure.parts:
            raise InvalidArgumentError(f"{requested!r} names the output directory, not a file")
        path = root
        for part in pure.parts:
            path = path / part
            if path.is_symlink():
                raise InvalidArgumentError(
                    f"{requested!r} goes through a symbolic link ({path}): refused"
                )
        if path.exists() and not path.is_file():
            raise InvalidArgumentError(f"{requested!r} exists and is not a file")
        path.parent.mkdir(parents=True, exist_ok=True)
        return path


__all__ = ["OutputDir"]
