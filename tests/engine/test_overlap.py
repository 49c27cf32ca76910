"""engine.overlap.sentence_bleu is sacreBLEU's sentence BLEU, without sacrebleu in the app."""
from __future__ import annotations

import random

import pytest

from engine.overlap import sentence_bleu, tokenize_13a

sacrebleu = pytest.importorskip("sacrebleu")

PAIRS = [
    ("That is a very good idea.", "That is a very good idea."),
    ("That is a good idea.", "That is a very good idea."),
    ("I do not know what you are talking about.", "i dont know what ur talking about lol"),
    ("", ""), ("", "something"), ("something", ""), ("a", "a"), ("a b", "a"), ("a", "a b c d e"),
    ("3.5-4, ok &amp; fine", "3.5 - 4, ok & fine"), ("😀 hi!", "hi 😀"), ("\x00\x01\ufffd junk", "junk"),
    ("He said: \"no\" (twice)...", "He said \"no\" twice."), ("1,000.5 people", "1,000 . 5 people"),
]


@pytest.mark.parametrize("hyp, ref", PAIRS)
def test_matches_sacrebleu(hyp, ref):
    assert sentence_bleu(hyp, ref) == pytest.approx(sacrebleu.sentence_bleu(hyp, [ref]).score, abs=1e-9)


def test_matches_sacrebleu_on_random_edits():
    rng = random.Random(4)
    words = ["the", "a", "cat", "sat", "on", "mat", ",", ".", "!", "?", "I", "you", "we", "do", "not", "can't", "won't", "gonna", "2", "3.5", "-", "(", ")", "&", "😀"]
    for _ in range(300):
        ref = " ".join(rng.choice(words) for _ in range(rng.randint(0, 15)))
        hyp = " ".join(w for w in ref.split() if rng.random() > 0.3) + " " + rng.choice(words)
        assert sentence_bleu(hyp, ref) == pytest.approx(sacrebleu.sentence_bleu(hyp, [ref]).score, abs=1e-9)


def test_identity_is_100_and_disjoint_is_0():
    assert sentence_bleu("We will meet tomorrow.", "We will meet tomorrow.") == pytest.approx(100)
    assert sentence_bleu("alpha beta", "gamma delta") == 0.0


def test_long_text_tokenizes():
    text = "word, " * 20000
    assert len(tokenize_13a(text)) == 40000
    assert sentence_bleu(text, text) == pytest.approx(100)
