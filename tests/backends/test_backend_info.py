"""``info()`` and ``close()``: what a backend says about itself reaches ``record`` and
``visual-snapshot``, and the CLI ends what it opened (an Appium session is deleted)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from iconfind import AndroidBackend, Locator, ReplayBackend
from iconfind.backends import BackendInfo, MockBackend, MockScreen
from iconfind.backends.base import backend_info
from iconfind.backends.record import record_snapshot
from iconfind.cli import main
from tests.appium.stub_servers import W3CStub, w3c_value
from tests.backends.standins import RecordedU2Device, android_dump
from tests.conftest import SNAPSHOTS


def test_record_of_an_android_backend_keeps_app_and_density(tmp_path: Path) -> None:
    device = RecordedU2Device([android_dump("settings_home.xml")])
    path = record_snapshot(AndroidBackend(device=device), tmp_path / "snap")
    meta = json.loads((path / "meta.json").read_text())
    assert meta["platform"] == "android" and meta["app"] == "com.android.settings"
    assert meta["density"] == pytest.approx(1080 / 411, abs=0.001)
    replayed = ReplayBackend(path).info()
    assert replayed.app == "com.android.settings" and replayed.density == meta["density"]


def test_visual_snapshot_reports_the_backends_platform() -> None:
    backend = MockBackend(MockScreen.blank((200, 100)), info=BackendInfo(platform="x11"))
    snap = Locator(backend, budget_s=600).visual_snapshot()
    assert snap.platform == "x11"
    assert backend_info(object()) == BackendInfo()  # a backend without info(): nothing known


def test_a_closed_mock_backend_fails_like_a_disconnected_device() -> None:
    with MockBackend(MockScreen.blank((10, 10))) as backend:
        assert backend.screen_size() == (10, 10)
    result = Locator(backend, budget_s=600)
    with pytest.raises(Exception, match="closed"):
        result.find("anything")


class RecordingStub(W3CStub):
    """The W3C stub, keeping every request it answered."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.requests: list[tuple[str, str]] = []
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def _answer(self, method: str, path: str):  # type: ignore[no-untyped-def]
        self.requests.append((method, path))
        return super()._answer(method, path)


def test_cli_tap_on_appium_deletes_its_session(capsys: pytest.CaptureFixture[str]) -> None:
    snapshot = SNAPSHOTS / "anr_dialog"
    routes = {
        ("GET", "/source"): w3c_value((snapshot / "hierarchy.xml").read_text()),
        ("GET", "/screenshot"): w3c_value(
            base64.b64encode((snapshot / "screenshot.png").read_bytes()).decode()
        ),
        ("GET", "/window/rect"): w3c_value({"x": 0, "y": 0, "width": 1080, "height": 2400}),
        ("POST", "/actions"): w3c_value(None),
    }
    with RecordingStub(routes) as stub:
        url = stub.url.replace("http://", "appium+http://") + "/?platformName=Fake"
        code = main(["tap", "Wait", "--backend", url, "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["tapped"] == {"x": 540, "y": 1331}
    assert ("POST", "/session/stub-session/actions") in stub.requests
    assert stub.requests[-1] == ("DELETE", "/session/stub-session")
