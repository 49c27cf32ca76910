"""Issue 13 point 3: the editor shows the scorer's graded degree (engine/degree.py), not P(formal), when the scorer
has one: colours, counts and the gauge follow it."""
from __future__ import annotations

import numpy as np
from guitest_helpers import FakeRegistry, FakeScorer, wait_scored

from engine.degree import shown_scores
from gui.theme import level_for


class GradedScorer(FakeScorer):
    """P(formal) says 'informal' (0.42 with one marker), the degree says 'a bit informal' (0.40), and a sentence
    P finds formal (0.92) is shown as slightly formal (0.60): the editor must show the degree."""

    def degree(self, sentences, batch_size: int = 64):
        p = self.score(sentences, batch_size)
        return np.where(p > 0.5, 0.60, 0.40).astype(np.float32)


def test_shown_scores_prefers_the_degree():
    s = ["hey u", "Thank you."]
    np.testing.assert_allclose(shown_scores(GradedScorer(), s), [0.40, 0.60])
    np.testing.assert_allclose(shown_scores(FakeScorer(), s), FakeScorer().score(s))


def test_the_editor_colours_and_counts_by_the_degree(qtbot, make_window):
    registry = FakeRegistry(scorer=False)
    registry.add("scorer", "bundled", GradedScorer)
    window = make_window(registry)
    window.editor.setPlainText("hey can u send it. Thank you for the report.")
    wait_scored(qtbot, window)
    refs = list(window.editor.scored_sentences())
    assert [round(r.score, 2) for r in refs] == [0.40, 0.60]
    target = window.editor.target
    assert window.editor.stats(target)[1:] == (1, 2)
    assert {level_for(r.score, target) for r in refs} == {2, 3}  # slightly informal, slightly formal
    value = window.editor.stats(target)[0]
    assert 0.40 < value < 0.60
