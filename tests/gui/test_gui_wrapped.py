"""Issue 16 point 8: a sentence hard-wrapped across lines is scored, tinted, counted, listed and rewritten as one
sentence, while the document keeps its line breaks."""
from __future__ import annotations

import threading
import time

from guitest_helpers import FakeRegistry, FakeScorer, block_formats, wait_scored
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QContextMenuEvent, QTextCharFormat, QTextCursor

from gui.theme import level_for

WAVE = QTextCharFormat.UnderlineStyle.WaveUnderline
LOW, HIGH = 0.42, 0.92  # FakeScorer: one informal marker, none


SEEN: list[str] = []


class RecordingScorer(FakeScorer):
    """Remembers every text it was asked to score (in SEEN)."""

    def score(self, sentences, batch_size: int = 64):
        SEEN.extend(sentences)
        return super().score(sentences, batch_size)


def _window(qtbot, make_window, text, scorer=FakeScorer):
    registry = FakeRegistry(scorer=False)
    registry.add("scorer", "bundled", scorer)
    window = make_window(registry)
    window.resize(1000, 700)
    window.editor.setPlainText(text)
    wait_scored(qtbot, window)
    return window


def _tints(window, number):
    """(start, end, background colour) of the tinted ranges of a line, Qt offsets; touching ranges of one colour
    (a tint cut by an underlined word) merged."""
    out = []
    for s, e, f in sorted(block_formats(window, number), key=lambda r: r[0]):
        if not f.hasProperty(QTextCharFormat.Property.BackgroundBrush):
            continue
        colour = f.background().color()
        if out and out[-1][1] == s and out[-1][2] == colour:
            out[-1] = (out[-1][0], e, colour)
        else:
            out.append((s, e, colour))
    return out


def _underlined(window, number):
    qt = window.editor.document().findBlockByNumber(number).text().encode("utf-16-le")
    return [qt[2 * s:2 * e].decode("utf-16-le") for s, e, f in block_formats(window, number) if f.underlineStyle() == WAVE]


def _cursor_to(window, pos: int) -> None:
    c = window.editor.textCursor()
    c.setPosition(pos)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()


def _wait_suggestion(qtbot, window):
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None,
                    timeout=10_000)
    return window.suggesting.current


def test_a_wrapped_formal_sentence_is_scored_as_one_sentence(qtbot, make_window):
    SEEN.clear()
    text = "I would be grateful if you could\nsend the report by Friday."
    window = _window(qtbot, make_window, text, RecordingScorer)
    joined = text.replace("\n", " ")
    assert joined in SEEN
    assert "I would be grateful if you could" not in SEEN  # never the fragments
    assert "send the report by Friday." not in SEEN
    refs = list(window.editor.scored_sentences())
    assert [(r.text, r.start, r.end) for r in refs] == [(joined, 0, len(text))]
    value, informal, scored = window.editor.stats(window.editor.target)
    assert (round(value, 2), informal, scored) == (HIGH, 0, 1)  # counted once
    assert "0 of 1 sentence informal" in window.scores.detail.text()
    assert window.editor.text() == text and window.editor.document().blockCount() == 2  # the text never changes
    # both lines carry the sentence's one tint, from their first character to their last
    colour = window.theme.tint(level_for(HIGH, window.editor.target))
    assert _tints(window, 0) == [(0, len("I would be grateful if you could"), colour)]
    assert _tints(window, 1) == [(0, len("send the report by Friday."), colour)]
    # the sentence at the cursor is the whole sentence, from either line
    for pos in (3, text.index("report")):
        ref = window.editor.sentence_at(pos)
        assert (ref.text, ref.start, ref.end, ref.score) == (joined, 0, len(text), refs[0].score)


def test_joining_changes_the_verdict_tints_both_lines_and_underlines_on_the_right_line(qtbot, make_window):
    # Alone, the first line reads formal (0.92); the sentence as written is informal ("tmrw", "thx" on line two).
    text = "I would be grateful if you\ncould send it tmrw thx.\nThank you."
    window = _window(qtbot, make_window, text)
    target = window.editor.target
    low = float(FakeScorer().score(["I would be grateful if you could send it tmrw thx."])[0])
    assert low < target
    informal = window.theme.tint(level_for(low, target))
    assert [c for *_, c in _tints(window, 0)] == [informal]
    assert [c for *_, c in _tints(window, 1)] == [informal]
    assert _underlined(window, 0) == [] and _underlined(window, 1) == ["tmrw", "thx"]
    assert window.editor.stats(target)[1:] == (1, 2)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 1, timeout=5000)
    entry, tracker = window.suggesting.entries[0]
    assert entry.source == "I would be grateful if you could send it tmrw thx."
    assert (tracker.selectionStart(), tracker.selectionEnd()) == (0, text.index("\nThank"))
    # the hover card and the right-click fix act on the word on its own line
    hit = window.editor.underlined_word_at(text.index("tmrw") + 1)
    assert (hit.start, hit.end, hit.word, hit.replacement) == (text.index("tmrw"), text.index("tmrw") + 4, "tmrw", "tomorrow")
    assert window.editor.fix_word(hit)
    assert window.editor.text() == text.replace("tmrw", "tomorrow")
    window.editor.undo()
    assert window.editor.text() == text
    # the tooltip names the sentence's words, wherever the mouse is on it
    assert "Pulling towards informal: tmrw, thx" in window.editor.tooltip_for(window.editor.sentence_at(2))


def test_accepting_a_rewrite_over_two_lines_replaces_the_span_as_one_undo_step(qtbot, make_window):
    text = "Hello all.\nCould you please\nsend the report tmrw? Thanks.\nNext line."
    window = _window(qtbot, make_window, text)
    _cursor_to(window, text.index("report"))
    s = _wait_suggestion(qtbot, window)
    assert s.source == "Could you please send the report tmrw?"
    assert "wrapped over 2 lines" in window.suggestions.status_label.text()
    assert "on one line" in window.suggestions.status_label.text()
    window.suggestions.candidate_buttons[0].click()
    # the rewrite takes the sentence's place on its first line; what followed it on its last line joins it
    assert window.editor.text() == "Hello all.\nCould you please send the report tomorrow? Thanks.\nNext line."
    window.editor.undo()  # one step brings the line break back
    assert window.editor.text() == text
    # the right-click menu on the second line offers the same rewrites, and says what they do to the lines
    editor = window.editor
    c = QTextCursor(editor.document())
    c.setPosition(text.index("report"))
    rect = editor.cursorRect(c)
    local = QPoint(rect.center().x() + 2, rect.center().y())
    editor.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, editor.mapToGlobal(local)))
    rewrites = [a for a in editor.last_menu.actions() if a.text().startswith("→ ")]
    editor.last_menu.close()
    assert rewrites[0].text() == "→ Could you please send the report tomorrow?"
    assert "wrapped over 2 lines" in rewrites[0].toolTip()
    rewrites[0].trigger()
    assert editor.text() == "Hello all.\nCould you please send the report tomorrow? Thanks.\nNext line."
    editor.undo()
    assert editor.text() == text
    # a single-line sentence gets no such note
    _cursor_to(window, 1)
    window.suggesting.refresh(force=True)
    _wait_suggestion(qtbot, window)
    assert "wrapped" not in window.suggestions.status_label.text()


def test_a_wrapped_rewrite_is_refused_when_a_line_changed(qtbot, make_window):
    text = "Could you please\nsend the report tmrw?"
    window = _window(qtbot, make_window, text)
    _cursor_to(window, 2)
    _wait_suggestion(qtbot, window)
    c = QTextCursor(window.editor.document().findBlockByNumber(1))
    c.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    c.insertText("?")  # the second line changed: the suggestion no longer matches the document
    assert not window.suggesting.accept(0)
    assert window.editor.text() == text + "?"


def test_accept_all_and_the_list_replace_wrapped_sentences_in_one_undo_step(qtbot, make_window):
    text = "hey could you\nsend it tmrw?\n\nI would appreciate a reply.\nthx u for\nthe help."
    window = _window(qtbot, make_window, text)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 2, timeout=5000)
    qtbot.waitUntil(lambda: all(e.best is not None for e, _ in window.suggesting.entries), timeout=10_000)
    assert [e.source for e, _ in window.suggesting.entries] == ["hey could you send it tmrw?", "thx u for the help."]
    assert window.suggesting.accept_all() == 2
    window.review_dialog.apply_button.click()
    assert window.editor.text() == ("Hello could you send it tomorrow?\n\nI would appreciate a reply.\n"
                                    "Thank you you for the help.")
    window.editor.undo()
    assert window.editor.text() == text
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: len(window.suggesting.entries) == 2 and window.suggesting.entries[1][0].best is not None,
                    timeout=10_000)
    assert window.suggesting.accept_entry(1)
    assert window.editor.text() == text.replace("thx u for\nthe help.", "Thank you you for the help.")


def test_an_edit_on_the_second_line_rescores_the_joined_sentence(qtbot, make_window):
    text = "I would be grateful if you could\nsend the report by Friday."
    window = _window(qtbot, make_window, text)
    doc = window.editor.document()
    assert window.editor.stats(window.editor.target)[1:] == (0, 1)
    c = QTextCursor(doc.findBlockByNumber(1))
    c.insertText("gonna ")  # "could\ngonna send ...": still one sentence, now informal
    # the joined results are out of date on both lines at once (the first line's text did not change)
    assert window.editor.block_data(doc.firstBlock()) is None and window.editor.block_data(doc.lastBlock()) is None
    assert window.scoring.busy
    wait_scored(qtbot, window)
    low = window.theme.tint(level_for(LOW, window.editor.target))
    assert [c for *_, c in _tints(window, 0)] == [low] and [c for *_, c in _tints(window, 1)] == [low]
    assert _underlined(window, 0) == [] and _underlined(window, 1) == ["gonna"]
    assert window.editor.stats(window.editor.target)[1:] == (1, 1)
    # a capital that starts a new sentence splits the paragraph: two sentences, scored apart
    c = QTextCursor(doc.findBlockByNumber(1))
    c.setPosition(c.position() + len("gonna "))
    c.deleteChar()
    c.insertText("S")
    c = QTextCursor(doc.findBlockByNumber(1))
    c.movePosition(QTextCursor.MoveOperation.NextWord, QTextCursor.MoveMode.KeepAnchor)
    c.removeSelectedText()  # "Send the report by Friday."
    wait_scored(qtbot, window)
    assert [r.text for r in window.editor.scored_sentences()] == ["I would be grateful if you could",
                                                                   "Send the report by Friday."]
    assert window.editor.stats(window.editor.target)[1:] == (0, 2)


class GatedScorer(FakeScorer):
    """Once armed, holds each score() call until the test opens the gate."""

    def __init__(self):
        super().__init__()
        self.armed, self.entered, self.gate = False, threading.Event(), threading.Event()

    def score(self, sentences, batch_size: int = 64):
        if self.armed:
            self.entered.set()
            self.gate.wait(10)
        return super().score(sentences, batch_size)


def test_results_of_an_older_revision_are_not_applied_to_a_wrapped_sentence(qtbot, make_window):
    scorer = GatedScorer()
    window = _window(qtbot, make_window, "I would be grateful if you could\nsend the report by Friday.", lambda: scorer)
    editor, dispatcher = window.editor, window.scoring.dispatcher
    dropped = dispatcher.stale_chunks_dropped
    scorer.armed = True
    second = QTextCursor(editor.document().findBlockByNumber(1))
    second.insertText("gonna ")  # the joined sentence changed: a job scores it...
    qtbot.waitUntil(scorer.entered.is_set, timeout=10_000)
    second.insertText("yeah ")  # ...and the second line changes again while it does
    scorer.armed = False
    scorer.gate.set()
    wait_scored(qtbot, window)
    assert dispatcher.stale_chunks_dropped > dropped  # the older revision's result was not applied
    assert [r.text for r in editor.scored_sentences()] == [
        "I would be grateful if you could gonna yeah send the report by Friday."]
    assert _underlined(window, 0) == [] and _underlined(window, 1) == ["gonna", "yeah"]


def test_headings_blank_lines_and_list_items_break_paragraphs(qtbot, make_window):
    text = ("# Notes on the\nplan for the week\n\nwe met with\nthe team and\nJohn from sales\n"
            "- first item\n- second item\n\na list:\na) one thing\nb) another")
    window = _window(qtbot, make_window, text)
    assert [r.text for r in window.editor.scored_sentences()] == [
        "plan for the week", "we met with the team and John from sales", "- first item", "- second item",
        "a list:", "a) one thing", "b) another"]
    assert not block_formats(window, 0)  # the heading stays untinted
    assert window.editor.text() == text


def test_emoji_in_a_wrapped_sentence_keep_tints_and_underlines_on_the_right_characters(qtbot, make_window):
    text = "😀 I would be grateful if you\ncould send it 🎉 tmrw thx.\n🎉 Fine."
    window = _window(qtbot, make_window, text)
    assert _underlined(window, 0) == [] and _underlined(window, 1) == ["tmrw", "thx"]
    qt_len = len(text.split("\n")[0].encode("utf-16-le")) // 2
    assert [(s, e) for s, e, _ in _tints(window, 0)] == [(0, qt_len)]
    line2 = "could send it 🎉 tmrw thx."
    assert [(s, e) for s, e, _ in _tints(window, 1)] == [(0, len(line2.encode("utf-16-le")) // 2)]
    doc_pos = len(text[: text.index("tmrw")].encode("utf-16-le")) // 2
    ref = window.editor.sentence_at(doc_pos)
    assert ref.text == "😀 I would be grateful if you could send it 🎉 tmrw thx."
    assert (ref.start, ref.end) == (0, len(text[: text.index("\n🎉 Fine")].encode("utf-16-le")) // 2)
    hit = window.editor.underlined_word_at(doc_pos + 1)
    assert hit.word == "tmrw" and window.editor.fix_word(hit)
    assert window.editor.text() == text.replace("tmrw", "tomorrow")
    window.editor.undo()
    _cursor_to(window, doc_pos)
    wait_scored(qtbot, window)
    _cursor_to(window, doc_pos)
    _wait_suggestion(qtbot, window)
    assert window.suggesting.accept(0)
    assert window.editor.text() == "😀 I would be grateful if you could send it 🎉 tomorrow thank you.\n🎉 Fine."


def test_a_crlf_file_is_scored_by_sentence_and_saved_byte_for_byte(qtbot, make_window, tmp_path):
    data = b"I would be grateful if you could\r\nsend the report by Friday.\r\n\r\nthx u for\r\nthe help.\r\n"
    src = tmp_path / "letter.txt"
    src.write_bytes(data)
    window = _window(qtbot, make_window, "")
    assert window.documents.open_path(src)
    wait_scored(qtbot, window)
    assert [r.text for r in window.editor.scored_sentences()] == [
        "I would be grateful if you could send the report by Friday.", "thx u for the help."]
    assert window.editor.stats(window.editor.target)[1:] == (1, 2)
    out = tmp_path / "copy.txt"
    assert window.documents.save_as(out)
    assert out.read_bytes() == data


def test_a_very_long_wrapped_paragraph_stays_responsive(qtbot, make_window):
    # 2000 lines that all carry on into the next: one paragraph whose sentences each span two lines
    n = 2000
    lines = ["the first sentence runs on"] + [
        f"until it stops here. then {'gonna ' if i % 2 else ''}sentence {chr(97 + i % 26) * 3} runs on"
        for i in range(1, n)] + ["until it stops here."]
    text = "\n".join(lines)
    window = _window(qtbot, make_window, "")
    gaps, last = [], [time.monotonic()]

    def tick():
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    ticker = QTimer(interval=10)
    ticker.timeout.connect(tick)
    ticker.start()
    QTimer.singleShot(0, lambda: window.editor.setPlainText(text))
    qtbot.waitUntil(lambda: window.editor.document().blockCount() > 1 and not window.scoring.busy, timeout=120_000)
    _, informal, scored = window.editor.stats(window.editor.target)
    assert (informal, scored) == ((n - 1) // 2 + (n - 1) % 2, n)
    # an edit deep inside re-scores the paragraph: the formal sentence 1500 (lines 1500-1501) turns informal
    c = QTextCursor(window.editor.document().findBlockByNumber(1501))
    c.insertText("yeah ")
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=120_000)
    ticker.stop()
    print(f"2000-line wrapped paragraph: max event-loop gap {max(gaps):.3f} s over {len(gaps)} ticks")
    assert max(gaps) < 1.0, f"the GUI thread was blocked for {max(gaps):.2f} s"
    assert window.editor.stats(window.editor.target)[1:] == (informal + 1, n)
    ref = window.editor.sentence_at(window.editor.document().findBlockByNumber(1501).position())
    assert ref.text == "then sentence " + chr(97 + 1500 % 26) * 3 + " runs on yeah until it stops here."
    lines[1501] = "yeah " + lines[1501]
    assert window.editor.text() == "\n".join(lines)


def test_without_a_scorer_the_wrapped_sentence_is_still_found_and_rewritten_whole(qtbot, make_window):
    text = "hey could you\nsend it tmrw?"
    window = make_window(FakeRegistry(scorer=False))
    window.editor.setPlainText(text)
    wait_scored(qtbot, window)
    ref = window.editor.sentence_at(text.index("tmrw"))
    assert (ref.text, ref.start, ref.end, ref.score) == ("hey could you send it tmrw?", 0, len(text), None)
    _cursor_to(window, text.index("tmrw"))
    s = _wait_suggestion(qtbot, window)
    assert s.source == "hey could you send it tmrw?"
    assert window.suggesting.accept(0)
    assert window.editor.text() == "Hello could you send it tomorrow?"
    window.editor.undo()
    assert window.editor.text() == text
