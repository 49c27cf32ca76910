"""Suggestions: accept (one undo step), stale suggestions refused, n-best, accept all, dismiss, shortcuts."""
from __future__ import annotations

from guitest_helpers import wait_scored
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor


def _cursor_to(window, pos: int) -> None:
    c = window.editor.textCursor()
    c.setPosition(pos)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()


def _wait_suggestion(qtbot, window):
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None, timeout=10_000)
    return window.suggesting.current


TEXT = "hey u gonna come to the meeting? I would appreciate a reply."


def test_accept_changes_text_and_undo_restores(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    s = _wait_suggestion(qtbot, window)
    assert s.source == "hey u gonna come to the meeting?"
    assert len(window.suggestions.candidate_buttons) == 2  # n-best shown, each with its own Accept
    window.suggestions.candidate_buttons[0].click()
    assert window.editor.text() == "Hello you going to come to the meeting? I would appreciate a reply."
    window.editor.undo()
    assert window.editor.text() == TEXT
    window.editor.redo()
    assert window.editor.text().startswith("Hello you going to come")


def test_second_candidate_by_shortcut(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    _wait_suggestion(qtbot, window)
    window.editor.setFocus()
    qtbot.keyClick(window.editor, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert window.editor.text().startswith("Kindly note: hello you going to come")
    qtbot.keyClick(window.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.text() == TEXT


def test_ctrl_return_accepts_best(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    _wait_suggestion(qtbot, window)
    window.editor.setFocus()
    qtbot.keyClick(window.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.text().startswith("Hello you going to come")
    assert "\n" not in window.editor.text()


def test_stale_suggestion_is_refused(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    s = _wait_suggestion(qtbot, window)
    # the writer edits the sentence after the suggestion was computed (and before any refresh)
    c = QTextCursor(window.editor.document())
    c.setPosition(len("hey u gonna come"))
    c.insertText(" back")
    edited = window.editor.text()
    window.suggesting.current = s  # as if the panel still showed the old suggestion
    assert window.suggesting.accept(0) is False
    assert window.editor.text() == edited
    assert "changed" in window.statusBar().currentMessage()


def test_edit_elsewhere_keeps_suggestion_valid(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    s = _wait_suggestion(qtbot, window)
    c = QTextCursor(window.editor.document())
    c.setPosition(0)
    c.insertText("Dear team, ")  # text before the sentence moves it; it is still the same sentence
    window.suggesting.current = s
    assert window.suggesting.accept(0) is True
    assert window.editor.text().startswith("Dear team, Hello you going to come")


def test_rewrite_in_background_while_typing(qtbot, make_window):
    from guitest_helpers import FakeRegistry, FakeRewriter

    reg = FakeRegistry()
    reg.versions["rewriter"][0].factory = lambda: FakeRewriter(delay=0.6)
    window = make_window(reg)
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)  # a sentence is rewritten once its score says it is informal (issue 16 point 5)
    _cursor_to(window, 5)
    assert window.suggestions.status_label.text() == "Rewriting…"
    # the user keeps typing in the same sentence while the rewrite is computed
    c = window.editor.textCursor()
    c.setPosition(3)
    window.editor.setTextCursor(c)
    qtbot.keyClicks(window.editor, "!")
    qtbot.wait(800)
    # the old rewrite arrived for text that no longer exists: it must not be shown for the new sentence
    s = window.suggesting.current
    assert s is None or s.rewrite is None or s.rewrite.source == s.source
    assert window.editor.text().startswith("hey! u gonna")


def test_informal_list_accept_all_is_one_undo_step(qtbot, make_window):
    window = make_window()
    text = "hey u there?\nI would appreciate a reply.\nthx, gonna call tmrw\nThank you."
    window.editor.setPlainText(text)
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 2, timeout=5000)
    qtbot.waitUntil(lambda: all(e.best is not None for e, _ in window.suggesting.entries), timeout=10_000)
    assert window.suggesting.accept_all() == 2  # offered for review (issue 16): nothing changes yet
    assert window.editor.text() == text
    window.review_dialog.apply_button.click()
    assert window.editor.text() == "Hello you there?\nI would appreciate a reply.\nThank you, going to call tomorrow\nThank you."
    window.editor.undo()
    assert window.editor.text() == text


def test_list_accept_and_dismiss(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("hey u there?\nI would appreciate a reply.\nyeah cool")
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 2, timeout=5000)
    window.suggesting.dismiss_entry(1)
    assert window.suggestions.list.count() == 1
    qtbot.waitUntil(lambda: window.suggesting.entries[0][0].best is not None, timeout=10_000)
    assert window.suggesting.accept_entry(0)
    assert window.editor.text().startswith("Hello you there?")
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 0, timeout=5000)  # dismissed stays dismissed


def test_next_informal_moves_cursor(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("Thank you.\nhey u there?\nI would appreciate a reply.\nyeah ok")
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 2, timeout=5000)
    window.actions_by_name["Next Informal Sentence"].trigger()
    assert window.editor.textCursor().position() == window.editor.text().index("hey")
    window.actions_by_name["Next Informal Sentence"].trigger()
    assert window.editor.textCursor().position() == window.editor.text().index("yeah")


def test_formal_sentence_is_not_rewritten_unless_asked(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("I would appreciate a reply.")
    wait_scored(qtbot, window)
    _cursor_to(window, 3)
    assert window.suggesting.current is None
    assert "Formal enough" in window.suggestions.status_label.text()
    window.actions_by_name["Rewrite Sentence Now"].trigger()
    s = _wait_suggestion(qtbot, window)
    assert s.source == "I would appreciate a reply."


def test_tooltip_shows_on_hover(qtbot, make_window):
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    window = make_window()
    window.editor.setPlainText("hey u gonna come?")
    wait_scored(qtbot, window)
    c = window.editor.textCursor()
    c.setPosition(13)  # "come": an underlined word gets its own card instead (tests/gui/test_gui_words.py)
    rect = window.editor.cursorRect(c)
    pos = rect.center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, window.editor.viewport().mapToGlobal(pos))
    window.editor.viewportEvent(event)
    assert "Pulling towards informal: hey, u, gonna" in QToolTip.text()
    assert event.isAccepted()
    far = QPoint(pos.x(), pos.y() + 300)  # below the text: no tooltip
    miss = QHelpEvent(QEvent.Type.ToolTip, far, window.editor.viewport().mapToGlobal(far))
    window.editor.viewportEvent(miss)
    assert not miss.isAccepted()
    QToolTip.hideText()


def test_rewrite_settings_persist_and_apply(qtbot, make_window, tmp_path):
    window = make_window()
    window.suggesting.set_params(beam=2, nbest=1)
    window.editor.setPlainText(TEXT)
    wait_scored(qtbot, window)
    _cursor_to(window, 5)
    _wait_suggestion(qtbot, window)
    assert len(window.suggestions.candidate_buttons) == 1
    from gui.settings import AppSettings

    saved = AppSettings(tmp_path / "settings.ini")
    assert (saved.beam, saved.nbest) == (2, 1)


def test_delete_key_dismisses_in_the_list(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("hey u there?\nyeah ok")
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 2, timeout=5000)
    window.suggestions.list.setFocus()
    window.suggestions.list.setCurrentRow(0)
    qtbot.keyClick(window.suggestions.list, Qt.Key.Key_Delete)
    assert window.suggestions.list.count() == 1


def test_guarded_rewrite_says_why_the_safe_one_comes_first(qtbot):
    from engine.types import Candidate, Rewrite
    from gui.panels.suggestions import SuggestionsPanel
    from gui.theme import resolve_theme

    panel = SuggestionsPanel(resolve_theme("light"))
    qtbot.addWidget(panel)
    src = "u r gonna love it"
    rw = Rewrite(source=src, candidates=(Candidate("You are going to love it.", 0.0), Candidate("You love.", -0.4)),
                 flags=("guarded",))
    panel.show_suggestion(src, rw)
    assert "safer rewrite comes first" in panel.status_label.text()
    plain = Rewrite(source=src, candidates=rw.candidates)
    panel.show_suggestion(src, plain)
    assert "safer" not in panel.status_label.text()
