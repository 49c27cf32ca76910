"""The Train panel: choices and their errors, a real tiny run swapped in live, results, closing while training."""
from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest
from guitest_helpers import FIXTURE_MODELS, wait_scored

from gui.controllers.training_setup import TrainInputError, missing_training_modules, parse_overrides
from gui.panels.train import TrainPanel
from gui.train_runner import StageLister, TrainRunner
from training.protocol import find_artifacts, find_exported_models

REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "assets" / "configs" / "tiny.toml"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="the fake interpreter is a shell script")
needs_fixtures = pytest.mark.skipif(not (FIXTURE_MODELS / "scorer" / "manifest.json").is_file(),
                                    reason="tiny ONNX fixtures not built")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KEIGO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    return tmp_path / "home"


@pytest.fixture
def panels(make_window):
    """Panels to shut down before their window closes: a failed test must not leave a run (or its
    "stop training and quit?" question) behind for the window fixture's teardown."""
    made: list[TrainPanel] = []
    yield made
    for panel in made:
        panel.shutdown()
        panel.close()


def _registry(tmp_path):
    from engine.registry import ModelRegistry

    bundled = tmp_path / "bundled"
    bundled.mkdir()
    shutil.copytree(FIXTURE_MODELS / "scorer", bundled / "scorer")
    shutil.copytree(FIXTURE_MODELS / "rewriter", bundled / "rewriter")
    return ModelRegistry(root=tmp_path / "models", bundled_root=bundled), bundled


def _panel(qtbot, window, panels, **kw) -> TrainPanel:
    panel = TrainPanel(window, **kw)
    panels.append(panel)
    qtbot.waitUntil(lambda: not panel.lister.running, timeout=120_000)
    panel.show()
    return panel


def _fake_run(tmp_path: Path, models=("scorer", "rewriter")) -> Path:
    """A finished run folder holding the tiny fixture models, as the classifier and rewriter stages leave it."""
    run = tmp_path / "runs" / "20261122-120000-all"
    run.mkdir(parents=True)
    shutil.copy(TINY, run / "config.toml")
    for role, stage in (("scorer", "classifier"), ("rewriter", "rewriter")):
        if role not in models:
            continue
        shutil.copytree(FIXTURE_MODELS / role, run / stage / "model")
        (run / stage / "report.md").write_text(f"# {stage} report\n\n| set | score |\n|---|---|\n| tune | 0.9 |\n",
                                               encoding="utf-8")
        (run / stage / "DONE.json").write_text(json.dumps({"stage": stage}), encoding="utf-8")
    return run


# ------------------------------------------------------------------------------------------ pure helpers


def test_parse_overrides_accepts_good_and_names_the_bad():
    assert parse_overrides("") == []
    assert parse_overrides("classifier.epochs=3\n# a comment\n  rewriter.lr_finetune=3e-5 run.seed=1\n") == [
        "classifier.epochs=3", "rewriter.lr_finetune=3e-5", "run.seed=1"]
    assert parse_overrides("consistency.unlabeled='[\"a b\", \"c\"]'") == ['consistency.unlabeled=["a b", "c"]']
    assert parse_overrides("rewriter.prefix=formal:🎩") == ["rewriter.prefix=formal:🎩"]
    for bad, why in (("epochs=3", "section.key=value"), ("classifier.epochs", "section.key=value"),
                     ("🎩.x=1", "section.key=value"), ("classifier.lr='3e-5", "line 1"),
                     ("classifier.epochs=3\x00", "control character"), ("a.b=1 " * 5000, "characters long"),
                     ("--force=1", "section.key=value")):
        with pytest.raises(TrainInputError, match=why):
            parse_overrides(bad)


def test_find_models_and_artifacts_only_from_finished_stages(tmp_path):
    run = _fake_run(tmp_path)
    (run / "adnet").mkdir()
    (run / "adnet" / "tsne.png").write_bytes(b"\x89PNG not really")
    shutil.copytree(FIXTURE_MODELS / "scorer", run / "stopped" / "model")  # no DONE.json: not offered
    found = find_exported_models(run)
    assert sorted((m.role, m.version, m.stage) for m in found) == [("rewriter", "fixture", "rewriter"),
                                                                   ("scorer", "fixture", "classifier")]
    names = [str(p.relative_to(run)) for p in find_artifacts(run)]
    assert "classifier/report.md" in names and "adnet/tsne.png" in names and "classifier/model/MODEL_CARD.md" in names
    (run / "rewriter" / "model" / "manifest.json").write_bytes(b"\xff\xfe garbage")
    assert [m.role for m in find_exported_models(run)] == ["scorer"]


# ------------------------------------------------------------------------------------------ the real pipeline


@needs_fixtures
def test_real_tiny_run_then_use_the_new_scorer_without_restart(qtbot, make_window, panels, tmp_path, home):
    reg, bundled = _registry(tmp_path)
    window = make_window(reg, bundled_root=bundled)
    window.editor.setPlainText("hey u there? I would appreciate a reply.")
    wait_scored(qtbot, window, 60_000)
    assert window.models.engine.scorer.info.version == "bundled"
    panel = window.show_train_panel()  # the menu's path: Models ▸ Train Models…
    panels.append(panel)
    qtbot.waitUntil(lambda: not panel.lister.running, timeout=120_000)
    assert panel.set_stage("classifier"), "the stage list came from `python -m training list`"
    panel.set_config(TINY)
    started = []
    panel.runner.stageStarted.connect(lambda stage, record: started.append((stage, record.get("device"))))
    with qtbot.waitSignal(panel.runFinished, timeout=300_000) as blocker:  # ~12 s on an idle 2-core machine
        assert panel.start()
        assert not panel.start_button.isEnabled() and panel.stop_button.isEnabled()
    result = blocker.args[0]
    assert started == [("jfc", "cpu"), ("classifier", "cpu")]
    assert result.ok, (result.message, result.stderr_tail)
    run_dir = Path(panel.runner.request.run_dir)
    assert run_dir.parent == home / "runs" and run_dir.name.endswith("-classifier")
    assert panel.run_dir_edit.text() == "" and "new folder" in panel.run_dir_edit.placeholderText()
    assert panel.stage_state("jfc") == "finished" and panel.stage_state("classifier") == "finished"
    assert panel.stage_bar("classifier").value() == panel.stage_bar("classifier").maximum()
    assert panel.metrics_table.rowCount() > 0 and "Finished in" in panel.status_label.text()
    assert "device: cpu" in panel.log_view.toPlainText()
    names = [panel.artifact_list.item(i).text() for i in range(panel.artifact_list.count())]
    assert os.path.join("classifier", "report.md") in names
    panel.artifact_list.setCurrentRow(names.index(os.path.join("classifier", "report.md")))
    shown = panel.report_view.toPlainText()
    assert "GYAFC acc" in shown and "onnx-fp32" in shown and "|---|" not in shown  # rendered, not raw

    new = [m for m in panel.exported if m.role == "scorer"]
    assert len(new) == 1 and panel.use_button.isEnabled()
    with qtbot.waitSignal(panel.swapFinished, timeout=180_000) as swapped:
        panel.use_button.click()
    assert swapped.args[0] == [("scorer", new[0].version, True, f"now using scorer {new[0].version}")]
    assert reg.current("scorer").version == new[0].version
    assert window.models.engine.scorer.info.version == new[0].version  # swapped in the running window
    wait_scored(qtbot, window, 60_000)
    assert len(list(window.editor.scored_sentences())) == 2  # the document was re-scored with it
    panel.close()


# ------------------------------------------------------------------------------------------ model swap


@needs_fixtures
def test_use_fixture_models_from_a_run_folder(qtbot, make_window, panels, tmp_path, home):
    reg, bundled = _registry(tmp_path)
    window = make_window(reg, bundled_root=bundled)
    panel = _panel(qtbot, window, panels, runs_root=tmp_path / "runs")
    assert panel.set_resume_dir(_fake_run(tmp_path))
    assert "Resuming" in panel.status_label.text() and "classifier" in panel.status_label.text()
    assert panel.models_list.count() == 2 and panel.use_button.isEnabled()
    with qtbot.waitSignal(panel.swapFinished, timeout=180_000) as swapped:
        panel.use_new_models()
    assert [r[:3] for r in swapped.args[0]] == [("scorer", "fixture", True), ("rewriter", "fixture", True)]
    assert reg.current("scorer").version == reg.current("rewriter").version == "fixture"
    assert window.models.engine.scorer.info.version == "fixture" and window.models.engine.rewriter.info.version == "fixture"
    # pressing it again reuses the installed copies instead of failing
    with qtbot.waitSignal(panel.swapFinished, timeout=180_000) as again:
        panel.use_new_models()
    assert all(ok for _, _, ok, _ in again.args[0])
    panel.close()


@needs_fixtures
def test_a_model_that_fails_verification_keeps_the_previous_one(qtbot, make_window, panels, tmp_path, home):
    reg, bundled = _registry(tmp_path)
    window = make_window(reg, bundled_root=bundled)
    before = window.models.engine.scorer
    run = _fake_run(tmp_path, models=("scorer",))
    onnx = run / "classifier" / "model" / "model.onnx"
    onnx.write_bytes(onnx.read_bytes()[:-10] + b"0123456789")
    panel = _panel(qtbot, window, panels)
    assert panel.set_resume_dir(run)
    with qtbot.waitSignal(panel.swapFinished, timeout=180_000) as swapped:
        panel.use_new_models()
    [(role, _, ok, message)] = swapped.args[0]
    assert (role, ok) == ("scorer", False) and "not installed" in message and "model.onnx" in message
    assert reg.current("scorer").version == "bundled" and window.models.engine.scorer is before
    assert "not installed" in panel.swap_label.text()
    panel.close()


@needs_fixtures
def test_a_model_that_installs_but_does_not_load_keeps_the_previous_one(qtbot, make_window, panels, tmp_path, home):
    from engine.manifest import build_manifest, write_manifest

    reg, bundled = _registry(tmp_path)
    window = make_window(reg, bundled_root=bundled)
    before = window.models.engine.scorer
    run = _fake_run(tmp_path, models=("scorer",))
    model = run / "classifier" / "model"
    (model / "manifest.json").unlink()
    (model / "tokenizer.json").write_text('{"version": "1.0", "model": {"type": "Nope"}}', encoding="utf-8")
    write_manifest(model, build_manifest(model, role="scorer", version="20261122-1500-broken", kind="textcnn",
                                         config={}, metrics={}, data=[]))
    panel = _panel(qtbot, window, panels)
    assert panel.set_resume_dir(run)
    with qtbot.waitSignal(panel.swapFinished, timeout=180_000) as swapped:
        panel.use_new_models()
    [(role, version, ok, message)] = swapped.args[0]
    assert (role, version, ok) == ("scorer", "20261122-1500-broken", False)
    # the store loads a model before it accepts it (docs/reliability.md): the install itself is refused
    assert "not installed" in message and "does not load" in message and "tokenizer.json" in message
    assert reg.current("scorer").version == "bundled" and window.models.engine.scorer is before
    panel.close()


def test_results_show_reports_and_plots(qtbot, make_window, panels, tmp_path, home):
    from PySide6.QtGui import QColor, QImage

    window = make_window()
    run = _fake_run(tmp_path, models=())
    (run / "adnet").mkdir()
    img = QImage(40, 30, QImage.Format.Format_RGB32)
    img.fill(QColor("steelblue"))
    assert img.save(str(run / "adnet" / "tsne_test.png"))
    (run / "adnet" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(64))
    (run / "adnet" / "report.md").write_bytes("# ADNet 📈\n".encode() + b"\xff\xfe binary junk\n")
    panel = _panel(qtbot, window, panels)
    assert panel.set_resume_dir(run)
    names = [panel.artifact_list.item(i).text() for i in range(panel.artifact_list.count())]
    panel.artifact_list.setCurrentRow(names.index(os.path.join("adnet", "tsne_test.png")))
    assert panel.viewer.currentIndex() == 1 and panel.plot_label.pixmap().width() == 40
    panel.artifact_list.setCurrentRow(names.index(os.path.join("adnet", "broken.png")))
    assert "cannot be displayed" in panel.report_view.toPlainText()
    panel.artifact_list.setCurrentRow(names.index(os.path.join("adnet", "report.md")))
    assert "ADNet 📈" in panel.report_view.toPlainText()
    assert not panel.use_button.isEnabled()  # no models in this run
    panel.close()


# ------------------------------------------------------------------------------------------ bad input


def test_bad_configs_are_reported_before_anything_starts(qtbot, make_window, panels, tmp_path, home):
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QLineEdit,
        QListWidget,
        QPlainTextEdit,
        QTableWidget,
    )

    window = make_window()
    panel = _panel(qtbot, window, panels)
    controls = [w for cls in (QAbstractButton, QComboBox, QLineEdit, QListWidget, QPlainTextEdit, QTableWidget)
                for w in panel.findChildren(cls) if w.isVisible()]
    assert len(controls) >= 12
    assert not [w for w in controls if not (w.accessibleName() or getattr(w, "text", lambda: "")())]
    cases = {
        "bad.toml": (b"[run\nseed = ", "not valid TOML"),
        "junk.toml": (os.urandom(256) + b"\xff", "not text"),
        "huge.toml": (b"# " + b"x" * (2 << 20), "MB"),
        "empty.toml": (b"", None),
    }
    for name, (content, expected) in cases.items():
        (tmp_path / name).write_bytes(content)
        panel.set_config(tmp_path / name)
        if expected is None:
            continue
        assert not panel.start() and not panel.runner.running
        assert expected in panel.error_label.text() and name in panel.error_label.text()
        assert panel.error_label.isVisible()
    panel.set_config(tmp_path / "missing.toml")
    assert not panel.start() and "does not exist" in panel.error_label.text()
    panel.set_config(tmp_path)
    assert not panel.start() and "is a folder" in panel.error_label.text()
    panel.set_config(TINY)
    assert not panel.error_label.isVisible()
    assert not panel.set_resume_dir(tmp_path) and "not a training run folder" in panel.error_label.text()
    panel.close()


def test_bad_data_folder_and_overrides_are_named(qtbot, make_window, panels, tmp_path, home):
    window = make_window()
    panel = _panel(qtbot, window, panels)
    panel.set_config(TINY)
    assert "tests/fixtures/data" in panel.data_edit.placeholderText()
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for folder, expected in ((tmp_path / "nope", "does not exist"), (tmp_path / "a-file", "is a file"),
                             (tmp_path / "junk", "does not look like a training data folder")):
        panel.data_edit.setText(str(folder))
        assert not panel.start() and expected in panel.error_label.text() and str(folder) in panel.error_label.text()
    for junk in ("x" * 5000, "📁" * 300, str(tmp_path / "dätä 📁")):
        panel.data_edit.setText(junk)
        assert not panel.start() and "training data folder" in panel.error_label.text()
    panel.data_edit.setText(str(REPO / "tests" / "fixtures" / "data"))
    panel.overrides_edit.setPlainText("classifier.epochs 3")
    assert not panel.start() and "section.key=value" in panel.error_label.text()
    panel.overrides_edit.setPlainText("classifier.epochs=3")
    panel.device_combo.setCurrentIndex(panel.device_combo.findData("cuda"))
    request = panel.build_request()
    assert request.overrides == ("run.device=cuda", f"data.root={REPO / 'tests' / 'fixtures' / 'data'}",
                                 "classifier.epochs=3")
    assert request.config == TINY and request.stage == "all" and request.run_dir.parent == home / "runs"
    assert not panel.runner.running
    panel.close()


def test_cli_refusal_is_shown(qtbot, make_window, panels, tmp_path, home):
    window = make_window()
    panel = _panel(qtbot, window, panels)
    panel.set_config(TINY)
    panel.set_stage("jfc")
    panel.overrides_edit.setPlainText("classifier.nope=3")
    with qtbot.waitSignal(panel.runFinished, timeout=120_000):
        assert panel.start()
    assert "unknown key(s) nope" in panel.error_label.text() and panel.start_button.isEnabled()
    assert "Failed" in panel.status_label.text()
    panel.close()


def test_missing_training_dependencies_give_the_install_hint(qtbot, make_window, panels, tmp_path, home):
    shadow = tmp_path / "no-torch"
    (shadow / "torch").mkdir(parents=True)
    (shadow / "torch" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'torch'\", name='torch')\n", encoding="utf-8")
    window = make_window()
    env = {"PYTHONPATH": f"{shadow}{os.pathsep}{REPO}"}
    panel = _panel(qtbot, window, panels, runner=TrainRunner(env=env))
    panel.set_config(TINY)
    with qtbot.waitSignal(panel.runFinished, timeout=120_000) as blocker:
        assert panel.start()
    assert blocker.args[0].outcome == "missing-deps"
    assert "pip install 'keigo[train]'" in panel.error_label.text() and "torch" in panel.error_label.text()
    panel.close()


def test_missing_torch_in_this_interpreter_is_said_when_the_panel_opens(qtbot, make_window, panels, monkeypatch, home):
    def find(name):
        if name == "transformers":
            raise ValueError("transformers.__spec__ is None")
        return None if name == "torch" else object()

    assert missing_training_modules(find) == ["torch", "transformers"]
    assert missing_training_modules(lambda name: object()) == []
    monkeypatch.setattr("gui.controllers.training.missing_training_modules", lambda: ["torch"])
    window = make_window()
    panel = _panel(qtbot, window, panels)
    assert "pip install 'keigo[train]'" in panel.error_label.text() and panel.error_label.isVisible()
    panel.set_config(TINY)  # a valid choice clears other errors, not this one
    assert "keigo[train]" in panel.error_label.text()
    panel.close()


# ------------------------------------------------------------------------------------------ stop and close


def _slow_fake_python(tmp_path: Path) -> Path:
    """Behaves like a stage that polls the STOP file: progress events until it appears, then exit 130."""
    script = tmp_path / "python"
    script.write_text(
        "#!/bin/sh\nrun=''\nprev=''\nfor a in \"$@\"; do [ \"$prev\" = --run-dir ] && run=\"$a\"; prev=\"$a\"; done\n"
        "mkdir -p \"$run\"\necho '[run]' > \"$run/config.toml\"\n"
        "echo '{\"event\": \"start\", \"stage\": \"rewriter\", \"device\": \"cuda\"}'\n"
        "i=0\nwhile [ ! -f \"$run/STOP\" ] && [ $i -lt 600 ]; do\n"
        "  i=$((i+1)); echo \"{\\\"event\\\": \\\"progress\\\", \\\"stage\\\": \\\"rewriter\\\", \\\"step\\\": $i, "
        "\\\"total\\\": 1000, \\\"loss\\\": 2.5}\"; sleep 0.05\ndone\n"
        "echo '{\"event\": \"stopped\", \"stage\": \"rewriter\", \"message\": \"stopped (STOP file)\"}'\nexit 130\n",
        encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


@POSIX
def test_stop_button_and_closing_the_window_while_training(qtbot, make_window, panels, tmp_path, home):
    window = make_window()
    runner = TrainRunner(python=str(_slow_fake_python(tmp_path)))
    panel = _panel(qtbot, window, panels, runner=runner, lister=StageLister())
    panel.set_config(TINY)
    # the Stop button
    with qtbot.waitSignal(panel.runFinished, timeout=20_000) as blocker:
        assert panel.start()
        qtbot.waitUntil(lambda: panel.stage_bar("rewriter") is not None and panel.stage_bar("rewriter").value() > 0,
                        timeout=10_000)
        assert "rewriter" in panel.status_label.text() and "loss 2.5" in panel.status_label.text()
        panel.stop_button.click()
        assert panel.status_label.text().startswith("Stopping")
    assert blocker.args[0].outcome == "stopped" and panel.stage_state("rewriter") == "stopped"
    assert "Stopped after" in panel.status_label.text() and not panel.error_label.isVisible()
    assert "Start resumes this run" in panel.status_label.text() and panel.run_dir_edit.text()

    # closing the main window: "keep training" leaves both open
    panel.ask_stop_on_close = lambda: False
    assert panel.start()
    qtbot.waitUntil(lambda: panel.stage_state("rewriter") == "running", timeout=10_000)
    assert not window.close() and window.isVisible() and runner.running and not runner.stop_requested
    # "stop and quit": the run stops cleanly, then the window closes by itself
    panel.ask_stop_on_close = lambda: True
    with qtbot.waitSignal(panel.runFinished, timeout=20_000) as blocker:
        assert not window.close()
        assert runner.stop_requested and window.isVisible()
    assert blocker.args[0].outcome == "stopped"
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    panel.close()


# ------------------------------------------------------------------------------------------ issue 16: works first time


@pytest.mark.parametrize("gpu", [False, True])
def test_the_default_preset_fits_the_machine(qtbot, make_window, panels, monkeypatch, home, gpu):
    monkeypatch.setattr("gui.panels.train.cuda_gpu_present", lambda: gpu)
    panel = _panel(qtbot, make_window(), panels)
    assert Path(panel.config_combo.currentData()).name == ("default.toml" if gpu else "cpu.toml")
    assert panel.controller.config_path == Path(panel.config_combo.currentData())
    panel.close()


def test_the_tiny_configs_paths_are_found_from_any_working_directory(qtbot, make_window, panels, monkeypatch,
                                                                      tmp_path, home):
    monkeypatch.chdir(tmp_path)  # the app's working directory is not the checkout
    panel = _panel(qtbot, make_window(), panels)
    panel.set_config(TINY)
    assert panel.data_edit.placeholderText().startswith(str(REPO / "tests" / "fixtures" / "data"))
    request = panel.build_request()  # the config's data folder passes the check: it is found beside the file
    assert request.config == TINY and not any(o.startswith("data.root=") for o in request.overrides)
    assert panel.controller.config["fdis"]["scorer"] == str(REPO / "tests" / "fixtures" / "models" / "scorer")
    panel.close()


def test_new_run_clears_the_previous_error_and_log(qtbot, make_window, panels, home):
    panel = _panel(qtbot, make_window(), panels)
    panel.set_config(TINY)
    panel.controller.logLine.emit("$ python -m training all")
    panel.show_error("The training process failed (exit code 1): boom")
    panel.controller.stageStateChanged.emit("jfc", "failed")
    assert panel.error_label.isVisible() and panel.log_view.toPlainText() and panel.stage_state("jfc") == "failed"
    panel.new_run_button.click()
    assert not panel.error_label.isVisible() and panel.error_label.text() == ""
    assert panel.log_view.toPlainText() == "" and panel.stage_state("jfc") is None
    assert panel.status_label.text() == "Ready." and "new folder" in panel.run_dir_edit.placeholderText()
    # an error that still holds is not cleared: the config is still bad
    panel.set_config(home / "missing.toml")
    panel.new_run_button.click()
    assert "does not exist" in panel.error_label.text()
    panel.close()


def test_the_time_limit_reaches_the_command_and_bad_limits_are_refused(qtbot, make_window, panels, home):
    from gui.controllers.training_setup import RunChoices

    panel = _panel(qtbot, make_window(), panels)
    panel.set_config(TINY)
    panel.minutes_spin.setValue(30)
    request = panel.build_request()
    assert request.max_minutes == 30 and request.arguments()[-2:] == ["--max-minutes", "30"]
    panel.minutes_spin.setValue(-5)  # the box clamps what is typed
    assert panel.build_request().max_minutes == 0 and "--max-minutes" not in panel.build_request().arguments()
    for bad in (-1.0, 1e9, float("nan")):
        with pytest.raises(TrainInputError, match="time limit"):
            panel.controller.build_request(RunChoices(stage="all", max_minutes=bad))
    panel.close()
