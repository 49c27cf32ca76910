"""RuleFormalizer.word_replacement: the lexicons' formal form of one word in its sentence (the editor's word cards)."""
from __future__ import annotations

import re

import pytest

from engine.rules import RuleFormalizer


@pytest.fixture(scope="module")
def rules():
    return RuleFormalizer()


def _fixes(rules, sentence):
    return {m.group(): rules.word_replacement(sentence, m.start(), m.end()) for m in re.finditer(r"[\w']+", sentence)}


def test_known_words_in_context(rules):
    fixes = _fixes(rules, "so the numbers r kinda better than we thought lol")
    assert fixes["r"] == "are" and fixes["kinda"] == "kind of" and fixes["lol"] == ""
    assert fixes["numbers"] is None and fixes["better"] is None  # ordinary words: nothing to offer
    assert _fixes(rules, "can u send it")["u"] == "you"
    assert _fixes(rules, "ur going home")["ur"] == "you are"  # the context decides
    assert _fixes(rules, "is ur car here")["ur"] == "your"


def test_bad_spans_give_none(rules):
    s = "can u send it"
    for start, end in ((-1, 2), (3, 3), (5, 4), (0, 99), (3, 4)):  # out of range, empty, a space
        assert rules.word_replacement(s, start, end) is None
    assert rules.word_replacement(s, 4, 6) is None  # "u " is not one word
    assert rules.word_replacement("", 0, 0) is None
