"""A text gets the same score, explanation and rewrites alone as among others.

The bundled models are dynamically quantized (int8): such a graph scales its activations over its whole input, so
run as one batch a sentence's result moved with its neighbours (scores by up to 0.09, 1 to 3 of 400 GYAFC tune
sentences on the other side of 0.5; another best rewrite for 4 of 96). The app scores and rewrites a sentence alone
at the cursor and in batches in the document and the informal list: the two must agree.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.paths import assets_dir
from engine.rewriter import FormalRewriter
from engine.scorer import FormalityScorer
from engine.session import quantizes_activations

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"
MODELS = assets_dir() / "models"
NEIGHBOURS = [
    "omg the demo for client 280 was sooo bad",
    "I would be grateful if you could send me the report by Friday.",
    "lol",
    "the server crashed twice last night, no idea why, and the on-call engineer did not pick up the phone at all",
    "Thanks for your patience.",
    "u coming 2nite???",
    "The committee will convene on Thursday to review the quarterly figures and the auditor's recommendations.",
    "pls check the attached doc thx",
]
PROBES = ["hey guys, so the numbers r kinda better this qtr.", "Thanks for your patience.",
          "idk if we can ship build 8 by friday tbh."]


def test_quantized_graphs_are_recognised(tmp_path):
    assert quantizes_activations(MODELS / "scorer" / "model.onnx")
    assert quantizes_activations(MODELS / "scorer-accurate" / "model.onnx")
    assert quantizes_activations(MODELS / "rewriter" / "member-1" / "encoder_model.onnx")
    assert not quantizes_activations(FIXTURES / "scorer" / "model.onnx")        # fp32: batches stay batches
    assert not quantizes_activations(FIXTURES / "rewriter" / "encoder_model.onnx")
    # the op name split across two 4 MiB reads is still found
    f = tmp_path / "m.onnx"
    f.write_bytes(b"\0" * ((1 << 22) - 10) + b"DynamicQuantizeLinear" + b"\0" * 100)
    assert quantizes_activations(f)
    f.write_bytes(b"\0" * ((1 << 22) - 10) + b"DynamicQuantize" + b"\0" * 100)
    assert not quantizes_activations(f)


@pytest.mark.parametrize("role", ["scorer", "scorer-accurate"])
def test_a_sentence_scores_the_same_alone_and_in_a_batch(role):
    scorer = FormalityScorer.from_dir(MODELS / role, threads=1)
    assert scorer.session.batch_dependent
    batch = NEIGHBOURS[:4] + PROBES + NEIGHBOURS[4:]
    together = scorer.score(batch)
    alone = np.array([scorer.score([s])[0] for s in batch])
    np.testing.assert_allclose(together, alone, atol=1e-6)
    np.testing.assert_allclose(scorer.degree(batch), [scorer.degree([s])[0] for s in batch], atol=1e-6)


def test_explaining_some_words_gives_the_full_explanations_weights():
    scorer = FormalityScorer.from_dir(MODELS / "scorer", threads=1)
    s = "hey guys, so the numbers r kinda better this qtr lol"
    full = {(w.start, w.word): w.weight for w in scorer.explain(s)}
    part = scorer.explain(s, only={"kinda", "qtr", "numbers"})
    assert [w.word for w in part] == ["numbers", "kinda", "qtr"]
    for w in part:
        assert w.weight == pytest.approx(full[(w.start, w.word)], abs=1e-5)


def test_a_sentence_gets_the_same_rewrites_alone_and_in_a_batch():
    model = FormalRewriter.from_dir(MODELS / "rewriter", threads=1)
    assert model.encoder.batch_dependent
    together = model.rewrite(NEIGHBOURS + PROBES, beam=8, nbest=8, batch_size=16)[len(NEIGHBOURS):]
    for probe, r in zip(PROBES, together):
        (alone,) = model.rewrite([probe], beam=8, nbest=8)
        assert [c.text for c in r.candidates] == [c.text for c in alone.candidates]
        np.testing.assert_allclose([c.score for c in r.candidates], [c.score for c in alone.candidates], atol=1e-5)
