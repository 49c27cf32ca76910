"""Developer tool (not shipped): renders the real main window with sample text and an open suggestion to a PNG
(docs/screenshot.png). Run from the repository under Xvfb:
    python tools/screenshot.py docs/screenshot.png                          the window (--width/--height)
    python tools/screenshot.py docs/review.png --shot review                the Accept all review dialog
    python tools/screenshot.py docs/word-card.png --shot word               the hover card of an underlined word"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

SAMPLE = """Quarterly update for the board

hey guys, so the numbers r kinda better than we thought lol. Revenue rose by 12% compared with the previous quarter, driven mainly by renewals. gonna need more ppl in support tho cuz tickets doubled!!

We propose to recruit two additional support engineers before the end of January. The hiring plan is attached for your review. yeah and the office move is still on for march, dont worry about it.

Please let me know if you have any questions. thx, talk soon
"""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("out", type=Path)
    p.add_argument("--theme", default="light", choices=("light", "dark", "system"))
    p.add_argument("--width", type=int, default=1360)
    p.add_argument("--height", type=int, default=860)
    p.add_argument("--shot", default="window", choices=("window", "review", "word"))
    args = p.parse_args(argv)
    os.environ.setdefault("KEIGO_HOME", tempfile.mkdtemp(prefix="keigo-shot-"))
    from PySide6.QtWidgets import QApplication

    from gui.app import _wait, build_window

    app = QApplication.instance() or QApplication(["keigo"])
    app.setApplicationName("Keigo")
    window = build_window(autosave=False, recover=False)
    window.set_theme(args.theme)
    window.resize(args.width, args.height)
    window.show()
    if not _wait(app, lambda: window.models.loaded, 180):
        print("models did not load", file=sys.stderr)
        return 1
    window.scoring.set_target(0.5)
    window.editor.setPlainText(SAMPLE)
    _wait(app, lambda: not window.scoring.busy and window.editor.revision > 0, 180)
    text = window.editor.text()
    c = window.editor.textCursor()
    c.setPosition(text.index("gonna need") + 3)
    window.editor.setTextCursor(c)
    suggesting = window.suggesting
    suggesting.refresh()
    _wait(app, lambda: suggesting.current is not None and suggesting.current.rewrite is not None, 180)
    _wait(app, lambda: all(e.best is not None for e, _ in suggesting.entries), 180)
    window.editor.setFocus()
    _wait(app, lambda: False, 0.5)  # let the layout settle
    print(window.models_label.toolTip())
    if args.shot == "review":
        suggesting.accept_all()
        dialog = window.review_dialog
        _wait(app, lambda: False, 0.8)
        ok = dialog is not None and dialog.grab().save(str(args.out))
        if dialog is not None:
            dialog.reject()
    elif args.shot == "word":
        ok = _word_card_shot(app, window, args.out)
    else:
        ok = window.grab().save(str(args.out))
    window.editor.document().setModified(False)
    window.close()
    window.shutdown()
    return 0 if ok else 1


def _word_card_shot(app, window, out: Path) -> bool:
    """Hover the first underlined word that has a known replacement, then grab the screen around the window."""
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent, QTextCursor

    from gui.app import _wait

    editor = window.editor
    text = editor.text()
    hit = next((h for h in (editor.underlined_word_at(i) for i in range(len(text)))
                if h is not None and h.replacement), None)
    if hit is None:
        print("no underlined word with a known replacement", file=sys.stderr)
        return False
    c = QTextCursor(editor.document())
    c.setPosition(hit.start + 1)
    rect = editor.cursorRect(c)
    local = QPoint(rect.center().x(), rect.center().y())
    app.sendEvent(editor.viewport(), QHelpEvent(QEvent.Type.ToolTip, local, editor.viewport().mapToGlobal(local)))
    editor.word_card._timer.stop()  # no mouse under Xvfb: keep the card up for the picture
    _wait(app, lambda: False, 0.6)
    screen = app.primaryScreen().grabWindow(0)
    area = window.frameGeometry().united(editor.word_card.frameGeometry())
    print(f"word card: {hit.word!r} -> {hit.replacement!r}")
    return screen.copy(area).save(str(out))


if __name__ == "__main__":
    sys.exit(main())
