"""A small Qt 5 program for the AT-SPI tests, run by Debian's /usr/bin/python3 (python3-pyqt5).

Run as ``python3 qt_app.py OUTFILE`` with ``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1`` (Qt serves its
tree only when told to). It fills the screen from the top-left corner and shows a status label
("Idle"), a "Submit" button (appends "submit", the label becomes "Submitted"), an icon button
with no text whose accessible name is "Settings" (appends "settings"), a "Remember me" check
box, and a "Hidden action" button that is never shown. "ready" is written once it is shown.
"""

from __future__ import annotations

import sys

from PyQt5.QtCore import QTimer
from PyQt5.QtGui import QColor, QIcon, QPixmap
from PyQt5.QtWidgets import QApplication, QCheckBox, QGridLayout, QLabel, QPushButton, QWidget


def main(out_path: str) -> None:
    def log(line: str) -> None:
        with open(out_path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.setWindowTitle("iconfind qt test")
    grid = QGridLayout(window)

    status = QLabel("Idle")
    grid.addWidget(status, 0, 0)

    def submitted() -> None:
        status.setText("Submitted")
        log("submit")

    submit = QPushButton("Submit")
    submit.clicked.connect(submitted)
    grid.addWidget(submit, 1, 0)

    square = QPixmap(32, 32)
    square.fill(QColor("#1565c0"))
    settings = QPushButton()
    settings.setIcon(QIcon(square))
    settings.setAccessibleName("Settings")
    settings.setFixedSize(56, 56)
    settings.clicked.connect(lambda: log("settings"))
    grid.addWidget(settings, 1, 1)

    grid.addWidget(QCheckBox("Remember me"), 2, 0)
    hidden = QPushButton("Hidden action")
    grid.addWidget(hidden, 3, 0)
    hidden.hide()

    screen = app.primaryScreen().geometry()
    window.move(0, 0)
    window.resize(screen.width(), screen.height())
    window.show()
    QTimer.singleShot(300, lambda: log("ready"))
    app.exec_()


if __name__ == "__main__":
    main(sys.argv[1])
