"""Label grading, id words and ranking (iconfind.matching), through the tiers that use them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind._text import fold, folded_words
from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.matching.ids import IdMatch, id_match, id_terms, query_terms
from iconfind.matching.labels import Grade, match_label
from iconfind.matching.rank import is_container
from iconfind.models import Element, Selector
from iconfind.screen import Screen
from iconfind.strategies._matches import label_matches, said_by_tree
from iconfind.strategies.accessibility import AccessibilityText
from iconfind.strategies.base import Query
from iconfind.strategies.resource_id import ResourceIdPatterns
from tests.screens import replay_of

SCREEN = (1080, 2400)


def _screen(tmp_path: Path, elements: list[Element]) -> Screen:
    """A screen read through the real replay backend and uiautomator parser."""
    return Screen(replay_of(tmp_path, elements, SCREEN))


@pytest.mark.parametrize(
    ("label", "query"),
    [
        ("Câmera", "camera"),
        ("Batería", "bateria"),
        ("Configuración", "configuracion"),
        ("Sonido y vibración", "sonido y vibracion"),
        ("Itaú", "Itau"),
        ("ＯＫ", "ok"),
        ("New sign-in…", "new sign in"),
        ("Audio books", "audiobooks"),
        ("Kill Bill: Vol. 1", "Kill Bill Vol 1"),
        ("Bağlantılar", "baglantilar"),
        ("Cài đặt", "cai dat"),
    ],
)
def test_folded_labels_are_the_whole_label(label: str, query: str) -> None:
    assert match_label(label, query) is Grade.WHOLE_LABEL


def test_grades_rank_exact_case_first_then_words() -> None:
    assert match_label("LOGIN", "LOGIN") is Grade.EXACT
    assert match_label("Login", "LOGIN") is Grade.WHOLE_LABEL
    assert match_label("Sign in with Google", "sign in") is Grade.LEADING
    assert match_label("Open navigation drawer", "navigation drawer") is Grade.WHOLE_WORDS
    assert match_label("Load up to 100 more", "load more") is Grade.ORDERED
    assert match_label("Notifications", "notifcations") is Grade.SLIP


@pytest.mark.parametrize(
    ("label", "query"),
    [
        ("Sent from my phone today", "sent"),  # one word inside a longer text: a near miss
        ("Feedback", "back"),  # words, never substrings
        ("Page 2", "Page 1"),  # digits never slip
        ("Apenas 2G", "apenas 3g"),
        ("Send", "Sent"),  # short words never slip
        ("Start Agent", "stop agent"),
    ],
)
def test_near_misses_are_no_match(label: str, query: str) -> None:
    assert match_label(label, query) is None


def test_each_part_of_a_composite_label_is_a_label() -> None:
    assert match_label("Attendance\nTab 2 of 5", "attendance") is Grade.WHOLE_LABEL
    assert (
        match_label("Aeropress. Press brewing using air pressure", "aeropress") is Grade.WHOLE_LABEL
    )
    assert match_label("Alarm, No alarm set", "alarm") is Grade.WHOLE_LABEL


def test_a_name_written_with_its_capitals_is_found_inside_a_long_text() -> None:
    desc = "Notificação do LinkedIn: Candidate-se a vagas de Estagiário de TI"
    assert match_label(desc, "LinkedIn") is Grade.LONG_TEXT
    assert match_label(desc, "vagas") is None


def test_fold_and_words() -> None:
    assert fold("ＣＡＦÉ") == "cafe"
    assert folded_words("Kill Bill: Vol. 1") == ("kill", "bill", "vol", "1")


@pytest.mark.parametrize(
    ("resource_id", "query", "expected"),
    [
        ("com.x:id/notiBtn", "notifications", IdMatch.WHOLE),
        ("com.x:id/clearName", "clear name", IdMatch.WHOLE),
        ("com.x:id/btnZoomIn", "zoom in", IdMatch.WHOLE),
        ("com.x:id/zoom_out", "the zoom out button", IdMatch.WHOLE),
        ("com.x:id/iv_mypage", "my page", IdMatch.WHOLE),
        ("com.x:id/nav_shop", "shop", IdMatch.HEAD),
        ("com.x:id/inline_retweet", "retweet", IdMatch.HEAD),
        ("com.x:id/retweet_count", "retweet", None),
        ("com.x:id/mic_icon", "mic", IdMatch.WHOLE),
    ],
)
def test_ids_read_as_words(resource_id: str, query: str, expected: IdMatch | None) -> None:
    assert id_match(resource_id, query) is expected


def test_abbreviations_expand_on_both_sides() -> None:
    assert id_terms("com.x:id/notiBtn", structural=False) == ("notification",)
    assert query_terms("the Notifications button") == ("notification",)


def test_container_share() -> None:
    drawer = Element(bounds=(0, 0, 1080, 2400), resource_id="com.x:id/drawer_layout")
    icon = Element(bounds=(0, 100, 147, 247))
    assert is_container(drawer, *SCREEN)
    assert not is_container(icon, *SCREEN)


def test_exact_case_button_beats_a_tab_that_differs_in_case() -> None:
    tab = Element(bounds=(0, 200, 540, 330), text="Login", clickable=True)
    button = Element(bounds=(90, 1800, 990, 1940), text="LOGIN", clickable=True)
    assert label_matches([tab, button], "LOGIN") == [button]


def test_clickable_label_beats_the_paragraph_that_ends_with_it() -> None:
    paragraph = Element(
        bounds=(60, 400, 1020, 700),
        text="Waiting to automatically detect an SMS sent to +1 555 0100. Wrong number?",
    )
    link = Element(bounds=(580, 720, 880, 780), text="Wrong number?", clickable=True)
    assert label_matches([paragraph, link], "wrong number")[0] == link


def test_absent_word_inside_a_snippet_is_not_found(tmp_path: Path) -> None:
    row = Element(
        bounds=(0, 400, 1080, 620),
        content_desc="Alice, Invoice, I sent you the invoice for March, 10:32 AM",
        clickable=True,
    )
    result = AccessibilityText().find(Query(Selector(text="Sent")), _screen(tmp_path, [row]))
    assert result is None


def test_tier2_skips_the_drawer_container_for_the_hamburger_button(tmp_path: Path) -> None:
    elements = [
        Element(bounds=(0, 0, 1080, 2400), resource_id="com.x:id/drawer_layout"),
        Element(
            bounds=(0, 84, 147, 231),
            class_name="android.widget.ImageButton",
            content_desc="Open navigation drawer",
            clickable=True,
        ),
    ]
    result = ResourceIdPatterns().find(
        Query(Selector(text="hamburger menu")), _screen(tmp_path, elements)
    )
    assert result is not None and result.ok
    assert result.element.content_desc == "Open navigation drawer"


def test_tier2_prefers_the_settings_button_over_a_settings_overlay(tmp_path: Path) -> None:
    elements = [
        Element(bounds=(0, 200, 1080, 2300), resource_id="com.x:id/settings_fragment_overlay"),
        Element(
            bounds=(940, 60, 1060, 180), resource_id="com.x:id/button_settings", clickable=True
        ),
    ]
    result = ResourceIdPatterns().find(
        Query(Selector(text="settings")), _screen(tmp_path, elements)
    )
    assert result is not None and result.ok
    assert result.element.resource_id == "com.x:id/button_settings"


def test_english_query_finds_an_english_id_on_a_foreign_screen(tmp_path: Path) -> None:
    elements = [
        Element(
            bounds=(960, 120, 1080, 264),
            resource_id="com.whatsapp:id/menuitem_overflow",
            content_desc="Mais opções",
            clickable=True,
        )
    ]
    result = ResourceIdPatterns().find(
        Query(Selector(text="more options")), _screen(tmp_path, elements)
    )
    assert result is not None and result.ok


def test_ocr_text_the_tree_already_says_is_not_read_again() -> None:
    snippet = Element(bounds=(0, 400, 1080, 500), text="I sent you the invoice")
    assert said_by_tree(snippet.bounds, "sent", [snippet], SCREEN)
    webview = Element(bounds=(0, 0, 1080, 2400), content_desc="News page")
    assert not said_by_tree(snippet.bounds, "sent", [webview], SCREEN)


def test_declared_latin1_encoding_is_honoured() -> None:
    xml = (
        '<?xml version="1.0" encoding="ISO-8859-1"?><hierarchy rotation="0">'
        '<node text="Café" bounds="[0,0][100,50]"/></hierarchy>'
    ).encode("latin-1")
    elements = parse_uiautomator_xml(xml)
    assert elements is not None
    assert elements[0].text == "Café"
    assert label_matches(elements, "cafe") == elements


@given(st.text(max_size=40), st.text(max_size=20))
def test_grading_never_raises_and_is_symmetric_in_folding(label: str, query: str) -> None:
    grade = match_label(label, query)
    assert grade is None or isinstance(grade, Grade)
    if grade is not None and folded_words(query):
        # Whatever matched, the folded query's words all occur in the folded label.
        label_words = set(folded_words(label))
        assert (
            grade is Grade.SLIP
            or "".join(folded_words(query)) in "".join(folded_words(label))
            or set(folded_words(query)) <= label_words
        )
