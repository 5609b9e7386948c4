"""A small GTK 3 program for the AT-SPI tests, run by Debian's /usr/bin/python3 (python3-gi).

Run as ``python3 gtk_app.py OUTFILE``. It fills the screen from the top-left corner (Xvfb has no
window manager) and shows:

- a "Submit" button: appends "submit" to OUTFILE and changes the status label to "Submitted";
- an icon button with no text at all, whose accessible name is "Settings" (what a screen reader
  says, and all a tree reader can go by): appends "settings";
- an icon button with neither text nor name, only the accessible id "toolbar_search_btn"
  (as a test id would be set): appends "search";
- a "Cancel" button and a "Remember me" check button, as neighbours to choose between;
- a "Hidden action" button that is never shown: it must not reach the tree;
- a status label, "Idle" until Submit is pressed.

"ready" is written once the window has been drawn, so a test knows when to look.
"""

from __future__ import annotations

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib, Gtk  # noqa: E402


def main(out_path: str) -> None:
    def log(line: str) -> None:
        with open(out_path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    window = Gtk.Window(title="iconfind gtk test")
    root = window.get_screen().get_root_window()
    window.set_default_size(root.get_width(), root.get_height())
    window.move(0, 0)
    window.connect("destroy", Gtk.main_quit)

    grid = Gtk.Grid(row_spacing=24, column_spacing=24, margin=48)
    window.add(grid)

    status = Gtk.Label(label="Idle")
    grid.attach(status, 0, 0, 2, 1)

    def submitted(_button: Gtk.Button) -> None:
        status.set_text("Submitted")
        log("submit")

    submit = Gtk.Button(label="Submit")
    submit.connect("clicked", submitted)
    grid.attach(submit, 0, 1, 1, 1)

    cancel = Gtk.Button(label="Cancel")
    cancel.connect("clicked", lambda _b: log("cancel"))
    grid.attach(cancel, 1, 1, 1, 1)

    # An icon button: a plain blue square, no label, no tooltip; only its accessible name.
    pixels = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 48, 48)
    pixels.fill(0x1565C0FF)
    icon = Gtk.Image.new_from_pixbuf(pixels)
    settings = Gtk.Button()
    settings.add(icon)
    settings.get_accessible().set_name("Settings")
    settings.connect("clicked", lambda _b: log("settings"))
    grid.attach(settings, 2, 1, 1, 1)

    # Another icon button: no name either, only an accessible id, which tier 2 reads.
    green = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 48, 48)
    green.fill(0x2E7D32FF)
    search = Gtk.Button()
    search.add(Gtk.Image.new_from_pixbuf(green))
    search.get_accessible().set_accessible_id("toolbar_search_btn")
    search.connect("clicked", lambda _b: log("search"))
    grid.attach(search, 3, 1, 1, 1)

    remember = Gtk.CheckButton(label="Remember me")
    grid.attach(remember, 0, 2, 2, 1)

    hidden = Gtk.Button(label="Hidden action")
    hidden.set_no_show_all(True)
    grid.attach(hidden, 0, 3, 1, 1)

    def drawn(*_args: object) -> bool:
        GLib.timeout_add(300, lambda: log("ready") or False)
        return False

    window.connect("map-event", drawn)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1])
