"""Export of a tiny trained seq2seq model: ONNX with KV cache (merged decoder), generated-text parity with
PyTorch (greedy and beam), int8 variant with its BLEU cost, model card, manifest written last and verified."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("optimum")

from training import seq2seq as S
from training.export_rewriter import check_parity, export_rewriter

PAIRS = [("i like ur song", "I like your song."), ("u r funny", "You are funny."),
         ("gonna go home", "I am going to go home."), ("thx a lot", "Thank you very much."),
         ("i dont know", "I do not know."), ("wat is this", "What is this?")]


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    d = tmp_path_factory.mktemp("ckpt")
    tok = S.train_tokenizer([s for p in PAIRS for s in p] * 3, 300, d / "tok", min_frequency=1)
    torch.manual_seed(0)
    model = S.build_model("tiny", len(tok), dropout=0.0)
    ex = S.encode_pairs(tok, PAIRS, 32)
    st = S.TrainSettings(lr=1e-2, warmup_steps=5, max_tokens=64, max_steps=60, max_epochs=1000,
                         valid_every=1000, log_every=1000)
    S.train(model, tok, ex, [], st, d / "run")
    return d / "run" / "best"


def test_export_parity_int8_manifest(checkpoint, tmp_path):
    from engine.manifest import load_manifest, verify_dir
    from engine.rewriter import FormalRewriter

    valid = [S.ValidSet("em", [s for s, _ in PAIRS], [[t] * 4 for _, t in PAIRS])]
    target = tmp_path / "rewriter"
    manifest = export_rewriter(checkpoint, target, version="test-1", config={"rewriter": {"size": "tiny"}},
                               data=["fixture pairs"], metrics={"tune_bleu_em": 1.0}, valid_sets=valid,
                               quantize="auto", max_int8_bleu_cost=100.0,
                               parity_sentences=[s for s, _ in PAIRS])
    assert verify_dir(target) == []
    m = load_manifest(target)
    assert m["role"] == "rewriter" and m["kind"] == "seq2seq" and m["version"] == "test-1"
    assert set(m["files"]) == {"encoder_model.onnx", "decoder_model_merged.onnx", "config.json",
                               "generation_config.json", "tokenizer.json", "tokenizer_config.json",
                               "special_tokens_map.json", "rewriter.json", "MODEL_CARD.md"}
    # the merged decoder carries the KV cache inputs
    dec_inputs = [i["name"] for i in m["onnx"]["decoder_model_merged.onnx"]["inputs"]]
    assert "use_cache_branch" in dec_inputs and any(n.startswith("past_key_values") for n in dec_inputs)
    metrics = manifest["metrics"]
    assert metrics["parity"]["ok"] and metrics["parity"]["greedy_match"] == len(PAIRS)
    assert "int8_bleu_cost" in metrics and metrics["weights"] == "int8"
    assert metrics["int8_onnx_bytes"] < metrics["fp32_onnx_bytes"]
    opts = json.loads((target / "rewriter.json").read_text())
    assert opts == {"max_source_tokens": 128, "max_new_tokens": 128, "prefix": "", "preprocess": None}
    card = (target / "MODEL_CARD.md").read_text()
    assert "fixture pairs" in card and "int8" in card and "tune_bleu_em" in card
    # the engine serves it: lines in, same lines out, in order
    rw = FormalRewriter.from_dir(target)
    src = ["u r funny", "", "thx a lot", "😀 " * 3, "x" * 2000]
    out = rw.rewrite(src, beam=2, nbest=2)
    assert [r.source for r in out] == src and all(r.candidates for r in out)


def test_fp32_export_matches_pytorch_exactly(checkpoint, tmp_path):
    target = tmp_path / "fp32"
    manifest = export_rewriter(checkpoint, target, version="fp", config={}, data=["x"], quantize="none",
                               parity_sentences=[s for s, _ in PAIRS], rewriter_options={"guard_min_bleu": 40.0})
    assert manifest["metrics"]["weights"] == "fp32"
    from engine.rewriter import FormalRewriter

    assert json.loads((target / "rewriter.json").read_text())["guard_min_bleu"] == 40.0
    assert FormalRewriter.from_dir(target).guard_min_bleu == 40.0
    rep = check_parity(checkpoint, target, ["i like ur song", "gonna go home"], beam=3)
    assert rep.ok and rep.beam_match == 2


def test_export_fails_cleanly(checkpoint, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(checkpoint, broken)
    (broken / "model.safetensors").write_bytes(b"not a safetensors file")
    target = tmp_path / "out"
    from safetensors import SafetensorError

    with pytest.raises((OSError, ValueError, RuntimeError, SafetensorError)):
        export_rewriter(broken, target, version="x", config={}, data=[], quantize="none")
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".staging-")]  # staging cleaned up
    with pytest.raises(ValueError, match="quantize"):
        export_rewriter(checkpoint, target, version="x", config={}, data=[], quantize="int4")
    with pytest.raises(ValueError, match="valid_sets"):
        export_rewriter(checkpoint, target, version="x", config={}, data=[], quantize="auto")


def test_parity_check_catches_a_wrong_model(checkpoint, tmp_path):
    target = tmp_path / "ok"
    export_rewriter(checkpoint, target, version="fp", config={}, data=["x"], quantize="none",
                    parity_sentences=["u r funny"])
    other = tmp_path / "other"
    shutil.copytree(checkpoint, other)
    model = S.load_model(other)
    torch.manual_seed(1)
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p))
    model.save_pretrained(str(other))
    rep = check_parity(other, target, [s for s, _ in PAIRS])
    assert not rep.ok and rep.mismatches


def test_export_command_averages_the_last_checkpoints(checkpoint, tmp_path, monkeypatch, capsys):
    """`python -m training.export_rewriter TRAIN_DIR TARGET --average K` exports the mean of the last K rolling
    checkpoints, and says so in the config and the card; a folder without them is a clear error."""
    from training.export_rewriter import main

    monkeypatch.setenv("KEIGO_DATA", str(Path(__file__).resolve().parents[1] / "fixtures" / "data"))
    train = tmp_path / "train"
    model = S.load_model(checkpoint)
    for step in (10, 20, 30):
        S.save_rolling_checkpoint(model, train / "checkpoints", step, keep=5)
    shutil.copytree(checkpoint, train / "last")
    target = tmp_path / "rewriter"
    rc = main([str(train), str(target), "--version", "avg-test", "--average", "2", "--quantize", "none",
               "--preprocess", "none", "--beams", "1", "--subset", "4", "--measure-subset", "4"])
    assert rc == 0
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["config"]["averaged_checkpoints"] == ["step-0000020.safetensors", "step-0000030.safetensors"]
    assert "average of 2 rolling checkpoints" in (target / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".average-")]  # the averaged copy is gone

    with pytest.raises(SystemExit, match="no rolling checkpoints"):
        main([str(checkpoint), str(tmp_path / "other"), "--version", "x", "--average", "2", "--quantize", "none",
              "--preprocess", "none"])
    assert not (tmp_path / "other").exists()
