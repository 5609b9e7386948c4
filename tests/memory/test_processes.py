"""Memory across real processes: persistence, concurrent writers, a writer killed mid-write."""

from __future__ import annotations

import signal

from tests.memory.conftest import SNAPSHOTS, popen, python, run_together
from tests.memory.stores import CHILD_PRELUDE, StoreKind

PRELUDE = (
    CHILD_PRELUDE
    + """
from iconfind import Bounds, Point
from iconfind.memory import DesktopTarget

def target(tid, label="T"):
    return DesktopTarget(
        id=tid, app_name="App", window_title="Win", role="button", label=label,
        bounds=Bounds(0, 0, 10, 10), click_point=Point(5, 5), confidence=0.5,
        source="a11y", first_seen=1.0, last_seen=1.0,
    )
"""
)


def test_learned_in_one_process_found_in_another(memory_store: StoreKind) -> None:
    snapshot = SNAPSHOTS / "toolbar_unlabeled"
    learn = python(
        CHILD_PRELUDE
        + """
from iconfind import ReplayBackend
from iconfind.memory import DesktopLearner
with open_store(sys.argv[1], sys.argv[2]) as memory:
    learner = DesktopLearner(ReplayBackend(sys.argv[3]), memory)
    print(learner.teach_target("overflow menu", 1006, 157).id)
""",
        *memory_store.argv,
        str(snapshot),
    )
    assert learn.returncode == 0, learn.stderr
    find = python(
        CHILD_PRELUDE
        + """
import json
from iconfind import Locator, ReplayBackend, default_chain
from iconfind.memory import MemoryStrategy
with open_store(sys.argv[1], sys.argv[2]) as memory:
    backend = ReplayBackend(sys.argv[3])
    locator = Locator(backend, [MemoryStrategy(memory), *default_chain()], memory=memory)
    result = locator.tap("overflow menu")
    print(json.dumps({"result": result.to_dict(), "taps": [[p.x, p.y] for p in backend.taps]}))
""",
        *memory_store.argv,
        str(snapshot),
    )
    assert find.returncode == 0, find.stderr
    import json

    out = json.loads(find.stdout)
    assert out["result"]["source"] == "memory"
    assert out["result"]["elements"][0]["center"] == {"x": 1006, "y": 157}
    assert out["taps"] == [[1006, 157]]
    with memory_store.open() as memory:
        taught = memory.get(learn.stdout.strip())
        assert taught is not None and taught.hit_count == 1


WRITER = (
    PRELUDE
    + """
memory = open_store(sys.argv[1], sys.argv[2], timeout_s=30)
name = sys.argv[3]
sys.stdin.readline()  # wait for the start signal, so both writers overlap
for i in range(1000):
    memory.record_action("shared", True, feedback=f"{name}-{i}")
    if i % 10 == 0:
        memory.upsert([target(f"{name}-{i}")])
memory.close()
print("done")
"""
)


def test_two_processes_writing_1000_updates_each_lose_none(memory_store: StoreKind) -> None:
    with memory_store.open() as memory:
        memory.upsert([_shared()])
    argvs = [[*memory_store.argv, name] for name in ("a", "b")]
    run_together(WRITER, argvs, printed="done", timeout=120)
    with memory_store.open() as memory:
        shared = memory.get("shared")
        assert shared is not None
        assert shared.hit_count == 2000
        assert shared.confidence == 0.99
        audit = memory.audit()
        assert len(audit) == 2000
        assert {e.detail["feedback"] for e in audit} == {
            f"{name}-{i}" for name in ("a", "b") for i in range(1000)
        }
        assert memory.count("App") == 1 + 2 * 100
        assert memory.integrity_check() == "ok"


def _shared():  # type: ignore[no-untyped-def]
    from iconfind import Bounds, Point
    from iconfind.memory import DesktopTarget

    return DesktopTarget(
        id="shared",
        app_name="App",
        window_title="Win",
        role="button",
        label="Shared",
        bounds=Bounds(0, 0, 10, 10),
        click_point=Point(5, 5),
        confidence=0.5,
        source="a11y",
        first_seen=1.0,
        last_seen=1.0,
    )


KILLED = (
    PRELUDE
    + """
import time
memory = open_store(sys.argv[1], sys.argv[2])
for i in range(100):
    memory.upsert([target(f"committed-{i}")])
for i in range(100):
    memory.record_action("committed-0", True)

def in_flight():
    # Enough rows that SQLite spills uncommitted pages into the WAL (and that PostgreSQL has
    # received batches of them) before the kill.
    for i in range(12000):
        yield target(f"uncommitted-{i}", label="x" * 300)
    print("inside", flush=True)
    time.sleep(120)

memory.upsert(in_flight())
"""
)


def test_writer_killed_mid_transaction_leaves_a_sound_database(memory_store: StoreKind) -> None:
    writer = popen(KILLED, *memory_store.argv)
    assert writer.stdout is not None
    line = writer.stdout.readline()
    assert line.strip() == "inside", writer.stderr.read() if writer.stderr else ""
    memory_store.assert_writes_in_flight()
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    writer.stdout.close()
    if writer.stderr is not None:
        writer.stderr.close()
    if writer.stdin is not None:
        writer.stdin.close()

    with memory_store.open() as memory:
        assert memory.integrity_check() == "ok"
        assert memory.count("App") == 100, "every committed target, no uncommitted one"
        assert memory.get("uncommitted-0") is None
        first = memory.get("committed-0")
        assert first is not None and first.hit_count == 100
        assert len(memory.audit()) == 100
    memory_store.assert_sound()
