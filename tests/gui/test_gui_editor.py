"""Live scoring in the editor: tints, underlines, tooltips, gauge, target, emoji offsets."""
from __future__ import annotations

from guitest_helpers import FakeScorer, block_formats, type_text, wait_scored
from PySide6.QtGui import QTextCharFormat

from gui.theme import level_for


def _tinted_ranges(window, number=0):
    return block_formats(window, number)


def test_typing_produces_highlights(qtbot, make_window):
    window = make_window()
    type_text(qtbot, window, "hey u gonna come? I would appreciate a reply.")
    wait_scored(qtbot, window)
    ranges = _tinted_ranges(window)
    assert ranges, "typing produced no highlight"
    text = window.editor.text()
    informal_end = text.index("?") + 1
    theme, target = window.theme, window.editor.target
    # the informal sentence is tinted with the informal end of the scale, the formal one with the formal end
    low, high = FakeScorer().score(["hey u gonna come?", "I would appreciate a reply."])
    first = next(r for r in ranges if r[0] == 0)
    assert first[2].background().color() == theme.tint(level_for(low, target))
    assert level_for(low, target) < 3 <= level_for(high, target)
    formal_start = text.index("I would")
    formal = next(r for r in ranges if r[0] == formal_start)
    assert formal[2].background().color() == theme.tint(level_for(high, target))
    # informal-pulling words are underlined, and only those
    underlined = {text[s:e] for s, e, f in ranges if f.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline}
    assert underlined == {"hey", "u", "gonna"}
    assert all(e <= informal_end for s, e, f in ranges if f.underlineStyle() != QTextCharFormat.UnderlineStyle.NoUnderline)


def test_gauge_and_target(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("hey u there?\nI would appreciate a reply.\nThank you for your patience.")
    wait_scored(qtbot, window)
    _, informal, scored = window.editor.stats(window.editor.target)
    assert (informal, scored) == (1, 3)
    assert "1 of 3 sentences informal" in window.scores.detail.text()
    assert window.suggestions.list.count() == 1
    # a target above the formal sentences' 0.92 makes every sentence informal
    window.scoring.set_target(0.95)
    wait_scored(qtbot, window)
    qtbot.waitUntil(lambda: window.suggestions.list.count() == 3, timeout=5000)
    assert "3 of 3 sentences informal" in window.scores.detail.text()
    assert window.settings.target == 0.95


def test_tooltip_names_score_and_words(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("yeah u gotta see this")
    wait_scored(qtbot, window)
    ref = window.editor.sentence_at(3)
    tip = window.editor.tooltip_for(ref)
    assert "Formality 0.18" in tip and "informal" in tip
    assert "Pulling towards informal: yeah, u, gotta" in tip


def test_emoji_offsets_underline_the_right_word(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("😀😀 great work team. hey u 🎉 gonna win")
    wait_scored(qtbot, window)
    qt_text = window.editor.document().firstBlock().text().encode("utf-16-le")
    under = [(s, e) for s, e, f in block_formats(window) if f.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline]
    words = {qt_text[2 * s: 2 * e].decode("utf-16-le") for s, e in under}
    assert words == {"hey", "u", "gonna"}


def test_no_scorer_says_so_and_rules_still_rewrite(qtbot, make_window):
    from guitest_helpers import FakeRegistry

    window = make_window(FakeRegistry(scorer=False, rewriter=False))
    assert window.models.engine.scorer is None
    assert "no formality scorer installed" in window.models_label.text().lower()
    assert "No formality scorer installed" in window.scores.detail.text()
    assert window.models.engine.rewriter.info.kind == "rules"
    window.editor.setPlainText("i dont wanna go")
    wait_scored(qtbot, window)
    assert not [f for s, e, f in block_formats(window) if f.hasProperty(QTextCharFormat.Property.BackgroundBrush)]
    c = window.editor.textCursor()
    c.setPosition(1)
    window.editor.setTextCursor(c)
    window.suggesting.refresh()
    qtbot.waitUntil(lambda: window.suggesting.current is not None and window.suggesting.current.rewrite is not None, timeout=10_000)
    assert window.suggesting.current.rewrite.best != "i dont wanna go"


def test_typing_in_a_paragraph_keeps_the_other_sentences_coloured(qtbot, make_window):
    from gui.panels.editor import BlockData, surviving_sentences
    from gui.workers import ScoredSentence

    text = "hey u. I agree. yeah ok."
    sents = tuple(ScoredSentence(a, b, text[a:b], 0.2) for a, b in ((0, 6), (7, 15), (16, 24)))
    data = BlockData.build(text, sents, (0.5, "light"), 1)
    edited = "hey u. I fully agree. yeah ok."
    kept = surviving_sentences(data, edited)
    assert [(s.text, edited[s.start:s.end]) for s in kept] == [("hey u.", "hey u."), ("yeah ok.", "yeah ok.")]
    assert surviving_sentences(data, text) == sents
    assert [s.text for s in surviving_sentences(data, "hey u. I agree. yeah ok. more")] == ["hey u.", "I agree."]

    window = make_window()
    window.editor.setPlainText("hey u there? I would appreciate a reply.")
    wait_scored(qtbot, window)
    c = window.editor.textCursor()
    c.setPosition(len("hey u there? I would appreciate a reply"))
    window.editor.setTextCursor(c)
    qtbot.keyClicks(window.editor, " soon")
    # before the re-score: the untouched first sentence is still tinted, the edited one is not
    starts = {s for s, e, f in block_formats(window) if f.hasProperty(QTextCharFormat.Property.BackgroundBrush)}
    assert 0 in starts and len("hey u there? ") not in starts
    wait_scored(qtbot, window)
    starts = {s for s, e, f in block_formats(window) if f.hasProperty(QTextCharFormat.Property.BackgroundBrush)}
    assert {0, len("hey u there? ")} <= starts


def test_edited_paragraphs_are_scored_first(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("\n".join(f"Paragraph {i} is fine." for i in range(400)))
    wait_scored(qtbot, window)
    assert window.editor.collect(99, window.models.engine.epoch, window.editor.target) is None  # all scored
    doc = window.editor.document()
    from PySide6.QtGui import QTextCursor

    for n in (350, 10, 399):
        c = QTextCursor(doc.findBlockByNumber(n))
        c.insertText("hey u ")
    window.scoring.dispatcher._timer.stop()
    req = window.editor.collect(100, window.models.engine.epoch, window.editor.target)
    assert [n for n, _ in req.paragraphs] == [399, 10, 350]  # most recent edit first
    assert req.revision == window.editor.revision


def test_titles_are_not_flagged_as_informal(qtbot, make_window):
    from gui.workers import is_heading

    assert is_heading("# hey u", standalone=False)
    assert is_heading("Quarterly update for the board", standalone=True)
    assert not is_heading("Quarterly update for the board", standalone=False)  # a line inside a paragraph
    assert not is_heading("thx, talk soon", standalone=True)  # lowercase: a sentence, not a title
    assert not is_heading("We met on Monday.", standalone=True)
    window = make_window()
    window.editor.setPlainText("Notes Gonna Cover\n\nhey u there?\n\n## yeah stuff\n")
    wait_scored(qtbot, window)
    assert [r.text for r in window.editor.scored_sentences()] == ["hey u there?"]
    assert not block_formats(window, 0) and not block_formats(window, 4)


def test_informal_words_are_found_for_what_is_on_screen(qtbot, make_window):
    window = make_window()
    window.editor.setPlainText("\n".join(f"hey u number {i}" for i in range(600)))
    wait_scored(qtbot, window)
    doc = window.editor.document()
    last = window.editor.block_data(doc.findBlockByNumber(599))
    assert last.informal == 1 and not last.explained and last.sentences[0].words == ()
    assert window.editor.block_data(doc.firstBlock()).explained
    window.editor.verticalScrollBar().setValue(window.editor.verticalScrollBar().maximum())
    qtbot.waitUntil(lambda: window.editor.block_data(doc.findBlockByNumber(599)).explained, timeout=10_000)
    words = [w.word for w in window.editor.block_data(doc.findBlockByNumber(599)).sentences[0].pulling_words]
    assert words == ["hey", "u"]


class _BlamesFunctionWords(FakeScorer):
    """A scorer whose occlusion also blames "the" and "," (as real classifiers do) and weakly blames "sorta"."""

    def explain(self, sentence, only=None):
        from engine.types import WordWeight

        out = []
        for w in super().explain(sentence, only):
            if w.word.lower() in ("the", ","):
                w = WordWeight(w.start, w.end, w.word, -3.0)
            elif w.word.lower() == "sorta":
                w = WordWeight(w.start, w.end, w.word, -0.4)
            elif w.word.lower() in ("plan", "work"):
                w = WordWeight(w.start, w.end, w.word, -2.0)
            out.append(w)
        return out


def test_function_words_and_weak_pulls_are_never_underlined(qtbot, make_window):
    """Function words never; a plain English word ("plan", "work") only with a strong pull (engine.reasons'
    STANDARD_THRESHOLD, 3 log-odds, not 2); a lexicon word ("sorta") at any pull towards informal."""
    from guitest_helpers import FakeRegistry

    registry = FakeRegistry(scorer=False)
    registry.add("scorer", "bundled", _BlamesFunctionWords)
    window = make_window(registry)
    text = "hey u, the plan is sorta gonna work?"
    type_text(qtbot, window, text)
    wait_scored(qtbot, window)
    ranges = _tinted_ranges(window)
    underlined = {text[s:e] for s, e, f in ranges if f.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline}
    assert underlined == {"hey", "u", "sorta", "gonna"}
    tip = window.editor.tooltip_for(window.editor.sentence_at(1))
    assert "Pulling towards informal: hey, u, sorta, gonna" in tip
