"""The adnet stage on the tiny config: end to end (JFC and GYAFC data), a separable toy corpus the style
probe must read, the cooperative stop, and clear errors for empty, one-class and malformed data."""
from __future__ import annotations

import io
import json
import random

import numpy as np
import pytest

from engine.errors import InputError
from training.cli import main
from training.config import load_config
from training.context import RunContext
from training.pipeline import StageStopped, run_stage

PNG = b"\x89PNG\r\n\x1a\n"


def run_cli(args, capsys):
    rc = main(args)
    out = capsys.readouterr().out
    return rc, [json.loads(line) for line in out.splitlines() if line.strip()]


def fake_jfc(run_dir, train: str | bytes, heldout: str | bytes):
    """A run directory whose jfc stage is marked finished, with the given train/held-out files."""
    d = run_dir / "jfc"
    d.mkdir(parents=True)
    for name, text in (("train.tsv", train), ("heldout.tsv", heldout)):
        (d / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    (d / "DONE.json").write_text(json.dumps({"stage": "jfc"}), encoding="utf-8")


def tsv(rows) -> str:
    return "label\ttext\n" + "".join(f"{lab}\t{text}\n" for text, lab in rows)


def toy_corpus(n: int, seed: int):
    """Style is a marker at both ends; the content words in between are random and shared by both classes."""
    rng = random.Random(seed)
    words = [f"thing{i}" for i in range(30)]
    rows = []
    for i in range(n):
        content = " ".join(rng.choice(words) for _ in range(rng.randint(3, 6)))
        if i % 2:
            rows.append((f"Dear sir , the {content} is ready .", 1))
        else:
            rows.append((f"yo the {content} lol !!", 0))
    return rows


@pytest.mark.parametrize("data", ["jfc", "gyafc"])
def test_tiny_end_to_end_writes_model_report_and_plots(tmp_path, tiny_config, fixture_data, capsys, data):
    run_dir = tmp_path / "run"
    rc, events = run_cli(["adnet", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={fixture_data}", f"adnet.data={data}"], capsys)
    assert rc == 0, events[-3:]
    out = run_dir / "adnet"
    assert (out / "DONE.json").is_file()
    assert (run_dir / "jfc" / "DONE.json").is_file() == (data == "jfc")  # jfc is required only for its data
    for name in ("model.safetensors", "adnet.json", "tokenizer.json", "history.json", "report.json", "report.md",
                 "tsne.tsv"):
        assert (out / name).stat().st_size > 0, name
    for name in ("tsne_style.png", "tsne_meaning.png"):
        assert (out / name).read_bytes()[:8] == PNG, name
    report = json.loads((out / "report.json").read_text())
    primary = "jfc_heldout" if data == "jfc" else "gyafc_tune"
    assert next(iter(report["sets"])) == primary
    if data == "gyafc":
        assert set(report["sets"]) == {"gyafc_tune", "gyafc_tune/em", "gyafc_tune/fr"}
        assert report["sets"]["gyafc_tune"]["n"] == 64  # 16 sources + 16 ref0, two domains
    else:
        assert "gyafc_tune" in report["sets"]  # cross-domain check when the data root has GYAFC
    s = report["sets"][primary]
    for key in ("probe_style_accuracy", "probe_meaning_accuracy", "majority_baseline", "motivator_accuracy"):
        assert 0.0 <= s[key] <= 1.0
    md = (out / "report.md").read_text()
    assert "probe on f" in md and f"| {primary} |" in md
    names = {e.get("name") for e in events if e["event"] == "metric"}
    assert {f"{primary}.probe_style_accuracy", f"{primary}.probe_meaning_accuracy"} <= names
    assert any(e["event"] == "progress" and e.get("phase") == "train" for e in events)
    done = json.loads((out / "DONE.json").read_text())
    assert "tsne_style.png" in done["files"] and primary in done["metrics"]

    # the folder describes itself: the network comes back from its own files
    import torch

    from training.models.adnet import batch_tensors
    from training.stages.adnet import load_adnet

    model, tok, meta = load_adnet(out)
    d = model.dims
    assert d.style_dim == meta["dims"]["style_dim"] == 4
    enc, lens, _di, _t = batch_tensors([tok.encode("lol the show was great 🎸").ids, tok.encode("Thank you.").ids],
                                       d.pad_id, d.bos_id, d.eos_id)
    with torch.no_grad():
        m, f = model.encode(enc, lens)
    assert m.shape == (2, d.meaning_dim) and f.shape == (2, d.style_dim) and torch.isfinite(f).all()


def test_style_probe_reads_a_separable_toy_corpus(tmp_path, tiny_config, capsys):
    run_dir = tmp_path / "run"
    train = toy_corpus(160, 1)
    train.append(("lol " + "so " * 400 + "good", 0))  # huge: cut to max_tokens, counted in the report
    train.append(("yo the 🎉🎉 party lol !!", 0))  # emoji become unknown words
    fake_jfc(run_dir, tsv(train), tsv(toy_corpus(80, 2)))
    (tmp_path / "empty_root").mkdir()
    rc, events = run_cli(["adnet", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={tmp_path / 'empty_root'}", "adnet.epochs=6", "adnet.batch_size=16",
                          "adnet.hidden=32", "adnet.tsne_points=0"], capsys)
    assert rc == 0, events[-3:]
    report = json.loads((run_dir / "adnet" / "report.json").read_text())
    assert set(report["sets"]) == {"jfc_heldout"}  # no GYAFC under this data root: no cross-domain set
    s = report["sets"]["jfc_heldout"]
    assert s["n"] == 80 and s["majority_baseline"] == 0.5
    assert s["probe_style_accuracy"] >= 0.95, s
    assert report["truncated"] == 1
    assert not (run_dir / "adnet" / "tsne_style.png").exists()  # adnet.tsne_points=0: no plots


def test_probe_is_high_on_separable_vectors_and_near_chance_on_noise():
    from training.stages.adnet import probe

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 400)
    separable = rng.normal(size=(400, 8)) + 3.0 * y[:, None]
    noise = rng.normal(size=(400, 8))
    assert probe(separable[:300], y[:300], separable[300:], y[300:])["accuracy"] >= 0.95
    assert abs(probe(noise[:300], y[:300], noise[300:], y[300:])["accuracy"] - 0.5) <= 0.15
    with pytest.raises(InputError, match="one class"):
        probe(noise[:10], np.zeros(10, dtype=int), noise[10:20], y[10:20])


class _StopAfter(RunContext):
    """Requests a stop once training has taken ``after`` steps (as the GUI's cancel would)."""

    after = 3

    def progress(self, stage, step, total, **fields):
        super().progress(stage, step, total, **fields)
        if fields.get("phase") == "train" and step >= self.after:
            self.stop.request("test")


def test_stop_request_saves_the_partial_model_and_is_not_done(tmp_path, tiny_config, fixture_data):
    run_dir = tmp_path / "run"
    fake_jfc(run_dir, tsv(toy_corpus(120, 3)), tsv(toy_corpus(20, 4)))
    buf = io.StringIO()
    cfg = load_config(tiny_config, [f"data.root={fixture_data}", "adnet.epochs=50"])
    ctx = _StopAfter(run_dir, cfg, stdout=buf, show_bar=False)
    with pytest.raises(StageStopped):
        run_stage("adnet", ctx)
    out = run_dir / "adnet"
    assert not (out / "DONE.json").exists()
    assert (out / "model.safetensors").is_file() and (out / "adnet.json").is_file()
    history = json.loads((out / "history.json").read_text())
    assert history["completed"] is False and history["history"][-1] == {"epoch": 1, "partial": True, "steps": 3}
    assert not (out / "report.md").exists()
    events = [json.loads(x) for x in buf.getvalue().splitlines()]
    assert events[-1]["event"] == "stopped"


_OK = tsv(toy_corpus(20, 5))


@pytest.mark.parametrize("train,heldout,message", [
    ("label\ttext\n", _OK, "holds no sentences"),
    (tsv([(f"Dear sir , item {i} .", 1) for i in range(20)]), _OK, "only formal sentences"),
    ("0,a comma separated line\n1,another\n", _OK, "expected the header"),
    ("label\ttext\n2\tlabel two is not a class\n", _OK, "expected '0|1<TAB>sentence'"),
    (b"label\ttext\n0\tok\x00\xff\xfe junk\n", _OK, "NUL bytes"),
    (b"label\ttext\n0\t\xff\xfe not utf-8\n", _OK, "not valid UTF-8"),
    (_OK, "label\ttext\n", "evaluation set jfc_heldout holds no sentences"),
])
def test_bad_jfc_data_fails_clearly(tmp_path, tiny_config, capsys, train, heldout, message):
    run_dir = tmp_path / "run"
    fake_jfc(run_dir, train, heldout)
    rc, events = run_cli(["adnet", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={tmp_path}"], capsys)
    assert rc == 4
    assert events[-1]["event"] == "error" and message in events[-1]["message"], events[-1]
    assert not (run_dir / "adnet" / "DONE.json").exists()
    assert (run_dir / "jfc" / "train.tsv").is_file()  # the input is left as it was


def test_missing_jfc_output_and_misaligned_gyafc_fail_clearly(tmp_path, tiny_config, capsys):
    run_dir = tmp_path / "run"
    (run_dir / "jfc").mkdir(parents=True)
    (run_dir / "jfc" / "DONE.json").write_text(json.dumps({"stage": "jfc"}), encoding="utf-8")
    rc, events = run_cli(["adnet", "--config", str(tiny_config), "--run-dir", str(run_dir),
                          f"data.root={tmp_path}"], capsys)
    assert rc == 4 and "run the jfc stage first" in events[-1]["message"]

    root = tmp_path / "data"
    for dom in ("em", "fr"):
        d = root / "gyafc" / dom
        d.mkdir(parents=True)
        (d / "train.informal").write_text("hey\nsup\n", encoding="utf-8")
        (d / "train.formal").write_text("Hello.\n", encoding="utf-8")
    rc, events = run_cli(["adnet", "--config", str(tiny_config), "--run-dir", str(tmp_path / "g"),
                          f"data.root={root}", "adnet.data=gyafc"], capsys)
    assert rc == 4 and "not aligned" in events[-1]["message"]


@pytest.mark.parametrize("override", ["adnet.data=imdb", "adnet.epochs=0", "adnet.lambda_adv=-1",
                                      "adnet.style_dim=0", "adnet.dropout=1.5", "adnet.train_limit=-3"])
def test_bad_settings_are_input_errors(override):
    with pytest.raises(InputError, match="adnet"):
        load_config(None, [override])


class _StopInEpoch(RunContext):
    """Requests a stop on the first training step of a given epoch (a STOP file, a budget, a closed laptop)."""

    epoch = 2

    def progress(self, stage, step, total, **fields):
        super().progress(stage, step, total, **fields)
        if fields.get("phase") == "train" and fields.get("epoch") == self.epoch:
            self.stop.request("test")


def _without_times(history):
    return [{k: v for k, v in h.items() if k != "elapsed_s"} for h in history]


def test_a_stopped_run_resumes_after_its_last_epoch_and_ends_as_an_unbroken_one(tmp_path, tiny_config, fixture_data):
    corpus = (tsv(toy_corpus(120, 3)), tsv(toy_corpus(20, 4)))
    overrides = [f"data.root={fixture_data}", "adnet.epochs=3", "adnet.tsne_points=0"]
    whole, broken = tmp_path / "whole", tmp_path / "broken"
    for d in (whole, broken):
        fake_jfc(d, *corpus)
    run_stage("adnet", RunContext(whole, load_config(tiny_config, overrides), stdout=io.StringIO(), show_bar=False))
    with pytest.raises(StageStopped):
        run_stage("adnet", _StopInEpoch(broken, load_config(tiny_config, overrides), stdout=io.StringIO(),
                                        show_bar=False))
    assert (broken / "adnet" / "resume.pt").is_file() and not (broken / "adnet" / "DONE.json").exists()
    buf = io.StringIO()
    run_stage("adnet", RunContext(broken, load_config(tiny_config, overrides), stdout=buf, show_bar=False))
    assert any("resumed after epoch 1 of 3" in (json.loads(x).get("message") or "") for x in buf.getvalue().splitlines())
    a, b = (json.loads((d / "adnet" / "report.json").read_text()) for d in (whole, broken))
    assert _without_times(a["history"]) == _without_times(b["history"]) and len(b["history"]) == 3
    assert a["sets"] == b["sets"] and "jfc_heldout" in b["sets"]
    assert not (broken / "adnet" / "resume.pt").exists() and (broken / "adnet" / "DONE.json").is_file()


def test_a_damaged_or_foreign_resume_point_starts_afresh(tmp_path, tiny_config, fixture_data):
    overrides = [f"data.root={fixture_data}", "adnet.epochs=1", "adnet.tsne_points=0"]
    for junk in (b"not a torch file \x00\xff", None):
        run_dir = tmp_path / ("junk" if junk else "foreign")
        fake_jfc(run_dir, tsv(toy_corpus(60, 3)), tsv(toy_corpus(20, 4)))
        (run_dir / "adnet").mkdir()
        if junk:
            (run_dir / "adnet" / "resume.pt").write_bytes(junk)
        else:
            import torch
            torch.save({"fingerprint": {"dims": "another model"}, "epochs_done": 1}, run_dir / "adnet" / "resume.pt")
        buf = io.StringIO()
        run_stage("adnet", RunContext(run_dir, load_config(tiny_config, overrides), stdout=buf, show_bar=False))
        said = " ".join(json.loads(x).get("message") or "" for x in buf.getvalue().splitlines())
        assert ("cannot be read" if junk else "from other data or settings") in said
        assert (run_dir / "adnet" / "DONE.json").is_file()
