"""Issue 16, the editor a writer keeps open all day: the review before accept all, cards that wrap in a side panel
that can be resized and shut, the cursor panel's race, the list following the cursor."""
from __future__ import annotations

from guitest_helpers import FakeRegistry, FakeRewriter, FakeScorer, wait_scored
from PySide6.QtWidgets import QApplication, QCheckBox

from engine.types import Candidate, Rewrite

LIST_TEXT = "hey u there?\nI would appreciate a reply.\nthx, gonna call tmrw about the meeting\nThank you."


class FlaggingRewriter(FakeRewriter):
    """The fake rewriter, with the faithfulness checks' flag on any rewrite of a sentence about a meeting."""

    def rewrite(self, sentences, beam: int = 4, nbest: int = 1):
        out = []
        for r in super().rewrite(sentences, beam, nbest):
            if "meeting" in r.source:
                first = Candidate(r.candidates[0].text.replace(" about the meeting", ""), -0.1, ("dropped:meeting",))
                r = Rewrite(r.source, (first, *r.candidates[1:]), r.flags)
            out.append(r)
        return out


def _list_ready(qtbot, window, n: int) -> None:
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == n, timeout=5000)
    qtbot.waitUntil(lambda: all(e.best is not None for e, _ in window.suggesting.entries), timeout=10_000)


def _flagging_window(make_window):
    reg = FakeRegistry()
    reg.versions["rewriter"][0].factory = FlaggingRewriter
    return make_window(reg)


def test_accept_all_opens_a_review_with_flagged_rewrites_unchecked(qtbot, make_window):
    window = _flagging_window(make_window)
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    window.suggestions.accept_all.click()
    dialog = window.review_dialog
    assert dialog is not None and dialog.isVisible()
    assert window.editor.text() == LIST_TEXT  # nothing applied before the writer says so
    assert [item.source for item in dialog.items] == ["hey u there?", "thx, gonna call tmrw about the meeting"]
    assert [box.isChecked() for box in dialog.boxes] == [True, False]  # the flagged one starts unchecked
    assert "leaves out “meeting”" in dialog.items[1].caution
    assert dialog.apply_button.text() == "Apply 1 rewrite"
    dialog.apply_button.click()
    assert not dialog.isVisible()
    assert window.editor.text() == LIST_TEXT.replace("hey u there?", "Hello you there?")
    window.editor.undo()
    assert window.editor.text() == LIST_TEXT


def test_review_applies_every_checked_rewrite_as_one_undo_step(qtbot, make_window):
    window = _flagging_window(make_window)
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    assert window.suggesting.accept_all() == 2
    dialog = window.review_dialog
    dialog.set_all(True)
    assert dialog.apply_button.text() == "Apply 2 rewrites"
    dialog.apply_button.click()
    assert window.editor.text() == ("Hello you there?\nI would appreciate a reply.\nThank you, going to call tomorrow\n"
                                    "Thank you.")
    window.editor.undo()  # one step takes back both
    assert window.editor.text() == LIST_TEXT


def test_review_cancel_and_none_checked_change_nothing(qtbot, make_window):
    window = _flagging_window(make_window)
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    window.suggesting.accept_all()
    window.review_dialog.reject()
    assert window.editor.text() == LIST_TEXT
    window.suggesting.accept_all()
    dialog = window.review_dialog
    dialog.none_button.click()
    assert not dialog.apply_button.isEnabled() and dialog.checked() == []
    assert window.suggesting.apply_reviewed([]) == 0 and window.editor.text() == LIST_TEXT
    # an index the dialog never showed (bad input) is ignored
    window.suggesting.accept_all()
    assert window.suggesting.apply_reviewed([7, -1]) == 0 and window.editor.text() == LIST_TEXT


def test_review_skips_a_sentence_edited_while_it_was_open(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    window.suggesting.accept_all()
    c = window.editor.textCursor()
    c.setPosition(1)
    c.insertText("!")  # "h!ey u there?": the reviewed sentence is gone
    dialog = window.review_dialog
    dialog.set_all(True)
    dialog.apply_button.click()
    assert window.editor.text().startswith("h!ey u there?\n")
    assert "Thank you, going to call tomorrow" in window.editor.text()
    assert "1 skipped because the text changed" in window.statusBar().currentMessage()


LONG = ("hey u gonna tell me why the quarterly numbers r kinda better than we thought when the whole support team "
        "was gonna quit cuz the tickets doubled and nobody's been answering the phone since march lol?")


def test_cards_wrap_and_the_window_never_grows(qtbot, make_window):
    window = make_window()
    window.resize(700, 544)
    QApplication.processEvents()
    window.set_side_panel(True)
    window.splitter.setSizes([460, 240])
    QApplication.processEvents()
    size = window.size()
    window.editor.setPlainText(LONG + " " + LONG.replace("hey", "yeah"))
    wait_scored(qtbot, window)
    c = window.editor.textCursor()
    c.setPosition(5)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: len(window.suggestions.candidate_buttons) == 2, timeout=10_000)
    for _ in range(5):
        QApplication.processEvents()
    assert window.size() == size  # issue 16: it grew from 544 to about 720 px when rewrites appeared
    viewport = window.suggestions.cursor_scroll.viewport()
    for button in window.suggestions.candidate_buttons:
        # every Accept button lies inside the visible width (scrolling down reaches it; nothing is cut sideways)
        right = button.mapTo(viewport, button.rect().topRight()).x()
        assert 0 < right <= viewport.width()
        frame = button.parentWidget()
        label = frame.findChildren(type(window.suggestions.source_label))[0]
        assert label.wordWrap() and label.width() <= viewport.width()
        assert label.height() >= label.heightForWidth(label.width()) - 1  # the whole rewrite, not one line


def test_side_panel_collapses_resizes_and_is_remembered(qtbot, make_window, tmp_path):
    settings_path = tmp_path / "panel.ini"
    window = make_window(settings_path=settings_path)
    window.resize(1000, 600)
    QApplication.processEvents()
    assert window.side_panel_shown() and window.side.minimumWidth() < 340
    action = window.actions_by_name["Side Panel"]
    assert action.isChecked()
    action.trigger()
    assert not window.side_panel_shown() and window.splitter.sizes()[1] == 0 and not action.isChecked()
    window.close()
    again = make_window(settings_path=settings_path)
    QApplication.processEvents()
    assert not again.side_panel_shown()  # the state came back from the settings
    again.actions_by_name["Focus Suggestions"].trigger()  # asking for the suggestions opens the panel
    assert again.side_panel_shown() and again.actions_by_name["Side Panel"].isChecked()
    again.splitter.moveSplitter(again.splitter.width() - 300, 1)
    assert 250 <= again.splitter.sizes()[1] <= 350


def test_unscored_sentence_waits_for_its_score_and_shows_no_escaped_html(qtbot, make_window):
    reg = FakeRegistry()
    reg.versions["scorer"][0].factory = lambda: FakeScorer(delay=0.8)
    window = make_window(reg)
    window.editor.setPlainText("I can't say nobody's here. hey u there?")
    c = window.editor.textCursor()
    c.setPosition(3)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()  # before the score has arrived
    panel = window.suggestions
    assert panel.status_label.text() == "Scoring this sentence…"
    assert not panel.candidate_buttons and window.suggesting.current is None  # no rewrite offered yet
    shown = panel.source_label.text()
    assert "nobody" in shown
    # the label renders its text as rich text, so the escaped apostrophe is drawn as an apostrophe
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(shown)
    assert "nobody's" in doc.toPlainText() and "&#" not in doc.toPlainText()
    wait_scored(qtbot, window)
    # the score arrived: the panel now says where the sentence stands (formal: no rewrite offered)
    qtbot.waitUntil(lambda: "Formality 0.92" in panel.source_label.text(), timeout=5000)
    assert "Formal enough" in panel.status_label.text() and not panel.candidate_buttons
    # in the editor's words: the colour's name and the side of the target
    assert "very formal, at or above the target 0.50" in panel.source_label.text()


def test_list_selection_follows_the_cursor(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    text = window.editor.text()
    c = window.editor.textCursor()
    c.setPosition(text.index("gonna"))
    window.editor.setTextCursor(c)
    window.suggesting.refresh()
    assert window.suggestions.list.currentRow() == 1
    c.setPosition(2)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()
    assert window.suggestions.list.currentRow() == 0
    c.setPosition(text.index("appreciate"))
    window.editor.setTextCursor(c)
    window.suggesting.refresh()
    assert not window.suggestions.list.selectedItems()
    assert window.editor.textCursor().position() == text.index("appreciate")  # following never moves the cursor


def test_review_dialog_checkbox_names(qtbot, make_window):
    window = _flagging_window(make_window)
    window.editor.setPlainText(LIST_TEXT)
    _list_ready(qtbot, window, 2)
    window.suggesting.accept_all()
    boxes = window.review_dialog.findChildren(QCheckBox)
    assert len(boxes) == 2 and all(b.accessibleName().startswith("Apply rewrite") for b in boxes)
    window.review_dialog.reject()


def test_save_as_respects_the_umask_and_keeps_an_existing_files_mode(qtbot, make_window, tmp_path):
    import os
    import stat

    window = make_window()
    window.editor.setPlainText("Dear team, the report is attached.")
    old = os.umask(0o027)
    try:
        window.ask_save_path = lambda start: (str(tmp_path / "letter"), "Text files (*.txt)")
        assert window.documents.save_as()  # through the Save As prompt, as the menu does
        made = tmp_path / "letter.txt"
        assert stat.S_IMODE(made.stat().st_mode) == 0o666 & ~0o027  # 0640, not 0600
        existing = tmp_path / "shared.txt"
        existing.write_text("old", encoding="utf-8")
        existing.chmod(0o664)
        assert window.documents.save_as(existing)
        assert stat.S_IMODE(existing.stat().st_mode) == 0o664 and existing.read_text(encoding="utf-8").startswith("Dear")
    finally:
        os.umask(old)
