"""A tiny Tk program for the X11 tests: a "Submit" button and an unlabeled icon button.

Run as ``python3 tk_app.py OUTFILE``. Each click appends one line to OUTFILE ("submit" or
"icon"); "ready" is written once the window is mapped, so a test knows when to look. The window
fills the screen from the top-left corner, so its geometry is known without a window manager.
An entry logs "typed:<its text>" when Return is pressed in it. The icon button is a canvas
with a drawn ring and no text, name or tooltip: nothing but its pixels says what it is.
"""

from __future__ import annotations

import sys
import tkinter as tk

ICON_BOX = (824, 80, 904, 160)
"""Where the icon button sits on a 1024x768 screen: grid cell 4 (columns of 256, rows of 128)."""


def main(out_path: str) -> None:
    def log(line: str) -> None:
        with open(out_path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    root = tk.Tk()
    root.title("iconfind x11 test")
    width, height = root.winfo_screenwidth(), root.winfo_screenheight()
    root.geometry(f"{width}x{height}+0+0")
    root.configure(background="white")

    submit = tk.Button(
        root,
        text="Submit",
        font=("DejaVu Sans", 28),
        command=lambda: log("submit"),
        padx=30,
        pady=10,
    )
    submit.place(x=380, y=420)

    x1, y1, x2, y2 = ICON_BOX
    icon = tk.Canvas(
        root, width=x2 - x1, height=y2 - y1, background="#1565c0", highlightthickness=0
    )
    icon.create_oval(16, 16, 64, 64, outline="white", width=8)
    icon.create_oval(32, 32, 48, 48, fill="white", outline="white")
    icon.bind("<Button-1>", lambda _event: log("icon"))
    icon.place(x=x1, y=y1)

    entry = tk.Entry(root, font=("DejaVu Sans", 20), width=20)
    entry.bind("<Return>", lambda _event: log("typed:" + entry.get()))
    entry.place(x=380, y=560)

    root.after(200, lambda: log("ready"))
    root.mainloop()


if __name__ == "__main__":
    main(sys.argv[1])
