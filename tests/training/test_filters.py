"""Each filter drops what it should on hand-made pairs."""
import numpy as np
import pytest

from engine.errors import InputError
from engine.ngram_lm import NgramLM
from training.config.sections import canonical_filter
from training.consistency.filters import (
    ContentFilter,
    FilterChain,
    FluencyFilter,
    StyleFilter,
)

FORMAL = [
    "I do not know what you are talking about.",
    "Thank you for your help with the concert.",
    "I would like to see that film again.",
    "Please let me know whether you need a ride.",
    "I am going to the concert with my sister.",
    "The new album is very good.",
]


class MarkerScorer:
    """A transparent formality scorer for the filter logic: informal markers lower P(formal)."""

    MARKERS = frozenset({"lol", "u", "gonna", "wanna", "dunno", "ur", "thx", "omg", "!!!"})

    def score(self, sentences):
        out = []
        for s in sentences:
            toks = s.lower().replace("!!!", " !!! ").split()
            hits = sum(t.strip(".,?") in self.MARKERS for t in toks)
            out.append(0.05 if hits >= 2 else (0.5 if hits == 1 else 0.98))
        return np.array(out, dtype=np.float32)


def test_style_filter_keeps_only_large_formality_gains():
    u = ["lol u gonna love it", "lol u gonna love it", "I like it.", "omg thx"]
    y = ["You are going to love it.", "lol you are going to love it.", "I like it very much.", "omg thx ur great"]
    mask, gain = StyleFilter(MarkerScorer(), sigma=0.8)(u, y)
    assert mask.tolist() == [True, False, False, False]
    assert gain[0] == pytest.approx(0.93, abs=1e-3)


def test_content_filter_drops_pairs_that_lose_the_content():
    f = ContentFilter(phi=0.5, warmup_steps=0)
    u = ["i dunno what ur talking about", "thx for the help with the concert",
         "wanna see that movie again", "lemme know if u need a ride"]
    y = ["I do not know what you are talking about.", "The weather is nice in Paris.",
         "I want to see that movie again.", "Bananas are yellow."]
    mask, bleu = f(u, y)
    assert mask.tolist() == [True, False, True, False]
    assert bleu[1] < bleu[0] and bleu[3] < bleu[2]


def test_fluency_filter_drops_word_salad():
    lm = NgramLM.train(FORMAL * 3, order=3)
    f = FluencyFilter(lm, phi=0.5, warmup_steps=0)
    u = ["a", "b", "c", "d"]
    y = ["I do not know what you are talking about.", "about talking are you what know not do I.",
         "Thank you for your help with the concert.", "concert the with help your for you thank."]
    mask, ppl = f(u, y)
    assert mask.tolist() == [True, False, True, False]
    assert ppl[1] > ppl[0]


def test_fluency_filter_never_keeps_an_empty_target():
    lm = NgramLM.train(FORMAL, order=2)
    mask, _ = FluencyFilter(lm, phi=1.0)(["x", "y"], ["", "I like it."])
    assert mask.tolist() == [False, True]


def test_chain_ands_the_filters_and_counts():
    lm = NgramLM.train(FORMAL * 3, order=3)
    chain = FilterChain([StyleFilter(MarkerScorer(), 0.8), FluencyFilter(lm, phi=1.0)])
    u = ["lol u gonna love it", "lol u gonna love it", "omg thx"]
    y = ["You are going to love it.", "lol you gonna love it", ""]
    mask, scores = chain(u, y)
    assert mask.tolist() == [True, False, False]
    assert set(scores) == {"style", "fluency"}
    st = chain.stats()
    assert st["seen"] == 3 and st["kept_style"] == 2  # the empty target passes style, never the chain
    chain.freeze()
    assert chain.stats()["frozen_fluency"]


def test_bad_inputs():
    with pytest.raises(ValueError):
        ContentFilter()(["a"], ["a", "b"])
    with pytest.raises(TypeError):
        StyleFilter(object())
    with pytest.raises(InputError):
        canonical_filter("grammar")
    assert canonical_filter("bleu") == "content" and canonical_filter("lm") == "fluency"
    mask, _ = ContentFilter(phi=0.5)(["🙂🙂🙂", "\x00\x01"], ["🙂🙂🙂", ""])
    assert mask.dtype == bool and len(mask) == 2
