import math

import pytest

from engine.reasons import informal_words, is_function_word
from engine.types import WordWeight


def ww(word, weight, start=0):
    return WordWeight(start=start, end=start + len(word), word=word, weight=weight)


def test_function_words_and_neutral_punctuation_are_never_underlined():
    weights = [ww("the", -5.0), ww("If", -4.0), ww("meeting", -0.3), ww(",", -6.0), ww("(", -2.0)]
    assert informal_words(weights) == []


def test_informal_markers_pass_when_they_pull_hard_enough():
    """Without the lexicon gate (vocabulary=None) the threshold alone decides."""
    weights = [ww("i", -2.0), ww("u", -1.2), ww("!!!", -1.5), ww("gonna", -0.9), ww("don't", -3.0), ww("I", -3.0)]
    got = [w.word for w in informal_words(weights, vocabulary=None)]
    assert got == ["i", "u", "!!!", "don't"]          # "gonna" is too weak at 1.0, "I" is standard
    assert [w.word for w in informal_words(weights, threshold=0.5, vocabulary=None)] == [
        "i", "u", "!!!", "gonna", "don't"]


def test_the_lexicon_gate_keeps_lexicon_words_and_asks_more_of_standard_words():
    """The shipped lexicons and word list: a lexicon word ("gonna", "thx") is underlined at any pull towards
    informal; a plain English word ("worry", "tickets") needs STANDARD_THRESHOLD; non-words, stretched or
    shouted words and lowercase "i" keep the threshold."""
    from engine.reasons import STANDARD_THRESHOLD, default_vocabulary

    assert default_vocabulary() is not None
    weights = [ww("gonna", -0.37), ww("thx", -0.11), ww("worry", -2.41), ww("tickets", -1.31), ww("dude", -3.7),
               ww("ppl", -1.33), ww("sooo", -1.2), ww("AWESOME", -1.1), ww("i", -1.13), ww("Worry", -2.9),
               ww("dunno", 0.4), ww("cuz", 0.0)]
    got = [w.word for w in informal_words(weights)]
    assert got == ["gonna", "thx", "dude", "ppl", "sooo", "AWESOME", "i"]
    # a pull towards formal, or none, is never a reason, whatever the word
    assert "dunno" not in got and "cuz" not in got
    assert [w.word for w in informal_words([ww("worry", -STANDARD_THRESHOLD)])] == ["worry"]
    with pytest.raises(ValueError, match="standard_threshold"):
        informal_words(weights, standard_threshold=0.5)


def test_without_the_lexicons_the_plain_rule_applies(monkeypatch):
    """A damaged install (no word list) must not take the underlines away: the threshold rule is used."""
    from engine import reasons

    reasons.default_vocabulary.cache_clear()
    try:
        from engine import faithful

        def broken():
            raise reasons.ModelError("English word list not found")
        monkeypatch.setattr(faithful, "default_wordlist", broken)
        assert reasons.default_vocabulary() is None
        assert [w.word for w in informal_words([ww("worry", -2.0), ww("gonna", -0.5)])] == ["worry"]
    finally:
        reasons.default_vocabulary.cache_clear()


def test_lowercase_i_is_a_marker_but_capital_i_is_a_function_word():
    assert is_function_word("I") and not is_function_word("i")


@pytest.mark.parametrize("bad", [-1.0, math.nan])
def test_bad_threshold_is_refused(bad):
    with pytest.raises(ValueError):
        informal_words([ww("u", -3.0)], threshold=bad)


def test_empty_and_emoji_input():
    assert informal_words([]) == []
    assert [w.word for w in informal_words([ww("😂", -2.0)])] == ["😂"]
