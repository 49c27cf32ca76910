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
    weights = [ww("i", -2.0), ww("u", -1.2), ww("!!!", -1.5), ww("gonna", -0.9), ww("don't", -3.0), ww("I", -3.0)]
    got = [w.word for w in informal_words(weights)]
    assert got == ["i", "u", "!!!", "don't"]          # "gonna" is too weak at 1.0, "I" is standard
    assert [w.word for w in informal_words(weights, threshold=0.5)] == ["i", "u", "!!!", "gonna", "don't"]


def test_lowercase_i_is_a_marker_but_capital_i_is_a_function_word():
    assert is_function_word("I") and not is_function_word("i")


@pytest.mark.parametrize("bad", [-1.0, math.nan])
def test_bad_threshold_is_refused(bad):
    with pytest.raises(ValueError):
        informal_words([ww("u", -3.0)], threshold=bad)


def test_empty_and_emoji_input():
    assert informal_words([]) == []
    assert [w.word for w in informal_words([ww("😂", -2.0)])] == ["😂"]
