"""Each perturbation changes text, deterministically under a seed and differently under another seed."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import InputError
from training.augment import perturb as P
from training.config.sections import PERTURBATION_KINDS

REPO = Path(__file__).resolve().parents[2]
MISSPELLINGS = REPO / "tests" / "fixtures" / "data" / "lexicons" / "misspellings_natural_en.txt"
SENTENCES = [
    "I would really like to know what you are going to do about the concert tomorrow.",
    "Thank you because my friend and I are listening to your favourite song together tonight.",
    "Please tell me which movie you would like to see with your friends this weekend.",
    "I do not know whether their new album is really as good as people say it is.",
]


def _options(kind, tmp_path_factory):
    if kind == "spell":
        return {"misspellings": MISSPELLINGS}
    if kind == "tfidf":
        d = tmp_path_factory.mktemp("tfidf")
        extra = ["the concert was great", "my friend likes the album", "what are you going to do"]
        P.train_tfidf(SENTENCES + extra, d)
        return {"tfidf_dir": d}
    if kind == "synonym" and P.wordnet_dir() is None:
        pytest.skip(f"WordNet dict files absent (Debian/Ubuntu: {P.WORDNET_PACKAGES})")
    if kind == "back_translation":
        try:
            from training.augment import apertium
        except ImportError:
            pytest.skip("training/augment/apertium.py is absent")
        if not apertium.available():
            pytest.skip(f"Apertium is not installed ({P.APERTIUM_PACKAGES})")
    return {}


@pytest.mark.parametrize("kind", [k for k in PERTURBATION_KINDS if k != "none"])
def test_changes_text_reproducibly(kind, tmp_path_factory):
    opts = _options(kind, tmp_path_factory)
    a = P.perturb(SENTENCES, kind, seed=1, **opts)
    b = P.perturb(SENTENCES, kind, seed=1, **opts)
    c = P.perturb(SENTENCES, kind, seed=2, **opts)
    fresh = P.Perturber(kind, 0.1, **opts)(SENTENCES, seed=1)  # no state carried between instances
    assert a == b == fresh
    assert sum(x != s for x, s in zip(a, SENTENCES)) >= 3, a
    if kind != "back_translation":  # a rule-based round trip only varies by pivot
        assert a != c


def test_none_is_identity():
    assert P.perturb(SENTENCES, "none", seed=5) == SENTENCES


def test_ratio_controls_how_much_changes():
    few = P.perturb(SENTENCES, "mask", ratio=0.1, seed=0)
    many = P.perturb(SENTENCES, "mask", ratio=0.5, seed=0)
    assert sum(s.count("<mask>") for s in many) > sum(s.count("<mask>") for s in few) >= len(SENTENCES)


def test_unchanged_words_keep_their_form():
    out = P.perturb(["I don't know, lol!"], "capital", seed=3)[0]
    assert out.lower() == "i don't know, lol!"
    assert P.detokenize(P.tokenize("It is (maybe) \"fine\" - really?!")) == "It is (maybe) \"fine\" - really?!"


def test_spelling_is_independent_of_hash_seed():
    """nlpaug keeps candidates in set order, which changes with PYTHONHASHSEED; ours are sorted."""
    code = (f"import sys; sys.path.insert(0, {str(REPO)!r}); from training.augment.perturb import read_misspellings; "
            f"print(sorted(read_misspellings({str(MISSPELLINGS)!r}).items()))")
    outs = set()
    for hs in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                check=True, timeout=120).stdout)
    assert len(outs) == 1
    table = P.read_misspellings(MISSPELLINGS)
    assert table["know"] == ["kno", "konw"] and table["kno"] == ["know"]  # sorted, with the reverse map
    aug = P.Perturber("spell", misspellings=MISSPELLINGS)._aug
    assert aug.model.dict == table  # the augmenter samples from exactly this ordered table


def test_global_random_state_untouched():
    import random

    import numpy as np

    random.seed(123)
    np.random.seed(123)
    expect = (random.random(), np.random.rand())
    random.seed(123)
    np.random.seed(123)
    P.perturb(SENTENCES, "drop", seed=9)
    assert (random.random(), np.random.rand()) == expect


@pytest.mark.parametrize("kind", ["spell", "swap", "abbr", "drop", "mask", "capital"])
def test_odd_inputs(kind):
    opts = {"misspellings": MISSPELLINGS} if kind == "spell" else {}
    odd = ["", "   ", "🙂🙂🙂", "\x00\x01\xff junk", "?!", "word"]
    out = P.perturb(odd, kind, seed=0, **opts)
    assert len(out) == len(odd)
    assert out[0] == "" and out[1] == "   "
    with pytest.raises(InputError):
        P.perturb(["word " * 200_000], kind, **opts)  # 1 MB is not a sentence


def test_bad_arguments(tmp_path):
    with pytest.raises(InputError):
        P.perturb(["a b"], "shout")
    with pytest.raises(InputError):
        P.perturb(["a b"], "swap", ratio=0.0)
    with pytest.raises(InputError):
        P.Perturber("tfidf", tfidf_dir=tmp_path)  # no model trained there
    with pytest.raises(InputError):
        P.train_tfidf(["", "!!!"], tmp_path / "x")
    bad = tmp_path / "bad.tsv"
    bad.write_text("no tab here\n", encoding="utf-8")
    with pytest.raises(InputError):
        P.Perturber("abbr", lexicon=bad)
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\xff\xfe\x00\x00")
    with pytest.raises(InputError):
        P.Perturber("spell", misspellings=junk)


@pytest.mark.data
def test_real_misspelling_list_and_lexicon():
    """The shipped-data resources: the natural-misspelling list and the slang lexicon give changed text."""
    from training.protocol import shared_data_dir

    if shared_data_dir() is None or not (shared_data_dir() / "lexicons" / "misspellings_natural_en.txt").is_file():
        pytest.skip("../shared/data/lexicons/misspellings_natural_en.txt absent")
    out = P.perturb(SENTENCES, "spell", seed=0)
    assert out == P.perturb(SENTENCES, "spell", seed=0) and sum(a != b for a, b in zip(out, SENTENCES)) >= 3
    assert sum(a != b for a, b in zip(P.perturb(SENTENCES, "abbr", seed=0), SENTENCES)) >= 3
