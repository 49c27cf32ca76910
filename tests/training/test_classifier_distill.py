"""Classifier stage: resumable training state, continuing from a checkpoint, distillation from a teacher scorer
(with unlabeled text) and canonicalised input, on the tiny config."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from safetensors.torch import load_file

from training.cli import main

FIXTURE_SCORER = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"


def run_cli(args, capsys):
    rc = main(args)
    out = capsys.readouterr().out
    return rc, [json.loads(line) for line in out.splitlines() if line.strip()]


def _weights(run_dir):
    w = load_file(str(run_dir / "classifier" / "checkpoint.safetensors"))
    return {k: v.numpy() for k, v in w.items()}


def test_a_stopped_run_resumes_to_the_same_weights(tmp_path, tiny_config, fixture_data, capsys, monkeypatch):
    base = ["classifier", "--config", str(tiny_config), f"data.root={fixture_data}", "classifier.export=false",
            "classifier.epochs=2"]
    rc, _ = run_cli(base + ["--run-dir", str(tmp_path / "straight")], capsys)
    assert rc == 0

    # stop after a few steps, as a time budget or STOP file would, then run the same command again
    from training.context import StopToken

    calls = {"n": 0}
    real = StopToken.requested

    def stop_after_some(self):
        calls["n"] += 1
        return True if calls["n"] > 5 else real.fget(self)

    monkeypatch.setattr(StopToken, "requested", property(stop_after_some))
    rc, events = run_cli(base + ["--run-dir", str(tmp_path / "resumed")], capsys)
    assert rc == 130
    state = tmp_path / "resumed" / "classifier" / "train_state"
    assert (state / "position.json").is_file() and not (tmp_path / "resumed" / "classifier" / "DONE.json").exists()
    monkeypatch.setattr(StopToken, "requested", real)
    rc, events = run_cli(base + ["--run-dir", str(tmp_path / "resumed")], capsys)
    assert rc == 0
    assert any("resumed phase" in e.get("message", "") for e in events)
    a, b = _weights(tmp_path / "straight"), _weights(tmp_path / "resumed")
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_allclose(a[k], b[k], atol=1e-5, err_msg=k)


def test_distillation_with_unlabeled_text_and_canonical_input(tmp_path, tiny_config, fixture_data, capsys):
    unlabeled = sorted(p.relative_to(fixture_data) for p in (fixture_data / "unlabeled").rglob("*.txt"))[:1]
    assert unlabeled, "the fixture data has unlabeled text"
    run_dir = tmp_path / "run"
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={fixture_data}", f"classifier.teacher={FIXTURE_SCORER}",
                          f"classifier.unlabeled=[\"{unlabeled[0]}\"]", "classifier.unlabeled_limit=20",
                          "classifier.canonicalize=true", "classifier.int8=false"], capsys)
    assert rc == 0, events[-3:]
    caches = list((run_dir / "classifier").glob("teacher-*.npz"))
    assert len(caches) == 1
    p = np.load(caches[0])["p"]
    assert ((p >= 0) & (p <= 1)).all()
    model_dir = run_dir / "classifier" / "model"
    assert json.loads((model_dir / "scorer.json").read_text())["canonicalize"] is True
    manifest = json.loads((model_dir / "manifest.json").read_text())
    assert any("teacher" in d for d in manifest["data"]) and any("unlabeled" in d for d in manifest["data"])
    from engine.scorer import FormalityScorer

    s = FormalityScorer.from_dir(model_dir)
    a, b = s.score(["the demo for client 280 was bad", "the demo for client 731 was bad"])
    assert a == b


def test_continue_from_a_checkpoint(tmp_path, tiny_config, fixture_data, capsys):
    first = tmp_path / "first"
    rc, _ = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(first),
                     f"data.root={fixture_data}", "classifier.export=false"], capsys)
    assert rc == 0
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "second"),
                          f"data.root={fixture_data}", "classifier.export=false",
                          f"classifier.init_from={first / 'classifier'}"], capsys)
    assert rc == 0, events[-3:]
    assert any("initialised from" in e.get("message", "") for e in events)
    # the continued model starts from the first one's vocabulary
    t1 = json.loads((first / "classifier" / "tokenizer.json").read_text())["model"]["vocab"]
    t2 = json.loads((tmp_path / "second" / "classifier" / "tokenizer.json").read_text())["model"]["vocab"]
    assert t1 == t2


def test_bad_distillation_settings_fail_clearly(tmp_path, tiny_config, fixture_data, capsys):
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "a"),
                          f"data.root={fixture_data}", "classifier.unlabeled=[\"x.txt\"]"], capsys)
    assert rc == 4 and "needs classifier.teacher" in events[-1]["message"]
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "b"),
                          f"data.root={fixture_data}", f"classifier.teacher={FIXTURE_SCORER}",
                          "classifier.unlabeled=[\"no/such/file.txt\"]"], capsys)
    assert rc == 4 and "does not exist" in events[-1]["message"]
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "c"),
                          f"data.root={fixture_data}", f"classifier.init_from={tmp_path / 'nothing'}"], capsys)
    assert rc == 4 and "not found" in events[-1]["message"]
    rc, events = run_cli(["classifier", "--config", str(tiny_config), "--run-dir", str(tmp_path / "d"),
                          f"data.root={fixture_data}", f"classifier.teacher={tmp_path / 'no-teacher'}"], capsys)
    assert rc != 0 and "does not exist" in events[-1]["message"]
