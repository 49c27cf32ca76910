"""FormalRewriter on the tiny fixture BART (trained to copy): both optimum layouts, search, limits, bad input and files."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.errors import ModelError
from engine.rewriter import FormalRewriter

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"
TORCH_FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "torch" / "rewriter"
COPYABLE = ["thank you for your prompt reply.", "hey can u send me the report lol", "That is a very good idea."]
SENTS = COPYABLE + ["😀 ok", "the the the the cat", "I would", "wanna grab some food later? gotta go bye"]


@pytest.fixture(scope="module")
def merged() -> FormalRewriter:
    return FormalRewriter.from_dir(FIXTURES / "rewriter", threads=1)


@pytest.fixture(scope="module")
def split() -> FormalRewriter:
    return FormalRewriter.from_dir(FIXTURES / "rewriter_split", threads=1)


def test_greedy_copies_what_the_model_learned(merged):
    out = merged.rewrite(COPYABLE, beam=1)
    assert [r.best for r in out] == COPYABLE
    for r in out:
        assert len(r.candidates) == 1 and -1.0 < r.candidates[0].score <= 0 and r.flags == ()


@pytest.mark.parametrize("beam, nbest", [(1, 1), (3, 1), (4, 3)])
def test_both_layouts_agree(merged, split, beam, nbest):
    a = merged.rewrite(SENTS, beam=beam, nbest=nbest)
    b = split.rewrite(SENTS, beam=beam, nbest=nbest)
    assert [[c.text for c in r.candidates] for r in a] == [[c.text for c in r.candidates] for r in b]
    np.testing.assert_allclose([c.score for r in a for c in r.candidates],
                               [c.score for r in b for c in r.candidates], atol=1e-4)


def test_nbest_candidates_are_ranked(merged):
    out = merged.rewrite(SENTS, beam=4, nbest=3)
    for r, s in zip(out, SENTS):
        assert r.source == s and len(r.candidates) == 3
        scores = [c.score for c in r.candidates]
        assert scores == sorted(scores, reverse=True) and all(x <= 0 for x in scores)
    assert out[0].best == COPYABLE[0]


def test_nbest_raises_the_beam(merged):
    out = merged.rewrite(COPYABLE[:1], beam=1, nbest=2)
    assert len(out[0].candidates) == 2


def test_batching_does_not_change_results(merged):
    a = merged.rewrite(SENTS, beam=3, nbest=2, batch_size=1)
    b = merged.rewrite(SENTS, beam=3, nbest=2, batch_size=16)
    assert [[c.text for c in r.candidates] for r in a] == [[c.text for c in r.candidates] for r in b]
    np.testing.assert_allclose([c.score for r in a for c in r.candidates],
                               [c.score for r in b for c in r.candidates], atol=1e-4)


def test_max_new_tokens_bounds_the_output(merged):
    short = merged.rewrite(COPYABLE[:1], beam=1, max_new_tokens=3)[0].best
    assert len(merged.tokenizer.encode(short, add_special_tokens=False).ids) <= 3
    assert COPYABLE[0].startswith(short)


def test_empty_and_too_long_are_flagged_in_order(merged):
    too_long = "x " * 60  # 60+ tokens, no sentence boundary to split at
    inputs = ["", COPYABLE[0], "   ", too_long, COPYABLE[1]]
    out = merged.rewrite(inputs, beam=2)
    assert [r.source for r in out] == inputs
    assert out[0].flags == ("empty",) and out[0].best == ""
    assert out[2].flags == ("empty",) and out[2].best == "   "
    assert out[3].flags == ("too_long",) and out[3].best == too_long  # returned whole, never truncated
    assert out[1].best == COPYABLE[0] and out[4].best == COPYABLE[1]


def test_long_text_of_short_sentences_is_split_not_truncated(merged):
    s = ("Thank you for your prompt reply.  I look forward to hearing from you. "
         "That is a very good idea. Gotta go bye")
    assert len(merged._encode(s)) > merged.max_source_tokens
    r = merged.rewrite([s], beam=2)[0]
    assert r.flags == ("split",)
    assert r.best.startswith("Thank you for your prompt reply.  I look forward to hearing from you. ")
    assert r.best.endswith(" go bye")


def test_one_megabyte_line_comes_back_unchanged(merged):
    line = ("hey u r gonna love it lol " * 40000)[:1_000_000]
    r = merged.rewrite([line, COPYABLE[0]], beam=1)
    assert r[0].flags == ("too_long",) and r[0].best == line
    assert r[1].best == COPYABLE[0]


@pytest.mark.parametrize("text", [
    "\x00\x01\x02\x07\x1b[31m", "שלום עולם, مرحبا بالعالم", "😀😀😀 🎉", "e\u0301\u200b\ufeff",
    bytes(range(32, 256)).decode("latin-1")[:40], os.urandom(40).decode("utf-8", errors="replace"),
])
def test_odd_text_never_crashes(merged, text):
    out = merged.rewrite([text, COPYABLE[0]], beam=2, nbest=2)
    assert [r.source for r in out] == [text, COPYABLE[0]]
    assert out[0].candidates and all(isinstance(c.text, str) and c.text for c in out[0].candidates)
    assert out[1].best == COPYABLE[0]


def test_rewrite_rejects_a_bare_string(merged):
    with pytest.raises(TypeError):
        merged.rewrite("one sentence")


def _copy(tmp_path, name="rewriter") -> Path:
    d = tmp_path / name
    shutil.copytree(FIXTURES / name, d)
    return d


def test_prefix_and_rules_preprocessing(tmp_path):
    d = _copy(tmp_path)
    opts = json.loads((d / "rewriter.json").read_text())
    opts.update(prefix="formal: ", preprocess="rules")
    (d / "rewriter.json").write_text(json.dumps(opts))
    rw = FormalRewriter.from_dir(d)
    from engine.rules import RuleFormalizer

    expected = "formal: " + RuleFormalizer().formalize("u r gonna love it")
    assert expected != "formal: u r gonna love it"
    assert rw._encode("u r gonna love it") == rw.tokenizer.encode(expected).ids
    assert rw.rewrite(["u r gonna love it"], beam=1)[0].candidates


def test_unknown_preprocess_is_refused(tmp_path):
    d = _copy(tmp_path)
    (d / "rewriter.json").write_text(json.dumps({"max_source_tokens": 48, "preprocess": "magic"}))
    with pytest.raises(ModelError, match="preprocess"):
        FormalRewriter.from_dir(d)


@pytest.mark.parametrize("name, layout", [("encoder_model.onnx", "rewriter"),
                                          ("decoder_model_merged.onnx", "rewriter"),
                                          ("decoder_with_past_model.onnx", "rewriter_split")])
def test_truncated_onnx_names_the_file(tmp_path, name, layout):
    d = _copy(tmp_path, layout)
    p = d / name
    p.write_bytes(p.read_bytes()[:2000])
    with pytest.raises(ModelError, match=name.replace(".", r"\.")):
        FormalRewriter.from_dir(d)


@pytest.mark.parametrize("name", ["encoder_model.onnx", "decoder_model_merged.onnx", "tokenizer.json",
                                  "config.json", "rewriter.json"])
def test_missing_files_are_named(tmp_path, name):
    d = _copy(tmp_path)
    (d / name).unlink()
    with pytest.raises(ModelError, match=name.split(".")[0] if name.startswith("decoder") else name):
        FormalRewriter.from_dir(d)


def test_half_a_split_layout_is_refused(tmp_path):
    d = _copy(tmp_path, "rewriter_split")
    (d / "decoder_with_past_model.onnx").unlink()
    with pytest.raises(ModelError, match="decoder_with_past_model.onnx"):
        FormalRewriter.from_dir(d)


# ------------------------------------------------------------------------------------ parity with transformers

HAVE_TORCH = importlib.util.find_spec("torch") is not None and importlib.util.find_spec("transformers") is not None


@pytest.fixture(scope="module")
def hf():
    if not HAVE_TORCH:
        pytest.skip("torch/transformers not installed: parity with generate() is checked where they are")
    import torch
    from transformers import BartForConditionalGeneration, PreTrainedTokenizerFast

    torch.set_num_threads(1)
    return (BartForConditionalGeneration.from_pretrained(TORCH_FIXTURE).eval(),
            PreTrainedTokenizerFast.from_pretrained(TORCH_FIXTURE))


def _hf_generate(hf, sents, beam, nbest, max_new, **gen):
    import torch

    model, tok = hf
    enc = tok(sents, return_tensors="pt", padding=True)
    with torch.no_grad():
        out = model.generate(**enc, num_beams=beam, num_return_sequences=nbest, max_new_tokens=max_new,
                             do_sample=False, length_penalty=1.0, early_stopping=False,
                             output_scores=True, return_dict_in_generate=True, **gen)
    texts = [t.strip() for t in tok.batch_decode(out.sequences, skip_special_tokens=True)]
    scores = out.sequences_scores.tolist() if beam > 1 else None
    return texts, scores


@pytest.mark.parametrize("layout", ["rewriter", "rewriter_split"])
@pytest.mark.parametrize("beam, nbest", [(1, 1), (2, 1), (2, 2), (4, 1), (4, 3)])
def test_matches_transformers_generate(hf, layout, beam, nbest):
    rw = FormalRewriter.from_dir(FIXTURES / layout, threads=1)
    texts, scores = _hf_generate(hf, SENTS, beam, nbest, 20)
    ours = rw.rewrite(SENTS, beam=beam, nbest=nbest, max_new_tokens=20, batch_size=3)
    assert [c.text for r in ours for c in r.candidates] == texts
    if scores is not None:
        np.testing.assert_allclose([c.score for r in ours for c in r.candidates], scores, atol=1e-4)


def test_matches_transformers_with_generation_config_processors(hf, tmp_path):
    gen = {"no_repeat_ngram_size": 2, "forced_bos_token_id": 0, "forced_eos_token_id": 2, "min_length": 5}
    d = _copy(tmp_path)
    cfg = json.loads((d / "generation_config.json").read_text())
    cfg.update(gen)
    (d / "generation_config.json").write_text(json.dumps(cfg))
    rw = FormalRewriter.from_dir(d, threads=1)
    for beam, nbest in [(1, 1), (4, 2)]:
        texts, _ = _hf_generate(hf, SENTS, beam, nbest, 12, **gen)
        ours = rw.rewrite(SENTS, beam=beam, nbest=nbest, max_new_tokens=12, batch_size=4)
        assert [c.text for r in ours for c in r.candidates] == texts


def test_search_settings_come_from_generation_config_like_transformers(tmp_path, merged):
    d = _copy(tmp_path)
    cfg = json.loads((d / "config.json").read_text())
    cfg["forced_bos_token_id"] = merged.tokenizer.token_to_id("<unk>")
    (d / "config.json").write_text(json.dumps(cfg))
    # with a generation_config.json, config.json's search settings are ignored (as generate() does)
    assert FormalRewriter.from_dir(d).rewrite(COPYABLE, beam=1) == merged.rewrite(COPYABLE, beam=1)
    (d / "generation_config.json").unlink()
    forced = FormalRewriter.from_dir(d)
    assert forced.forced_bos == cfg["forced_bos_token_id"]
    assert [r.best for r in forced.rewrite(COPYABLE, beam=1)] != COPYABLE


def _with_options(tmp_path, **options) -> FormalRewriter:
    d = _copy(tmp_path)
    opts = json.loads((d / "rewriter.json").read_text())
    opts.update(options)
    (d / "rewriter.json").write_text(json.dumps(opts))
    return FormalRewriter.from_dir(d, threads=1)


def test_guard_keeps_faithful_rewrites(tmp_path):
    rw = _with_options(tmp_path, guard_min_bleu=100)
    out = rw.rewrite(COPYABLE, beam=4, nbest=2)
    assert [r.best for r in out] == COPYABLE
    assert all("guarded" not in r.flags for r in out)


def test_guard_puts_the_safe_rewrite_first_and_keeps_the_models(tmp_path, merged):
    # The fixture model garbles the emoji sentence: the guard must offer the sentence itself first.
    plain = merged.rewrite(["😀 ok"], beam=4, nbest=3)[0]
    assert plain.best != "😀 ok"
    rw = _with_options(tmp_path, guard_min_bleu=50)
    r = rw.rewrite(["😀 ok", COPYABLE[0]], beam=4, nbest=3)
    assert r[0].flags == ("guarded",) and r[0].best == "😀 ok"
    assert [c.text for c in r[0].candidates] == ["😀 ok"] + [c.text for c in plain.candidates[:2]]
    assert r[1].best == COPYABLE[0] and r[1].flags == ()


def test_guard_falls_back_to_the_rules_for_rules_models(tmp_path):
    from engine.rules import RuleFormalizer

    rw = _with_options(tmp_path, preprocess="rules", guard_min_bleu=100)
    src = "u r 😀 ok"
    r = rw.rewrite([src], beam=2, nbest=1)[0]
    safe = RuleFormalizer().formalize(src)
    assert rw.safe_rewrite(src) == safe != src
    rw.guard_min_bleu = None
    unguarded = rw.rewrite([src], beam=2, nbest=1)[0]
    assert unguarded.best != safe  # the fixture garbles the emoji: the guard has work to do
    assert len(r.candidates) == 1 and r.best == safe and r.flags == ("guarded",)


def test_guard_leaves_empty_and_too_long_inputs_alone(tmp_path):
    rw = _with_options(tmp_path, guard_min_bleu=100, max_source_tokens=8)
    out = rw.rewrite(["", "   ", "word " * 50], beam=1)
    assert [r.flags for r in out] == [("empty",), ("empty",), ("too_long",)]
    assert [r.best for r in out] == ["", "   ", "word " * 50]


@pytest.mark.parametrize("bad", ["high", -1, 100.5, True, [50]])
def test_bad_guard_values_are_refused(tmp_path, bad):
    d = _copy(tmp_path)
    opts = json.loads((d / "rewriter.json").read_text())
    opts["guard_min_bleu"] = bad
    (d / "rewriter.json").write_text(json.dumps(opts))
    with pytest.raises(ModelError, match="guard_min_bleu"):
        FormalRewriter.from_dir(d)


def test_topk_over_a_beam_step_is_exact_with_ties_and_masked_tokens():
    """The prefiltered top-k of a (rows x beams*vocab) step equals a full stable sort: highest first, ties by the
    lower index, -inf (masked tokens) last."""
    from engine.rewriter import _topk

    rng = np.random.default_rng(7)
    for trial in range(60):
        n = int(rng.choice([8000, 30524, 64000]))
        k = int(rng.integers(1, 40))
        x = rng.standard_normal((int(rng.integers(1, 4)), n)).astype(np.float32)
        if trial % 3 == 0:
            x = np.round(x, 1)                           # many exact ties at the boundary
        if trial % 4 == 0:
            x[:, rng.integers(0, n, 100)] = -np.inf
        ref = np.stack([np.lexsort((np.arange(n), -row))[:k] for row in x])
        assert np.array_equal(_topk(x, k), ref)


def test_links_file_names_and_code_reach_the_model_as_stand_ins(tmp_path, merged):
    """A model trained on GYAFC wrote "https:/example.com" and "configy"; it copies a plain name. The stand-ins
    go in after the rules and come back out in every candidate; the n-best scoring reads targets the same way."""
    src = "hey can u send me the report.docx from https://x.com/a lol"
    masked, pairs = merged._masked(src)
    assert masked == "hey can u send me the Zork from Quib lol"
    assert pairs == (("Zork", "report.docx"), ("Quib", "https://x.com/a"))
    assert merged._encode(src) == merged.tokenizer.encode(masked).ids
    assert merged._unmask("Can you send me the zork from Quib?", pairs) == (
        "Can you send me the report.docx from https://x.com/a?")
    assert merged._unmask("The Zorks from Quibble.", pairs) == "The Zorks from Quibble."  # not a stand-in: kept
    # a stand-in the writer uses is not one; a span inside a longer one is replaced after it
    assert merged._masked("zork it: ~/x/a.py")[0] == "zork it: Quib"
    assert merged._remask("see ~/x/a.py and a.py", [("Zork", "a.py"), ("Quib", "~/x/a.py")]) == "see Quib and Zork"
    # every candidate the search returns has its spans back
    for c in merged.rewrite([src], beam=3, nbest=3)[0].candidates:
        assert not {"Zork", "Quib"} & set(c.text.split()), c.text
    plain = _with_options(tmp_path, mask_verbatim=False)
    assert plain._masked(src) == (src, ())
    assert merged.score_targets(src, [src]) == plain.score_targets(masked, [masked])


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_bad_mask_verbatim_values_are_refused(tmp_path, bad):
    with pytest.raises(ModelError, match="mask_verbatim"):
        _with_options(tmp_path, mask_verbatim=bad)
