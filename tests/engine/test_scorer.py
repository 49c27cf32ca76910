"""FormalityScorer on the tiny fixture classifier: scores, windows for long input, explanations, bad input, bad files."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.errors import ModelError
from engine.scorer import FormalityScorer

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"
FORMAL = "I would be grateful if you could send me the report."
INFORMAL = "hey can u send me the report lol"


@pytest.fixture(scope="module")
def scorer() -> FormalityScorer:
    return FormalityScorer.from_dir(FIXTURE, threads=1)


def test_scores_are_probabilities_in_order(scorer):
    p = scorer.score([FORMAL, INFORMAL, "Thank you for your prompt reply.", "omg that was sooo funny"])
    assert p.dtype == np.float32 and p.shape == (4,)
    assert np.all((p >= 0) & (p <= 1))
    assert p[0] > 0.9 and p[1] < 0.1 and p[2] > p[3]
    assert scorer.info.provider == "CPUExecutionProvider"


def test_batching_does_not_change_scores(scorer):
    sents = [FORMAL, INFORMAL, "ok", "a b c d e f g h i j k l", "Thank you."] * 3
    a = scorer.score(sents, batch_size=1)
    b = scorer.score(sents, batch_size=64)
    c = np.array([scorer.score([s])[0] for s in sents])
    np.testing.assert_allclose(a, b, atol=1e-5)
    np.testing.assert_allclose(a, c, atol=1e-5)


def test_empty_and_whitespace_give_nan_in_place(scorer):
    p = scorer.score(["", FORMAL, "   ", "\t\n", INFORMAL])
    assert np.isnan(p[0]) and np.isnan(p[2]) and np.isnan(p[3])
    np.testing.assert_allclose(p[[1, 4]], scorer.score([FORMAL, INFORMAL]), atol=1e-6)
    assert scorer.score([]).shape == (0,)
    assert np.isnan(scorer.score(["", ""])).all()


def test_long_input_is_scored_in_windows_not_truncated(scorer):
    formal = (FORMAL + " ") * 3  # 36 tokens: the first 32-token window is all formal
    long = formal + "lol u gonna haha " * 20
    assert len(scorer.tokenizer.encode(long).overflowing) >= 2
    p_formal, p_long = scorer.score([formal, long])
    # truncation would score only the formal first window
    first_window = scorer.tokenizer.decode(scorer.tokenizer.encode(long).ids)
    assert scorer.score([first_window])[0] > 0.9
    assert p_long < p_formal - 0.3


def test_one_megabyte_line_is_scored(scorer):
    line = ("hey u r gonna love it lol!!! I would be grateful. " * 25000)[:1_000_000]
    p = scorer.score([line, FORMAL])
    assert np.isfinite(p).all() and 0 <= p[0] <= 1


@pytest.mark.parametrize("text", [
    "\x00\x01\x02\x07\x1b[31m",
    "שלום עולם, مرحبا بالعالم",
    "😀😀😀 🎉",
    "e\u0301\u200b\u2028\ufeff",
    bytes(range(256)).decode("latin-1"),
    os.urandom(300).decode("utf-8", errors="replace"),
])
def test_odd_text_never_crashes(scorer, text):
    p = scorer.score([text, FORMAL])
    assert p.shape == (2,)
    assert np.isnan(p[0]) or 0 <= p[0] <= 1
    words = scorer.explain(text)
    for w in words:
        assert text[w.start:w.end] == w.word and np.isfinite(w.weight)


def test_score_graded_uses_the_graded_head(scorer):
    g = scorer.score_graded([FORMAL, INFORMAL, ""])
    assert g is not None and g.shape == (3,)
    assert g[0] > g[1] and np.isnan(g[2]) and np.all(np.abs(g[:2]) <= 3)


def test_explain_offsets_and_sign(scorer):
    s = "I want to know lol"
    words = scorer.explain(s)
    assert [w.word for w in words] == ["I", "want", "to", "know", "lol"]
    for w in words:
        assert s[w.start:w.end] == w.word
    by = {w.word: w.weight for w in words}
    assert by["lol"] < -0.2  # the informal word pulls towards informal
    full, without = (float(x) for x in scorer.score([s, "I want to know "]))
    logit = lambda p: np.log(p / (1 - p))
    assert by["lol"] == pytest.approx(logit(full) - logit(without), abs=1e-3)  # log-odds occlusion


def test_explain_still_ranks_words_when_the_score_is_saturated(scorer):
    """Near P=0 probability differences vanish; log-odds weights must still single out the informal word."""
    s = "lol lol lol lol I want to know lol"
    full = float(scorer.score([s])[0])
    words = scorer.explain(s)
    assert min(words, key=lambda w: w.weight).word == "lol", (full, words)


def test_explain_punctuation_and_apostrophes(scorer):
    s = "dude, that's awesome!!! 😀"
    assert [w.word for w in scorer.explain(s)] == ["dude", ",", "that's", "awesome", "!!!", "😀"]


def _count_batches(scorer, monkeypatch) -> list[int]:
    """The batch size of every model run the scorer makes from now on."""
    calls = []
    run = scorer.session.run

    def counting(feeds, output_names=None):
        calls.append(feeds["input_ids"].shape[0])
        return run(feeds, output_names)

    monkeypatch.setattr(scorer.session, "run", counting)
    return calls


def test_explain_is_one_batched_run(scorer, monkeypatch):
    calls = _count_batches(scorer, monkeypatch)
    words = scorer.explain("Could you please confirm the date of the meeting, dude?")
    assert len(calls) == 1 and calls[0] == len(words) + 1


def test_explain_empty_single_word_and_very_long(scorer):
    assert scorer.explain("") == [] and scorer.explain("   ") == []
    one = scorer.explain("lol")
    assert len(one) == 1 and np.isfinite(one[0].weight)
    long = "word " * 5000
    words = scorer.explain(long)
    assert len(words) == 1024 and all(long[w.start:w.end] == "word" for w in words)


def test_score_rejects_a_bare_string(scorer):
    with pytest.raises(TypeError):
        scorer.score("one sentence")


@pytest.fixture
def broken(tmp_path) -> Path:
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURE, d)
    return d


def test_missing_directory(tmp_path):
    with pytest.raises(ModelError, match="does not exist"):
        FormalityScorer.from_dir(tmp_path / "none")


def test_truncated_onnx_names_the_file(broken):
    p = broken / "model.onnx"
    p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])
    with pytest.raises(ModelError, match="model.onnx"):
        FormalityScorer.from_dir(broken)


def test_missing_or_corrupt_tokenizer(broken):
    (broken / "tokenizer.json").write_text("{broken")
    with pytest.raises(ModelError, match="tokenizer.json"):
        FormalityScorer.from_dir(broken)
    (broken / "tokenizer.json").unlink()
    with pytest.raises(ModelError, match="tokenizer.json is missing"):
        FormalityScorer.from_dir(broken)


def test_missing_or_bad_scorer_json(broken):
    (broken / "scorer.json").write_text(json.dumps({"max_length": "lots"}))
    with pytest.raises(ModelError, match="scorer.json"):
        FormalityScorer.from_dir(broken)
    (broken / "scorer.json").unlink()
    with pytest.raises(ModelError, match="scorer.json is missing"):
        FormalityScorer.from_dir(broken)


def test_missing_model_file(broken):
    (broken / "model.onnx").unlink()
    with pytest.raises(ModelError, match="model.onnx is missing"):
        FormalityScorer.from_dir(broken)


def test_gpu_request_falls_back_to_cpu_with_a_warning(caplog):
    import onnxruntime as ort

    if "CUDAExecutionProvider" in ort.get_available_providers():
        pytest.skip("a CUDA provider is present: no fallback to observe")
    with caplog.at_level("WARNING", logger="keigo.engine"):
        s = FormalityScorer.from_dir(FIXTURE, providers=["cuda"])
    assert s.info.provider == "CPUExecutionProvider"
    assert "CUDAExecutionProvider" in caplog.text


def test_unknown_provider_is_refused():
    with pytest.raises(ModelError, match="unknown onnxruntime execution provider"):
        FormalityScorer.from_dir(FIXTURE, providers=["NoSuchExecutionProvider"])
    assert FormalityScorer.from_dir(FIXTURE, providers="auto").info.provider in (
        "CPUExecutionProvider", "CUDAExecutionProvider")


def test_score_both_is_score_and_score_graded_from_one_run(scorer):
    texts = ["hey wanna come lol", "", "I would be grateful for your reply. " * 60]
    p, g = scorer.score_both(texts)
    np.testing.assert_array_equal(p, scorer.score(texts))
    np.testing.assert_array_equal(g, scorer.score_graded(texts))
    with pytest.raises(TypeError):
        scorer.score_both("one string")


def test_another_graph_of_the_directory_loads_by_name(tmp_path):
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURE, d)
    shutil.copy(d / "model.onnx", d / "model.int8.onnx")
    other = FormalityScorer.from_dir(d, threads=1, model_file="model.int8.onnx")
    assert other.session.path.name == "model.int8.onnx"
    np.testing.assert_allclose(other.score(["hey u there"]), FormalityScorer.from_dir(d, threads=1).score(["hey u there"]))
    for bad in ("../model.onnx", "scorer.json", "missing.onnx"):
        with pytest.raises(ModelError):
            FormalityScorer.from_dir(d, model_file=bad)


def test_case_type_ids_mark_tokens_with_capitals():
    from engine.scorer import case_type_ids

    text = "i told Anna LOL ok"
    offsets = [(0, 0), (0, 1), (2, 6), (7, 11), (12, 15), (16, 18), (0, 0)]   # [CLS] ... [SEP]
    assert case_type_ids(text, offsets) == [0, 0, 0, 1, 1, 0, 0]
    assert case_type_ids("", []) == []
    assert case_type_ids("É🙂x", [(0, 1), (1, 2), (2, 3)]) == [1, 0, 0]


def test_case_types_in_scorer_json_are_checked(broken):
    cfg = json.loads((broken / "scorer.json").read_text())
    (broken / "scorer.json").write_text(json.dumps({**cfg, "case_types": "yes"}))
    with pytest.raises(ModelError, match="case_types must be true or false"):
        FormalityScorer.from_dir(broken)
    # the fixture's graph takes no token type ids, so it cannot have been trained with the case channel
    (broken / "scorer.json").write_text(json.dumps({**cfg, "case_types": True}))
    with pytest.raises(ModelError, match="no input 'token_type_ids'"):
        FormalityScorer.from_dir(broken)


def test_explain_only_some_words_matches_the_full_explanation(scorer, monkeypatch):
    """explain(only=...) occludes just those words (each occurrence, case-blind), in the same context, in one run
    of len(picked) + 1 texts; the weights are the full explanation's (a text scores the same in any batch:
    test_batch_independence.py)."""
    s = "lol I want to know, Lol, what the plan is"
    full = scorer.explain(s)
    calls = _count_batches(scorer, monkeypatch)
    part = scorer.explain(s, only={"lol", "plan"})
    want = [w for w in full if w.word.lower() in ("lol", "plan")]
    assert [(w.start, w.end, w.word) for w in part] == [(w.start, w.end, w.word) for w in want]
    assert [w.word for w in part] == ["lol", "Lol", "plan"]
    assert all(abs(a.weight - b.weight) < 1e-4 for a, b in zip(part, want))
    assert calls == [len(want) + 1]
    assert scorer.explain(s, only=set()) == [] and scorer.explain(s, only={"absent"}) == []
    assert scorer.explain("", only={"lol"}) == []
