"""Regenerate ``iconfind/data/icon_concepts.toml``: icon concepts across icon-font families.

Development tool, not shipped. It reads the glyph names of the icon fonts (CSS / charmap files of
the Debian packages, see ``tools/glyph_table.py``), reduces each name to a key (``mdi-skip-next``,
``skip_next``, ``skip-next-line`` -> ``skip_next``; style suffixes such as ``-o``, ``-outline``,
``-line``, ``-fill``, ``-bold``, ``-thin`` dropped), merges keys that name one thing
(:data:`ALIASES`: ``step_forward`` and ``forward_step`` are ``skip_next``), and keeps every
concept drawn by at least two design families. The 22 classes of ``icon_patterns.toml`` keep
their curated glyphs (``glyphs.toml``); a key that one of their glyphs already has joins no other
concept (one drawing a font names twice, fa-repeat / fa-rotate-right, may stand for two: the
acceptance policy treats such concepts as twins). :data:`GLYPH_CONCEPTS` files single glyphs by
their drawing where the name misleads (``tools/audit_concepts.py`` finds them).
:data:`SYNONYMS` adds the words people type.

    python tools/concept_table.py      # writes iconfind/data/icon_concepts.toml and
                                       # iconfind/recognition/data/concept_glyphs.toml
    python tools/build_references.py        # then rebuild the shipped reference set
"""

# ruff: noqa: E501
from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import glyph_table

from iconfind.recognition.references import GlyphTable

CONCEPT_FONTS = ("material", "mdi6", "fontawesome", "fa5-solid", "fa5-regular", "elusive", "codicon", "phosphor", "remix")
"""Fonts concepts draw from (Fork Awesome and MDI 1.6 are near-copies of FA4 and MDI 6)."""

PREFIXES = ("fa-", "mdi-", "el-")
STYLE_WORDS = {"o", "outline", "outlined", "line", "fill", "filled", "bold", "thin", "light", "regular", "solid", "duotone", "border", "sharp", "round", "rounded", "alt"}
KEEP_STYLES = {
    "material": ("", "outline", "border"),
    "mdi6": ("", "outline"),
    "fontawesome": ("", "o"),
    "fa5-solid": ("", "alt"),
    "fa5-regular": ("",),
    "elusive": ("", "alt"),
    "codicon": ("",),
    "phosphor": ("", "thin", "fill"),
    "remix": ("line", "fill"),
}
"""Which style variants of a glyph become references (a stroke, a thin and a filled weight)."""
MAX_NAMES_PER_FONT = 4
MIN_FAMILIES = 2

ALIASES: dict[str, list[str]] = {
    "skip_next": ["skip_next", "step_forward", "forward_step", "skip_forward"],
    "skip_previous": ["skip_previous", "step_backward", "backward_step", "skip_back", "skip_backward"],
    "fast_forward": ["fast_forward", "forward"],
    "fast_rewind": ["fast_rewind", "backward", "rewind"],
    "shuffle": ["shuffle", "random", "shuffle_variant", "shuffle_angular", "shuffle_simple"],
    "repeat_track": ["repeat_one", "repeat_once"],
    "stop": ["stop"],
    "camera": ["photo_camera", "camera", "camera_alt"],
    "microphone": ["mic", "microphone", "mic_none"],
    "microphone_off": ["mic_off", "microphone_slash", "microphone_off", "mic_off"],
    "volume_off": ["volume_off", "volume_mute", "volume_x", "speaker_slash", "speaker_x", "speaker_simple_x", "volume_variant_off"],
    "volume_up": ["volume_up", "volume_high", "speaker_high", "speaker_simple_high"],
    "volume_down": ["volume_down", "volume_low", "speaker_low", "speaker_simple_low"],
    "attach": ["attach_file", "attachment", "paperclip", "attach"],
    "send": ["send", "paper_plane", "paper_plane_right", "send_plane", "paper_plane_tilt"],
    "copy": ["content_copy", "copy", "clone", "files"],
    "paste": ["content_paste", "paste", "clipboard"],
    "cut": ["content_cut", "cut", "scissors"],
    "cart": ["shopping_cart", "cart", "shopping_cart_simple", "cart_variant"],
    "calendar": ["calendar", "calendar_today", "calendar_blank", "event", "calendar_month"],
    "lock": ["lock", "lock_simple", "lock_closed", "lock_key"],
    "unlock": ["lock_open", "unlock", "lock_simple_open", "lock_unlock", "lock_open_variant"],
    "fullscreen": ["fullscreen", "arrows_out", "expand", "screen_full"],
    "fullscreen_exit": ["fullscreen_exit", "arrows_in", "compress", "screen_normal"],
    "zoom_in": ["zoom_in", "search_plus", "magnifying_glass_plus", "magnify_plus"],
    "zoom_out": ["zoom_out", "search_minus", "magnifying_glass_minus", "magnify_minus"],
    "location": ["location_on", "place", "map_marker", "map_pin", "location", "map_pin_line", "room"],
    "help": ["help", "help_outline", "question", "question_circle", "help_circle", "question_mark", "question_answer_line"],
    "info": ["info", "info_outline", "info_circle", "information", "information_outline"],
    "mail": ["mail", "email", "envelope", "envelope_simple", "mail_outline", "envelope_open"],
    "phone": ["phone", "call", "phone_call", "phone_alt"],
    "chat": ["chat", "chat_bubble", "comment", "chat_circle", "message", "chat_1", "chat_teardrop", "comments"],
    "check": ["check", "done", "checkmark", "check_line"],
    "image": ["image", "photo", "picture", "image_square", "file_image"],
    "video": ["videocam", "video", "video_camera", "film_strip", "video_camera_line"],
    "print": ["print", "printer"],
    "link": ["link", "link_simple", "link_variant", "insert_link"],
    "globe": ["language", "globe", "public", "earth", "globe_simple", "web"],
    "visibility": ["visibility", "eye", "remove_red_eye"],
    "visibility_off": ["visibility_off", "eye_off", "eye_slash", "eye_closed", "eye_close"],
    "thumb_up": ["thumb_up", "thumbs_up", "thumb_up_alt"],
    "thumb_down": ["thumb_down", "thumbs_down", "thumb_down_alt"],
    "expand_more": ["expand_more", "chevron_down", "caret_down", "arrow_down_s", "keyboard_arrow_down", "angle_down"],
    "expand_less": ["expand_less", "chevron_up", "caret_up", "arrow_up_s", "keyboard_arrow_up", "angle_up"],
    "chevron_right": ["chevron_right", "navigate_next", "arrow_right_s", "keyboard_arrow_right", "angle_right"],
    "arrow_forward": ["arrow_forward", "arrow_right", "long_arrow_right"],
    "arrow_upward": ["arrow_upward", "arrow_up", "long_arrow_up"],
    "arrow_downward": ["arrow_downward", "arrow_down", "long_arrow_down"],
    "logout": ["logout", "exit_to_app", "sign_out", "log_out", "sign_out_alt", "logout_box"],
    "login": ["login", "sign_in", "log_in", "sign_in_alt", "login_box"],
    "clock": ["schedule", "clock", "access_time", "time", "alarm_clock"],
    "history": ["history", "clock_counter_clockwise", "restore"],
    "tag": ["tag", "label", "local_offer", "price_tag", "tag_simple"],
    "folder": ["folder", "folder_simple", "folder_closed"],
    "folder_open": ["folder_open", "folder_opened", "folder_simple_open"],
    "file": ["insert_drive_file", "file", "file_blank", "draft"],
    "file_text": ["description", "file_text", "file_document", "article"],
    "code": ["code", "code_simple", "code_view", "code_tags"],
    "terminal": ["terminal", "terminal_window", "console"],
    "key": ["key", "vpn_key", "key_variant"],
    "flag": ["flag", "outlined_flag", "flag_variant"],
    "cloud": ["cloud", "cloud_queue"],
    "cloud_upload": ["cloud_upload", "cloud_arrow_up", "upload_cloud"],
    "cloud_download": ["cloud_download", "cloud_arrow_down", "download_cloud"],
    "wifi": ["wifi", "wifi_high", "signal_wifi_4_bar"],
    "wifi_off": ["wifi_off", "wifi_slash", "wifi_x", "signal_wifi_off"],
    "bluetooth": ["bluetooth", "bluetooth_connected"],
    "battery": ["battery_full", "battery", "battery_std", "battery_high"],
    "sun": ["light_mode", "sun", "wb_sunny", "sunny", "white_balance_sunny"],
    "moon": ["dark_mode", "moon", "weather_night", "moon_stars", "nightlight"],
    "map": ["map", "map_trifold", "map_outline"],
    "navigation": ["navigation", "navigation_arrow", "location_arrow", "near_me", "send_plane_2"],
    "gift": ["card_giftcard", "gift", "redeem"],
    "credit_card": ["credit_card", "payment", "credit_card_alt"],
    "wallet": ["account_balance_wallet", "wallet"],
    "trophy": ["emoji_events", "trophy"],
    "lightbulb": ["lightbulb", "lightbulb_outline", "lightbulb_filament", "light_bulb"],
    "person_add": ["person_add", "user_plus", "account_plus", "user_add", "person_add_alt"],
    "people": ["people", "group", "users", "account_group", "users_three", "team"],
    "grid_view": ["grid_view", "apps", "view_module", "squares_four", "th_large", "th", "grid"],
    "list_view": ["view_list", "list", "list_bullets", "list_ul", "format_list_bulleted", "list_unordered", "th_list"],
    "undo": ["undo", "arrow_u_up_left", "arrow_go_back"],
    "redo": ["redo", "arrow_u_up_right", "arrow_go_forward"],
    "save": ["save", "floppy_disk", "content_save", "save_3", "floppy"],
    "mic_record": ["fiber_manual_record", "record", "record_circle", "radio_button_checked"],
    "minus": ["minus", "subtract"],
    "add_circle": ["add_circle", "plus_circle", "add_circle_outline", "plus_circle_fill"],
    "cancel": ["cancel", "x_circle", "close_circle", "times_circle", "highlight_off", "remove_circle"],
    "check_circle": ["check_circle", "checkmark_circle", "check_circle_outline", "pass"],
    "warning": ["warning", "alert", "exclamation_triangle", "report_problem", "alert_triangle"],
    "error": ["error", "error_outline", "alert_circle", "exclamation_circle", "warning_octagon", "warning_circle", "error_warning"],
    "block": ["block", "prohibit", "ban", "forbid", "circle_slash"],
    "bookmark_border": [],
    "star_half": ["star_half", "star_half_alt"],
    "dislike": [],
    "text_fields": ["text_fields", "text_t", "font", "text"],
    "bold": ["format_bold", "text_b", "bold"],
    "italic": ["format_italic", "text_italic", "italic"],
    "underline": ["format_underlined", "text_underline", "underline"],
    "align_left": ["format_align_left", "text_align_left", "align_left"],
    "align_center": ["format_align_center", "text_align_center", "align_center"],
    "align_right": ["format_align_right", "text_align_right", "align_right"],
    "qr_code": ["qr_code", "qrcode", "qr_code_2"],
    "barcode": ["barcode", "qr_code_scanner"],
    "crop": ["crop"],
    "rotate_right": ["rotate_right", "arrow_clockwise", "rotate_cw", "clockwise", "redo_variant"],
    "rotate_left": ["rotate_left", "arrow_counter_clockwise", "rotate_ccw", "anticlockwise"],
    "music": ["music_note", "music", "music_notes", "music_2"],
    "headphones": ["headphones", "headset"],
    "keyboard": ["keyboard", "keyboard_variant"],
    "mouse": ["mouse", "mouse_simple"],
    "computer": ["computer", "desktop", "laptop", "monitor", "desktop_windows"],
    "smartphone": ["smartphone", "mobile", "phone_android", "cellphone", "device_mobile", "mobile_alt"],
    "tv": ["tv", "television", "television_simple"],
    "power": ["power_settings_new", "power", "power_off", "shut_down"],
    "car": ["directions_car", "car", "car_simple", "car_side"],
    "bus": ["directions_bus", "bus"],
    "bike": ["directions_bike", "bicycle", "bike"],
    "walk": ["directions_walk", "walking", "person_simple_walk", "walk"],
    "flight": ["flight", "airplane", "plane", "flight_takeoff"],
    "train": ["train", "directions_railway", "subway"],
    "restaurant": ["restaurant", "fork_knife", "utensils", "silverware_fork_knife", "restaurant_menu"],
    "coffee": ["local_cafe", "coffee", "cup"],
    "store": ["store", "storefront", "shop", "store_alt"],
    "bag": ["shopping_bag", "bag", "handbag", "shopping_bag_3"],
    "package": ["inventory_2", "package", "box", "archive"],
    "truck": ["local_shipping", "truck", "shipping_fast"],
    "fingerprint": ["fingerprint", "fingerprint_simple"],
    "shield": ["shield", "security", "shield_check", "verified_user", "shield_alt"],
    "contrast": ["contrast", "circle_half", "adjust", "invert_colors"],
    "palette": ["palette", "color_lens"],
    "brush": ["brush", "paint_brush_broad", "paint_brush"],  # drawn as brushes, not palettes
    "pin": ["push_pin", "pin", "thumbtack", "push_pin_simple", "pushpin"],
    "compass": ["explore", "compass"],
    "target": ["gps_fixed", "crosshair", "my_location", "crosshairs", "focus_3", "target"],
    "sliders": ["tune", "sliders", "sliders_horizontal", "sliders_h"],
    "chart_bar": ["bar_chart", "chart_bar", "poll", "bar_chart_2", "chart_bar_horizontal"],
    "chart_line": ["show_chart", "chart_line", "line_chart", "chart_line_up", "timeline", "trending_up"],
    "chart_pie": ["pie_chart", "chart_pie", "pie_chart_2", "chart_pie_slice"],
    "database": ["database"],
    "server": ["server", "storage"],
    "hashtag": ["tag_faces", "hashtag", "number", "hash"],
    "at_sign": ["alternate_email", "at", "at_sign"],
    "smile": ["sentiment_satisfied", "smiley", "smile", "emoji_emotions", "insert_emoticon", "emotion"],
    "sad": ["sentiment_dissatisfied", "smiley_sad", "frown", "emotion_unhappy"],
    "heart_broken": ["heart_broken", "heart_break", "heartbreak"],
    "translate": ["translate", "translation", "language_2"],
    "accessibility": ["accessibility", "universal_access", "accessible"],
    "sort_alpha": ["sort_by_alpha", "sort_alpha_down", "sort_alphabetical"],
    "drag": ["drag_indicator", "drag_handle", "dots_six_vertical", "draggable", "gripper"],
    "open_in_new": ["open_in_new", "external_link", "arrow_square_out", "external_link_alt", "link_external"],
    "inbox": ["inbox", "tray", "inbox_archive"],
    "briefcase": ["work", "briefcase", "work_outline"],
    "book": ["book", "book_open", "menu_book", "book_2"],
    "school": ["school", "graduation_cap", "student"],
    "newspaper": ["newspaper", "feed", "article_line"],
    "rss": ["rss_feed", "rss", "rss_simple"],
    "sparkle": ["auto_awesome", "sparkle", "magic", "magic_wand"],
    "fire": ["local_fire_department", "fire", "flame", "whatshot"],
    "leaf": ["eco", "leaf", "plant"],
    "water": ["water_drop", "drop", "tint", "water"],
    "umbrella": ["umbrella", "beach_access"],
    "gamepad": ["sports_esports", "gamepad", "game_controller", "videogame_asset"],
    "camera_switch": ["flip_camera_android", "camera_rotate", "camera_switch"],
    "flashlight": ["flashlight_on", "flashlight"],
    "flash": ["flash_on", "lightning", "bolt", "flash", "flashlight_2"],
    "cast": ["cast", "screencast", "cast_connected"],
    "airplay": ["airplay", "screen_share"],
    "layers": ["layers", "stack", "layer_group", "stack_simple"],
    "archive": ["archive", "archive_box"],
    "scan": ["document_scanner", "scan", "scan_2"],
    "hourglass": ["hourglass_empty", "hourglass", "hourglass_simple", "hourglass_half"],
    "timer": ["timer", "stopwatch", "timer_outline"],
    "alarm": ["alarm", "alarm_clock"],
    "bell_off": ["notifications_off", "bell_slash", "bell_off", "notification_off"],
    "pause_circle": ["pause_circle", "pause_circle_filled", "pause_circle_outline"],
    "play_circle": ["play_circle", "play_circle_filled", "play_circle_outline", "play_circle_fill"],
    "stop_circle": ["stop_circle", "stop_circle_outline"],
    "replay": ["replay", "arrow_counter_clockwise_2"],
    "cloud_off": ["cloud_off", "cloud_slash"],
    "sync_problem": [],
    "home_work": [],
}

SYNONYMS: dict[str, list[str]] = {
    "skip_next": ["next track", "next song", "skip", "skip forward", "next"],
    "skip_previous": ["previous track", "previous song", "prev", "previous", "skip back"],
    "fast_forward": ["fast forward", "ffwd", "⏩"],
    "fast_rewind": ["rewind", "fast rewind", "⏪"],
    "shuffle": ["shuffle", "random", "shuffle play", "🔀"],
    "repeat_track": ["repeat one", "repeat track", "🔂"],
    "stop": ["stop", "⏹"],
    "camera": ["camera", "take photo", "take picture", "photo", "snapshot", "📷"],
    "microphone": ["microphone", "mic", "voice", "voice input", "dictate", "record audio", "🎤"],
    "microphone_off": ["mute microphone", "mic off", "unmute"],
    "volume_off": ["mute", "muted", "sound off", "volume off", "🔇"],
    "volume_up": ["volume", "volume up", "sound", "sound on", "speaker", "louder", "🔊"],
    "volume_down": ["volume down", "quieter", "🔉"],
    "attach": ["attach", "attachment", "paperclip", "paper clip", "attach file", "📎"],
    "send": ["send", "send message", "submit", "paper plane"],
    "copy": ["copy", "duplicate", "copy to clipboard", "clone"],
    "paste": ["paste", "clipboard"],
    "cut": ["cut", "scissors", "✂"],
    "cart": ["cart", "shopping cart", "basket", "🛒"],
    "calendar": ["calendar", "date", "pick date", "date picker", "event", "schedule", "📅"],
    "lock": ["lock", "locked", "padlock", "secure", "🔒"],
    "unlock": ["unlock", "unlocked", "lock open", "open lock", "🔓"],
    "computer": ["computer", "laptop", "💻"],
    "flight": ["flight", "airplane", "aeroplane", "✈"],
    "chart_bar": ["bar chart", "bar graph", "chart bar", "📊"],
    "fullscreen": ["fullscreen", "full screen", "expand", "maximize", "enlarge"],
    "fullscreen_exit": ["exit fullscreen", "exit full screen", "minimize", "collapse", "shrink"],
    "zoom_in": ["zoom in", "magnify", "enlarge", "plus zoom"],
    "zoom_out": ["zoom out", "minus zoom"],
    "location": ["location", "map pin", "pin", "place", "marker", "my location", "address", "📍"],
    "help": ["help", "question", "question mark", "faq", "support", "?", "❓"],
    "info": ["info", "information", "details", "about", "ℹ"],
    "mail": ["mail", "email", "e-mail", "envelope", "inbox", "message", "✉"],
    "phone": ["phone", "call", "dial", "telephone", "📞"],
    "chat": ["chat", "messages", "message", "comment", "comments", "conversation", "speech bubble", "💬"],
    "check": ["check", "checkmark", "tick", "done", "ok", "confirm", "✓", "✔"],
    "image": ["image", "picture", "photo", "gallery", "photos", "🖼"],
    "video": ["video", "video camera", "record video", "movie", "🎥"],
    "print": ["print", "printer", "🖨"],
    "link": ["link", "hyperlink", "chain", "url", "🔗"],
    "globe": ["globe", "language", "world", "web", "internet", "🌐"],
    "visibility": ["show password", "visibility", "show", "eye", "view", "👁"],
    "visibility_off": ["hide password", "hide", "visibility off", "eye off", "eye slash"],
    "thumb_up": ["thumbs up", "thumb up", "like", "upvote", "👍"],
    "thumb_down": ["thumbs down", "thumb down", "dislike", "downvote", "👎"],
    "expand_more": ["expand", "dropdown", "drop down", "chevron down", "caret down", "show more", "▼", "⌄"],
    "expand_less": ["collapse", "chevron up", "caret up", "show less", "▲", "⌃"],
    "chevron_right": ["chevron right", "next", "forward", "›", ">"],
    "arrow_forward": ["forward", "arrow right", "right arrow", "go", "→"],
    "arrow_upward": ["arrow up", "up arrow", "scroll to top", "↑"],
    "arrow_downward": ["arrow down", "down arrow", "↓"],
    "logout": ["logout", "log out", "sign out", "exit"],
    "login": ["login", "log in", "sign in"],
    "clock": ["clock", "time", "schedule", "🕒"],
    "history": ["history", "recent", "recents", "recently viewed"],
    "tag": ["tag", "label", "price tag", "🏷"],
    "folder": ["folder", "directory", "📁"],
    "file": ["file", "document", "📄"],
    "code": ["code", "source code", "</>"],
    "key": ["key", "password", "🔑"],
    "flag": ["flag", "report", "🚩"],
    "wifi": ["wifi", "wi-fi", "wireless"],
    "sun": ["light mode", "sun", "brightness", "☀"],
    "moon": ["dark mode", "night mode", "moon", "🌙"],
    "navigation": ["navigate", "navigation", "directions"],
    "person_add": ["add user", "add person", "add contact", "add friend", "invite"],
    "people": ["people", "group", "users", "contacts", "team", "👥"],
    "grid_view": ["grid view", "grid", "apps", "app drawer", "tiles"],
    "list_view": ["list view", "list", "bulleted list"],
    "undo": ["undo", "↶"],
    "redo": ["redo", "↷"],
    "save": ["save", "floppy", "floppy disk", "💾"],
    "minus": ["minus", "subtract", "decrease", "−", "-"],
    "add_circle": ["add circle", "plus circle", "⊕"],
    "cancel": ["cancel", "clear", "x circle", "⊗"],
    "check_circle": ["check circle", "success", "verified"],
    "warning": ["warning", "alert", "caution", "⚠"],
    "error": ["error", "exclamation"],
    "block": ["block", "ban", "forbidden", "prohibited", "🚫"],
    "qr_code": ["qr code", "qr", "scan qr"],
    "music": ["music", "song", "audio", "🎵"],
    "power": ["power", "shutdown", "power off", "turn off", "⏻"],
    "pin": ["pin", "thumbtack", "pushpin", "📌"],
    "sliders": ["sliders", "tune", "adjust", "equalizer", "options"],
    "drag": ["drag", "drag handle", "reorder", "grip"],
    "open_in_new": ["open in new", "external link", "open externally", "new window", "↗"],
    "smile": ["emoji", "smiley", "emoticon", "😊"],
    "translate": ["translate", "translation"],
    "sparkle": ["magic", "ai", "sparkle", "sparkles", "✨"],
    "flash": ["flash", "lightning", "bolt", "⚡"],
    "bell_off": ["mute notifications", "notifications off", "bell off"],
    "play_circle": ["play circle"],
    "pause_circle": ["pause circle"],
    "replay": ["replay", "play again"],
    "cast": ["cast", "chromecast", "cast to tv"],
    "layers": ["layers", "stack"],
    "store": ["store", "shop"],
    "bag": ["shopping bag", "bag"],
    "gift": ["gift", "present", "🎁"],
    "credit_card": ["credit card", "card", "payment", "pay", "💳"],
    "wallet": ["wallet"],
    "camera_switch": ["switch camera", "flip camera"],
    "cloud_upload": ["cloud upload", "upload to cloud"],
    "cloud_download": ["cloud download", "download from cloud"],
    "fingerprint": ["fingerprint", "touch id"],
    "shield": ["shield", "security", "privacy"],
    "target": ["my location", "locate me", "current location", "gps"],
    "timer": ["timer", "stopwatch", "⏱"],
    "alarm": ["alarm", "⏰"],
    "star_half": ["half star"],
}

GLYPH_CONCEPTS: dict[str, str | None] = {
    # circle with "!" is error; the triangle is warning (the aliases move warning_circle /
    # error_warning); these are drawn as something else than their name's concept:
    "elusive:error": "minus_circle",  # el-error / el-error-alt: a circle with a minus
    "codicon:error": "cancel",  # a circled x
    "material:remove_circle": "minus_circle",  # a circled minus, not a circled x
    "material:adjust": "mic_record",  # a dot in a ring (FA's adjust is the contrast half-disc)
    "mdi6:adjust": "mic_record",
    "mdi6:circle_half": None,  # a half disc, not a contrast icon
    "material:folder_open": "folder",  # Material's folder_open is drawn closed
    "material:gamepad": None,  # a d-pad cross: reads as a plus, not as a game controller
    "mdi6:gamepad": None,
    "remix:flashlight": "flash",  # a lightning bolt
    "remix:share_box": "open_in_new",  # an arrow leaving a box
    "fontawesome:undo": None,  # a near-full circular arrow: as much refresh / rotate as undo
    "fontawesome:rotate_left": None,  # the same glyph (f0e2) under its other name
    "fa5-solid:undo": None,
    "fontawesome:fast_forward": "skip_next",  # drawn with the bar: next track
    "fa5-solid:fast_forward": "skip_next",
    "elusive:fast_forward": "skip_next",
    "fontawesome:fast_backward": "skip_previous",  # |<< : previous track
    "fa5-solid:fast_backward": "skip_previous",
    "elusive:fast_backward": "skip_previous",
    "material:forward": None,  # a thick arrow (forward a message), not fast-forward
    "mdi6:forward": None,
    "remix:arrow-right-s-fill": None,  # a filled caret: reads as play, not a chevron
    "mdi6:angle_right": None,  # a geometric right angle, not a chevron
    "remix:eye_2": None,  # an eyeball seen from the front: a ring with a dot
    "remix:compass_2": None,  # a ring with one diagonal needle: reads as a block sign
    "remix:map_pin_4": None,  # a ring on a stick: reads as the female sign
    "material:arrow_right": None,  # a small filled triangle (caret), not an arrow
    "mdi6:power-off": None,  # drawn as a plain circle
    "elusive:el-time-alt": None,  # drawn as a check mark in a disc
    "elusive:el-file-alt": None,  # a page inside a disc
    "fontawesome:feed": None,  # fa-feed is fa-rss (the RSS waves), not a newspaper
    "mdi6:cup": None,  # a handleless tumbler: reads as a trash can, not a coffee cup
    "phosphor:list": None,  # three bars: the curated hamburger glyph, not a list view
    "material:dashboard": "grid_view",  # tiles; the other fonts' dashboard is a gauge
    "mdi6:contrast": "plus_minus",  # + and - either side of a slash (exposure), no half disc
    "elusive:el-adjust-alt": "sliders",  # three sliders (el-adjust is the half disc)
    "material:tag": "hashtag",  # a '#'; the other fonts' tag is a label
    "material:tag_faces": "smile",  # a smiley (its name: tagging faces), no '#'
    "mdi6:tag_faces": "smile",
    "elusive:el-person": "male",  # a standing figure (FA's male), no bust
}
"""Per-glyph corrections where a glyph's drawing contradicts its name (found with
``tools/audit_concepts.py`` and decided by looking at the drawing): ``"font:stem"`` (the name
reduced like a key but keeping remix's numbers, ``remix:eye_2``, any style) or ``"font:name"``
(one exact glyph name) -> the concept it shows, or None to leave it out (ambiguous drawings)."""

DROP_KEYS = {"remove", "repeat", "caret_right", "a", "i", "o", "x", "z"}
"""Keys too ambiguous to name a concept (material's ``remove`` is a minus sign, FA4's
``repeat`` a refresh arrow; single letters)."""

GENERIC_ID_WORDS = {"text", "view", "layout", "container", "item", "list", "button", "btn", "icon", "image", "img", "title", "label", "content", "frame", "box", "panel", "main", "top", "bottom", "left", "right", "center", "up", "down", "new", "open", "on", "off", "all", "more", "next", "back", "close", "circle", "square", "line", "simple", "variant", "outline"}
"""Words that never name a concept alone in a resource id / class name (too common)."""

TEXT_LIKE = {"login", "logout", "history", "translate", "code", "text_fields", "bold", "italic", "underline", "newspaper", "school", "book", "store", "restaurant", "file_text", "align_left", "align_center", "align_right", "sort_alpha", "hashtag", "at_sign"}
"""Concepts usually written as words on buttons ("Login"): their bare name is a text query, so
an absent one stays ``not_found``; "login icon" still reaches tier 4."""

CLASS_KEYS = {
    "favorite": ["heart", "star", "favorite"],
    "delete": ["destroy", "trash_can", "trash_alt"],
    "edit": ["pen", "pencil_alt"],
    "sort": ["sort_amount_down"],
    "close": ["times", "x", "xmark", "cross"],
    "hamburger": ["bars", "navicon", "reorder"],
}
"""Keys that must stay with a curated class even if no curated glyph carries them."""


def _words(name: str) -> tuple[list[str], str]:
    for prefix in PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix) :]
    words = [w for w in re.split(r"[-_\s]+", name.lower()) if w]
    style = ""
    while len(words) > 1 and words[-1] in STYLE_WORDS:
        style = words.pop()
    return words, style


def key_of(font: str, name: str) -> tuple[str, str]:
    """(key, style) of a glyph name: ``("skip_next", "line")`` for remix's ``skip-next-line``."""
    words, style = _words(name)
    if font == "remix" and len(words) > 1 and words[-1].isdigit():
        words.pop()  # remix numbers alternative drawings: home-4-line is still home
    return "_".join(words), style


def corrected(font: str, name: str) -> tuple[bool, str | None]:
    """(found, concept) of :data:`GLYPH_CONCEPTS` for one glyph (exact name first, then stem)."""
    exact = f"{font}:{name}"
    if exact in GLYPH_CONCEPTS:
        return True, GLYPH_CONCEPTS[exact]
    stem = f"{font}:" + "_".join(_words(name)[0])
    if stem in GLYPH_CONCEPTS:
        return True, GLYPH_CONCEPTS[stem]
    return False, None


def tables() -> tuple[str, str, int]:
    """The text of ``icon_concepts.toml`` and of ``concept_glyphs.toml``, and how many concepts
    beyond the classes of ``icon_patterns.toml`` they hold."""
    full = GlyphTable.default()
    table = GlyphTable(fonts=full.fonts, glyphs=tuple(g for g in full.glyphs if g.curated))
    names: dict[str, dict[str, int]] = {}
    for font in CONCEPT_FONTS:
        names[font] = glyph_table.font_names(font)  # without code points drawn otherwise
    family = {f.id: f.family for f in table.fonts.values()}
    # the keys the 22 classes' glyphs are named by; a turned glyph's name tells its unturned
    # drawing (Font Awesome's ⇄ exchange, drawn turned ⇅ for sort), so it lends none
    class_keys: dict[str, set[str]] = defaultdict(set)
    for glyph in table.glyphs:
        if not glyph.turn:
            class_keys[glyph.icon_class].add(key_of(glyph.font.id, glyph.name)[0])
    curated_keys: set[str] = {k for keys in CLASS_KEYS.values() for k in keys}
    curated_keys.update(*class_keys.values())
    alias_of = {key: concept for concept, keys in ALIASES.items() for key in keys}
    # concept -> font -> [(style rank, name, codepoint)]
    found: dict[str, dict[str, list[tuple[int, str, int]]]] = defaultdict(lambda: defaultdict(list))
    for font, glyphs in names.items():
        keep = KEEP_STYLES[font]
        for name, code in glyphs.items():
            key, style = key_of(font, name)
            if style not in keep or not key or key[0].isdigit() or key in DROP_KEYS:
                continue
            found_override, concept = corrected(font, name)
            if found_override:
                if concept is None:
                    continue
            else:
                concept = alias_of.get(key)
            if concept is None:
                if key in curated_keys:
                    continue
                concept = key
            found[concept][font].append((keep.index(style), name, code))
    out = [
        "# Icon concepts: what an icon means, across icon-font design families, and how people ask.",
        "# Generated by tools/concept_table.py from the fonts' name tables; extend it with your own",
        "# file rather than editing it (see below).",
        "#",
        "# [ID]      lowercase snake_case, stable: other code keys on it (recognizedAs, hints).",
        "#   common  true for everyday app icons: their bare name makes tier 4 look (\"shuffle\");",
        "#           other concepts need an icon word (\"telescope icon\"), so that an absent",
        "#           text query stays not_found.",
        "#   phrases what people type for it (\"next track\"); the ID's words always count.",
        "#   keys    the icon-font glyph names grouped here, reduced to words (Material skip_next,",
        "#           MDI skip-next, Font Awesome step-forward / forward-step -> skip_next); a web",
        "#           class name (fa-step-forward) or resource-id words that reduce to a key name it.",
        "# The 22 classes of icon_patterns.toml are concepts too. The glyphs each concept is",
        "# recognised by are listed in iconfind/recognition/data/concept_glyphs.toml.",
        "# Extend: files of this shape named by ICONFIND_CONCEPTS (os.pathsep-separated) add phrases",
        "# and keys to the concepts of the same ID, or add concepts (recognisable once you add",
        "# reference crops: IconRecognizer.from_images).",
        "",
    ]
    glyph_out = [
        "# Glyphs of each icon concept (iconfind/data/icon_concepts.toml) beyond the 22 curated",
        "# classes of glyphs.toml, \"name=hexcodepoint\" per font. Generated by tools/concept_table.py.",
        "",
    ]
    patterns, ids = glyph_table_patterns()
    for name in patterns:
        curated = set(ids[name]) | set(CLASS_KEYS.get(name, []))
        keys = sorted({k for k in class_keys[name] if k not in GENERIC_ID_WORDS or k == name} | curated)
        out.append(f"[{name}]")
        out.append("common = true")
        out.append("phrases = " + json.dumps(patterns[name], ensure_ascii=False))
        out.append("keys = " + json.dumps(keys))
        out.append("")
    kept = 0
    for concept in sorted(found):
        per_font = found[concept]
        families = {family[f] for f in per_font}
        if len(families) < MIN_FAMILIES or concept in patterns:
            continue
        keys: set[str] = set(ALIASES.get(concept, [])) | {concept}
        glyph_out.append(f"[glyphs.{concept}]")
        for font in CONCEPT_FONTS:
            entries = sorted(per_font.get(font, []))[:MAX_NAMES_PER_FONT]
            if entries:
                glyph_out.append(f"{json.dumps(font)} = " + json.dumps([f"{n}={c:x}" for _, n, c in entries]))
            # a corrected glyph's name is not a word for the concept it was moved to
            keys.update(key_of(font, n)[0] for _, n, _ in entries if not corrected(font, n)[0])
        glyph_out.append("")
        phrases = list(dict.fromkeys([concept.replace("_", " "), *SYNONYMS.get(concept, [])]))
        out.append(f"[{concept}]")
        if (concept in SYNONYMS or concept in ALIASES) and concept not in TEXT_LIKE:
            out.append("common = true")
        out.append("phrases = " + json.dumps(phrases, ensure_ascii=False))
        out.append("keys = " + json.dumps(sorted(k for k in keys if k not in GENERIC_ID_WORDS or k == concept)))
        out.append("")
        kept += 1
    return "\n".join(out), "\n".join(glyph_out), kept


def main() -> None:
    concepts, glyphs, kept = tables()
    root = Path(__file__).resolve().parent.parent
    (root / "iconfind" / "data" / "icon_concepts.toml").write_text(concepts, "utf-8")
    (root / "iconfind" / "recognition" / "data" / "concept_glyphs.toml").write_text(glyphs, "utf-8")
    print(f"{kept} concepts beyond the {len(glyph_table_patterns()[0])} classes", file=sys.stderr)


def glyph_table_patterns() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The 22 classes' phrases and resource-id patterns, from icon_patterns.toml."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    raw = tomllib.loads((root / "iconfind" / "data" / "icon_patterns.toml").read_text("utf-8"))
    return (
        {name: list(spec.get("phrases", [])) for name, spec in raw.items()},
        {name: [i for i in spec.get("ids", []) if not i.startswith(("ic_", "btn_"))] for name, spec in raw.items()},
    )


if __name__ == "__main__":
    main()
