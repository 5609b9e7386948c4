"""Issue 22 item 2: no learning is lost between processes (SQLite file and PostgreSQL).

Three real processes record 300 hits each on one target while teaching it again every 10th call
(the teach reads the screen, hashes it and writes back): every hit must survive.
"""

from __future__ import annotations

import json

from iconfind.memory import AuditEntry
from tests.memory.conftest import SNAPSHOTS, make_target, popen
from tests.memory.stores import CHILD_PRELUDE, StoreKind

WORKER = (
    CHILD_PRELUDE
    + """
from iconfind import ReplayBackend
from iconfind.memory import DesktopLearner
with open_store(sys.argv[1], sys.argv[2]) as memory:
    learner = DesktopLearner(ReplayBackend(sys.argv[3]), memory)
    target_id = learner.teach_target("shared", 540, 1200).id
    sys.stdin.readline()  # start together
    for i in range(300):
        if i % 10 == 0:
            learner.teach_target("shared", 540, 1200)
        memory.record_action(target_id, True)
    print(target_id)
"""
)


def test_three_processes_lose_no_hit_while_teaching(memory_store: StoreKind) -> None:
    snapshot = str(SNAPSHOTS / "toolbar")
    workers = [popen(WORKER, *memory_store.argv, snapshot) for _ in range(3)]
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    ids = set()
    for worker in workers:
        out, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err
        ids.add(out.strip())
    [target_id] = ids
    with memory_store.open() as memory:
        target = memory.get(target_id)
        assert target is not None
        assert target.hit_count == 900
        actions = [entry.action for entry in memory.audit()]
    assert actions.count("hit") == 900
    assert actions.count("teach") == 3 + 90


def test_learn_keeps_stored_counters_and_logs_in_one_write(memory_store: StoreKind) -> None:
    with memory_store.open() as memory:
        memory.upsert([make_target("t1", hit_count=7, confidence=0.6)])
        stale = make_target("t1", x=300, y=300, confidence=0.9, hit_count=0, first_seen=5.0)
        entry = AuditEntry("relocate", 2000.0, "com.example.notes", "Notes", "t1", {"to": 1})
        stored = memory.learn(stale, entry, keep_confidence=True)
        assert stored.hit_count == 7 and stored.first_seen == 1000.0
        assert stored.confidence == 0.6 and stored.click_point.x == 300
        assert memory.learn(stale).confidence == 0.9
        assert [e.action for e in memory.audit()][-1:] == ["relocate"]
        fresh = memory.learn(make_target("t2", hit_count=2))
        assert fresh.hit_count == 2 and json.dumps(fresh.to_dict())
