"""Regenerate ``iconfind/recognition/data/glyphs.toml`` from the icon fonts' own name tables.

Development tool, not shipped: it reads the CSS / charmap files that the Debian font packages
(and python-qtawesome-common) install, looks up the glyph names chosen below, and writes the
class -> font -> ``name=codepoint`` table the recognizer reads. The shipped table is the
authority; run this only when changing the choices::

    python tools/glyph_table.py > iconfind/recognition/data/glyphs.toml
"""

# ruff: noqa: E501
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

QTA = Path("/usr/share/python-qtawesome/fonts")

FONTS: dict[str, dict[str, object]] = {
    "material": {
        "family": "material",
        "package": "fonts-material-design-icons-iconfont",
        "paths": [
            "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
        ],
        "names": (
            "css",
            "/usr/share/fonts-material-design-icons-iconfont/css/material-design-icons.css",
        ),
    },
    "mdi": {
        "family": "material",
        "package": "fonts-materialdesignicons-webfont",
        "paths": [
            "/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf"
        ],
        "names": (
            "css",
            "/usr/share/fonts-materialdesignicons-webfont/css/materialdesignicons.css",
        ),
    },
    "mdi6": {
        "family": "material",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "materialdesignicons6-webfont.ttf")],
        "names": ("json", str(QTA / "materialdesignicons6-webfont-charmap.json")),
    },
    "fontawesome": {
        "family": "fontawesome",
        "package": "fonts-font-awesome",
        "paths": ["/usr/share/fonts/truetype/font-awesome/fontawesome-webfont.ttf"],
        "names": ("css", "/usr/share/fonts-font-awesome/css/font-awesome.css"),
    },
    "forkawesome": {
        "family": "fontawesome",
        "package": "fonts-fork-awesome",
        "paths": ["/usr/share/fonts/truetype/fork-awesome/forkawesome-webfont.ttf"],
        "names": ("css", "/usr/share/fonts-fork-awesome/css/fork-awesome.css"),
    },
    "fa5-solid": {
        "family": "fontawesome",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "fontawesome5-solid-webfont.ttf")],
        "names": ("json", str(QTA / "fontawesome5-solid-webfont-charmap.json")),
    },
    "fa5-regular": {
        "family": "fontawesome",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "fontawesome5-regular-webfont.ttf")],
        "names": ("json", str(QTA / "fontawesome5-regular-webfont-charmap.json")),
    },
    "elusive": {
        "family": "elusive",
        "package": "fonts-elusive-icons",
        "paths": [
            "/usr/share/fonts/truetype/elusive-icons/elusiveicons-webfont.ttf",
            str(QTA / "elusiveicons-webfont.ttf"),
        ],
        "names": ("css", "/usr/share/fonts-elusive-icons/css/elusive-icons.css"),
    },
    "glyphicons": {
        "family": "glyphicons",
        "package": "fonts-glyphicons-halflings",
        "paths": ["/usr/share/fonts/truetype/glyphicons/glyphicons-halflings-regular.ttf"],
        "names": ("inline", ""),
    },
    "entypo": {
        "family": "entypo",
        "package": "fonts-entypo",
        "paths": ["/usr/share/fonts/truetype/fonts-entypo/entypo.ttf"],
        "names": ("inline", ""),
    },
    "codicon": {
        "family": "codicon",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "codicon.ttf")],
        "names": ("json", str(QTA / "codicon-charmap.json")),
    },
    "phosphor": {
        "family": "phosphor",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "phosphor.ttf")],
        "names": ("json", str(QTA / "phosphor-charmap.json")),
    },
    "remix": {
        "family": "remix",
        "package": "python-qtawesome-common",
        "paths": [str(QTA / "remixicon.ttf")],
        "names": ("json", str(QTA / "remixicon-charmap.json")),
    },
}

FA4 = "fontawesome", "forkawesome"
PHOSPHOR_WEIGHTS = ("", "-bold", "-thin", "-fill")

# class -> font -> glyph names. Fonts without a name table (glyphicons, entypo) give
# "name=codepoint" directly (Bootstrap 3's glyphicon names; Entypo's Unicode names).
# A Remix drawing is listed in its line and its fill weight (a filled gear is how Material and
# most apps draw settings), except where Remix's "-fill" is another figure: the line drawing
# knocked out of a disc (refresh-fill, restart-fill, bell-fill) or a solid triangle for a
# chevron (arrow-left-s-fill).
CHOICES: dict[str, dict[str, list[str]]] = {
    "overflow": {
        "material": ["more_vert", "more_horiz"],
        "mdi": ["mdi-dots-vertical", "mdi-dots-horizontal"],
        "mdi6": ["dots-vertical", "dots-horizontal"],
        FA4: ["fa-ellipsis-v", "fa-ellipsis-h"],
        "fa5-solid": ["ellipsis-v", "ellipsis-h"],
        "glyphicons": ["option-vertical=e235", "option-horizontal=e234"],
        "entypo": ["dot-3=e78d"],
        "codicon": ["kebab-vertical", "ellipsis"],
        "phosphor": ["dots-three-vertical", "dots-three"],
        "remix": ["more-2-fill", "more-fill", "more-2-line", "more-line"],
    },
    "back": {
        "material": ["arrow_back", "arrow_back_ios"],
        "mdi": ["mdi-arrow-left", "mdi-chevron-left"],
        "mdi6": ["arrow-left", "chevron-left"],
        FA4: ["fa-arrow-left", "fa-chevron-left", "fa-long-arrow-left"],
        "fa5-solid": ["arrow-left", "chevron-left"],
        "elusive": ["el-arrow-left", "el-chevron-left"],
        "glyphicons": ["arrow-left=e091", "chevron-left=e079"],
        "entypo": ["arrowleft=2190", "left-open-big=e765"],
        "codicon": ["arrow-left", "chevron-left"],
        "phosphor": ["arrow-left", "caret-left"],
        "remix": ["arrow-left-line", "arrow-left-s-line", "arrow-left-fill"],
    },
    "close": {
        "material": ["close"],
        "mdi": ["mdi-close"],
        "mdi6": ["close"],
        FA4: ["fa-times"],
        "fa5-solid": ["times"],
        "elusive": ["el-remove"],
        "glyphicons": ["remove=e014"],
        "entypo": ["cross=2715"],  # heavy-cross (2716) is drawn as a circled x: cancel
        "codicon": ["close"],
        "phosphor": ["x"],
        "remix": ["close-line", "close-fill"],
    },
    "home": {
        "material": ["home"],
        "mdi": ["mdi-home", "mdi-home-variant"],
        "mdi6": ["home", "home-outline", "home-variant"],
        FA4: ["fa-home"],
        "fa5-solid": ["home"],
        "elusive": ["el-home"],
        "glyphicons": ["home=e021"],
        "entypo": ["house=2302"],
        "codicon": ["home"],
        "phosphor": ["house", "house-simple"],
        "remix": [
            "home-line",
            "home-fill",
            "home-4-line",
            "home-4-fill",
            "home-5-line",
            "home-5-fill",
        ],
    },
    "search": {
        "material": ["search"],
        "mdi": ["mdi-magnify"],
        "mdi6": ["magnify"],
        FA4: ["fa-search"],
        "fa5-solid": ["search"],
        "elusive": ["el-search"],
        "glyphicons": ["search=e003"],
        "entypo": ["search=1f50d"],
        "codicon": ["search"],
        "phosphor": ["magnifying-glass"],
        "remix": ["search-line", "search-fill", "search-2-line", "search-2-fill"],
    },
    "settings": {
        "material": ["settings"],
        "mdi": ["mdi-settings"],
        "mdi6": ["cog", "cog-outline"],
        FA4: ["fa-cog"],
        "fa5-solid": ["cog"],
        "elusive": ["el-cog"],
        "glyphicons": ["cog=e019"],
        "entypo": ["cog=2699"],
        "codicon": ["settings-gear", "gear"],
        "phosphor": ["gear", "gear-six"],
        # settings-line / settings-fill are drawn as a hexagon nut with a hole, not a gear
        "remix": ["settings-3-line", "settings-3-fill", "settings-5-line", "settings-5-fill"],
    },
    "share": {
        "material": ["share", "ios_share"],
        "mdi": ["mdi-share-variant", "mdi-share"],
        "mdi6": ["share-variant", "share-variant-outline", "share"],
        FA4: ["fa-share-alt", "fa-share", "fa-share-square-o"],
        "fa5-solid": ["share-alt", "share"],
        "fa5-regular": ["share-square"],
        "elusive": ["el-share-alt", "el-share"],
        "glyphicons": ["share=e066", "share-alt=e095"],
        "entypo": ["share=e73c", "export=e715"],
        "phosphor": ["share-network", "share", "export"],
        # share-box-line is drawn as an arrow leaving a box: open_in_new (concept_table.py)
        "remix": ["share-line", "share-fill", "share-forward-line", "share-forward-fill"],
    },
    "edit": {
        "material": ["edit", "mode_edit_outline"],
        "mdi": ["mdi-pencil", "mdi-lead-pencil"],
        "mdi6": ["pencil", "pencil-outline"],
        FA4: ["fa-pencil", "fa-pencil-square-o"],
        "fa5-solid": ["pen", "pencil-alt", "edit"],
        "fa5-regular": ["edit"],
        "elusive": ["el-pencil", "el-edit"],
        "glyphicons": ["pencil=270f", "edit=e065"],
        "entypo": ["pencil=270e"],
        "codicon": ["edit"],
        "phosphor": ["pencil", "pencil-simple", "pencil-simple-line"],
        "remix": [
            "pencil-line",
            "pencil-fill",
            "edit-line",
            "edit-fill",
            "edit-2-line",
            "edit-2-fill",
        ],
    },
    "delete": {
        "material": ["delete", "delete_outline"],
        "mdi": ["mdi-delete"],
        "mdi6": ["delete", "delete-outline"],
        FA4: ["fa-trash", "fa-trash-o"],
        "fa5-solid": ["trash", "trash-alt"],
        "fa5-regular": ["trash-alt"],
        "elusive": ["el-trash", "el-trash-alt"],
        "glyphicons": ["trash=e020"],
        "entypo": ["trash=e729"],
        "codicon": ["trash"],
        "phosphor": ["trash", "trash-simple"],
        "remix": [
            "delete-bin-line",
            "delete-bin-fill",
            "delete-bin-6-line",
            "delete-bin-6-fill",
            "delete-bin-7-line",
            "delete-bin-7-fill",
        ],
    },
    "add": {
        "material": ["add"],
        "mdi": ["mdi-plus"],
        "mdi6": ["plus"],
        FA4: ["fa-plus"],
        "fa5-solid": ["plus"],
        "elusive": ["el-plus"],
        "glyphicons": ["plus=2b"],
        "entypo": ["plus=2b"],  # heavy-plus (2795) is drawn as a circled plus: add_circle
        "codicon": ["add"],
        "phosphor": ["plus"],
        "remix": ["add-line", "add-fill"],
    },
    "play": {
        "material": ["play_arrow"],
        "mdi": ["mdi-play"],
        "mdi6": ["play", "play-outline"],
        FA4: ["fa-play"],
        "fa5-solid": ["play"],
        "elusive": ["el-play"],
        "glyphicons": ["play=e072", "triangle-right=e250"],
        "entypo": ["play=25b6"],
        "codicon": ["play"],
        "phosphor": ["play"],
        "remix": ["play-fill", "play-line", "play-mini-fill", "play-mini-line"],
    },
    "pause": {
        "material": ["pause"],
        "mdi": ["mdi-pause"],
        "mdi6": ["pause"],
        FA4: ["fa-pause"],
        "fa5-solid": ["pause"],
        "elusive": ["el-pause"],
        "glyphicons": ["pause=e073"],
        "entypo": ["pause=2389"],
        "codicon": ["debug-pause"],
        "phosphor": ["pause"],
        "remix": ["pause-fill", "pause-line", "pause-mini-fill", "pause-mini-line"],
    },
    "refresh": {
        "material": ["refresh", "autorenew", "sync"],
        "mdi": ["mdi-refresh", "mdi-autorenew", "mdi-sync"],
        "mdi6": ["refresh", "autorenew", "sync"],
        FA4: ["fa-refresh", "fa-repeat"],
        "fa5-solid": ["sync", "sync-alt", "redo", "redo-alt"],
        "elusive": ["el-refresh"],
        "glyphicons": ["refresh=e031", "repeat=e030"],
        "entypo": ["cw=27f3", "arrows-ccw=1f504"],
        "codicon": ["refresh", "sync", "debug-restart"],
        "phosphor": ["arrow-clockwise", "arrows-clockwise", "arrow-counter-clockwise"],
        "remix": ["refresh-line", "restart-line", "loop-right-line"],
    },
    "favorite": {
        "material": ["favorite", "favorite_border", "star", "star_border"],
        "mdi": ["mdi-heart", "mdi-heart-outline", "mdi-star", "mdi-star-outline"],
        "mdi6": ["heart", "heart-outline", "star", "star-outline"],
        FA4: ["fa-heart", "fa-heart-o", "fa-star", "fa-star-o"],
        "fa5-solid": ["heart", "star"],
        "fa5-regular": ["heart", "star"],
        "elusive": ["el-heart", "el-heart-empty", "el-star", "el-star-empty"],
        "glyphicons": ["heart=e005", "heart-empty=e143", "star=e006", "star-empty=e007"],
        "entypo": ["heart=2665", "heart-empty=2661", "star=2605", "star-empty=2606"],
        "codicon": ["heart", "heart-filled", "star-full", "star-empty"],
        "phosphor": ["heart", "heart-straight", "star"],
        "remix": [
            "heart-line",
            "heart-fill",
            "heart-3-line",
            "heart-3-fill",
            "star-line",
            "star-fill",
        ],
    },
    "bookmark": {
        "material": ["bookmark", "bookmark_border"],
        "mdi": ["mdi-bookmark", "mdi-bookmark-outline"],
        "mdi6": ["bookmark", "bookmark-outline"],
        FA4: ["fa-bookmark", "fa-bookmark-o"],
        "fa5-solid": ["bookmark"],
        "fa5-regular": ["bookmark"],
        "elusive": ["el-bookmark", "el-bookmark-empty"],
        "glyphicons": ["bookmark=e044"],
        "entypo": ["bookmark=1f516"],
        "codicon": ["bookmark"],
        "phosphor": ["bookmark-simple", "bookmark"],
        "remix": ["bookmark-line", "bookmark-fill", "bookmark-3-line", "bookmark-3-fill"],
    },
    "notification": {
        "material": ["notifications", "notifications_none"],
        "mdi": ["mdi-bell", "mdi-bell-outline"],
        "mdi6": ["bell", "bell-outline"],
        FA4: ["fa-bell", "fa-bell-o"],
        "fa5-solid": ["bell"],
        "fa5-regular": ["bell"],
        "elusive": ["el-bell"],
        "glyphicons": ["bell=e123"],
        "entypo": ["bell=1f514"],
        "codicon": ["bell"],
        "phosphor": ["bell", "bell-simple"],
        "remix": [
            "notification-line",
            "notification-fill",
            "notification-3-line",
            "notification-3-fill",
            "bell-line",
        ],
    },
    "filter": {
        "material": ["filter_alt", "filter_list"],
        "mdi": ["mdi-filter", "mdi-filter-outline", "mdi-filter-variant"],
        "mdi6": ["filter", "filter-outline", "filter-variant"],
        FA4: ["fa-filter"],
        "fa5-solid": ["filter"],
        "elusive": ["el-filter"],
        "glyphicons": ["filter=e138"],
        "codicon": ["filter", "filter-filled"],
        "phosphor": ["funnel", "funnel-simple"],
        "remix": [
            "filter-line",
            "filter-fill",
            "filter-3-line",
            "filter-3-fill",
            "filter-2-line",
            "filter-2-fill",
        ],
    },
    # Sort is drawn three ways: bars of decreasing length, ▲▼ carets (Font Awesome), and ↑↓
    # arrows side by side (the column-sort toggle of Tabler's arrows-sort, Lucide's
    # arrow-up-down, Carbon's arrows-vertical; the fonts here name that drawing swap_vert /
    # arrows-down-up). The ↑↓ pair is drawn level or staggered (Material's swap_vert, MDI's
    # sort); the staggered one is the ⇄ of exchange / arrow-swap turned upright ("@90").
    "sort": {
        "material": ["sort", "swap_vert"],
        "mdi": ["mdi-sort", "mdi-sort-variant", "mdi-swap-vertical"],
        "mdi6": ["sort", "sort-variant", "swap-vertical"],
        FA4: ["fa-sort", "fa-sort-amount-desc", "fa-exchange@90"],
        "fa5-solid": ["sort", "sort-amount-down"],
        "glyphicons": ["sort=e150", "sort-by-attributes=e155"],
        "codicon": ["arrow-swap@90"],
        "phosphor": ["sort-ascending", "sort-descending", "arrows-down-up"],
        "remix": ["sort-desc", "sort-asc", "arrow-up-down-line", "arrow-up-down-fill"],
    },
    "download": {
        "material": ["file_download", "download"],
        "mdi": ["mdi-download"],
        "mdi6": ["download", "download-outline", "tray-arrow-down"],
        FA4: ["fa-download"],
        "fa5-solid": ["download"],  # arrow-down is a plain arrow (arrow_downward)
        "elusive": ["el-download-alt", "el-download"],
        "glyphicons": ["download-alt=e025", "save=e166"],
        "entypo": ["download=1f4e5"],
        "codicon": ["desktop-download", "cloud-download"],
        "phosphor": ["download-simple", "download"],
        "remix": ["download-line", "download-fill", "download-2-line", "download-2-fill"],
    },
    # Upload: an arrow out of a tray, over a bar, or up to a bar (Material's publish, Eva's and
    # Carbon's upload, Phosphor's arrow-line-up).
    "upload": {
        "material": ["file_upload", "upload", "publish"],
        "mdi": ["mdi-upload", "mdi-publish"],
        "mdi6": ["upload", "upload-outline", "tray-arrow-up", "publish"],
        FA4: ["fa-upload"],
        "fa5-solid": ["upload"],  # arrow-up is a plain arrow (arrow_upward)
        "elusive": ["el-upload"],
        "glyphicons": ["open=e167", "upload=e027"],
        "entypo": ["upload=1f4e4"],
        "codicon": ["cloud-upload"],
        "phosphor": ["upload-simple", "upload", "arrow-line-up"],
        "remix": ["upload-line", "upload-fill", "upload-2-line", "upload-2-fill"],
    },
    "profile": {
        "material": ["person", "account_circle", "person_outline"],
        "mdi": ["mdi-account", "mdi-account-circle", "mdi-account-outline"],
        "mdi6": ["account", "account-circle", "account-outline", "account-circle-outline"],
        FA4: ["fa-user", "fa-user-circle", "fa-user-o", "fa-user-circle-o"],
        "fa5-solid": ["user", "user-circle"],
        "fa5-regular": ["user", "user-circle"],
        "elusive": ["el-user", "el-person"],
        "glyphicons": ["user=e008"],
        "entypo": ["user=1f464"],
        "codicon": ["account", "person"],
        "phosphor": ["user", "user-circle"],
        "remix": [
            "user-line",
            "user-fill",
            "user-3-line",
            "user-3-fill",
            "account-circle-line",
            "account-circle-fill",
        ],
    },
    "hamburger": {
        "material": ["menu"],
        "mdi": ["mdi-menu"],
        "mdi6": ["menu"],
        FA4: ["fa-bars"],
        "fa5-solid": ["bars"],
        "elusive": ["el-lines", "el-align-justify"],
        "glyphicons": ["menu-hamburger=e236"],
        "entypo": ["menu=2630"],
        "codicon": ["menu", "three-bars"],
        "phosphor": ["list"],
        "remix": ["menu-line", "menu-fill"],
    },
}


def _css_names(path: str) -> dict[str, int]:
    text = Path(path).read_text(encoding="utf-8")
    out: dict[str, int] = {}
    for match in re.finditer(r'((?:[.\w-]+:before,?\s*)+)\{\s*content:\s*"\\([0-9a-fA-F]+)"', text):
        for name in re.findall(r"\.([\w-]+):before", match.group(1)):
            out[name] = int(match.group(2), 16)
    return out


def _json_names(path: str) -> dict[str, int]:
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    return {name: int(str(code), 16) for name, code in raw.items()}


CHECK_DRAWN = ("fa5-solid", "fa5-regular")
"""Fonts whose file is not the font its name table describes: Debian's python-qtawesome-common
ships Fork Awesome glyphs under the Font Awesome 5 file names, so FA5's charmap sends
``clipboard`` to a moon, ``pencil-alt`` / ``trash-alt`` / ``external-link-alt`` to brand logos.
Only names the font's own glyph names agree with are kept (:func:`drawn_names`)."""

_NAME_STYLES = {"o", "alt"}


def _name_words(name: str) -> frozenset[str]:
    words = [w for w in re.split(r"[-_\s]+", name.lower().removeprefix("fa-")) if w]
    while len(words) > 1 and words[-1] in _NAME_STYLES:
        words.pop()
    return frozenset(words)


def drawn_names(font: str, names: dict[str, int]) -> dict[str, int]:
    """``names`` without the code points whose glyph in the installed font is named otherwise,
    i.e. draws something else (for :data:`CHECK_DRAWN` fonts; others are returned as they are)."""
    if font not in CHECK_DRAWN:
        return names
    from fontTools.ttLib import TTFont  # a dev tool: fonttools is in the test extra

    path = next((p for p in FONTS[font]["paths"] if Path(p).is_file()), None)  # type: ignore[attr-defined]
    if path is None:
        return names
    cmap = TTFont(path).getBestCmap()
    return {
        name: code
        for name, code in names.items()
        if code not in cmap or _name_words(cmap[code]) == _name_words(name)
    }  # a code point the font lacks renders blank and is skipped when references are built


def font_names(font: str) -> dict[str, int]:
    """The glyph names of ``font`` (from its CSS / charmap) that draw what they say."""
    kind, where = FONTS[font]["names"]  # type: ignore[misc]
    if kind == "css":
        names = _css_names(where)
    elif kind == "json":
        names = _json_names(where)
    else:
        return {}
    return drawn_names(font, names)


def main() -> None:
    names = {font: font_names(font) for font in FONTS}
    out = [
        "# Icon classes (iconfind/data/icon_patterns.toml) -> glyphs of the icon fonts Debian ships.",
        "# Generated by tools/glyph_table.py from each font's CSS / charmap; edit that script's",
        '# choices and regenerate. Each glyph is "name=hexcodepoint".',
        "#",
        "# [fonts.ID]: family is the design lineage. Evaluation holds out whole lineages (Google",
        "# Material Icons and Templarian MDI share one, as do Font Awesome 4/5 and Fork Awesome),",
        "# so a held-out test never sees a near-copy of its glyphs. paths are tried in order.",
        "",
    ]
    for font, spec in FONTS.items():
        out.append(f"[fonts.{json.dumps(font)}]")
        out.append(f'family = "{spec["family"]}"')
        out.append(f'package = "{spec["package"]}"')
        out.append("paths = [" + ", ".join(json.dumps(p) for p in spec["paths"]) + "]")  # type: ignore[attr-defined]
        out.append("")
    for cls, per_font in CHOICES.items():
        out.append(f"[glyphs.{cls}]")
        for fonts, glyphs in per_font.items():
            for font in (fonts,) if isinstance(fonts, str) else fonts:
                entries = []
                for glyph in glyphs:
                    if "=" in glyph:
                        entries.append(glyph)
                        continue
                    glyph, _, turn = glyph.partition("@")  # "name@90": drawn turned
                    variants = (
                        [glyph + w for w in PHOSPHOR_WEIGHTS] if font == "phosphor" else [glyph]
                    )
                    for variant in variants:
                        if variant not in names[font]:  # or drawn otherwise (CHECK_DRAWN)
                            print(f"missing: {font} {variant}", file=sys.stderr)
                            continue
                        turned = f"@{turn}" if turn else ""
                        entries.append(f"{variant}={names[font][variant]:x}{turned}")
                if entries:
                    out.append(
                        f"{json.dumps(font)} = [" + ", ".join(json.dumps(e) for e in entries) + "]"
                    )
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
