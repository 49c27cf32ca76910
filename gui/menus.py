"""The menu bar: every action of the window and its shortcut, wired to the controller that does the work."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

BEAMS = (1, 2, 4, 8)
NBESTS = (1, 2, 3, 5)
THEMES = (("system", "Ctrl+Shift+1"), ("light", "Ctrl+Shift+2"), ("dark", "Ctrl+Shift+3"))


def _action(window, menu, text: str, slot, shortcut=None) -> QAction:
    act = QAction(text, window)
    if shortcut is not None:
        act.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    act.triggered.connect(slot)
    menu.addAction(act)
    window.addAction(act)  # shortcuts work even when the menu bar is hidden
    window.actions_by_name[text.replace("&", "").rstrip("…")] = act
    return act


def _choices(window, menu, values, checked, slot, label=str) -> None:
    group = QActionGroup(window)
    for value in values:
        act = menu.addAction(f"&{label(value)}")
        act.setCheckable(True)
        act.setChecked(checked == value)
        act.triggered.connect(lambda _=False, v=value: slot(v))
        group.addAction(act)


def fill_recent(menu, settings, open_recent) -> None:
    menu.clear()
    recent = settings.recent_files
    for i, p in enumerate(recent):
        act = menu.addAction(f"&{i + 1} {Path(p).name}" if i < 9 else Path(p).name)
        act.setToolTip(p)
        act.triggered.connect(lambda _=False, p=p: open_recent(p))
    if not recent:
        menu.addAction("No recent files").setEnabled(False)


def build_menus(window, *, documents, scoring, suggesting) -> None:
    window.actions_by_name = {}
    editor, settings, mb = window.editor, window.settings, window.menuBar()

    m = mb.addMenu("&File")
    _action(window, m, "&New", documents.new, QKeySequence.StandardKey.New)
    _action(window, m, "&Open…", documents.open, QKeySequence.StandardKey.Open)
    recent = window.recent_menu = m.addMenu("Open &Recent")
    recent.aboutToShow.connect(lambda: fill_recent(recent, settings, documents.open_recent))
    fill_recent(recent, settings, documents.open_recent)
    m.addSeparator()
    _action(window, m, "&Save", documents.save, QKeySequence.StandardKey.Save)
    _action(window, m, "Save &As…", lambda: documents.save_as(), QKeySequence("Ctrl+Shift+S"))
    m.addSeparator()
    _action(window, m, "&Quit", window.close, QKeySequence("Ctrl+Q"))

    m = mb.addMenu("&Edit")
    _action(window, m, "&Undo", editor.undo, QKeySequence.StandardKey.Undo)
    _action(window, m, "&Redo", editor.redo, [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    m.addSeparator()
    _action(window, m, "Cu&t", editor.cut, QKeySequence.StandardKey.Cut)
    _action(window, m, "&Copy", editor.copy, QKeySequence.StandardKey.Copy)
    _action(window, m, "&Paste", editor.paste, QKeySequence.StandardKey.Paste)
    _action(window, m, "Select &All", editor.selectAll, QKeySequence.StandardKey.SelectAll)

    m = mb.addMenu("&Suggestions")
    _action(window, m, "&Accept Suggestion", lambda: suggesting.accept(0), QKeySequence("Ctrl+Return"))
    for i in range(1, 5):
        _action(window, m, f"Accept Rewrite {i + 1}", lambda _=False, i=i: suggesting.accept(i),
                QKeySequence(f"Alt+{i + 1}"))
    _action(window, m, "&Dismiss Suggestion", suggesting.dismiss, QKeySequence("Ctrl+D"))
    _action(window, m, "Accept A&ll…", suggesting.accept_all, QKeySequence("Ctrl+Shift+Return"))
    m.addSeparator()
    _action(window, m, "&Next Informal Sentence", lambda: suggesting.jump_informal(+1), QKeySequence("F8"))
    _action(window, m, "&Previous Informal Sentence", lambda: suggesting.jump_informal(-1), QKeySequence("Shift+F8"))
    _action(window, m, "&Rewrite Sentence Now", lambda: suggesting.refresh(force=True), QKeySequence("F7"))
    m.addSeparator()
    _choices(window, m.addMenu("&Beam Width"), BEAMS, settings.beam, lambda b: suggesting.set_params(beam=b),
             lambda b: f"{b} (fastest)" if b == 1 else str(b))
    _choices(window, m.addMenu("Rewrites per &Sentence"), NBESTS, settings.nbest,
             lambda n: suggesting.set_params(nbest=n))

    m = mb.addMenu("&View")
    _action(window, m, "&Raise Target Formality", lambda: scoring.nudge_target(+0.05), QKeySequence("Ctrl+]"))
    _action(window, m, "&Lower Target Formality", lambda: scoring.nudge_target(-0.05), QKeySequence("Ctrl+["))
    m.addSeparator()
    themes = m.addMenu("&Theme")
    group = QActionGroup(window)
    for name, key in THEMES:
        act = _action(window, themes, f"{name.capitalize()} Theme", lambda _=False, n=name: window.set_theme(n),
                      QKeySequence(key))
        act.setCheckable(True)
        act.setChecked(settings.theme == name)
        group.addAction(act)
    m.addSeparator()
    side = _action(window, m, "Side &Panel", lambda _=False: window.toggle_side_panel(), QKeySequence("F9"))
    side.setCheckable(True)
    side.setChecked(window.side_panel_shown())
    window.sidePanelToggled.connect(side.setChecked)
    _action(window, m, "Focus &Editor", editor.setFocus, QKeySequence("Ctrl+1"))
    _action(window, m, "Focus &Suggestions", lambda: (window.set_side_panel(True), window.suggestions.take_focus()),
            QKeySequence("Ctrl+2"))

    m = mb.addMenu("&Models")
    _action(window, m, "&Manage Models…", window.show_models_dialog, QKeySequence("Ctrl+Shift+M"))
    _action(window, m, "&Train Models…", window.show_train_panel, QKeySequence("Ctrl+Shift+T"))

    m = mb.addMenu("&Help")
    _action(window, m, "&Keyboard Shortcuts", window.show_shortcuts, QKeySequence("Ctrl+/"))
    _action(window, m, "&About Keigo", window.show_about, QKeySequence("F1"))
