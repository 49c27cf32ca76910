"""Developer tool (not shipped): renders the real main window with sample text and an open suggestion to a PNG
(docs/screenshot.png). Run from the repository under Xvfb:
    python tools/screenshot.py docs/screenshot.png                          the window (--width/--height)
    python tools/screenshot.py docs/review.png --shot review                the Accept all review dialog
    python tools/screenshot.py docs/word-card.png --shot word               the hover card of an underlined word
    python tools/screenshot.py docs/train-panel.png --shot train            the Train panel after the tiny check
        (assets/configs/tiny.toml, --stage all by default: every stage of the pipeline on the test fixtures, a
        real `python -m training` run of about a minute on 2 CPU cores; --timeout bounds the wait)"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run as a script from a checkout that is not pip-installed: find gui/ and engine/
    sys.path.insert(0, str(REPO))

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
    p.add_argument("--shot", default="window", choices=("window", "review", "word", "train"))
    p.add_argument("--stage", default="all", help="--shot train: the stage of the tiny check to run")
    p.add_argument("--timeout", type=_seconds, default=1200.0,
                   help="--shot train: seconds to wait for the tiny check to finish")
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
    ok = _train_shot(app, window, args) if args.shot == "train" else _editor_shot(app, window, args)
    window.editor.document().setModified(False)
    window.close()
    window.shutdown()
    return 0 if ok else 1


def _editor_shot(app, window, args) -> bool:
    """The sample text scored, a suggestion open: the window, the review dialog or a word's hover card."""
    from gui.app import _wait

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
    return ok


def _train_shot(app, window, args) -> bool:
    """Models ▸ Train Models…, the tiny preset and a stage chosen, Start; once the run has finished, the Progress
    tab (every stage finished, its metrics) grabbed. False, saying why on stderr, when the run fails or is late."""
    from PySide6.QtWidgets import QAbstractItemView

    from gui.app import _wait

    panel = window.show_train_panel()
    panel.resize(args.width, args.height)
    if not _wait(app, lambda: not panel.lister.running, 180):
        print("the stage list (python -m training list) did not come", file=sys.stderr)
        return False
    tiny = next((i for i in range(panel.config_combo.count())
                 if Path(str(panel.config_combo.itemData(i))).name == "tiny.toml"), -1)
    if tiny < 0:
        print("no tiny preset in the Train panel (assets/configs/tiny.toml)", file=sys.stderr)
        return False
    panel.config_combo.setCurrentIndex(tiny)
    if not panel.set_stage(args.stage):
        print(f"no stage {args.stage!r} in the Train panel", file=sys.stderr)
        return False
    finished = []
    panel.runFinished.connect(finished.append)
    panel.start_button.click()
    if not panel.controller.running:
        print(f"the run did not start: {panel.error_label.text()}", file=sys.stderr)
        return False
    if not _wait(app, lambda: bool(finished), args.timeout):
        print(f"the run did not finish in {args.timeout:g} s: {panel.status_label.text()}", file=sys.stderr)
        panel.shutdown()
        return False
    result = finished[0]
    if not result.ok:
        print(f"the run failed: {result.message}\n" + "\n".join(result.stderr_tail[-8:]), file=sys.stderr)
        return False
    panel.tabs.setCurrentWidget(panel.progress_view)
    view = panel.progress_view
    table = view.stage_table
    rows = table.rowCount()
    for extra in range(0, 40, 2):  # every stage row in sight, the rest of the height for the metrics
        fit = table.horizontalHeader().height() + table.verticalHeader().length() + 2 * table.frameWidth() + extra
        view.setSizes([fit, max(1, view.height() - fit)])
        _wait(app, lambda: False, 0.05)
        if table.verticalScrollBar().maximum() == 0:
            break
    first_model = next((r for r in range(view.metrics_table.rowCount())
                        if view.metrics_table.item(r, 0).text() == "classifier"), None)
    if first_model is not None:  # the scorer's accuracy says more than the data counts of the first stage
        view.metrics_table.scrollToItem(view.metrics_table.item(first_model, 0),
                                        QAbstractItemView.ScrollHint.PositionAtTop)
    _wait(app, lambda: False, 0.8)  # let the layout settle
    print(panel.status_label.text())
    for r in range(rows):
        print(f"  {view.stage_table.item(r, 0).text()}: {view.stage_table.item(r, 1).text()}")
    return panel.grab().save(str(args.out))


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 < value < 24 * 3600:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds between 0 and a day")
    return value


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
