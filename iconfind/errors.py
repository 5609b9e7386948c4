"""Every exception iconfind raises, in one hierarchy.

Catch :class:`IconfindError` to handle anything the library reports on purpose; the
subclasses say which edge the bad input or the failure came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from iconfind.models import FindResult


class IconfindError(Exception):
    """Base class of every error iconfind raises on purpose."""


class InvalidBoundsError(IconfindError, ValueError):
    """Bounds that do not describe a rectangle: not ``[x1,y1][x2,y2]``, or x2 < x1, or y2 < y1."""


class InvalidQueryError(IconfindError, ValueError):
    """A query or selector that cannot be searched for (empty, or with no field set)."""


class InvalidArgumentError(IconfindError, ValueError):
    """A setting or argument out of range: a time budget that is not a positive finite number of
    seconds, a ``max_dimension`` under 1 px, or a screenshot path that names no image format
    (``.png``, ``.jpg``) or cannot be written."""


class AuditLogError(IconfindError):
    """The agent audit log cannot be written (missing directory, no permission, disk full).

    Raised when :class:`~iconfind.agent.Rails` is created with an audit path it cannot append
    to; during a session the tool call is refused (``audit_unavailable``) instead, before any
    action runs, so no action ever happens without its audit record."""


class SnapshotError(IconfindError):
    """A snapshot that cannot be read: missing, no screenshot, truncated image, bad meta.json."""


class ImageTooLargeError(SnapshotError, ValueError):
    """A screenshot over 100 megapixels, refused from its header before any pixel is decoded (a
    decompression bomb, not a screen)."""


class BackendError(IconfindError):
    """The device or its SDK failed (disconnected, adb error, driver gone).

    ``phase`` names what the backend was doing (``"screenshot"``, ``"hierarchy"``, ``"tap"``…).
    """

    def __init__(self, message: str, *, phase: str = "") -> None:
        super().__init__(message)
        self.phase = phase


class PlatformNotSupportedError(BackendError):
    """A backend whose platform or SDK is not here: ``MacBackend`` off macOS, ``WindowsBackend``
    off Windows, or the SDK extra (``iconfind[macos]``, ``iconfind[windows]``) not installed.
    The message names the platform and the extra to install."""


class BackendUrlError(IconfindError, ValueError):
    """A ``--backend`` URL that names no known backend (see :func:`iconfind.backend_from_url`)."""


class DeviceTimeoutError(BackendError):
    """A find, tap or operation that did not finish within its budget: the one timeout type.

    ``phase`` names what overran: a device call reads ``device:hierarchy`` / ``device:tap``, local
    work reads its tier (``ocr``, ``visual``) or ``load`` (reading a snapshot). ``culprit`` says
    which side it was (``"device"`` or ``"local"``) and ``budget_s`` the budget that ran out.
    :meth:`result` is the same timeout as :meth:`Locator.find <iconfind.Locator.find>` returns it.
    """

    def __init__(
        self,
        message: str,
        *,
        phase: str = "",
        culprit: str = "device",
        budget_s: float | None = None,
    ) -> None:
        super().__init__(message, phase=phase)
        self.culprit = culprit
        self.budget_s = budget_s

    @classmethod
    def from_result(cls, result: FindResult, budget_s: float | None = None) -> DeviceTimeoutError:
        """The timeout a result's ``Failure(FindError.TIMEOUT, phase=...)`` reports, as an
        exception."""
        outcome = result.outcome
        phase = (outcome.phase if outcome.kind == "failure" else None) or ""
        culprit = "device" if phase.startswith("device:") else "local"
        return cls(
            f"timeout in phase {phase or '?'}: {result.suggestion or ''}".rstrip(": "),
            phase=phase,
            culprit=culprit,
            budget_s=budget_s,
        )

    @property
    def suggestion(self) -> str:
        """What to do about it, in the words of the wire form's ``suggestion``."""
        if self.culprit == "device":
            call = self.phase.removeprefix("device:") or "a call"
            return (
                f"The device did not answer {call} in time: check that it is connected and "
                "responsive, or raise the budget"
            )
        return (
            f"Local work ({self.phase or 'the find'}) used up the budget (a busy or slow "
            "machine): raise the budget"
        )


class PatternFileError(IconfindError):
    """An icon pattern file (TOML or JSON) that is missing or not of the documented shape."""


class FollowUpError(IconfindError, ValueError):
    """A follow-up step that does not fit its result: an index out of range, a stale result,
    a grid cell outside 1-24 or a grid position outside 1-5."""


class AmbiguousError(IconfindError):
    """An action whose query matched several elements, and nothing said which one to act on.

    Taps are strict, as Playwright's locators are: ``tap("Delete")`` with two "Delete" buttons
    refuses to guess. Say which with ``tap(query, nth=1)`` or ``tap(query, first=True)``.
    ``result`` is the find's result (all the matches, in the tier's order) and ``count`` their
    number.
    """

    def __init__(self, message: str, *, result: object = None, count: int = 0) -> None:
        super().__init__(message)
        self.result = result
        self.count = count


class PickerError(IconfindError):
    """A picker (the model that chooses a tier-4 candidate or a tier-5 cell/position) failed:
    an HTTP error, a timeout, or a reply without a usable number. ``status`` is the HTTP status
    when there was one."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class RecognizerUnavailableError(IconfindError):
    """Local icon recognition cannot run: no icon font of the glyph table is installed.

    Install one of the Debian font packages the message names (``fonts-material-design-icons-
    iconfont``, ``fonts-font-awesome``...), or give the recognizer reference images of your own.
    """


class OcrUnavailableError(IconfindError):
    """The OCR engine cannot run: the Tesseract binary is missing or broken.

    The OCR tier turns this into a note on the result and hands over to the next tier; it is
    raised to callers only when they use an :class:`~iconfind.ocr.OcrEngine` directly.
    """


class MemoryStoreError(IconfindError):
    """A memory store that cannot be used: not a database (corrupted bytes), another program's
    database (foreign schema), a schema newer than this iconfind, or a database that stays locked.

    The file is never overwritten or repaired behind the user's back: move it aside or pass
    another path. ``path`` names the file (``None`` for an in-memory or remote store).
    """

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


__all__ = [
    "AmbiguousError",
    "AuditLogError",
    "BackendError",
    "BackendUrlError",
    "DeviceTimeoutError",
    "FollowUpError",
    "IconfindError",
    "ImageTooLargeError",
    "InvalidArgumentError",
    "InvalidBoundsError",
    "InvalidQueryError",
    "MemoryStoreError",
    "OcrUnavailableError",
    "PatternFileError",
    "PickerError",
    "PlatformNotSupportedError",
    "RecognizerUnavailableError",
    "SnapshotError",
]
