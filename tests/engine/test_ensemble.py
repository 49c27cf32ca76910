"""FormalRewriter.ensemble: averaged log-probabilities in greedy and beam search, one KV cache per member."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.rewriter import FormalRewriter

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "models"
SENTENCES = ["hey u there", "i dont know what 2 do lol", "Thanks for the help."]


def _load(name="rewriter"):
    return FormalRewriter.from_dir(FIX / name, threads=1)


@pytest.mark.parametrize("beam, nbest", [(1, 1), (3, 2)])
def test_an_ensemble_of_a_model_with_itself_is_the_model(beam, nbest):
    single = _load()
    ens = FormalRewriter.ensemble([_load(), _load()])
    a = single.rewrite(SENTENCES, beam=beam, nbest=nbest)
    b = ens.rewrite(SENTENCES, beam=beam, nbest=nbest)
    assert [[c.text for c in r.candidates] for r in a] == [[c.text for c in r.candidates] for r in b]
    for ra, rb in zip(a, b):
        for ca, cb in zip(ra.candidates, rb.candidates):
            assert ca.score == pytest.approx(cb.score, abs=1e-4)
    targets = [c.text for c in a[0].candidates] + ["Hello, are you there?"]
    assert ens.score_targets(SENTENCES[0], targets) == pytest.approx(single.score_targets(SENTENCES[0], targets),
                                                                     abs=1e-4)
    assert ens.info.kind == "ensemble"


def test_members_with_the_split_decoder_graphs_mix_with_merged_ones():
    split_dir = FIX / "rewriter_split"
    if not split_dir.is_dir():
        pytest.skip("no split-graph fixture")
    other = FormalRewriter.from_dir(split_dir, threads=1)
    if other.tokenizer.get_vocab() != _load().tokenizer.get_vocab():
        with pytest.raises(ModelError, match="vocabulary"):
            FormalRewriter.ensemble([_load(), other])
        return
    ens = FormalRewriter.ensemble([_load(), other], weights=[2, 1])
    out = ens.rewrite(SENTENCES, beam=2)
    assert len(out) == len(SENTENCES) and all(r.candidates for r in out)


def test_bad_ensembles_are_refused(tmp_path):
    with pytest.raises(ModelError, match="at least two"):
        FormalRewriter.ensemble([_load()])
    with pytest.raises(ModelError, match="weights"):
        FormalRewriter.ensemble([_load(), _load()], weights=[1, 0])
    with pytest.raises(ModelError, match="weights"):
        FormalRewriter.ensemble([_load(), _load()], weights=[1])
    other = _load()
    other.prefix = "formal: "
    with pytest.raises(ModelError, match="prefix"):
        FormalRewriter.ensemble([_load(), other])
    ens = FormalRewriter.ensemble([_load(), _load()])
    with pytest.raises(ModelError, match="single"):
        FormalRewriter.ensemble([_load(), ens])
    assert ens.rewrite([""])[0].flags == ("empty",)
