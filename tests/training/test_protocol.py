"""The run contract (training.protocol): layout, events, overrides, config paths, data root, launch; torch-free."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import InputError, ModelError, exit_code_for
from training import protocol as P

REPO = Path(__file__).resolve().parents[2]


def test_importing_the_protocol_loads_no_heavy_module():
    code = ("import sys, training.protocol; heavy = {'torch', 'transformers', 'numpy', 'onnxruntime', 'tokenizers', "
            "'PySide6', 'optimum', 'platformdirs'}; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & heavy), "
            "sorted(m for m in sys.modules if m.startswith(('training.', 'engine.'))))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[] ['engine.errors', 'training.protocol']"


def test_exit_codes_are_one_set():
    import engine.cli
    import training.cli

    assert (P.EXIT_OK, P.EXIT_CRASH, P.EXIT_USAGE, P.EXIT_MODEL, P.EXIT_INPUT, P.EXIT_STOPPED) == (0, 1, 2, 3, 4, 130)
    assert engine.cli.EXIT_INTERRUPTED is P.EXIT_STOPPED and engine.cli.EXIT_INPUT is P.EXIT_INPUT
    assert training.cli.EXIT_STOPPED is P.EXIT_STOPPED
    assert [exit_code_for(e) for e in (InputError("x"), ModelError("x"), KeyboardInterrupt(), RuntimeError())] == [
        4, 3, 130, 1]


def test_run_layout_done_stop_and_models(tmp_path):
    run = tmp_path / "run"
    assert not P.is_run_dir(run) and P.finished_stages(run) == []
    (run / "jfc").mkdir(parents=True)
    (run / P.CONFIG_TOML).write_text("[run]\n", encoding="utf-8")
    assert P.is_run_dir(run)
    P.done_path(run, "jfc").write_text(json.dumps({"stage": "jfc", "elapsed_s": 1}), encoding="utf-8")
    (run / "classifier").mkdir()
    P.done_path(run, "classifier").write_text('{"stage": "jfc"}', encoding="utf-8")  # a foreign file: not done
    (run / "adnet").mkdir()
    P.done_path(run, "adnet").write_bytes(b"\xff{torn")
    assert P.finished_stages(run) == ["jfc"] and P.read_done(run, "jfc")["elapsed_s"] == 1
    assert not P.is_done(run, "classifier") and not P.is_done(run, "adnet") and not P.is_done(run, "nope")
    P.request_stop(run, "from a test")
    assert P.stop_path(run).read_text(encoding="utf-8") == "from a test\n"
    P.clear_stop(run)
    P.clear_stop(run)  # twice is fine
    assert not P.stop_path(run).exists()
    with pytest.raises(OSError):
        P.request_stop(tmp_path / "no" / "such" / "run")
    model = run / "jfc" / "model"
    model.mkdir()
    (model / P.MANIFEST_FILE).write_text(json.dumps({"role": "scorer", "version": "v1", "kind": "textcnn",
                                                     "metrics": [1]}), encoding="utf-8")
    (run / "classifier" / "model").mkdir()
    (run / "classifier" / "model" / P.MANIFEST_FILE).write_text('{"role": "scorer", "version": "v2"}')
    [m] = P.find_exported_models(run)  # only finished stages offer models
    assert (m.role, m.version, m.stage, m.path, m.metrics) == ("scorer", "v1", "jfc", model, {})
    assert "from stage jfc" in m.label()


def test_new_run_dir_never_reuses_a_folder(tmp_path):
    first = P.new_run_dir("classifier", tmp_path)
    assert first.parent == tmp_path and first.name.endswith("-classifier") and not first.exists()
    first.mkdir()
    second = P.new_run_dir("classifier", tmp_path)
    assert second != first and second.name.startswith(first.name) and second.name.endswith("-2")


def test_events_schema_and_lines():
    rec = P.event_record("progress", stage="classifier", step=3, total=10, loss=float("nan"), path=Path("/x"))
    assert rec["event"] == "progress" and rec["loss"] == "nan" and rec["path"] == "/x" and "time" in rec
    line = P.encode_event(rec)
    assert "\n" not in line and P.decode_line(line + "\r\n") == json.loads(line)
    assert P.event_record("log", message="a\nb")["message"] == "a\nb" and "\n" not in P.encode_event(
        P.event_record("log", message="a\nb"))
    with pytest.raises(ValueError, match="unknown training event"):
        P.event_record("finished")
    for junk in ("", "plain text", "{not json", "[1, 2]", '{"no": "event"}', '{"event": 3}'):
        assert P.decode_line(junk) is None
    assert set(P.EVENTS) == {"start", "progress", "metric", "log", "done", "stopped", "error"}


def test_overrides_parse_and_refuse():
    assert P.parse_overrides(["classifier.lr=3e-5", " run.seed = 2 ", "classifier.lr=1e-3"]) == {
        "classifier": {"lr": "1e-3"}, "run": {"seed": "2"}}
    assert P.parse_override("rewriter.prefix=formal: =x") == ("rewriter", "prefix", "formal: =x")
    for bad, why in (("lr=1", "section.key"), ("run.seed", "section.key=value"), ("a.b.c=1", "section.key"),
                     (".x=1", "section.key"), ("🎩.x=1", "section.key"), ("--force=1", "section.key")):
        with pytest.raises(P.OverrideError, match=why):
            P.parse_override(bad)
    assert issubclass(P.OverrideError, InputError)
    assert P.split_overrides("classifier.epochs=3\n# note\n\n  run.seed=1 consistency.unlabeled='[\"a b\"]'\n") == [
        "classifier.epochs=3", "run.seed=1", 'consistency.unlabeled=["a b"]']
    for bad, why in (("classifier.lr='3e-5", "line 1"), ("run.seed=1\x07", "control character"),
                     ("a.b=1 " * 5000, "characters long"), ("classifier.epochs 3", "section.key=value")):
        with pytest.raises(P.OverrideError, match=why):
            P.split_overrides(bad)


def test_relative_paths_in_a_config_file_are_relative_to_its_folder(tmp_path):
    raw = {"data": {"root": "../data", "max_sentences": 4}, "fdis": {"scorer": "models/scorer", "sigma": 0.0},
           "run": {"run_dir": ""}, "consistency": {"lm": "~/lm.arpa", "init": "/abs/ckpt"},
           "classifier": {"encoder": "minilm"}, "rewriter": {"base_model": "./t5", "scorer": ""}, "odd": 3}
    out = P.resolve_config_paths(raw, tmp_path / "configs")
    base = (tmp_path / "configs").resolve()
    assert out["data"] == {"root": str(base.parent / "data"), "max_sentences": 4}
    assert out["fdis"]["scorer"] == str(base / "models" / "scorer")
    assert out["run"]["run_dir"] == "" and out["rewriter"]["scorer"] == ""  # empty: the default, not the folder
    assert out["consistency"] == {"lm": str(Path("~/lm.arpa").expanduser()), "init": "/abs/ckpt"}
    assert out["classifier"]["encoder"] == "minilm"  # a name, not a path
    assert out["rewriter"]["base_model"] == str(base / "t5")
    assert out["odd"] == 3 and raw["data"]["root"] == "../data"  # the input is not changed


def test_data_root_order(tmp_path, monkeypatch):
    monkeypatch.setenv("KEIGO_DATA", str(tmp_path / "env"))
    assert P.resolve_data_root(str(tmp_path / "cfg")) == (tmp_path / "cfg", "data.root")
    assert P.resolve_data_root("") == (tmp_path / "env", "KEIGO_DATA")
    assert P.shared_data_dir() == tmp_path / "env"
    monkeypatch.delenv("KEIGO_DATA")
    shared = REPO.parent / "shared" / "data"
    assert P.shared_data_dir() == (shared if shared.is_dir() else None)
    assert P.resolve_data_root(None) == (P.shared_data_dir(), "the shared data folder")


def test_launch_request_command_and_environment(monkeypatch, tmp_path):
    req = P.TrainRequest("classifier", run_dir=tmp_path / "r", config=tmp_path / "c.toml",
                         overrides=("classifier.lr=1e-3",), force=True, max_minutes=1.5)
    assert req.arguments() == ["-m", "training", "classifier", "--run-dir", str(tmp_path / "r"), "--config",
                               str(tmp_path / "c.toml"), "--force", "--max-minutes", "1.5", "classifier.lr=1e-3"]
    assert P.TrainRequest("all").arguments() == ["-m", "training", "all"]
    for bad in (-1, float("nan"), float("inf"), "5"):
        with pytest.raises(InputError, match="time limit"):
            P.TrainRequest("all", max_minutes=bad)
    monkeypatch.setenv("KEIGO_TRAIN_PYTHON", "/opt/py/bin/python3")
    assert P.launch_command(req.arguments())[:4] == ["/opt/py/bin/python3", "-m", "training", "classifier"]
    monkeypatch.delenv("KEIGO_TRAIN_PYTHON")
    assert P.launch_command(["-m", "training", "list"]) == [sys.executable, "-m", "training", "list"]
    env = P.launch_env({"PYTHONPATH": "/elsewhere", "HOME": "/h"}, {"OMP_NUM_THREADS": "1"})
    assert env["PYTHONPATH"].split(":" if sys.platform != "win32" else ";") == [str(REPO), "/elsewhere"]
    assert env["PYTHONUNBUFFERED"] == "1" and env["HOME"] == "/h" and env["OMP_NUM_THREADS"] == "1"
    assert P.launch_env({})["PYTHONPATH"] == str(REPO)


def test_a_config_files_relative_paths_do_not_depend_on_the_working_directory(tmp_path, monkeypatch):
    """Issue 16: the tiny check's scorer path was resolved against the app's working directory."""
    from training.config import load_config

    monkeypatch.chdir(tmp_path)
    cfg = load_config(REPO / "assets" / "configs" / "tiny.toml", ["rewriter.scorer=here/scorer"])
    assert Path(cfg.section("fdis").scorer) == REPO / "tests" / "fixtures" / "models" / "scorer"
    assert (Path(cfg.section("fdis").scorer) / "model.onnx").is_file()
    assert Path(cfg.section("data").root) == REPO / "tests" / "fixtures" / "data"
    assert cfg.section("rewriter").scorer == "here/scorer"  # the command line stays relative to the working dir
    (tmp_path / "mine.toml").write_text('[data]\nroot = "corpora"\n[run]\nrun_dir = "../runs/one"\n', encoding="utf-8")
    cfg = load_config(tmp_path / "mine.toml")
    assert cfg.section("data").root == str(tmp_path / "corpora")
    assert cfg.section("run").run_dir == str(tmp_path.parent / "runs" / "one")
