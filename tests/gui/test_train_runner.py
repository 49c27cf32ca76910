"""The training runner: JSON-lines parsing, real `python -m training` runs on the tiny config, stop, errors."""
from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from gui.train_runner import (
    JsonLinesParser,
    StageLister,
    TailBuffer,
    TrainRequest,
    TrainRunner,
    missing_training_dependency,
)

REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "assets" / "configs" / "tiny.toml"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="the fake interpreter is a shell script")


# ------------------------------------------------------------------------------------------ parser


def test_parser_joins_partial_lines_and_keeps_text_lines():
    p = JsonLinesParser()
    assert p.feed(b'{"event": "progress", "stage": "classifier", "st') == []
    assert p.feed(b'ep": 3, "total": 10, "loss": 0.5}\nplain text\n\n{"event"') == [
        {"event": "progress", "stage": "classifier", "step": 3, "total": 10, "loss": 0.5}, "plain text"]
    assert p.feed(b': "done", "stage": "jfc"}\r\n') == [{"event": "done", "stage": "jfc"}]
    assert p.feed(b'{"event": "log", "message": "no newline at the end"}') == []
    assert p.flush() == [{"event": "log", "message": "no newline at the end"}]
    assert p.flush() == []


def test_parser_tolerates_garbage_and_non_event_json():
    p = JsonLinesParser()
    out = p.feed(b'{"event": broken\n[1, 2, 3]\n{"no_event": 1}\n42\n\xff\xfe\x00junk\n{"event": 5}\n')
    assert out[0] == '{"event": broken'
    assert out[1:4] == ["[1, 2, 3]", '{"no_event": 1}', "42"]
    assert isinstance(out[4], str) and "junk" in out[4] and "\ufffd" in out[4]
    assert out[5] == '{"event": 5}'  # an event must be a name


def test_parser_emoji_split_across_chunks():
    line = json.dumps({"event": "log", "message": "fine 👍🏽 ありがとう"}, ensure_ascii=False).encode() + b"\n"
    cut = line.index("👍".encode()) + 2  # in the middle of the emoji's four bytes
    p = JsonLinesParser()
    assert p.feed(line[:cut]) == []
    assert p.feed(line[cut:]) == [{"event": "log", "message": "fine 👍🏽 ありがとう"}]
    # one byte at a time, too
    q = JsonLinesParser()
    got = [item for b in line for item in q.feed(bytes([b]))]
    assert got == [{"event": "log", "message": "fine 👍🏽 ありがとう"}]


def test_parser_skips_huge_lines_without_buffering_them():
    p = JsonLinesParser(max_line_bytes=1000)
    head = b'{"event": "log", "message": "'
    assert p.feed(head + b"x" * 600) == []
    assert p.feed(b"y" * 600) == []  # over the limit: dropped, not kept
    assert len(p._buf) == 0
    assert p.feed(b"z" * 5000) == []
    out = p.feed(b'"}\n{"event": "done", "stage": "jfc"}\n')
    assert len(out) == 2 and "too long" in out[0] and f"{len(head) + 6200 + 3} bytes" in out[0]
    assert out[1] == {"event": "done", "stage": "jfc"}
    # a whole over-long line in one chunk
    out = p.feed(b"a" * 3000 + b"\n")
    assert len(out) == 1 and "too long" in out[0]


def test_tail_buffer_is_bounded_and_keeps_the_last_tqdm_state():
    t = TailBuffer(max_lines=5, max_chars=50)
    t.feed("classifier:  10%|#   | 1/10\rclassifier:  50%|#####| 5/10\rclassifier: 100%|######| 10/10\n")
    assert t.tail() == ["classifier: 100%|######| 10/10"]
    for i in range(100):
        t.feed(f"warning {i}\n")
    assert t.tail(10) == [f"warning {i}" for i in range(95, 100)]
    t.feed("z" * 10_000)
    assert len(t.tail(1)[0]) <= 51


def test_missing_dependency_detection():
    assert missing_training_dependency("ModuleNotFoundError: No module named 'torch'") == "torch"
    assert missing_training_dependency("No module named 'transformers.models'") == "transformers.models"
    assert missing_training_dependency("keigo: error: training needs the train extra: pip install 'keigo[train]'")
    assert missing_training_dependency("No module named 'my_own_typo'") is None
    assert missing_training_dependency("") is None


# ------------------------------------------------------------------------------------------ real runs


def _record(runner: TrainRunner) -> dict:
    seen: dict = {"started": [], "finished": [], "progress": [], "metrics": [], "logs": [], "errors": [],
                  "stopping": []}
    runner.stageStarted.connect(lambda s, rec: seen["started"].append(s))
    runner.stageFinished.connect(lambda s, state: seen["finished"].append((s, state)))
    runner.progress.connect(seen["progress"].append)
    runner.metric.connect(lambda s, name, value, rest: seen["metrics"].append((s, name, value)))
    runner.logMessage.connect(seen["logs"].append)
    runner.error.connect(seen["errors"].append)
    runner.stopping.connect(seen["stopping"].append)
    return seen


def _run(qtbot, runner: TrainRunner, request: TrainRequest, timeout: int = 300_000):
    with qtbot.waitSignal(runner.finished, timeout=timeout) as blocker:
        runner.start(request)
    assert not runner.running
    return blocker.args[0]


@pytest.fixture
def one_thread(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    monkeypatch.setenv("MKL_NUM_THREADS", "1")


def test_real_stage_run_reports_progress_and_finishes(qtbot, tmp_path, one_thread):
    runner = TrainRunner()
    seen = _record(runner)
    run_dir = tmp_path / "run"
    result = _run(qtbot, runner, TrainRequest("jfc", run_dir, TINY))
    assert result.ok, (result.message, result.stderr_tail)
    assert result.exit_code == 0 and result.elapsed_s > 0
    assert seen["started"] == ["jfc"] and seen["finished"] == [("jfc", "done")]
    assert any(p.stage == "jfc" and p.step == p.total == 1 and p.fraction == 1.0 for p in seen["progress"])
    assert ("jfc", "jfc.train", 26) in [(s, n, v) for s, n, v in seen["metrics"]]
    assert any("device: cpu" in line for line in seen["logs"])
    assert (run_dir / "jfc" / "DONE.json").is_file()
    assert (run_dir / "train-stderr.log").is_file() and not (run_dir / "STOP").exists()


def test_stop_mid_run_ends_cleanly_then_resume_skips_finished(qtbot, tmp_path, one_thread):
    runner = TrainRunner(stop_grace_s=60)
    seen = _record(runner)
    run_dir = tmp_path / "run"
    long_run = TrainRequest("classifier", run_dir, TINY, ("classifier.epochs=500",))
    with qtbot.waitSignal(runner.finished, timeout=300_000) as blocker:
        runner.start(long_run)
        qtbot.waitUntil(lambda: any(p.stage == "classifier" for p in seen["progress"]), timeout=240_000)
        runner.stop()
        assert runner.stop_requested and seen["stopping"][0].startswith("Stopping")
    result = blocker.args[0]
    assert result.outcome == "stopped" and result.exit_code == 130, (result.message, result.stderr_tail)
    assert ("classifier", "stopped") in seen["finished"] and ("jfc", "done") in seen["finished"]
    assert (run_dir / "jfc" / "DONE.json").is_file() and not (run_dir / "classifier" / "DONE.json").exists()
    assert not (run_dir / "STOP").exists()  # a resume must not stop at once
    last = max(p.step for p in seen["progress"] if p.stage == "classifier")
    assert last < 500 * 11  # it really stopped early (11 batches an epoch)

    # resume the same folder: the finished stage is skipped, nothing runs again
    seen2 = _record(runner)
    result = _run(qtbot, runner, TrainRequest("jfc", run_dir, None))
    assert result.ok and seen2["finished"] == [("jfc", "skipped")] and seen2["started"] == []


def test_unknown_override_key_shows_the_cli_message(qtbot, tmp_path):
    runner = TrainRunner()
    seen = _record(runner)
    run_dir = tmp_path / "run"
    result = _run(qtbot, runner, TrainRequest("jfc", run_dir, TINY, ("classifier.nope=3",)), 120_000)
    assert result.outcome == "failed" and result.exit_code == 4
    assert "unknown key(s) nope" in result.message and "[classifier]" in result.message
    assert seen["errors"] and "nope" in seen["errors"][0]
    assert not run_dir.exists()  # a refused run leaves no folder behind


def test_bad_toml_and_unknown_stage(qtbot, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[run\nseed = ", encoding="utf-8")
    runner = TrainRunner()
    result = _run(qtbot, runner, TrainRequest("jfc", tmp_path / "r1", bad), 120_000)
    assert result.outcome == "failed" and "not valid TOML" in result.message and str(bad) in result.message
    result = _run(qtbot, runner, TrainRequest("no-such-stage", tmp_path / "r2", TINY), 120_000)
    assert result.outcome == "usage" and result.exit_code == 2 and "unknown stage 'no-such-stage'" in result.message


def test_missing_torch_in_the_child_gives_the_install_hint(qtbot, tmp_path):
    shadow = tmp_path / "no-torch"
    (shadow / "torch").mkdir(parents=True)
    (shadow / "torch" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'torch'\", name='torch')\n", encoding="utf-8")
    runner = TrainRunner(env={"PYTHONPATH": f"{shadow}{os.pathsep}{REPO}"})
    result = _run(qtbot, runner, TrainRequest("jfc", tmp_path / "run", TINY), 120_000)
    assert result.outcome == "missing-deps"
    assert "pip install 'keigo[train]'" in result.message and "'torch'" in result.message


def _script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@POSIX
def test_fake_interpreter_with_the_cli_message_gives_the_install_hint(qtbot, tmp_path):
    fake = _script(tmp_path, "python", "echo \"keigo: error: training needs the train extra: pip install "
                   "'keigo[train]' (install CPU torch first: pip install torch==2.13.0)\" >&2\nexit 3\n")
    result = _run(qtbot, TrainRunner(python=str(fake)), TrainRequest("all", tmp_path / "run", TINY), 10_000)
    assert result.outcome == "missing-deps" and "keigo[train]" in result.message


@POSIX
def test_crash_shows_the_last_stderr_lines(qtbot, tmp_path):
    fake = _script(tmp_path, "python", 'printf \'{"event": "start", "stage": "jfc"}\\n{"event": "progr\'\n'
                   'echo "Traceback (most recent call last):" >&2\necho "RuntimeError: CUDA out of memory" >&2\n'
                   "kill -9 $$\n")
    runner = TrainRunner(python=str(fake))
    seen = _record(runner)
    result = _run(qtbot, runner, TrainRequest("jfc", tmp_path / "run", TINY), 10_000)
    assert result.outcome == "crashed" and "crashed" in result.message
    assert "RuntimeError: CUDA out of memory" in result.stderr_tail
    assert seen["started"] == ["jfc"]
    assert (tmp_path / "run" / "train-stderr.log").read_text(encoding="utf-8").count("CUDA out of memory") == 1


@POSIX
def test_a_run_that_ignores_stop_is_terminated_then_killed(qtbot, tmp_path):
    fake = _script(tmp_path, "python", "trap '' TERM INT\necho '{\"event\": \"start\", \"stage\": \"x\"}'\n"
                   "i=0\nwhile [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done\n")
    runner = TrainRunner(python=str(fake), stop_grace_s=0.3, kill_after_s=0.3)
    seen = _record(runner)
    with qtbot.waitSignal(runner.finished, timeout=10_000) as blocker:
        runner.start(TrainRequest("x", tmp_path / "run", TINY))
        qtbot.waitUntil(lambda: seen["started"] == ["x"], timeout=5000)
        runner.stop()
    assert blocker.args[0].outcome == "killed"
    assert [m.split()[0] for m in seen["stopping"]] == ["Stopping…", "The", "Killing"]


def test_interpreter_that_cannot_start(qtbot, tmp_path):
    runner = TrainRunner(python=str(tmp_path / "no-such-python"))
    result = _run(qtbot, runner, TrainRequest("jfc", tmp_path / "run", TINY), 10_000)
    assert result.outcome == "not-started" and "Cannot start" in result.message
    runner2 = TrainRunner()
    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    result = _run(qtbot, runner2, TrainRequest("jfc", blocked / "run", TINY), 10_000)
    assert result.outcome == "not-started" and "Cannot use the run folder" in result.message


def test_stage_lister_reads_the_stages_from_a_child_process(qtbot):
    lister = StageLister()
    with qtbot.waitSignal(lister.listed, timeout=120_000) as blocker:
        lister.start()
    stages, problem = blocker.args
    assert problem == ""
    names = [s.name for s in stages]
    assert {"jfc", "classifier", "rewriter"} <= set(names)
    assert next(s for s in stages if s.name == "classifier").requires == ("jfc",)


def test_stage_lister_reports_an_interpreter_that_cannot_start(qtbot, tmp_path):
    lister = StageLister(python=str(tmp_path / "no-such-python"))
    with qtbot.waitSignal(lister.listed, timeout=10_000) as blocker:
        lister.start()
    stages, problem = blocker.args
    assert stages == [] and "Cannot start" in problem and "no-such-python" in problem


def test_training_python_env_then_interpreter_then_path_in_the_bundle(monkeypatch, tmp_path):
    from gui import train_runner as tr

    monkeypatch.delenv("KEIGO_TRAIN_PYTHON", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert tr.training_python() == sys.executable
    monkeypatch.setenv("KEIGO_TRAIN_PYTHON", "/opt/py/bin/python3")
    assert tr.training_python() == "/opt/py/bin/python3"
    # the frozen desktop bundle has no Python inside: it must not run itself with -m training
    monkeypatch.delenv("KEIGO_TRAIN_PYTHON")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    fake = tmp_path / "python3"
    fake.write_text("#!/bin/sh\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert tr.training_python() == str(fake)
    hint = tr.install_hint("torch", str(fake))
    assert "KEIGO_TRAIN_PYTHON" in hint and "keigo[train]" in hint
