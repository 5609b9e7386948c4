"""Benchmark: tier 4 on whole phone screens drawn from held-out icon families.

``bench/icons.py`` and ``bench/heldout.py`` score single crops; a user meets the recognizer
through :meth:`iconfind.Locator.find` on a whole screen. This bench draws phone screens
(1080 x 2400 px, density 2.625) from each held-out family listed by :func:`bench.heldout.families`:
a status bar with the clock ``9:41``, a top toolbar (a navigation button, a title word, three or
four action buttons: 24 dp glyphs in 56 dp touch targets, like
``examples/snapshots/player_unlabeled``), sometimes a bottom navigation bar of three buttons,
and a line of body text. Themes: ``light``, ``dark``, ``colour`` (a tinted glyph on a coloured
bar). Every screen is written twice as a snapshot directory: **with a tree** (unlabeled
``ImageButton`` nodes with bounds, no content-desc, no ids) and **screenshot-only** (no
``hierarchy.xml``: accessibility unavailable, see docs/contract.md section 1).

Each screen gets queries (a phrase of one of the 22 original classes, no picker, no LLM):

* **present**: the asked class is on the screen once. ``right`` = ``Found`` on its button,
  ``deferred`` = any other outcome (candidates, grid, not found), ``wrong`` = ``Found`` elsewhere.
* **absent look-alike**: the asked class is not on the screen, one of its look-alikes is: the
  family's icon of another concept that the recognizer itself scores highest for the asked class
  (chosen per family on its masks), plus the hand-known pairs sort/pause, upload/filter,
  download/play, refresh/home, refresh/share, profile/pause (both ways). Any ``Found`` is wrong,
  except on a *twin* (``twin``, counted apart): a concept an icon font draws with the very same
  glyph as the asked one (``data/lookalikes.toml`` ``[twins]``: Font Awesome's ``fa-repeat`` is
  its ``fa-rotate-right``; Material's refresh is the one-arrow circle Lucide calls rotate-cw).

Prints a table per family and overall, then every wrong call; one JSON object with ``--json``.
:func:`measure` is the entry point for other code (and the test)::

    python bench/screens.py [--quick] [--json] [--family lucide] [--theme dark] [--form tree]
                            [--density 2.0]

``--density`` draws the same screens with smaller or larger glyphs (2.0: 48 px glyphs in 112 px
targets; 3.0: 72 px in 168 px).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.heldout import CURATED, draw_mask, families, glyph_images, render_case
from iconfind import Locator
from iconfind.backends.replay import ReplayBackend
from iconfind.models import Found
from iconfind.recognition.acceptance import default_policy
from iconfind.recognition.concepts import concepts_for_phrase
from iconfind.strategies import default_chain

WIDTH, HEIGHT, DENSITY = 1080, 2400, 2.625
DENSITIES = (2.0, 2.625, 3.0)
"""Densities ``--density`` offers: 48, 63 and 72 px glyphs (the toolbar's title still fits)."""
STATUS_BAR = 84
NAV_TOP = HEIGHT - 210
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """Colours of one theme: the page, the bars, the glyphs and the text."""

    page: Colour
    bar: Colour
    ink: Colour
    text: Colour


THEMES: dict[str, Theme] = {
    "light": Theme(page=(255, 251, 254), bar=(255, 251, 254), ink=(73, 69, 79), text=(29, 27, 32)),
    "dark": Theme(page=(28, 27, 31), bar=(28, 27, 31), ink=(230, 225, 229), text=(230, 225, 229)),
    "colour": Theme(
        page=(255, 251, 254), bar=(103, 80, 164), ink=(234, 221, 255), text=(29, 27, 32)
    ),
}
FORMS = ("tree", "screenshot")
"""``tree``: with an unlabeled hierarchy; ``screenshot``: no hierarchy.xml."""

QUERY_PHRASE = {"overflow": "overflow menu", "hamburger": "hamburger menu"}
"""The phrase asked for a class (the class name otherwise; ``"menu"`` alone is ambiguous)."""

HAND_PAIRS = [
    ("sort", "pause"),
    ("upload", "filter"),
    ("download", "play"),
    ("refresh", "home"),
    ("refresh", "share"),
    ("profile", "pause"),
]
"""Look-alike pairs known from outside evaluations; each is used both ways."""

TITLES = ("Trip", "Inbox", "Photos", "Library", "Notes", "Music")
BODY = ("Weekend trip to the coast", "Harbour Lights", "Last updated 9:41", "Nothing new today")
ICONS_PER_SCREEN = 7


def query_for(concept: str) -> str:
    """The phrase the bench asks for one of the 22 classes."""
    return QUERY_PHRASE.get(concept, concept)


def same_meaning(asked: str, concept: str) -> bool:
    """Whether an icon of ``concept`` is an acceptable answer for class ``asked``: the class
    itself, a concept its phrase also names, or a variant named after it (``pause_circle``,
    ``cloud_download``). Such icons are never look-alikes, and never make an absent query."""
    return (
        concept == asked
        or concept in concepts_for_phrase(query_for(asked))
        or asked in concept.split("_")
    )


# -- screens -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """One icon button on a screen: its concept, mask file stem and touch-target bounds."""

    concept: str
    name: str
    bounds: tuple[int, int, int, int]

    def contains(self, x: float, y: float) -> bool:
        x1, y1, x2, y2 = self.bounds
        return x1 <= x < x2 and y1 <= y < y2


@dataclass(frozen=True)
class ScreenSpec:
    """One drawn screen (before it is written in its two forms)."""

    family: str
    theme: str
    key: str
    title: str
    body: str
    slots: tuple[Slot, ...]
    density: float = DENSITY

    @property
    def concepts(self) -> set[str]:
        return {s.concept for s in self.slots}

    @property
    def target(self) -> int:
        """A touch target's side in px: 56 dp (147 px at the default density)."""
        return target_px(self.density)

    @property
    def glyph(self) -> int:
        """A glyph box's side in px: 24 dp (63 px at the default density)."""
        return round(24 * self.density)


def target_px(density: float) -> int:
    """A 56 dp touch target's side in px at ``density``."""
    return round(56 * density)


def _icons(family: str) -> dict[str, tuple[str, Image.Image]]:
    """The family's first mask of every concept: ``concept -> (file stem, mask)``."""
    out: dict[str, tuple[str, Image.Image]] = {}
    for concept, name, mask in glyph_images(family):
        out.setdefault(concept, (name, mask))
    return out


@lru_cache(maxsize=32)
def lookalikes(family: str) -> dict[str, tuple[str, ...]]:
    """Per original class of ``family``: its look-alikes on that family. First the other
    concept whose mask gives the class the highest recognizer score (48 px, light), then the
    hand-known pairs the family draws."""
    from iconfind.recognition.recognizer import IconRecognizer

    recognizer = IconRecognizer.default()
    icons = _icons(family)
    present = [c for c in CURATED if c in icons]
    best: dict[str, tuple[float, str]] = {}
    for concept, (_, mask) in icons.items():
        scores = recognizer.score_array(render_case(mask, 48, "light", "tight"))
        for asked in present:
            if same_meaning(asked, concept):
                continue
            score = float(scores[recognizer.classes.index(asked)])
            if asked not in best or score > best[asked][0]:
                best[asked] = (score, concept)
    out: dict[str, tuple[str, ...]] = {}
    for asked in present:
        found = [best[asked][1]] if asked in best else []
        for a, b in HAND_PAIRS:
            for x, y in ((a, b), (b, a)):
                if x == asked and y in icons and y not in found:
                    found.append(y)
        out[asked] = tuple(found)
    return out


def _layout(concepts: Sequence[str], target: int) -> list[tuple[str, tuple[int, ...]]]:
    """Bounds for up to 8 icons, ``target`` px touch targets: a navigation button, 3-4
    actions, then a bottom bar of 3."""
    top = min(len(concepts), 5)
    boxes: list[tuple[int, ...]] = [(0, STATUS_BAR, target, STATUS_BAR + target)]
    for i in range(top - 1):
        x2 = WIDTH - i * target
        boxes.insert(1, (x2 - target, STATUS_BAR, x2, STATUS_BAR + target))
    bottom = len(concepts) - top
    for i in range(bottom):
        centre = round(WIDTH * (2 * i + 1) / (2 * bottom))
        y1 = NAV_TOP + (HEIGHT - NAV_TOP - target) // 2
        boxes.append((centre - target // 2, y1, centre + target // 2, y1 + target))
    return list(zip(concepts, boxes, strict=True))


def plan_screens(
    family: str, theme: str, seed: int = 0, density: float = DENSITY
) -> list[ScreenSpec]:
    """Screens for ``family`` in ``theme``: the family's original classes spread over screens of
    up to 7 icons, each class apart from its look-alikes; then extra screens that put every
    look-alike not yet shown without its class on a screen without that class. ``density``
    scales the glyphs and touch targets (the screen stays 1080 x 2400 px); the default draws
    the screens every earlier run measured."""
    icons = _icons(family)
    looks = lookalikes(family)
    classes = [c for c in CURATED if c in icons]
    rng = random.Random(f"{family}/{theme}/{seed}")
    rng.shuffle(classes)
    groups: list[list[str]] = []
    for concept in classes:
        for group in groups:
            clash = any(
                concept in looks.get(other, ()) or other in looks.get(concept, ())
                for other in group
            )
            if len(group) < ICONS_PER_SCREEN and not clash:
                group.append(concept)
                break
        else:
            groups.append([concept])

    def covered(asked: str, look: str) -> bool:
        return any(look in g and not any(same_meaning(asked, c) for c in g) for g in groups)

    extra: list[list[str]] = []
    for asked in classes:
        for look in looks[asked]:
            if covered(asked, look) or any(look in g for g in extra if asked not in g):
                continue
            for group in extra:
                fits = len(group) < ICONS_PER_SCREEN and not any(
                    same_meaning(asked, c) for c in group
                )
                # The look-alike must not be the class another look-alike stands in for.
                fits = fits and not any(look in looks.get(c, ()) for c in group)
                fits = fits and not any(c in looks.get(look, ()) for c in group)
                if fits:
                    group.append(look)
                    break
            else:
                extra.append([look])
    specs = []
    for index, group in enumerate([*groups, *extra]):
        if len(group) < 4:  # a toolbar has at least a navigation button and two actions
            fillers = [c for c in sorted(icons) if c not in CURATED and c not in group]
            fillers = [c for c in fillers if not any(same_meaning(a, c) for a in CURATED)]
            group = [*group, *rng.sample(fillers, 4 - len(group))]
        rng.shuffle(group)
        slots = tuple(
            Slot(concept, icons[concept][0], tuple(box))  # type: ignore[arg-type]
            for concept, box in _layout(group, target_px(density))
        )
        specs.append(
            ScreenSpec(
                family=family,
                theme=theme,
                key=f"{family}-{theme}-{index}",
                title=rng.choice(TITLES),
                body=rng.choice(BODY),
                slots=slots,
                density=density,
            )
        )
    return specs


@lru_cache(maxsize=4)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def draw_screen(spec: ScreenSpec) -> Image.Image:
    """The screenshot of ``spec``."""
    theme = THEMES[spec.theme]
    icons = _icons(spec.family)
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.page)
    draw = ImageDraw.Draw(image)
    bar_text = theme.ink if spec.theme == "colour" else theme.text
    target, side = spec.target, spec.glyph
    draw.rectangle((0, 0, WIDTH, STATUS_BAR + target), fill=theme.bar)
    draw.text((42, 20), "9:41", fill=bar_text, font=_font(FONT, 36))
    draw.text((target + 24, STATUS_BAR + 46), spec.title, fill=bar_text, font=_font(BOLD, 54))
    draw.rounded_rectangle((140, 330, 940, 1130), radius=36, fill=(61, 90, 128))
    draw.text((60, 1225), spec.body, fill=theme.text, font=_font(FONT, 48))
    if any(s.bounds[1] >= NAV_TOP for s in spec.slots):
        draw.rectangle((0, NAV_TOP, WIDTH, HEIGHT), fill=theme.bar)
    for slot in spec.slots:
        x1, y1, x2, y2 = slot.bounds
        glyph = draw_mask(icons[slot.concept][1], side, 0.0, theme.ink, theme.bar)
        image.paste(glyph, ((x1 + x2 - side) // 2, (y1 + y2 - side) // 2))
    return image


def _node(
    cls: str, bounds: Iterable[int], *, text: str = "", clickable: bool = False, children: str = ""
) -> str:
    x1, y1, x2, y2 = bounds
    flag = "true" if clickable else "false"
    attrs = (
        f'index="0" text={quoteattr(text)} resource-id="" class="{cls}" '
        f'package="com.example.bench" content-desc="" checkable="false" checked="false" '
        f'clickable="{flag}" enabled="true" focusable="{flag}" focused="false" '
        f'scrollable="false" long-clickable="false" password="false" selected="false" '
        f'bounds="[{x1},{y1}][{x2},{y2}]"'
    )
    return f"<node {attrs}>{children}</node>" if children else f"<node {attrs} />"


def hierarchy_xml(spec: ScreenSpec) -> str:
    """An uiautomator dump of ``spec``: unlabeled ImageButtons, the title and body texts."""
    top = [s for s in spec.slots if s.bounds[1] < NAV_TOP]
    bottom = [s for s in spec.slots if s.bounds[1] >= NAV_TOP]
    toolbar = "".join(_node("android.widget.ImageButton", s.bounds, clickable=True) for s in top)
    toolbar += _node(
        "android.widget.TextView",
        (spec.target + 24, STATUS_BAR + 40, 700, STATUS_BAR + 110),
        text=spec.title,
    )
    bar = (0, STATUS_BAR, WIDTH, STATUS_BAR + spec.target)
    parts = [_node("android.view.ViewGroup", bar, children=toolbar)]
    parts.append(_node("android.widget.ImageView", (140, 330, 940, 1130)))
    parts.append(_node("android.widget.TextView", (60, 1225, 1020, 1290), text=spec.body))
    if bottom:
        nav = "".join(_node("android.widget.ImageButton", s.bounds, clickable=True) for s in bottom)
        parts.append(_node("android.view.ViewGroup", (0, NAV_TOP, WIDTH, HEIGHT), children=nav))
    root = _node("android.widget.FrameLayout", (0, 0, WIDTH, HEIGHT), children="".join(parts))
    return (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        f'<hierarchy rotation="0">{root}</hierarchy>'
    )


def write_snapshot(spec: ScreenSpec, form: str, root: Path) -> Path:
    """Write ``spec`` as a snapshot directory in ``form`` under ``root``; returns the dir."""
    path = root / f"{spec.key}-{form}"
    path.mkdir(parents=True, exist_ok=True)
    draw_screen(spec).save(path / "screenshot.png")
    meta = {
        "platform": "android",
        "app": "com.example.bench",
        "window": spec.title,
        "density": spec.density,
    }
    (path / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    if form == "tree":
        (path / "hierarchy.xml").write_text(hierarchy_xml(spec), encoding="utf-8")
    return path


# -- queries and verdicts ----------------------------------------------------------------------


@dataclass(frozen=True)
class Ask:
    """One query on one screen: ``kind`` is ``present`` or ``absent``; ``target`` is the asked
    class (present) or the look-alike on screen (absent)."""

    kind: str
    asked: str
    target: str


def queries(spec: ScreenSpec) -> list[Ask]:
    """Every present query (each original class on the screen) and absent look-alike query
    (each original class of the family absent from the screen with a look-alike on it)."""
    looks = lookalikes(spec.family)
    on_screen = [s.concept for s in spec.slots]
    asks = [Ask("present", c, c) for c in on_screen if c in CURATED]
    for asked in CURATED:
        if asked not in looks or any(same_meaning(asked, c) for c in on_screen):
            continue
        for look in looks[asked]:
            if look in on_screen:
                asks.append(Ask("absent", asked, look))
                break
    return asks


@dataclass
class Call:
    """One find and its verdict: ``right``, ``deferred``, ``wrong`` or ``twin`` (module
    docstring)."""

    family: str
    theme: str
    form: str
    screen: str
    kind: str
    query: str
    target: str
    outcome: str
    verdict: str
    found: str = ""
    tier: int | None = None


def _where(spec: ScreenSpec, x: float, y: float) -> str:
    """What lies at device point (x, y): an icon's concept, else a named region."""
    for slot in spec.slots:
        if slot.contains(x, y):
            return slot.concept
    if y < STATUS_BAR:
        return "status bar ('9:41')"
    if y < STATUS_BAR + spec.target:
        return f"toolbar title ({spec.title!r})"
    if 1200 <= y <= 1320:
        return f"body text ({spec.body!r})"
    return f"({round(x)}, {round(y)})"


def judge(spec: ScreenSpec, form: str, ask: Ask, result: Any) -> Call:
    """The verdict on one find's result."""
    call = Call(
        family=spec.family,
        theme=spec.theme,
        form=form,
        screen=spec.key,
        kind=ask.kind,
        query=query_for(ask.asked),
        target=ask.target,
        outcome=result.kind,
        verdict="deferred",
        tier=result.tier,
    )
    if not isinstance(result.outcome, Found):
        return call
    places = []
    for element in result.elements:
        centre = element.bounds.center
        places.append(_where(spec, centre.x, centre.y))
    call.found = ", ".join(places)
    target_slot = next((s for s in spec.slots if s.concept == ask.target), None)
    on_target = target_slot is not None and all(
        target_slot.contains(e.bounds.center.x, e.bounds.center.y) for e in result.elements
    )
    if on_target and ask.kind == "present":
        call.verdict = "right"
    elif on_target and default_policy().same_drawing(ask.asked, ask.target):
        call.verdict = "twin"  # absent, found on the same drawing under another name
    else:
        call.verdict = "wrong"
    return call


def run_screen(spec: ScreenSpec, form: str, root: Path, chain: list[Any]) -> list[Call]:
    """Write one screen in ``form`` and run all its queries through one Locator (the OCR
    strategy caches words per screen, so the screen is read once)."""
    path = write_snapshot(spec, form, root)
    locator = Locator(ReplayBackend(path), strategies=chain, budget_s=600)
    return [judge(spec, form, ask, locator.find(query_for(ask.asked))) for ask in queries(spec)]


# -- measure -----------------------------------------------------------------------------------


@dataclass
class Tally:
    """Counts for one family (or all)."""

    present: int = 0
    right: int = 0
    deferred: int = 0
    wrong: int = 0
    absent: int = 0
    absent_wrong: int = 0
    absent_twin: int = 0
    screens: int = 0
    by_form: dict[str, list[int]] = field(default_factory=dict)

    def add(self, call: Call) -> None:
        if call.kind == "present":
            self.present += 1
            setattr(self, call.verdict, getattr(self, call.verdict) + 1)
        else:
            self.absent += 1
            self.absent_wrong += call.verdict == "wrong"
            self.absent_twin += call.verdict == "twin"


def plan(
    quick: bool = False,
    family_names: Sequence[str] | None = None,
    themes: Sequence[str] | None = None,
    density: float = DENSITY,
) -> list[ScreenSpec]:
    """The screens a run measures. ``quick``: one theme per family (rotating), all its screens
    (the look-alike screens included: they are where wrong answers show)."""
    names = list(family_names) if family_names else families()
    specs: list[ScreenSpec] = []
    for index, family in enumerate(names):
        theme_list = list(themes) if themes else list(THEMES)
        if quick and not themes:
            theme_list = [list(THEMES)[index % len(THEMES)]]
        for theme in theme_list:
            specs.extend(plan_screens(family, theme, density=density))
    return specs


def measure(
    quick: bool = False,
    *,
    family_names: Sequence[str] | None = None,
    themes: Sequence[str] | None = None,
    forms: Sequence[str] = FORMS,
    specs: Sequence[ScreenSpec] | None = None,
    density: float = DENSITY,
) -> dict[str, Any]:
    """Run the bench; returns ``{"families": {name: counts}, "overall": counts, "wrong": [...],
    "calls": [...], "screens": n, "seconds": s}`` (counts: ``present``, ``right``,
    ``deferred``, ``wrong``, ``absent``, ``absent_wrong``, and per form the same)."""
    started = time.perf_counter()
    if specs is None:
        specs = plan(quick, family_names, themes, density)
    chain = default_chain()
    calls: list[Call] = []
    with tempfile.TemporaryDirectory(prefix="iconfind-screens-") as tmp:
        for spec in specs:
            for form in forms:
                calls.extend(run_screen(spec, form, Path(tmp), chain))
    return summarize(calls, screens=len(specs) * len(forms), seconds=time.perf_counter() - started)


def _counts(calls: Iterable[Call]) -> dict[str, int]:
    tally = Tally()
    for call in calls:
        tally.add(call)
    return {
        "present": tally.present,
        "right": tally.right,
        "deferred": tally.deferred,
        "wrong": tally.wrong,
        "absent": tally.absent,
        "absent_wrong": tally.absent_wrong,
        "absent_twin": tally.absent_twin,
    }


def summarize(calls: Sequence[Call], *, screens: int, seconds: float) -> dict[str, Any]:
    """The report of a run's calls."""
    by_family: dict[str, list[Call]] = defaultdict(list)
    for call in calls:
        by_family[call.family].append(call)

    def block(group: Sequence[Call]) -> dict[str, Any]:
        out: dict[str, Any] = _counts(group)
        for form in FORMS:
            out[form] = _counts(c for c in group if c.form == form)
        return out

    return {
        "families": {name: block(group) for name, group in sorted(by_family.items())},
        "overall": block(calls),
        "wrong": [asdict(c) for c in calls if c.verdict == "wrong"],
        "twin": [asdict(c) for c in calls if c.verdict == "twin"],
        "calls": [asdict(c) for c in calls],
        "screens": screens,
        "seconds": round(seconds, 1),
    }


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} %" if whole else "    - "


def format_table(report: dict[str, Any]) -> str:
    """The human-readable table of :func:`measure`'s report."""
    head = (
        f"{'family':<12} {'form':<10} {'present':>7} {'right':>8} {'deferred':>8} "
        f"{'wrong':>6} {'absent':>6} {'abs. wrong':>10} {'abs. twin':>9}"
    )
    lines = [head, "-" * len(head)]
    rows = [*report["families"].items(), ("ALL", report["overall"])]
    for name, block in rows:
        for form, counts in (("both", block), *((f, block[f]) for f in FORMS)):
            lines.append(
                f"{name:<12} {form:<10} {counts['present']:>7} "
                f"{_pct(counts['right'], counts['present']):>8} "
                f"{_pct(counts['deferred'], counts['present']):>8} {counts['wrong']:>6} "
                f"{counts['absent']:>6} {counts['absent_wrong']:>10} {counts['absent_twin']:>9}"
            )
    lines.append(
        f"\n{report['screens']} screens, {len(report['calls'])} calls, {report['seconds']} s"
    )
    for verdict, title in (("wrong", "wrong calls"), ("twin", "calls found on a twin")):
        if not report[verdict]:
            continue
        lines.append(f"\n{title} (family, theme, form, kind, query -> found; asked target):")
        for c in report[verdict]:
            lines.append(
                f"  {c['family']:<10} {c['theme']:<6} {c['form']:<10} {c['kind']:<7} "
                f"{c['query']!r} -> {c['found']} (tier {c['tier']}; target {c['target']})"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one theme per family: about 2 min")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--family", action="append", choices=families(), help="repeatable")
    parser.add_argument("--theme", action="append", choices=list(THEMES), help="repeatable")
    parser.add_argument("--form", action="append", choices=FORMS, help="repeatable")
    parser.add_argument(
        "--density",
        type=float,
        choices=DENSITIES,
        default=DENSITY,
        help="glyphs of 24 dp and touch targets of 56 dp at this density (default 2.625)",
    )
    args = parser.parse_args(argv)
    report = measure(
        args.quick,
        family_names=args.family,
        themes=args.theme,
        forms=args.form or FORMS,
        density=args.density,
    )
    if args.json:
        print(json.dumps(report))
    else:
        print(format_table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
