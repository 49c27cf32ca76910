"""The reranked rewriter in the app: cautions on flagged rewrites, the writer's target and F7 reach the engine."""
from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel

from engine.faithful import SafeRewriter
from engine.rules import RuleFormalizer
from engine.types import Candidate, ModelInfo, Rewrite
from gui.panels.suggestions import SuggestionsPanel, caution_text
from gui.theme import resolve_theme
from gui.workers import RewriteDispatcher


def test_caution_text_says_what_a_rewrite_may_have_lost():
    assert caution_text(()) == "" and caution_text(("rules",)) == ""
    text = caution_text(("dropped:ship", "nonword:futututur", "inserted:doctor"))
    assert "“futututur”" in text and "leaves out “ship”" in text and "adds “doctor”" in text
    assert "leaves out the question" in caution_text(("dropped:?",))
    assert caution_text(("dropped:https://example.com/status", "dropped:2")) == (
        "Check the meaning: this rewrite leaves out “2”; does not copy “https://example.com/status” exactly.")
    assert caution_text(('dropped:"',)) == "Check the meaning: this rewrite puts your words in quotation marks."
    assert "leaves out “asap”; puts your words" in caution_text(("dropped:asap", 'dropped:"'))
    assert caution_text(("dropped:> 2", "dropped:+60 years")) == (
        "Check the meaning: this rewrite leaves out “> 2”; adds “years” to your “60”.")
    assert caution_text(("dropped:~approve of",)) == (
        "Check the meaning: this rewrite turns your “approve” into “approve of”.")
    assert caution_text(("dropped:~said,",)) == (
        "Check the meaning: this rewrite puts a comma after your “said”, which makes a quotation of what follows.")
    assert caution_text(("dropped:~?",)) == "Check the meaning: this rewrite makes a question of what you stated."
    assert caution_text(("dropped:~if",)) == "Check the meaning: this rewrite makes a condition (“if”) of what you said."
    assert caution_text(("dropped:~force to", "dropped:one at a time")) == (
        "Check the meaning: this rewrite leaves out “one at a time”; turns your “force” into “force to”.")
    # a possessive or a subject the writer did not name, words added to fillers, an excepting "but" turned: none of
    # them has the shape of a unit added to a number or a verb's sense turned
    assert caution_text(("dropped:+your", "dropped:+i")) == (
        "Check the meaning: this rewrite names someone you did not: “your”, “I”.")
    assert caution_text(("dropped:+words",)) == "Check the meaning: this rewrite says something your text does not."
    assert caution_text(("dropped:~but",)) == (
        "Check the meaning: this rewrite turns your “but” (except) into a contrast.")
    # a tense the writer did not use, somebody's quoted words changed
    assert caution_text(("dropped:~,waited",)) == (
        "Check the meaning: this rewrite drops your comma before “waited”, which changes what the sentence says.")
    assert caution_text(("dropped:~go>went",)) == "Check the meaning: this rewrite puts your “go” in the past (“went”)."
    assert caution_text(('dropped:"why isnt this done"',)) == (
        'Check the meaning: this rewrite does not copy "why isnt this done" exactly.')
    # an article inside a fixed phrase, an active verb made passive, a label made a speaker, a sigh made praise,
    # a person left out
    assert caution_text(("dropped:~touch the base",)) == (
        "Check the meaning: this rewrite puts “the” inside your “touch base”, which changes what it means.")
    assert caution_text(("dropped:~are offered",)) == (
        "Check the meaning: this rewrite makes your “offered” passive (“are offered”): who did it to whom changes.")
    assert caution_text(("dropped:~edit said", "dropped:~pro tip said")) == (
        "Check the meaning: this rewrite makes your “edit:” someone who speaks; makes your “pro tip:” someone who "
        "speaks.")
    assert caution_text(("dropped:~great!",)) == (
        "Check the meaning: this rewrite turns your “great!” into praise of what follows.")
    assert caution_text(("dropped:+1st one",)) == "Check the meaning: this rewrite adds “one” to your “1st”."
    assert caution_text(("dropped:<>store credit",)) == (
        "Check the meaning: this rewrite swaps your “store credit” to “credit store”.")
    # a "not" of the model's own, a modal's perfect or an apology left out
    assert caution_text(("dropped:~not",)) == (
        "Check the meaning: this rewrite adds a “not” you did not write, which turns what you say around.")
    assert caution_text(("dropped:~opinion",)) == (
        "Check the meaning: this rewrite adds “in my opinion”, which makes what you state an opinion.")
    assert caution_text(("dropped:should have", "dropped:my bad")) == (
        "Check the meaning: this rewrite leaves out “should have”, “my bad”.")
    assert caution_text(("dropped:he", "dropped:pretty sure")) == (
        "Check the meaning: this rewrite leaves out “he”, “pretty sure”.")


def test_warming_the_rewriter_works_out_the_word_lists_tables(tmp_path):
    """The word list's name and case tables are built on first use: the loading thread's warm-up does it, so the
    first rewrite a writer asks for does not pay for it."""
    import gzip

    from engine.faithful import WordList
    from gui.engine_host import warm_rewriter

    words = [f"word{i}" for i in range(1200)] + ["apt", "max", "Max", "Simon"]
    path = tmp_path / "words.txt.gz"
    path.write_bytes(gzip.compress("\n".join(words).encode()))
    wl = WordList(path)

    class Echo:
        wordlist = wl

        def rewrite(self, sentences, beam=1, nbest=1):
            return [Rewrite(s, (Candidate(s, 0.0, ()),), ()) for s in sentences]

    assert not {"names", "cased", "common", "capitalised"} & set(vars(wl))
    warm_rewriter(Echo())
    assert {"names", "cased", "common", "capitalised"} <= set(vars(wl))
    assert "apt" in wl.common and "max" in wl.capitalised and "apt" not in wl.capitalised and "simon" in wl.names
    warm_rewriter(RuleFormalizer())  # a rewriter without a word list warms as before


def test_flagged_rewrites_carry_their_caution_on_the_card(qtbot):
    panel = SuggestionsPanel(resolve_theme("light"))
    qtbot.addWidget(panel)
    src = "idk if we can ship build 8 by friday"
    rw = Rewrite(src, (Candidate("I do not know if we can ship build 8 by Friday.", -0.3, ()),
                       Candidate("I do not know if we can build 8 by Friday.", -0.1, ("dropped:ship",))),
                 ("reranked", "forced"))
    panel.show_suggestion(src, rw, 0.1, 0.6)
    cautions = [w.accessibleName() for w in panel.findChildren(QLabel) if "caution" in w.accessibleName()]
    assert cautions == ["Rewrite 2 caution: Check the meaning: this rewrite leaves out “ship”."]
    assert "only rewrites that keep every content word" in panel.status_label.text()


class _Model:
    info = ModelInfo(role="rewriter", version="fake", path=None, kind="seq2seq")

    def rewrite(self, sentences, beam=4, nbest=1, max_new_tokens=None):
        return [Rewrite(s, (Candidate(s.capitalize() + ".", -0.2),)) for s in sentences]

    def score_targets(self, source, targets):
        return [-0.2] * len(targets)


class _Scorer:
    def score(self, sentences, batch_size=64):
        return np.full(len(sentences), 0.7, dtype=np.float32)

    def explain(self, sentence, only=None):
        return []


def test_the_writers_target_and_f7_reach_the_reranked_rewriter(qtbot):
    d = RewriteDispatcher()
    d.set_engine(SafeRewriter(_Model(), RuleFormalizer(), scorer=_Scorer()), 1)
    got = []
    d.cursorReady.connect(lambda rid, rw: got.append(rw))
    d.set_params(4, 3, 0.6)  # the sentence scores 0.7: formal enough for this writer
    with qtbot.waitSignal(d.cursorReady, timeout=10_000):
        d.request_cursor("we are done here")
    assert got[-1].flags == ("already_formal",)
    with qtbot.waitSignal(d.cursorReady, timeout=10_000):
        d.request_cursor("we are done here", force=True)
    assert "forced" in got[-1].flags and "We are done here." in [c.text for c in got[-1].candidates]
    d.set_params(4, 3, 0.9)  # a stricter writer: now it is rewritten
    with qtbot.waitSignal(d.cursorReady, timeout=10_000):
        d.request_cursor("we are done here")
    assert "already_formal" not in got[-1].flags
    d.shutdown()
