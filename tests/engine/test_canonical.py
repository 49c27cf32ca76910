import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.canonical import NAME_PLACEHOLDER, canonicalize, neutral_quotes
from engine.errors import ModelError
from engine.scorer import FormalityScorer

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"


@pytest.mark.parametrize("a, b", [
    ("omg the demo for client 280 was sooo bad.", "omg the demo for client 285 was sooo bad."),
    ("It came out in the middle 80's I think.", "It came out in the middle 91's I think."),
    ("Susan from work is a cool mom.", "Tokyo from work is a cool mom."),
    ("Ruth lives with Mike, her father.", "Ruth lives with Kevin, her father."),
    ("Emma Watson is nice.", "Steve Perry is nice."),
])
def test_content_without_style_is_made_uniform(a, b):
    assert canonicalize(a) == canonicalize(b)


@pytest.mark.parametrize("text", [
    "c u l8r b4 2nite", "I need 2 go 4 u", "Will you come?", "Oh my God, Mom said so.", "", "😂😂 lol",
    "The meeting is on the agenda.",
])
def test_style_and_ordinary_words_stay(text):
    assert canonicalize(text) == text


def test_shape_of_numbers_and_capitalisation_stay():
    assert canonicalize("I paid 1,500 dollars in 2019 to Susan.") == f"I paid 5,555 dollars in 5555 to {NAME_PLACEHOLDER}."


def test_long_text_is_linear_and_total():
    text = "Susan paid 280 dollars. " * 40000  # ~1 MB
    out = canonicalize(text)
    assert out.count("Alex paid 555 dollars.") == 40000 and "280" not in out and "Susan" not in out


def _copy(tmp_path, **extra):
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURE, d)
    cfg = json.loads((d / "scorer.json").read_text())
    cfg.update(extra)
    (d / "scorer.json").write_text(json.dumps(cfg))
    return d


def test_scorer_applies_it_only_when_the_model_asks(tmp_path):
    plain = FormalityScorer.from_dir(_copy(tmp_path / "a"), threads=1)
    canon = FormalityScorer.from_dir(_copy(tmp_path / "b", canonicalize=True), threads=1)
    a, b = "the demo for client 280 was bad", "the demo for client 731 was bad"
    pa, pb = canon.score([a, b])
    assert pa == pytest.approx(pb)
    assert canon.score([a])[0] == pytest.approx(plain.score([canonicalize(a)])[0])
    assert np.isnan(canon.score([""])[0])


def test_bad_canonicalize_value_is_a_model_error(tmp_path):
    with pytest.raises(ModelError, match="canonicalize"):
        FormalityScorer.from_dir(_copy(tmp_path, canonicalize="yes"), threads=1)


def test_quotation_marks_are_read_as_spaces_by_every_scorer(tmp_path):
    """GYAFC's informal side holds no double quotation mark, so a model trained on it read one as formality ('i told
    him "no way"' scored 0.93 formal with the bundled live scorer): every scorer reads them as spaces, canonical or
    not, and explanations keep the writer's offsets."""
    assert neutral_quotes('i told him "no way" and “ok” „ja“ «non»') == "i told him  no way  and  ok   ja   non "
    assert neutral_quotes("") == "" and neutral_quotes("it's 'fine'") == "it's 'fine'"  # apostrophes stay
    for d, canon in ((tmp_path / "a", False), (tmp_path / "b", True)):
        s = FormalityScorer.from_dir(_copy(d, canonicalize=canon), threads=1)
        quoted, bare = 'i told him "no way" and he just laughed', "i told him  no way  and he just laughed"
        assert s.score([quoted])[0] == pytest.approx(s.score([bare])[0])
        weights = s.explain(quoted)
        assert [(w.start, w.end) for w in weights if w.word == "way"] == [(quoted.index("way"), quoted.index("way") + 3)]
