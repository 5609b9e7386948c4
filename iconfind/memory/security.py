"""The security rules (docs/memory.md, "Security") that memory enforces.

- Password fields: their text is never read into a target, so it can reach neither the database
  nor the audit log. A password field is remembered by its description or id only.
- App blocklist: a blocked app is not indexed at all. :func:`~iconfind.memory.get_screen_context`
  checks it before reading the tree or the screen, and memory answers nothing for it.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from iconfind._apps import app_key, app_keys
from iconfind._text import id_words
from iconfind.backends.base import WindowInfo
from iconfind.models import Element

DEFAULT_BLOCKED_APPS: tuple[str, ...] = (
    "1Password",
    "Bitwarden",
    "Dashlane",
    "KeePass",
    "KeePassXC",
    "Keychain Access",
    "LastPass",
    "com.agilebits.onepassword7",
    "com.x8bit.bitwarden",
)
"""Password managers: never indexed unless the user builds a blocklist without them."""

PASSWORD_LABEL = "password"


def _folded(apps: Iterable[str]) -> frozenset[str]:
    return frozenset(app_keys(apps))


@frozen
class AppBlocklist:
    """Apps that memory must not index, matched case-insensitively on the app name or bundle id.

    ``AppBlocklist()`` holds :data:`DEFAULT_BLOCKED_APPS`; ``AppBlocklist(["Slack"],
    include_defaults=True)`` adds to them; ``AppBlocklist([])`` blocks nothing.
    """

    apps: frozenset[str] = field(default=DEFAULT_BLOCKED_APPS, converter=_folded)

    @classmethod
    def with_defaults(cls, apps: Iterable[str]) -> AppBlocklist:
        """The defaults plus ``apps``."""
        return cls((*DEFAULT_BLOCKED_APPS, *apps))

    def blocks(self, window: WindowInfo) -> bool:
        """Whether this window's app must not be indexed."""
        names = {app_key(window.app)}
        if window.bundle_id:
            names.add(app_key(window.bundle_id))
        return bool(names & self.apps)


def is_password(element: Element) -> bool:
    """A password field (the tree's ``password`` flag)."""
    return element.password


def safe_label(element: Element) -> str:
    """The label memory may store: never a password field's text.

    A password field is named by its content description when that is not its text, else by
    its resource id's words, else ``"password"``.
    """
    if not is_password(element):
        return (element.text or element.content_desc).strip()
    if element.content_desc and element.content_desc != element.text:
        return element.content_desc.strip()
    words = id_words(element.resource_id) if element.resource_id else ()
    return " ".join(words) or PASSWORD_LABEL


__all__ = ["DEFAULT_BLOCKED_APPS", "AppBlocklist", "is_password", "safe_label"]
