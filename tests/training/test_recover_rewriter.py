"""recover-rewriter: a shipped rewriter directory (ONNX) back into a checkpoint the rewriter stage continues."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from training.cli import main
from training.recover_rewriter import CHECK_SENTENCES, agreement, recover

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "models"
SCORER = FIXTURES / "scorer"


@pytest.mark.parametrize("bundle", ["rewriter", "rewriter_split"])
def test_recovered_model_rewrites_like_the_graphs(bundle, tmp_path, capsys):
    out = tmp_path / "recovered"
    assert main(["recover-rewriter", str(FIXTURES / bundle), str(out)]) == 0
    assert "100% of" in capsys.readouterr().out
    for f in ("config.json", "model.safetensors", "tokenizer.json", "rewriter.json", "RECOVERED.json"):
        assert (out / f).is_file(), f
    assert json.loads((out / "RECOVERED.json").read_text())["greedy_agreement"] == 1.0
    # every weight came back: the reloaded checkpoint still rewrites like the shipped graphs
    from training import seq2seq as S

    assert agreement(FIXTURES / bundle, S.load_model(out), CHECK_SENTENCES) == 1.0


def test_a_changed_weight_is_caught_by_the_check(tmp_path):
    model, n = recover(FIXTURES / "rewriter")
    assert n > 10
    with torch.no_grad():
        model.lm_head.weight.mul_(-1.0)   # another model: it must not pass as the bundle
    assert agreement(FIXTURES / "rewriter", model, CHECK_SENTENCES) < 0.8


@pytest.mark.parametrize("damage, msg", [
    (lambda d: (d / "config.json").unlink(), "config.json is missing"),
    (lambda d: (d / "encoder_model.onnx").write_bytes(b"\x00junk"), "does not load as an ONNX model"),
    (lambda d: (d / "config.json").write_text(json.dumps({**json.loads((d / "config.json").read_text()),
                                                          "d_model": 48})), "cannot recover every weight"),
])
def test_damaged_bundles_fail_clearly(damage, msg, tmp_path, capsys):
    bundle = tmp_path / "bundle"
    shutil.copytree(FIXTURES / "rewriter", bundle)
    damage(bundle)
    assert main(["recover-rewriter", str(bundle), str(tmp_path / "out")]) == 3
    assert msg in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_rewriter_stage_continues_a_recovered_bundle(tmp_path, tiny_config, fixture_data, capsys):
    out = tmp_path / "recovered"
    assert main(["recover-rewriter", str(FIXTURES / "rewriter"), str(out)]) == 0
    capsys.readouterr()
    rc = main(["rewriter", "--config", str(tiny_config), "--run-dir", str(tmp_path / "run"),
               f"data.root={fixture_data}", f"rewriter.base_model={out}", "rewriter.mode=original",
               "rewriter.quantize=none", f"rewriter.scorer={SCORER}"])
    events = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.strip()]
    assert rc == 0, [e for e in events if e["event"] == "error"]
    report = json.loads((tmp_path / "run" / "rewriter" / "report.json").read_text())
    assert report["export"]["parity"]["ok"]


def test_an_ensemble_is_recovered_one_member_at_a_time(tmp_path, capsys):
    """The bundle is a 2-model ensemble: the command names the members instead of a missing config.json."""
    bundle = tmp_path / "ensemble"
    for m in ("member-1", "member-2"):
        shutil.copytree(FIXTURES / "rewriter", bundle / m)
    (bundle / "rewriter.json").write_text(json.dumps({"ensemble": {"members": ["member-1", "member-2"]}}))
    assert main(["recover-rewriter", str(bundle), str(tmp_path / "out")]) == 3
    err = capsys.readouterr().err
    assert "recover one member at a time" in err and str(bundle / "member-2") in err
    assert main(["recover-rewriter", str(bundle / "member-1"), str(tmp_path / "out")]) == 0
