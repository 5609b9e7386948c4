"""Evidence beyond labels (ids, hints, icon-font classes, glyphs), the same on every platform."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from iconfind import AccessibilityText, Element, Locator, ReplayBackend, ResourceIdPatterns
from iconfind.backends import parse_uiautomator_xml
from iconfind.errors import PatternFileError
from iconfind.evidence import Evidence, EvidenceTable, strip_private_use
from tests.delegating import DelegatingBackend

TABLE = EvidenceTable.default()


def test_a_label_of_private_use_glyphs_is_no_label() -> None:
    assert strip_private_use("\uf0c9") == ""
    assert strip_private_use("\uf0e4 Dashboard") == "Dashboard"
    assert strip_private_use("Plain ✖ text") == "Plain ✖ text"


@pytest.mark.parametrize(
    ("glyph", "family", "concept"),
    [
        ("\uf0c9", "FontAwesome", "hamburger"),
        ("\uf0c9", '"Font Awesome 5 Free"', "hamburger"),
        ("\uf1f8", "'Font Awesome 6 Free'", "delete"),
        ("\ue5d2", "Material Icons", "hamburger"),
        ("✖", "", "close"),
        ("☰", "DejaVu Sans", "hamburger"),
        ("⚙️", "", "settings"),
        ("\uf0c9", "Some Unknown Font", None),
    ],
)
def test_glyphs_map_to_concepts_by_font_and_code_point(
    glyph: str, family: str, concept: str | None
) -> None:
    assert TABLE.glyph_concept(glyph, family) == concept


@pytest.mark.parametrize(
    ("css_class", "concept"),
    [
        ("fa-bars", "hamburger"),
        ("bi-trash", "delete"),
        ("icon-search", "search"),
        ("glyphicon-remove", "close"),
        ("mdi-cog", "settings"),
        ("destroy", "delete"),
        ("btn-primary", None),
        ("fa-facebook-f", None),
    ],
)
def test_icon_font_classes_name_concepts(css_class: str, concept: str | None) -> None:
    assert TABLE.class_concept(css_class) == concept


def test_ligature_text_names_a_concept() -> None:
    assert TABLE.name_concept("menu") == "hamburger"
    assert TABLE.name_concept("delete_forever") == "delete"


def _el(index: int, parent: int | None, **fields: object) -> Element:
    fields.setdefault("bounds", f"[0,{index * 100}][500,{index * 100 + 90}]")
    return Element(index=index, parent=parent, **fields)  # type: ignore[arg-type]


def test_an_id_names_its_words_only_around_widget_words() -> None:
    evidence = Evidence()
    tree = [
        _el(0, None, class_name="android.widget.FrameLayout"),
        _el(1, 0, resource_id="com.app:id/messagesDropdown", clickable=True),
        _el(2, 0, resource_id="com.app:id/note_title", text="Groceries"),
    ]
    assert evidence.matches(tree, tree, "messages") == [tree[1]]
    assert evidence.matches(tree, tree, "notes") == []  # note_title names data, not a note


def test_an_icon_inside_a_labelled_clickable_is_decoration() -> None:
    evidence = Evidence()
    tree = [
        _el(0, None, class_name="RootWebArea"),
        _el(1, 0, class_name="link", text="Components", resource_id="nav-link", clickable=True),
        _el(2, 1, class_name="generic", resource_id="fa fa-fw fa-cog"),
        _el(3, 0, class_name="button", resource_id="btn btn-circle", clickable=True),
        _el(4, 3, class_name="generic", resource_id="fa fa-cog"),
    ]
    assert evidence.matches(tree, tree, "settings") == [tree[3]]


def test_bad_evidence_files_raise_a_typed_error(tmp_path: Path) -> None:
    bad = tmp_path / "evidence.toml"
    bad.write_text('[codepoints.fontawesome]\nzz = "menu"\n', encoding="utf-8")
    with pytest.raises(PatternFileError, match="hex"):
        EvidenceTable.load(bad)
    bad.write_text("prefixes = 'fa-'\n", encoding="utf-8")
    with pytest.raises(PatternFileError):
        EvidenceTable.load(bad)


def test_evidence_files_extend_the_table(tmp_path: Path) -> None:
    extra = tmp_path / "evidence.toml"
    extra.write_text(
        'prefixes = ["my-"]\n[names]\nburger-lines = "hamburger"\n'
        '[concepts]\ncart = ["cart", "basket"]\n[symbols]\n"🛒" = "cart"\n',
        encoding="utf-8",
    )
    table = EvidenceTable.load(extra)
    assert table.class_concept("my-burger-lines") == "hamburger"
    assert table.concepts_for("basket") == {"cart"}
    assert table.glyph_concept("🛒") == "cart"


# -- one query, the same answer on Android, desktop and web trees ----------------------------

ANDROID_XML = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.mail"
 content-desc="" clickable="false" bounds="[0,0][1080,2400]">
<node index="0" text="" resource-id="com.example.mail:id/search_bar"
 class="android.widget.LinearLayout" package="com.example.mail" content-desc="" clickable="false"
 bounds="[0,100][880,200]">
<node index="0" text="" resource-id="com.example.mail:id/search_src_text"
 class="android.widget.EditText" package="com.example.mail" content-desc="" clickable="true"
 hint="Search mail" bounds="[0,100][880,200]" />
</node>
<node index="1" text="" resource-id="com.example.mail:id/searchButton"
 class="android.widget.ImageButton" package="com.example.mail" content-desc="" clickable="true"
 bounds="[900,100][1000,200]" />
<node index="2" text="" resource-id="com.example.mail:id/et_email"
 class="android.widget.EditText" package="com.example.mail" content-desc="" clickable="true"
 hint="Email address" bounds="[0,300][1080,400]" />
<node index="3" text="" resource-id="com.example.mail:id/et_password"
 class="android.widget.EditText" package="com.example.mail" content-desc="" clickable="true"
 password="true" hint="Password" bounds="[0,450][1080,550]" />
<node index="4" text="" resource-id="com.example.mail:id/messagesTab"
 class="android.widget.ImageView" package="com.example.mail" content-desc="" clickable="true"
 bounds="[0,2200][200,2400]" />
<node index="5" resource-id="com.example.mail:id/footer_note" class="android.widget.TextView"
 text="Messages are kept for thirty days after you delete them from the inbox folder"
 package="com.example.mail" content-desc="" clickable="false" bounds="[0,1800][1080,1900]" />
<node index="6" text="" resource-id="com.example.mail:id/sidebarToggle"
 class="android.widget.ImageButton" package="com.example.mail" content-desc="" clickable="true"
 bounds="[0,0][100,90]" />
</node>
</hierarchy>
"""


def _desktop_tree(kinds: dict[str, str]) -> list[Element]:
    """An AT-SPI or UI Automation window of the same controls, ids as automation ids."""
    rows = [
        ("frame", "", False, "[0,0][1080,2400]", None),
        (kinds["panel"], "searchBar", False, "[0,100][880,200]", 0),
        (kinds["entry"], "searchEntry", True, "[0,100][880,200]", 1),
        (kinds["button"], "searchButton", True, "[900,100][1000,200]", 0),
        (kinds["entry"], "emailEntry", True, "[0,300][1080,400]", 0),
        (kinds["password"], "passwordEntry", True, "[0,450][1080,550]", 0),
        (kinds["toggle"], "messagesButton", True, "[0,2200][200,2400]", 0),
        (
            kinds["label"],
            "footerNote",
            False,
            "[0,1800][1080,1900]",
            0,
        ),
        (kinds["button"], "sidebarToggle", True, "[0,0][100,90]", 0),
    ]
    footer = "Messages are kept for thirty days after you delete them from the inbox folder"
    return [
        Element(
            bounds=bounds,
            class_name=kind,
            resource_id=rid,
            clickable=clickable,
            password=rid == "passwordEntry",
            text=footer if rid == "footerNote" else "",
            index=i,
            parent=parent,
            depth=0 if parent is None else 1,
        )
        for i, (kind, rid, clickable, bounds, parent) in enumerate(rows)
    ]


ATSPI = {
    "panel": "panel",
    "entry": "text",
    "button": "push button",
    "password": "password text",
    "toggle": "toggle button",
    "label": "label",
}
UIA = {
    "panel": "PaneControl",
    "entry": "EditControl",
    "button": "ButtonControl",
    "password": "EditControl",
    "toggle": "ButtonControl",
    "label": "TextControl",
}


class _TreeBackend(DelegatingBackend):
    def __init__(self, inner: ReplayBackend, elements: list[Element]) -> None:
        super().__init__(inner)
        self.elements = elements

    def hierarchy(self) -> list[Element] | None:
        return self.elements


def _screens(tmp_path: Path) -> dict[str, DelegatingBackend]:
    Image.new("RGB", (1080, 2400), "white").save(tmp_path / "screenshot.png")
    (tmp_path / "hierarchy.xml").write_text(ANDROID_XML, encoding="utf-8")
    replay = ReplayBackend(tmp_path)
    android = parse_uiautomator_xml(ANDROID_XML) or []
    assert android[2].hints == ("Search mail",)  # the hint attribute is read
    return {
        "android": _TreeBackend(replay, android),
        "atspi": _TreeBackend(replay, _desktop_tree(ATSPI)),
        "uia": _TreeBackend(replay, _desktop_tree(UIA)),
    }


@pytest.mark.parametrize(
    ("query", "android_id", "desktop_id"),
    [
        ("search button", "com.example.mail:id/searchButton", "searchButton"),
        ("search field", "com.example.mail:id/search_src_text", "searchEntry"),
        ("email field", "com.example.mail:id/et_email", "emailEntry"),
        ("password field", "com.example.mail:id/et_password", "passwordEntry"),
        ("messages", "com.example.mail:id/messagesTab", "messagesButton"),
        ("sidebar toggle", "com.example.mail:id/sidebarToggle", "sidebarToggle"),
    ],
)
def test_one_query_means_the_same_on_every_platform(
    tmp_path: Path, query: str, android_id: str, desktop_id: str
) -> None:
    for platform, backend in _screens(tmp_path).items():
        locator = Locator(backend, strategies=[AccessibilityText(), ResourceIdPatterns()])
        result = locator.find(query)
        expected = android_id if platform == "android" else desktop_id
        assert result.ok, (platform, query, result.error)
        assert result.element.resource_id == expected, (platform, query)


@pytest.mark.parametrize("query", ["button", "field", "checkbox", "notes", "cart button"])
def test_role_words_alone_and_absent_names_find_nothing(tmp_path: Path, query: str) -> None:
    for platform, backend in _screens(tmp_path).items():
        locator = Locator(backend, strategies=[AccessibilityText(), ResourceIdPatterns()])
        assert not locator.find(query).ok, (platform, query)
