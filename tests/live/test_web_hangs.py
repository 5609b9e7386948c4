"""WebBackend on a page whose script never yields: a find ends in ``timeout``, page calls end in
BackendError with the phase, and closing neither hangs nor leaves the browser spinning.

Uses a Chromium of its own: a hung page holds its browser's Playwright thread until the browser
is gone, and the shared one must stay usable for the other tests."""

from __future__ import annotations

import pytest

from iconfind import BackendError, FindError, Locator
from iconfind.backends.web import Chromium, WebBackend

pytestmark = pytest.mark.web

PAGE = '<html><body><button id="go">Go</button></body></html>'
HANG = "setTimeout(() => { for (;;) {} }, 0)"


def test_a_hung_page_times_out_errors_and_still_closes() -> None:
    chromium = Chromium(close_timeout=1)
    try:
        # A generous call timeout while the page is healthy (a busy machine must not fail the
        # "alive" check), a short one once it hangs: that is what is under test.
        backend = WebBackend(browser=chromium, call_timeout=120, settle_s=0)
        backend.run(lambda page: page.set_content(PAGE))
        assert Locator(backend, budget_s=600).find("Go").ok  # alive before the hang
        backend.call_timeout = 1
        backend.evaluate(HANG)

        result = Locator(backend, budget_s=0.5).find("Go")
        assert result.error is FindError.TIMEOUT
        assert result.outcome.phase is not None and result.outcome.phase.endswith("hierarchy")

        with pytest.raises(BackendError, match="did not answer") as caught:
            backend.evaluate("1 + 1")
        assert caught.value.phase == "evaluate"
        backend.close()  # gives up on the hung page after close_timeout
    finally:
        chromium.close()  # ends the stuck driver: the worker thread is released
    assert not chromium._worker.thread.is_alive()
    with pytest.raises(BackendError, match="closed"):
        chromium.run(lambda: None)
