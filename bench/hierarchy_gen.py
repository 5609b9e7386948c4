"""Synthetic hierarchies in the real ``uiautomator dump`` format, of an exact node count.

A feed app on a 1080x2400 screen: a decor view, a toolbar (navigate-up with a content-desc, a
title, and an overflow icon known only by its resource id ``iv_more_options``), then a
RecyclerView of rows (avatar, title, subtitle, timestamp, like button), nested as real apps nest
them. Every node carries the 17 attributes ``uiautomator dump`` writes, in its order, on one line.

The query ``"overflow menu"`` misses tier 1 (no label says it) and hits exactly one element in
tier 2, so timing it walks the whole tree in both tiers.
"""

from __future__ import annotations

from collections.abc import Iterator

W, H = 1080, 2400
PACKAGE = "com.example.feed"
TARGET_ID = f"{PACKAGE}:id/iv_more_options"
TARGET_BOUNDS = (933, 84, 1080, 231)
QUERY = "overflow menu"

_FIRST = ("Alice", "Bob", "Chandra", "Dmitri", "Emeka", "Fatima", "Goran", "Hana", "Ines", "Jun")
_VERB = ("posted a photo", "shared a link", "commented", "started a poll", "checked in")
_PLACE = ("Lisbon", "Osaka", "Nairobi", "Quito", "Tromsø", "Hanoi", "Accra", "Porto")


def _node(
    index: int,
    cls: str,
    bounds: tuple[int, int, int, int],
    *,
    text: str = "",
    rid: str = "",
    desc: str = "",
    clickable: bool = False,
    scrollable: bool = False,
    close: bool = True,
) -> str:
    x1, y1, x2, y2 = bounds
    click = "true" if clickable else "false"
    scroll = "true" if scrollable else "false"
    head = (
        f'<node index="{index}" text="{text}" resource-id="{rid}" class="{cls}" '
        f'package="{PACKAGE}" content-desc="{desc}" checkable="false" checked="false" '
        f'clickable="{click}" enabled="true" focusable="{click}" focused="false" '
        f'scrollable="{scroll}" long-clickable="false" password="false" selected="false" '
        f'bounds="[{x1},{y1}][{x2},{y2}]"'
    )
    return head + (" />" if close else ">")


def _row(i: int) -> Iterator[str]:
    """One feed row as tags in document order: 7 nodes, nested two deep."""
    top = 231 + (i % 8) * 250
    who = _FIRST[i % len(_FIRST)]
    rid = f"{PACKAGE}:id/"
    yield _node(
        i,
        "android.widget.LinearLayout",
        (0, top, W, top + 250),
        rid=rid + "row",
        clickable=True,
        close=False,
    )
    yield _node(
        0,
        "android.widget.ImageView",
        (42, top + 40, 210, top + 208),
        rid=rid + "avatar",
        desc=f"{who}'s avatar",
    )
    yield _node(1, "android.widget.LinearLayout", (231, top + 30, 860, top + 220), close=False)
    yield _node(
        0,
        "android.widget.TextView",
        (231, top + 30, 860, top + 90),
        text=f"{who} {_VERB[i % len(_VERB)]}",
        rid=rid + "title",
    )
    yield _node(
        1,
        "android.widget.TextView",
        (231, top + 100, 860, top + 160),
        text=f"In {_PLACE[i % len(_PLACE)]} · post {i}",
        rid=rid + "subtitle",
    )
    yield _node(
        2,
        "android.widget.TextView",
        (231, top + 170, 860, top + 220),
        text=f"{i % 59 + 1} min ago",
        rid=rid + "timestamp",
    )
    yield "</node>"
    yield _node(
        2,
        "android.widget.ImageButton",
        (900, top + 70, 1038, top + 180),
        rid=rid + "btn_like",
        desc="Like",
        clickable=True,
    )
    yield "</node>"


def generate(nodes: int) -> bytes:
    """A one-line uiautomator dump with exactly ``nodes`` ``<node>`` elements (``nodes`` >= 8)."""
    if nodes < 8:
        raise ValueError("a generated hierarchy needs at least 8 nodes")
    rid = f"{PACKAGE}:id/"
    out = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        '<hierarchy rotation="0">',
        _node(0, "android.widget.FrameLayout", (0, 0, W, H), close=False),
        _node(0, "android.view.ViewGroup", (0, 84, W, 231), rid=rid + "toolbar", close=False),
        _node(
            0, "android.widget.ImageButton", (0, 84, 147, 231), desc="Navigate up", clickable=True
        ),
        _node(
            1,
            "android.widget.TextView",
            (189, 119, 600, 196),
            text="Feed",
            rid=rid + "toolbar_title",
        ),
        _node(2, "android.widget.ImageView", TARGET_BOUNDS, rid=TARGET_ID, clickable=True),
        "</node>",
        _node(
            1,
            "androidx.recyclerview.widget.RecyclerView",
            (0, 231, W, H),
            rid=rid + "feed_list",
            scrollable=True,
            close=False,
        ),
    ]
    count = 6
    open_tags = 0
    i = 0
    while count < nodes:
        for tag in _row(i):
            if tag == "</node>":
                if open_tags:
                    out.append(tag)
                    open_tags -= 1
                continue
            if count >= nodes:
                continue
            out.append(tag)
            count += 1
            if not tag.endswith(" />"):
                open_tags += 1
        i += 1
    out.append("</node>" * open_tags)
    out.append("</node></node></hierarchy>")
    return "".join(out).encode("utf-8")
