"""The OCR engine seam: an image in, word boxes out.

:class:`TesseractEngine` wraps ``pytesseract.image_to_data`` (Debian's ``tesseract-ocr`` binary).
Anything with the same ``read`` method can replace it, e.g. a wrapper that counts calls in a test
or a different OCR library.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

from attrs import frozen
from PIL import Image

from iconfind._deadline import current as current_deadline
from iconfind._deadline import warm_up
from iconfind.errors import OcrUnavailableError
from iconfind.models import Bounds

DEFAULT_PSM = 11
"""Tesseract page segmentation mode 11, "sparse text": find as much text as possible in no
particular order. UI screens are scattered labels, not paragraphs; mode 3 (automatic layout) merges
neighbouring labels into blocks and is no faster."""

DEFAULT_TIMEOUT_S = 30.0
INSTALL_HINT = (
    "install the Debian/Ubuntu package tesseract-ocr (apt-get install tesseract-ocr; "
    "macOS: brew install tesseract)"
)

# pytesseract keeps the binary's path in a module global; engines with different paths take turns.
_CMD_LOCK = threading.Lock()
_STARTED: set[str] = set()
"""Binaries already started once in this process (the first start loads libraries and language
data from disk: warm-up, not counted in a find's budget)."""


@frozen
class OcrWord:
    """One word Tesseract read: its text, box (in the pixels of the image it read), confidence
    (0-100) and the ``(block, paragraph, line)`` it belongs to."""

    text: str
    bounds: Bounds
    confidence: float
    line: tuple[int, int, int] = (0, 0, 0)

    def moved(self, scale: float, dx: int = 0, dy: int = 0) -> OcrWord:
        """This word with its box divided by ``scale`` and shifted by ``(dx, dy)``: from the
        working image's pixels back to device pixels."""
        b = self.bounds
        return OcrWord(
            self.text,
            Bounds(
                round(b.x1 / scale) + dx,
                round(b.y1 / scale) + dy,
                round(b.x2 / scale) + dx,
                round(b.y2 / scale) + dy,
            ),
            self.confidence,
            self.line,
        )


@runtime_checkable
class OcrEngine(Protocol):
    """Reads the words of an image. Raises :class:`OcrUnavailableError` when it cannot run."""

    def read(self, image: Image.Image) -> list[OcrWord]:
        """Every non-empty word with its box in ``image``'s pixels."""
        ...


@frozen
class TesseractEngine:
    """OCR with the Tesseract binary through ``pytesseract.image_to_data``.

    ``tesseract_cmd`` is the binary (default: ``tesseract`` on ``PATH``), ``psm`` the page
    segmentation mode (:data:`DEFAULT_PSM`), ``lang`` Tesseract's language codes. Tesseract's own
    inverted-text retry is switched off (``tessedit_do_invert=0``): the OCR tier runs its own,
    targeted pass for light-on-dark text, and the retry costs time on every low-confidence word.
    """

    tesseract_cmd: str = "tesseract"
    psm: int = DEFAULT_PSM
    lang: str = "eng"
    timeout_s: float = DEFAULT_TIMEOUT_S
    extra_config: str = "-c tessedit_do_invert=0"
    threads: int | None = 1
    """``OMP_THREAD_LIMIT`` for the Tesseract process. One thread is faster for screen-sized
    images and when several processes share the cores; ``None`` leaves the environment alone."""

    @property
    def config(self) -> str:
        """The command-line options passed to Tesseract."""
        return f"--psm {self.psm} {self.extra_config}".strip()

    def available(self) -> bool:
        """Whether the binary can be found (does not run it)."""
        return shutil.which(self.tesseract_cmd) is not None

    def _unavailable(self) -> OcrUnavailableError:
        return OcrUnavailableError(
            f"the Tesseract OCR binary {self.tesseract_cmd!r} was not found: {INSTALL_HINT}"
        )

    def _timeout(self) -> float:
        """``timeout_s``, or what is left of the active find's deadline when that is less.
        An expired deadline raises :class:`~iconfind.DeviceTimeoutError` (phase ``ocr``)."""
        deadline = current_deadline()
        if deadline is None:
            return self.timeout_s
        deadline.check("ocr")
        return deadline.timeout(self.timeout_s)

    def _start_once(self) -> None:
        if self.tesseract_cmd in _STARTED:
            return

        def start() -> None:
            import pytesseract  # imports NumPy: loaded with the first OCR pass, not the chain

            with _CMD_LOCK:
                previous = pytesseract.pytesseract.tesseract_cmd
                pytesseract.pytesseract.tesseract_cmd = self.tesseract_cmd
                try:
                    pytesseract.get_tesseract_version()
                except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError):
                    return  # reported by the real call, with its message
                finally:
                    pytesseract.pytesseract.tesseract_cmd = previous
            _STARTED.add(self.tesseract_cmd)

        warm_up("Tesseract", start)

    def read(self, image: Image.Image) -> list[OcrWord]:
        if not self.available():
            raise self._unavailable()
        import pytesseract  # imports NumPy: loaded with the first OCR pass, not the chain

        self._start_once()
        timeout = self._timeout()
        try:
            with _CMD_LOCK, _environment("OMP_THREAD_LIMIT", self.threads):
                previous = pytesseract.pytesseract.tesseract_cmd
                pytesseract.pytesseract.tesseract_cmd = self.tesseract_cmd
                try:
                    data: dict[str, list[Any]] = pytesseract.image_to_data(
                        image,
                        lang=self.lang,
                        config=self.config,
                        output_type=pytesseract.Output.DICT,
                        timeout=max(timeout, 0.001),  # pytesseract reads 0 as "no limit"
                    )
                finally:
                    pytesseract.pytesseract.tesseract_cmd = previous
        except pytesseract.TesseractNotFoundError as exc:
            raise self._unavailable() from exc
        except pytesseract.TesseractError as exc:
            raise OcrUnavailableError(
                f"Tesseract failed ({exc.status}): {exc.message or 'no message'}"
            ) from exc
        except RuntimeError as exc:  # pytesseract's "Tesseract process timeout" (process killed)
            deadline = current_deadline()
            if deadline is not None and deadline.expired:
                raise deadline.error("ocr") from None  # the find's budget ran out, not Tesseract
            raise OcrUnavailableError(f"Tesseract did not finish: {exc}") from exc
        return words_from_data(data)


@contextlib.contextmanager
def _environment(name: str, value: int | None) -> Iterator[None]:
    """``name`` set to ``value`` in the environment pytesseract's subprocess inherits."""
    if value is None:
        yield
        return
    previous = os.environ.get(name)
    os.environ[name] = str(value)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = previous


def words_from_data(data: dict[str, list[Any]]) -> list[OcrWord]:
    """The word rows of ``image_to_data``'s dict output (level 5, non-blank text)."""
    words: list[OcrWord] = []
    for i, text in enumerate(data["text"]):
        text = str(text).strip()
        if not text or int(data["level"][i]) != 5:
            continue
        left, top = int(data["left"][i]), int(data["top"][i])
        width, height = int(data["width"][i]), int(data["height"][i])
        words.append(
            OcrWord(
                text=text,
                bounds=Bounds(left, top, left + width, top + height),
                confidence=float(data["conf"][i]),
                line=(int(data["block_num"][i]), int(data["par_num"][i]), int(data["line_num"][i])),
            )
        )
    return words
