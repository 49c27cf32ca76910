"""POS-derived pairs: the style regression on stemmed terms, the floor(words/5) selection, JSON weights, spaCy tagging."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("sklearn")
pytest.importorskip("nltk")

from engine.errors import InputError, ModelNotInstalled
from training.augment import pos_pairs as P

FORMAL = ["I do not know what you are talking about.", "I am going to attend the concert tomorrow.",
          "Thank you very much for your assistance.", "I believe that she is correct.",
          "They are extremely talented musicians.", "I would recommend purchasing the album."] * 4
INFORMAL = ["i dunno wat ur talkin about lol", "im gonna go to the concert tmrw lol",
            "thx u so much lol", "i think shes right lol", "they r sooo good lol", "u should get the album lol"] * 4


@pytest.fixture(scope="module")
def lex():
    return P.StyleLexicon.fit(FORMAL, INFORMAL, threshold=0.1)


def test_regression_finds_informal_markers(lex):
    top = [t for t, _ in lex.top(5)]
    assert "lol" in top
    assert lex.weights["lol"] > 0 > lex.weights[P.stem("assistance")]
    assert P.stem("Talking") == P.stem("talk") == "talk"


def test_select_floor_words_over_five(lex):
    words = ["i", "dunno", "wat", "ur", "talkin", "about", "lol"]        # 7 words -> 1 slot
    assert len(lex.select(words)) == 1
    words10 = ["lol", "lol", "u", "r", "gonna", "dunno", "wat", "ur", "talkin", "lol"]  # 10 words -> 2 slots
    assert len(lex.select(words10)) == 2
    assert lex.select(["lol", "lol"]) == []              # fewer than 5 words: nothing masked
    assert lex.select(["the", "the", "the", "the", "the", "the"]) == []  # nothing above the threshold
    formal = ["I", "would", "recommend", "purchasing", "the", "album", "today"]
    assert lex.select(formal) == [] and len(lex.select(formal, absolute=True)) == 1


def test_weights_json_roundtrip_and_bad_file(lex, tmp_path):
    p = tmp_path / "w.json"
    lex.to_json(p)
    again = P.StyleLexicon.from_json(p)
    assert again.weights == pytest.approx(lex.weights) and again.threshold == lex.threshold
    assert json.loads(p.read_text())["weights"]  # plain JSON, no pickle
    (tmp_path / "bad.json").write_text("[1, 2", encoding="utf-8")
    with pytest.raises(InputError, match="style lexicon"):
        P.StyleLexicon.from_json(tmp_path / "bad.json")
    with pytest.raises(InputError):
        P.StyleLexicon.from_json(tmp_path / "missing.json")
    with pytest.raises(InputError, match="both formal and informal"):
        P.StyleLexicon.fit([], INFORMAL)


def test_spacy_tagging_path(lex):
    pytest.importorskip("spacy")
    try:
        nlp = P.load_spacy()
    except (ImportError, OSError, ModelNotInstalled) as exc:  # the pipeline package is optional
        pytest.skip(f"spaCy English pipeline not installed: {exc}")
    tagged = P.tag_sentences(["i dunno wat ur talkin about lol", "Hi.", "", "😀 u r sooo good lol !!"], lex, nlp=nlp)
    assert len(tagged) == 4
    text, n = tagged[0]
    assert n == 1 and "[" in text and "lol" not in text.split()[-1:]  # the strongest marker became a tag
    assert text.split()[:2] == ["i", "dunno"]                            # other words kept in place
    assert tagged[1] == ("Hi.", 0) and tagged[2] == ("", 0)
    pairs = P.training_pairs(FORMAL[:6], lex, nlp=nlp)
    assert pairs and all("[" in t and "[" not in f for t, f in pairs)


def test_generation_resumes_from_its_chunks_and_starts_afresh_on_another_key(tmp_path):
    sentences = [f"sentence {i} lol" for i in range(10)]
    store = tmp_path / "gen.jsonl"
    calls = []

    def fill(batch):
        calls.append(list(batch))
        return [s.replace("lol", "[INTJ]").upper() for s in batch]

    want = [s.replace("lol", "[INTJ]").upper() for s in sentences]
    stops = iter([False, False, True])  # stopped before the third chunk
    assert P.rewrite_resumable(fill, sentences, store, key="k1", chunk=3, should_stop=lambda: next(stops)) is None
    assert [len(c) for c in calls] == [3, 3]
    with open(store, "a", encoding="utf-8") as fh:
        fh.write('{"start": 6, "outs": ["torn')  # killed while writing: the torn line counts for nothing
    calls.clear()
    seen = []
    got = P.rewrite_resumable(fill, sentences, store, key="k1", chunk=3, on_progress=lambda d, t: seen.append((d, t)))
    assert got == want
    assert calls == [sentences[6:9], sentences[9:]]   # only what was not done yet
    assert seen[0] == (6, 10) and seen[-1] == (10, 10)
    calls.clear()
    assert P.rewrite_resumable(fill, sentences, store, key="k1", chunk=3) == want and calls == []
    # another fill model (another key) or other sentences: nothing of the old store is used
    assert P.rewrite_resumable(fill, sentences, store, key="k2", chunk=3) == want and len(calls) == 4
    calls.clear()
    assert P.rewrite_resumable(fill, sentences[:4], store, key="k2", chunk=3) == want[:4] and len(calls) == 2
    store.write_bytes(b"\xff\xfe junk \x00")             # a damaged store: started afresh, no crash
    calls.clear()
    assert P.rewrite_resumable(fill, sentences, store, key="k2", chunk=5) == want and len(calls) == 2
    with pytest.raises(RuntimeError, match="2 outputs for 5"):
        P.rewrite_resumable(lambda b: b[:2], sentences, tmp_path / "other.jsonl", key="k", chunk=5)
    with pytest.raises(ValueError):
        P.rewrite_resumable(fill, sentences, store, key="k", chunk=0)


def test_generation_key_follows_the_model_lexicon_settings_and_sentences(lex, tmp_path):
    model = tmp_path / "best"
    model.mkdir()
    (model / "model.safetensors").write_bytes(b"weights")
    k = P.generation_key(model, lex, ["a", "b"], beam=1)
    assert k == P.generation_key(model, lex, ["a", "b"], beam=1)
    assert k != P.generation_key(model, lex, ["a", "b"], beam=4)
    assert k != P.generation_key(model, lex, ["a", "c"], beam=1)
    assert k != P.generation_key(model, P.StyleLexicon(lex.weights, threshold=0.9), ["a", "b"], beam=1)
    (model / "model.safetensors").write_bytes(b"weights2")
    assert k != P.generation_key(model, lex, ["a", "b"], beam=1)
