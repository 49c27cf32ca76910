"""Issue 16 points 3 and 4: underlines visible on every tint, a hover card per underlined word with its one-click
fix, the right-click menu with the sentence's rewrites, and the sentence at the cursor outlined."""
from __future__ import annotations

from guitest_helpers import wait_scored
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QColor, QHelpEvent, QTextCursor
from PySide6.QtWidgets import QApplication

from gui.theme import SCALE_HEX, contrast_ratio, resolve_theme

TEXT = "hey u gonna come to the meeting lol? I would appreciate a reply."


def test_underline_contrast_on_every_tint_in_both_themes(qapp):
    for name in ("light", "dark"):
        theme = resolve_theme(name)
        for level in range(len(SCALE_HEX)):
            ratio = contrast_ratio(theme.underline, theme.tint(level))
            assert ratio >= 4.5, (name, level, ratio)
        # and a colour, not another grey: against the grey text it reads as a mark, not as more text
        assert theme.underline.hsvSaturationF() > 0.5 and theme.text.hsvSaturationF() < 0.1
    assert round(contrast_ratio(QColor("#000000"), QColor("#ffffff")), 1) == 21.0
    assert contrast_ratio(QColor("#777777"), QColor("#777777")) == 1.0


def _hover(window, position: int):
    editor = window.editor
    c = QTextCursor(editor.document())
    c.setPosition(position)
    rect = editor.cursorRect(c)
    local = QPoint(rect.center().x() + 2, rect.center().y())
    event = QHelpEvent(QEvent.Type.ToolTip, local, editor.viewport().mapToGlobal(local))
    QApplication.sendEvent(editor.viewport(), event)
    return editor.word_card


def _ready(qtbot, make_window, text=TEXT):
    window = make_window()
    window.resize(1000, 700)
    window.editor.setPlainText(text)
    wait_scored(qtbot, window)
    return window


def test_hover_card_offers_the_word_fix_and_applies_only_that_word(qtbot, make_window):
    window = _ready(qtbot, make_window)
    card = _hover(window, TEXT.index(" u ") + 1)
    assert card.isVisible()
    assert card.hit.word == "u" and card.hit.replacement == "you"
    assert "“u”" in card.title.text() and card.fix_button.text() == "Replace with “you”"
    card.fix_button.click()
    assert not card.isVisible()
    assert window.editor.text() == TEXT.replace("hey u gonna", "hey you gonna")
    window.editor.undo()  # one step
    assert window.editor.text() == TEXT


def test_hover_card_kinds(qtbot, make_window):
    window = _ready(qtbot, make_window)
    card = _hover(window, TEXT.index("gonna") + 2)
    assert card.hit.replacement == "going to"
    card = _hover(window, TEXT.index("lol") + 1)
    assert card.hit.replacement == "" and card.fix_button.text() == "Remove “lol”"
    card.fix_button.click()
    assert window.editor.text() == TEXT.replace(" lol?", "?")
    qtbot.waitUntil(lambda: window.editor.underlined_word_at(1) is not None, timeout=10_000)  # re-scored
    card = _hover(window, 1)  # "hey": underlined, but no single-word replacement is known
    assert card.isVisible() and card.hit.replacement is None and not card.fix_button.isVisible()
    assert "right-click" in card.detail.text()
    card.dismiss()
    # a formal sentence's words get no card, only the sentence's tooltip
    card = _hover(window, window.editor.text().index("appreciate") + 2)
    assert not card.isVisible()


def test_word_fix_refused_when_the_word_changed(qtbot, make_window):
    window = _ready(qtbot, make_window)
    hit = window.editor.underlined_word_at(TEXT.index(" u ") + 1)
    c = window.editor.textCursor()
    c.setPosition(hit.start)
    c.insertText("y")  # "yu": the word the card was about is gone
    assert window.editor.fix_word(hit) is False
    assert "yu gonna" in window.editor.text()


def test_context_menu_has_the_word_fix_and_the_sentences_rewrites(qtbot, make_window):
    window = _ready(qtbot, make_window)
    editor = window.editor
    c = editor.textCursor()
    c.setPosition(2)
    editor.setTextCursor(c)
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None,
                    timeout=10_000)
    pos = TEXT.index(" u ") + 1
    c = QTextCursor(editor.document())
    c.setPosition(pos)
    rect = editor.cursorRect(c)
    from PySide6.QtGui import QContextMenuEvent

    local = QPoint(rect.center().x() + 2, rect.center().y())
    editor.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, editor.mapToGlobal(local)))
    menu = editor.last_menu
    texts = [a.text() for a in menu.actions()]
    assert texts[0] == "Replace with “you”"
    rewrites = [a for a in menu.actions() if a.text().startswith("→ ")]
    best = window.suggesting.current.rewrite.best
    assert best.startswith("Hello you going to come") and rewrites and rewrites[0].text() == f"→ {best}"
    assert any("Copy" in t for t in texts)  # the standard actions stay
    menu.close()
    rewrites[0].trigger()
    assert editor.text() == f"{best} I would appreciate a reply."
    editor.undo()
    assert editor.text() == TEXT


def test_context_menu_offers_a_rewrite_when_none_is_known(qtbot, make_window):
    window = _ready(qtbot, make_window)
    editor = window.editor
    pos = editor.text().index("appreciate")
    c = QTextCursor(editor.document())
    c.setPosition(pos)
    rect = editor.cursorRect(c)
    from PySide6.QtGui import QContextMenuEvent

    local = QPoint(rect.center().x(), rect.center().y())
    editor.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, editor.mapToGlobal(local)))
    ask = [a for a in editor.last_menu.actions() if a.text().startswith("Suggest a formal rewrite")]
    editor.last_menu.close()
    assert ask
    ask[0].trigger()
    assert editor.textCursor().position() == window.editor.sentence_at(pos).start
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None,
                    timeout=10_000)


def test_sentence_at_the_cursor_is_outlined(qtbot, make_window):
    window = _ready(qtbot, make_window)
    editor = window.editor
    c = editor.textCursor()
    c.setPosition(TEXT.index("appreciate"))
    editor.setTextCursor(c)
    start = TEXT.index("I would")
    assert editor.outlined_range() == (start, len(TEXT))
    rects = editor.outline_rects()
    assert len(rects) >= 1
    # the outline is drawn: its colour is on the frame's left edge
    image = editor.viewport().grab().toImage()
    r = rects[0]
    y = int(r.center().y())
    colours = {QColor(image.pixel(int(r.left()) + dx, y)).name() for dx in range(3)}
    outline = editor.theme.outline
    assert any(abs(QColor(n).red() - outline.red()) + abs(QColor(n).blue() - outline.blue()) < 120 for n in colours)
    c.setPosition(3)
    editor.setTextCursor(c)
    assert editor.outlined_range() == (0, TEXT.index(" I would"))
