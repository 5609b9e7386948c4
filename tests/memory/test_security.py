"""The security rules on real files: password text never stored, blocklist at capture."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from iconfind import Element, Locator, ReplayBackend, default_chain
from iconfind.memory import (
    AppBlocklist,
    DesktopLearner,
    MemoryStrategy,
    SQLiteMemory,
    get_screen_context,
)
from tests.memory.stores import StoreKind

SECRET = "hunter2-Zebra!Secret"
SHOP = "com.example.shop"


def sign_in_screen() -> tuple[Image.Image, list[Element]]:
    image = Image.new("RGB", (1080, 2400), "white")
    draw = ImageDraw.Draw(image)
    for box in ((90, 600, 990, 740), (90, 800, 990, 940), (90, 1120, 990, 1260)):
        draw.rectangle(box, outline="#3355aa", width=4)
    draw.rectangle((100, 1130, 980, 1250), fill="#3355aa")
    elements = [
        Element(bounds=(0, 0, 1080, 2400), class_name="android.widget.FrameLayout", index=0),
        Element(
            bounds=(90, 600, 990, 740),
            text="ada@example.com",
            resource_id=f"{SHOP}:id/email",
            class_name="android.widget.EditText",
            clickable=True,
            index=1,
            depth=1,
            parent=0,
        ),
        Element(
            bounds=(90, 800, 990, 940),
            text=SECRET,
            resource_id=f"{SHOP}:id/password_field",
            class_name="android.widget.EditText",
            clickable=True,
            password=True,
            index=2,
            depth=1,
            parent=0,
        ),
        Element(
            bounds=(90, 1120, 990, 1260),
            text="Sign in",
            class_name="android.widget.Button",
            clickable=True,
            index=3,
            depth=1,
            parent=0,
        ),
    ]
    return image, elements


def raw_bytes(db_path: Path) -> bytes:
    data = b""
    for suffix in ("", "-wal", "-shm", "-journal"):
        path = Path(f"{db_path}{suffix}")
        if path.exists():
            data += path.read_bytes()
    return data


def test_password_text_never_reaches_the_database_files(
    memory_store: StoreKind, snapshot_writer: Callable[..., Path]
) -> None:
    image, elements = sign_in_screen()
    snapshot = snapshot_writer("sign_in", image, elements, app=SHOP, window="Sign in")
    backend = ReplayBackend(snapshot)
    memory = memory_store.open()
    learner = DesktopLearner(backend, memory)
    context = learner.get_screen_context()
    [password] = [t for t in context.targets if t.role == "input" and "password" in t.label]
    assert password.label == "password field"
    assert SECRET not in context.to_text()
    locator = Locator(backend, [MemoryStrategy(memory), *default_chain()], memory=memory)
    locator.tap({"resourceId": "password_field"})
    locator.tap("Sign in")
    learner.click_target(password.id)
    learner.get_screen_context()

    if memory_store.name == "sqlite":
        assert Path(f"{memory_store.location}-wal").exists(), "checked while the WAL holds writes"
    live = memory_store.stored_bytes()
    assert b"ada@example.com" in live, "the check can see ordinary text"
    assert SECRET.encode() not in live
    memory.close()
    assert SECRET.encode() not in memory_store.stored_bytes()


def test_blocklisted_app_is_not_indexed(
    db_path: Path, snapshot_writer: Callable[..., Path]
) -> None:
    image, elements = sign_in_screen()
    vault = snapshot_writer("vault", image, elements, app="1Password", window="Unlock")
    backend = ReplayBackend(vault)
    with SQLiteMemory(db_path) as memory:
        context = get_screen_context(backend, memory)
        assert context.blocked
        assert context.targets == ()
        assert "blocked" in context.to_text()
        assert memory.count() == 0
        assert [e.action for e in memory.audit()] == ["capture_blocked"]
        with pytest.raises(PermissionError):
            DesktopLearner(backend, memory).teach_target("Unlock", 540, 1190)
        Locator(backend, memory=memory).tap("Sign in")
        assert memory.count() == 0, "taps in a blocked app teach nothing"
        assert backend.taps, "but the tap itself happened"
    assert b"ada@example.com" not in raw_bytes(db_path)


def test_custom_blocklist_and_defaults() -> None:
    from iconfind.backends.base import WindowInfo

    assert AppBlocklist().blocks(WindowInfo("keepassxc"))
    assert AppBlocklist().blocks(WindowInfo("Safe", bundle_id="com.x8bit.bitwarden"))
    assert not AppBlocklist([]).blocks(WindowInfo("1Password"))
    mine = AppBlocklist.with_defaults(["Slack"])
    assert mine.blocks(WindowInfo("slack")) and mine.blocks(WindowInfo("1Password"))
    assert not mine.blocks(WindowInfo("Firefox"))


def test_learning_an_app_then_blocking_it_stops_memory_answering(
    db_path: Path, snapshot_writer: Callable[..., Path]
) -> None:
    image, elements = sign_in_screen()
    snapshot = snapshot_writer("shop", image, elements, app=SHOP, window="Sign in")
    backend = ReplayBackend(snapshot)
    with SQLiteMemory(db_path) as memory:
        Locator(backend, memory=memory).tap("Sign in")
        open_chain = [MemoryStrategy(memory), *default_chain()]
        # A tap writes what its find saw (the whole form, passively); a find alone writes nothing.
        assert Locator(backend, open_chain).tap("Sign in").source == "memory"
        blocked = AppBlocklist.with_defaults([SHOP])
        closed_chain = [MemoryStrategy(memory, blocklist=blocked), *default_chain()]
        assert Locator(backend, closed_chain).find("Sign in").source == "accessibility"
        assert memory.forget(SHOP) == 3  # email, password, sign in
