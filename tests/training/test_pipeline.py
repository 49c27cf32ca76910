"""Pipeline: JSON-lines events, DONE.json markers, resume (skip finished stages), --force, stop requests
(STOP file, SIGINT), crash and usage exit codes, and the real `python -m training` in a subprocess."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from training import stages as stages_mod
from training.cli import main
from training.config import load_config
from training.context import RunContext
from training.pipeline import StageStopped, is_done, run_pipeline, run_stage
from training.stages.base import Stage

REPO = Path(__file__).resolve().parents[2]
CALLS: list[str] = []


class FirstStage(Stage):
    name = "t_first"

    def run(self, ctx):
        CALLS.append(self.name)
        for i in range(3):
            ctx.progress(self.name, i + 1, 3, loss=1.0 / (i + 1))

    def save(self, ctx):
        (ctx.stage_dir(self.name) / "out.txt").write_text("first", encoding="utf-8")


class SecondStage(Stage):
    name = "t_second"
    requires = ("t_first",)

    def run(self, ctx):
        CALLS.append(self.name)
        assert (ctx.run_dir / "t_first" / "out.txt").read_text(encoding="utf-8") == "first"


class LoopStage(Stage):
    """Polls the stop token every step; the trigger (STOP file or a signal) fires at step 5."""

    name = "t_loop"
    trigger = "file"

    def run(self, ctx):
        self.steps = 0
        for step in range(1000):
            if ctx.stop.requested:
                break
            self.steps += 1
            if step == 4:
                if self.trigger == "file":
                    (ctx.run_dir / "STOP").write_text("", encoding="utf-8")
                    ctx.stop._last_file_check = 0.0
                else:
                    os.kill(os.getpid(), signal.SIGINT)

    def save(self, ctx):
        (ctx.stage_dir(self.name) / "partial.json").write_text(json.dumps({"steps": self.steps}), encoding="utf-8")


class CrashStage(Stage):
    name = "t_crash"

    def run(self, ctx):
        raise RuntimeError("boom")


@pytest.fixture(autouse=True)
def demo_stages(monkeypatch):
    for cls in (FirstStage, SecondStage, LoopStage, CrashStage):
        monkeypatch.setitem(stages_mod.STAGES, cls.name, f"{__name__}:{cls.__name__}")
    CALLS.clear()


def make_ctx(run_dir: Path) -> tuple[RunContext, io.StringIO]:
    out = io.StringIO()
    return RunContext(run_dir, load_config(None, ["run.device=cpu"]), stdout=out, show_bar=False), out


def lines(buf: io.StringIO) -> list[dict]:
    return [json.loads(x) for x in buf.getvalue().splitlines()]


def test_events_are_json_lines_and_logged(tmp_path):
    ctx, out = make_ctx(tmp_path)
    run_stage("t_first", ctx)
    events = lines(out)
    assert events[0]["event"] == "start" and events[-1]["event"] == "done"
    assert events[0]["device"] == "cpu"
    prog = [e for e in events if e["event"] == "progress"]
    assert prog[-1]["step"] == 3 and prog[-1]["total"] == 3 and prog[-1]["eta_s"] == 0.0
    assert all(e["stage"] == "t_first" for e in events)
    logged = [json.loads(x) for x in (tmp_path / "progress.jsonl").read_text(encoding="utf-8").splitlines()]
    assert logged == events
    done = json.loads((tmp_path / "t_first" / "DONE.json").read_text(encoding="utf-8"))
    assert done["stage"] == "t_first"


def test_resume_skips_finished_stages_and_force_reruns(tmp_path):
    ctx, out = make_ctx(tmp_path)
    run_pipeline(["t_second"], ctx)
    assert CALLS == ["t_first", "t_second"]
    run_pipeline(["t_second"], ctx)
    assert CALLS == ["t_first", "t_second"]  # both finished: nothing ran
    run_pipeline(["t_second"], ctx, force=["t_second"])
    assert CALLS == ["t_first", "t_second", "t_second"]
    # a torn DONE.json is not "finished"
    (tmp_path / "t_first" / "DONE.json").write_text("{", encoding="utf-8")
    assert not is_done(tmp_path, "t_first")
    run_pipeline(["t_second"], ctx)
    assert CALLS[-1] == "t_first"
    assert any("skipped" in e.get("message", "") for e in lines(out))


@pytest.mark.parametrize("trigger", ["file", "signal"])
def test_stop_request_saves_and_does_not_mark_done(tmp_path, trigger, monkeypatch):
    monkeypatch.setattr(LoopStage, "trigger", trigger)
    ctx, out = make_ctx(tmp_path)
    before = signal.getsignal(signal.SIGINT)  # SIG_IGN when the suite runs as a background job
    ctx.stop.install()
    try:
        with pytest.raises(StageStopped):
            run_stage("t_loop", ctx)
    finally:
        ctx.stop.uninstall()
    assert not (tmp_path / "t_loop" / "DONE.json").exists()
    assert json.loads((tmp_path / "t_loop" / "partial.json").read_text())["steps"] == 5
    assert lines(out)[-1]["event"] == "stopped"
    assert signal.getsignal(signal.SIGINT) is before


def test_cli_exit_codes(tmp_path, capsys):
    assert main(["t_crash", "--run-dir", str(tmp_path / "c")]) == 1
    events = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert events[-1]["event"] == "error" and "boom" in events[-1]["message"]
    assert main(["no_such_stage"]) == 2
    assert main(["t_first", "--bogus-flag"]) == 2
    assert main(["t_first", "notanoverride"]) == 2
    assert main(["t_first", "--run-dir", str(tmp_path / "d"), "run.nokey=1"]) == 4
    capsys.readouterr()
    assert main(["list"]) == 0
    listed = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert {"jfc", "classifier"} <= {e.get("stage") for e in listed}


def test_cli_saves_resolved_config_and_resumes_with_it(tmp_path, capsys):
    run = tmp_path / "r"
    assert main(["t_first", "--run-dir", str(run), "run.seed=42"]) == 0
    assert json.loads((run / "config.json").read_text())["run"]["seed"] == 42
    assert "seed = 42" in (run / "config.toml").read_text()
    capsys.readouterr()
    assert main(["t_first", "--run-dir", str(run)]) == 0  # finished: skipped, config reused
    events = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert not any(e["event"] == "start" for e in events)
    assert json.loads((run / "config.json").read_text())["run"]["seed"] == 42


def _subprocess(args, cwd=REPO):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "training", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def test_real_cli_subprocess_stop_then_resume(tmp_path, tiny_config, fixture_data):
    run = tmp_path / "run"
    run.mkdir()
    (run / "STOP").write_text("", encoding="utf-8")
    common = ["--config", str(tiny_config), "--run-dir", str(run), f"data.root={fixture_data}"]
    r = _subprocess(["jfc", *common])
    assert r.returncode == 130, r.stderr
    events = [json.loads(x) for x in r.stdout.splitlines()]  # stdout holds JSON lines only
    assert events[-1]["event"] == "stopped"
    assert not (run / "jfc" / "DONE.json").exists()
    assert not (run / "STOP").exists()  # the request was consumed, so the next run goes on
    r = _subprocess(["jfc", *common])
    assert r.returncode == 0, r.stderr
    events = [json.loads(x) for x in r.stdout.splitlines()]
    assert events[0]["event"] == "log" and events[0]["device"] == "cpu"
    assert events[-1]["event"] == "done"
    report = json.loads((run / "jfc" / "report.json").read_text())
    assert report["train_labels"]["formal"] == report["train_labels"]["informal"]
    r = _subprocess(["jfc", *common])
    assert r.returncode == 0 and "already finished" in r.stdout
