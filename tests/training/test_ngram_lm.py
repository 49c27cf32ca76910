"""The Kneser-Ney n-gram LM: proper distributions, ARPA round trip, vectorised = one-at-a-time, bad files."""
import gzip

import numpy as np
import pytest

from engine.errors import InputError, ModelError
from engine.ngram_lm import NgramLM, tokenize

CORPUS = [
    "The company reported higher profits for the third quarter.",
    "The band announced a tour of twelve cities.",
    "The novel was praised by critics for its careful prose.",
    "The concert has been postponed until further notice.",
    "The company will announce the results next week.",
    "He said that he would attend the meeting on Monday.",
    "The director declined to comment on the decision.",
    "The band will perform in the city next week.",
]


@pytest.fixture(scope="module")
def lm():
    return NgramLM.train(CORPUS, order=3)


@pytest.mark.parametrize("history", [[], ["the"], ["<s>", "the"], ["the", "band"], ["unseen", "words"], ["next", "week"]])
def test_conditional_distributions_sum_to_one(lm, history):
    words = [w for w in lm.vocab if w != "<s>"]
    total = sum(10 ** lm.cond_log10(history, w) for w in words)
    assert total == pytest.approx(1.0, abs=1e-4)


def test_vectorised_scores_match_single_lookups(lm):
    s = "The band will announce a tour of the city next week."
    hist, single = ["<s>"], []
    for w in tokenize(s) + ["</s>"]:
        single.append(lm.cond_log10(hist, w))
        hist.append(w)
    assert np.allclose(lm.token_log10_probs([s])[0], single, atol=1e-5)


def test_fluent_text_has_lower_perplexity(lm):
    ppl = lm.perplexity(["The band will perform next week.", "week next perform will band the."])
    assert ppl[0] < ppl[1]
    assert np.all(np.isfinite(lm.perplexity(["", "🙂🙂", "zzz qqq"])))


@pytest.mark.parametrize("name", ["lm.arpa", "lm.arpa.gz"])
def test_arpa_roundtrip(lm, tmp_path, name):
    path = lm.save(tmp_path / name)
    back = NgramLM.load(path)
    assert back.order == 3
    assert np.allclose(lm.perplexity(CORPUS), back.perplexity(CORPUS), rtol=1e-4)
    text = gzip.decompress(path.read_bytes()).decode() if name.endswith(".gz") else path.read_text()
    assert text.count("\\data\\") == 1 and "\\3-grams:" in text and text.rstrip().endswith("\\end\\")


def test_bad_files(tmp_path, lm):
    with pytest.raises(ModelError):
        NgramLM.load(tmp_path / "missing.arpa")
    junk = tmp_path / "junk.arpa"
    junk.write_bytes(b"\x00\x01\x02binary junk\xff\xfe")
    with pytest.raises(ModelError):
        NgramLM.load(junk)
    good = lm.save(tmp_path / "good.arpa").read_text()
    truncated = tmp_path / "truncated.arpa"
    truncated.write_text(good[: len(good) // 2])
    with pytest.raises(ModelError):
        NgramLM.load(truncated)


def test_training_needs_text():
    with pytest.raises(InputError):
        NgramLM.train(["", "   "])
    big = NgramLM.train(["word " * 200_000])  # one very long line is still one sentence
    assert big.cond_log10(["word", "word"], "word") > -0.001  # seen 200k times: near certain
    assert big.cond_log10(["word", "word"], "</s>") < -4  # seen once


@pytest.mark.data
def test_formal_lm_prefers_formal_text():
    """On real data: a LM of Reuters sentences gives GYAFC formal references lower perplexity than the sources."""
    from training.protocol import shared_data_dir

    root = shared_data_dir()
    news = root / "unlabeled" / "formal" / "reuters.txt" if root else None
    if news is None or not news.is_file():
        pytest.skip("../shared/data/unlabeled/formal/reuters.txt absent")
    lm = NgramLM.train(news.read_text(encoding="utf-8").splitlines()[:20000], order=3)
    src = (root / "gyafc" / "em" / "tune.informal").read_text(encoding="utf-8").splitlines()[:500]
    ref = (root / "gyafc" / "em" / "tune.formal.ref0").read_text(encoding="utf-8").splitlines()[:500]
    assert np.median(lm.perplexity(ref)) < np.median(lm.perplexity(src))
