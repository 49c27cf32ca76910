"""The faithfulness harness, the reranker fit, the marker list, the formal LM and attach-rerank, on fixtures."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import sacrebleu

from engine.errors import ModelError
from engine.faithful import FEATURES, SafeRewriter, read_markers
from engine.manifest import load_manifest, verify_dir
from engine.ngram_lm import NgramLM, load_npz, save_npz
from engine.rewriter import FormalRewriter
from engine.scorer import FormalityScorer
from training import attach_rerank, faithfulness, formal_lm, markers
from training.faithfulness import PoolRow, bleu_from_stats, bleu_stats, choose, fit_weights

REPO = Path(__file__).resolve().parents[2]
FIX = REPO / "tests" / "fixtures"


def test_bleu_statistics_add_up_to_sacrebleu():
    hyps = ["Please send me the file.", "I do not know.", "", "Thank you very much for the help!"]
    refs = [["Please send the file to me.", "Send me the file, please.", "Please send me the file.", "The file, please."],
            ["I don't know.", "I do not know.", "I have no idea.", "No idea."],
            ["Hello.", "Hi.", "Greetings.", "Hello there."],
            ["Thanks a lot for your help!", "Thank you for the help.", "Many thanks.", "Thank you very much."]]
    total = np.sum([bleu_stats(h, r) for h, r in zip(hyps, refs)], axis=0)
    want = sacrebleu.corpus_bleu(hyps, [list(x) for x in zip(*refs)]).score
    assert bleu_from_stats(total) == pytest.approx(want, abs=1e-9)


def _row(i, texts, feats, good, p_source=0.1, domain="em"):
    """A pool whose candidate `good` is the only one matching the reference."""
    ref = [texts[good]] * 4
    return PoolRow(domain, i, texts[-1], p_source, list(texts), [list(f) for f in feats],
                   [bleu_stats(t, ref).tolist() for t in texts])


def test_the_fit_learns_to_prefer_what_the_references_prefer():
    # the reference always agrees with the candidate of higher "mbr", never with the likelier one
    rng = np.random.default_rng(0)
    rows = {"em": [], "fr": []}
    for d, pools in rows.items():
        for i in range(40):
            f = np.zeros((3, len(FEATURES)))
            f[:, FEATURES.index("lp")] = [-0.1, -0.5, -3.0]
            f[:, FEATURES.index("mbr")] = [10.0, 60.0, 5.0]
            f[2, FEATURES.index("is_source")] = 1.0
            texts = [f"candidate one number {i} {rng.integers(1000)}", f"the good rewrite {i} stays here", f"src {i}"]
            pools.append(_row(i, texts, f, good=1, domain=d))
    start = {k: float(k == "lp") for k in FEATURES}
    w, obj = fit_weights(rows, start, ("nonwords",), target=1.01, log=lambda *_: None)
    picks = choose(rows["em"], w, 1.01, ("nonwords",))
    assert all(p == 1 for p in picks) and obj > 90


def test_the_fit_keeps_dropped_content_under_its_cap():
    # the reference always agrees with a candidate that drops a content word: unconstrained, the fit takes it
    rows = {"em": [], "fr": []}
    for d, pools in rows.items():
        for i in range(40):
            f = np.zeros((3, len(FEATURES)))
            f[:, FEATURES.index("lp")] = [-0.1, -0.5, -3.0]
            f[0, FEATURES.index("dropped")] = 1.0
            f[2, FEATURES.index("is_source")] = 1.0
            texts = [f"the short rewrite {i} wins", f"the long faithful rewrite {i} of it", f"src {i}"]
            pools.append(_row(i, texts, f, good=0, domain=d))
    start = {k: float(k == "lp") for k in FEATURES}
    free, _ = fit_weights(rows, start, ("nonwords",), target=1.01, log=lambda *_: None)
    assert all(p == 0 for p in choose(rows["em"], free, 1.01, ("nonwords",)))
    capped, _ = fit_weights(rows, start, ("nonwords",), target=1.01, max_dropped=0.05, log=lambda *_: None)
    for pools in rows.values():
        picks = choose(pools, capped, 1.01, ("nonwords",))
        assert np.mean([p == 0 for p in picks]) <= 0.05


def test_choose_keeps_formal_sources_and_never_picks_a_garbled_candidate():
    f = np.zeros((3, len(FEATURES)))
    f[0, FEATURES.index("lp")] = 5.0
    f[0, FEATURES.index("nonwords")] = 1.0
    f[2, FEATURES.index("is_source")] = 1.0
    row = _row(0, ["Garbld one.", "Clean one.", "source"], f, good=1)
    w = np.zeros(len(FEATURES))
    w[FEATURES.index("lp")] = 1.0
    assert choose([row], w, 0.9, ("nonwords",)) == [1]
    row.p_source = 0.95
    assert choose([row], w, 0.9, ("nonwords",)) == [2]


def test_markers_are_learned_from_skewed_words():
    pairs = [("u r gonna love this stuff", "You are going to love this material.")] * 30 + \
            [("the ship leaves at noon", "The ship leaves at noon.")] * 30
    got = {w for w, _, _ in markers.learn_markers(pairs, min_count=20, min_ratio=2.0)}
    assert {"u", "r", "gonna", "stuff"} <= got and "ship" not in got and "love" not in got


def test_marker_files_are_read_strictly(tmp_path):
    p = tmp_path / "m.txt"
    markers.write_markers([("guys", 10, 2), ("stuff", 8, 1)], p)
    assert read_markers(p) == {"guys", "stuff"}
    p.write_text("two words\n", encoding="utf-8")
    with pytest.raises(ModelError, match="line 1"):
        read_markers(p)
    with pytest.raises(ModelError, match="does not exist"):
        read_markers(tmp_path / "missing.txt")


def test_formal_lm_npz_round_trip_and_corruption(tmp_path):
    lm = NgramLM.train(["the cat sat on the mat .", "the dog sat on the log ."] * 5, order=3)
    p = save_npz(lm, tmp_path / "lm.npz")
    back = load_npz(p)
    s = ["the cat sat on the log .", "dog the mat"]
    np.testing.assert_allclose(back.perplexity(s), lm.perplexity(s), rtol=1e-6)
    (tmp_path / "bad.npz").write_bytes(b"PK\x03\x04 not a zip at all")
    with pytest.raises(ModelError, match="not a readable n-gram LM"):
        load_npz(tmp_path / "bad.npz")
    with pytest.raises(ModelError):
        load_npz(tmp_path / "missing.npz")


def test_formal_lm_command_on_fixture_data(tmp_path):
    out = tmp_path / "lm.npz"
    assert formal_lm.main(["--out", str(out), "--data", str(FIX / "data")]) == 0
    assert load_npz(out).order == 3


@pytest.mark.slow
def test_harness_fit_and_attach_end_to_end(tmp_path, capsys):
    model_dir = tmp_path / "rewriter"
    shutil.copytree(FIX / "models" / "rewriter", model_dir)
    args = ["--rewriter", str(model_dir), "--scorer", str(FIX / "models" / "scorer"), "--data", str(FIX / "data"),
            "--out", str(tmp_path / "eval")]
    assert faithfulness.main(args + ["--fit", "--min-kept", "0.85"]) == 0
    fits = json.loads((tmp_path / "eval" / "rerank.json").read_text(encoding="utf-8"))
    assert set(fits) == {f"beam{b}.{h}" for b in (4, 1) for h in ("nonwords+dropped", "nonwords+critical", "nonwords")}
    assert all(f["min_kept"] == 0.85 and "length" in f["weights"] for f in fits.values())
    assert faithfulness.main(args) == 0
    table = capsys.readouterr().out
    for system in ("copy", "rules", "model4", "model1", "safe4", "safe1"):
        assert f"| {system} |" in table
    report = json.loads((tmp_path / "eval" / "report.json").read_text(encoding="utf-8"))
    assert report["systems"]["copy"]["em"]["formal_kept"] == 100.0
    lm = tmp_path / "lm.npz"
    formal_lm.main(["--out", str(lm), "--data", str(FIX / "data")])
    mk = tmp_path / "markers.txt"
    markers.write_markers([("u", 5, 0)], mk)
    assert attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json"), "--choice",
                               "beam4.nonwords", "--lm", str(lm), "--markers", str(mk), "--report",
                               str(tmp_path / "eval" / "report.json"), "--note", "Measured on the fixtures."]) == 0
    assert verify_dir(model_dir) == []
    card = (model_dir / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert card.count("## Faithful rewrites (reranker)") == 1 and "| safe4 |" in card
    assert card.count("Measured on the fixtures.") == 1 and card.index("| safe4 |") < card.index("Measured on the fixtures.")
    assert "with at least 85 % of formal inputs" in card and "| length |" in card
    safe = SafeRewriter.for_model(FormalRewriter.from_dir(model_dir, threads=1),
                                  scorer=FormalityScorer.from_dir(FIX / "models" / "scorer", threads=1))
    assert safe.lm is not None and "u" in safe.markers
    assert safe.config.weights == json.loads((model_dir / "rewriter.json").read_text())["rerank"]["weights"]
    out = safe.rewrite(["hey can u send me the report lol", ""], beam=4, nbest=3)
    assert len(out) == 2 and out[0].candidates
    # attaching twice replaces the section instead of adding a second one
    attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json"), "--choice",
                        "beam4.nonwords", "--lm", str(lm), "--markers", str(mk)])
    assert (model_dir / "MODEL_CARD.md").read_text(encoding="utf-8").count("## Faithful rewrites") == 1
    assert verify_dir(model_dir) == []
    # another reported target, with the critical checks hard; a target the fit did not report is refused
    assert attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json"), "--choice",
                               "beam4.nonwords+critical", "--target", "0.7", "--lm", str(lm),
                               "--markers", str(mk)]) == 0
    rerank = json.loads((model_dir / "rewriter.json").read_text())["rerank"]
    assert rerank["formal_target"] == 0.7 and rerank["hard"] == ["nonwords", "critical"]
    assert verify_dir(model_dir) == []
    assert attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json"), "--choice",
                               "beam4.nonwords", "--target", "0.42", "--lm", str(lm), "--markers", str(mk)]) == 2
    # a new measurement alone replaces the table and its note, not the reranker
    attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json"), "--choice",
                        "beam4.nonwords", "--lm", str(lm), "--markers", str(mk), "--report",
                        str(tmp_path / "eval" / "report.json"), "--note", "Measured on the fixtures."])
    before = (model_dir / "rewriter.json").read_text()
    report["systems"]["safe4"]["em"]["bleu"] = 12.34
    (tmp_path / "new.json").write_text(json.dumps(report), encoding="utf-8")
    assert attach_rerank.main([str(model_dir), "--report", str(tmp_path / "new.json"), "--note", "Again."]) == 0
    card = (model_dir / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert card.count("## Faithful rewrites") == 1 and card.count("| safe4 | 12.34 |") == 1 and "Again." in card
    assert "Measured on the fixtures." not in card and card.count("Full tune sets through the engine") == 1
    assert card.startswith("# Test fixture rewriter") and (model_dir / "rewriter.json").read_text() == before
    assert load_manifest(model_dir)["metrics"]["faithfulness"]["safe4"]["em"]["bleu"] == 12.34
    assert verify_dir(model_dir) == []
    assert attach_rerank.main([str(model_dir), "--report", str(tmp_path / "new.json"), "--lm", str(lm)]) == 2
    assert attach_rerank.main([str(model_dir), "--fit", str(tmp_path / "eval" / "rerank.json")]) == 2
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    assert attach_rerank.main([str(model_dir), "--report", str(tmp_path / "bad.json")]) == 2


def test_refresh_scores_recomputes_gain_and_keep_from_the_current_scorer():
    import numpy as np

    from engine.faithful import FEATURES
    from training.faithfulness import PoolRow, refresh_scores

    class Scorer:
        def score(self, texts):
            return np.array([0.9 if t[:1].isupper() else 0.1 for t in texts])

    class Safe:
        scorer = Scorer()

        def _score(self, sentences):
            return np.asarray(self.scorer.score(sentences), dtype=np.float64)

    f_src, f_new = [0.0] * len(FEATURES), [0.0] * len(FEATURES)
    f_src[FEATURES.index("is_source")] = 1.0
    row = PoolRow("em", 0, "hey u", -1.0, ["hey u", "Hello, you."], [f_src, f_new], None)
    refresh_scores([row], Safe())
    assert row.p_source == 0.1
    assert row.features[1][FEATURES.index("gain")] == 0.8
    assert row.features[0][FEATURES.index("keep")] == 0.1 and row.features[1][FEATURES.index("keep")] == 0.0


def test_refresh_fluency_fills_the_lm_feature_of_pools_built_without_one():
    """A pool built before the rewriter directory had its LM (lm feature 0) gets the LM's fluency on load, so the
    fit sees what the engine will compute; without an LM nothing changes."""
    from engine.faithful import FEATURES, SafeRewriter
    from engine.ngram_lm import NgramLM
    from engine.rules import RuleFormalizer
    from training.faithfulness import PoolRow, refresh_fluency

    lm = NgramLM.train(["I do not know.", "Thank you very much.", "I do not know what you mean."] * 5, order=3)
    li = FEATURES.index("lm")
    texts = ["I do not know.", "know not do I."]
    row = PoolRow("em", 0, "idk", 0.1, texts, [[0.0] * len(FEATURES) for _ in texts], None)
    bare = SafeRewriter(_NoModel(), RuleFormalizer(), lm=None)
    refresh_fluency([row], bare)
    assert [f[li] for f in row.features] == [0.0, 0.0]
    safe = SafeRewriter(_NoModel(), RuleFormalizer(), lm=lm)
    refresh_fluency([row], safe)
    got = [f[li] for f in row.features]
    assert got == list(safe._fluency(texts)) and got[0] > got[1]


class _NoModel:
    """What SafeRewriter needs of a model for fluency alone: its info."""

    def __init__(self):
        from engine.types import ModelInfo

        self.info = ModelInfo(role="rewriter", version="t", path=None, kind="seq2seq")


def test_cached_pools_whose_rule_rewrite_changed_are_built_again(tmp_path):
    """After a change to the rules, the eval harness builds again only the pools whose rule rewrite (and so the
    rules-first model's input) changed; the others come from the cache, and each row keeps its index."""
    from engine.faithful import FEATURES
    from training.faithfulness import build_pools, rebuild_stale, stale_rows

    safe = SafeRewriter.for_model(FormalRewriter.from_dir(FIX / "models" / "rewriter", threads=1),
                                  scorer=FormalityScorer.from_dir(FIX / "models" / "scorer", threads=1))
    sources = ["hey can u send me the report lol", "i dunno", "", "thx for the help"]
    refs = [[s.capitalize()] * 4 for s in sources]
    rows = build_pools(safe, sources, refs, beam=4, domain="em", log=lambda *_: None)
    assert stale_rows(rows, safe) == [] and rebuild_stale(rows, safe, refs, beam=4, domain="em") == 0
    ri = FEATURES.index("is_rules")
    k = next(j for j, f in enumerate(rows[3].features) if f[ri] == 1.0)
    rows[3].texts[k] = "Thanks for the help, as the rules once wrote it."  # the rules said something else then
    rows[3].stats = None
    assert stale_rows(rows, safe) == [3]
    assert rebuild_stale(rows, safe, refs, beam=4, domain="em") == 1
    assert rows[3].index == 3 and safe.rules.formalize(sources[3]) in rows[3].texts and rows[3].stats
    assert stale_rows(rows, safe) == []
