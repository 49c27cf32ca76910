"""Data-parallel training (training/distributed.py): the classifier and rewriter stages under torchrun with two CPU
processes (gloo) train like one process at the same global batch; rank 0 alone writes and speaks; the stop, the
launch command and the refusals; the world read from the launcher's variables."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.errors import InputError
from training import distributed
from training.context import StopToken
from training.protocol import TrainRequest, launch_env

torch = pytest.importorskip("torch")

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

# Both runs see the same examples per step; what differs is the order of float sums (each rank's share, then the
# all-reduce) and the loss printed with 4 decimals. Measured: |diff| <= 1e-4 (the rounding) on all 43 steps.
LOSS_ATOL = 1e-3
# Weights: ||w_two - w_one|| / ||w_one|| over the whole model. Measured 1e-4 (classifier) and 1.2e-3 (rewriter):
# Adam turns float noise in gradients that are zero in exact arithmetic (attention key biases) into steps of
# about lr, so a few weights differ by ~lr however exact the all-reduce is.
WEIGHT_RTOL = 1e-2
STOP_AFTER = 7
CLASSIFIER_WEIGHTS = "classifier/checkpoint.safetensors"


def _relative_diff(a: dict, b: dict) -> float:
    """||a - b|| / ||a|| over all the tensors of two state dicts with the same keys."""
    assert a.keys() == b.keys()
    diff = sum(float(((a[k].float() - b[k].float()) ** 2).sum()) for k in a) ** 0.5
    return diff / sum(float((a[k].float() ** 2).sum()) for k in a) ** 0.5


# ------------------------------------------------------------------------------------------ the world

def test_world_from_the_launcher_variables():
    assert distributed.world_from_env({}) == distributed.World(0, 1, 0)
    w = distributed.world_from_env({"RANK": "3", "WORLD_SIZE": "4", "LOCAL_RANK": "1"})
    assert (w.rank, w.size, w.local_rank, w.distributed, w.is_main) == (3, 4, 1, True, False)
    assert distributed.world_from_env({"WORLD_SIZE": "1"}).distributed is False


@pytest.mark.parametrize("env", [{"WORLD_SIZE": "two"}, {"RANK": "2", "WORLD_SIZE": "2"}, {"WORLD_SIZE": "0"},
                                 {"RANK": "-1", "WORLD_SIZE": "2"}, {"LOCAL_RANK": "-1"}, {"RANK": "1.5"}])
def test_bad_launcher_variables_are_input_errors(env):
    with pytest.raises(InputError):
        distributed.world_from_env(env)


def test_one_process_is_the_identity():
    assert not distributed.current().distributed  # pytest runs without torchrun
    assert distributed.shard([4, 5, 6]) == ([4, 5, 6], True)
    assert distributed.all_sum([1, 2.5]) == [1.0, 2.5]
    assert distributed.any_rank(True) and not distributed.any_rank(False)
    assert distributed.main_flag(True)
    distributed.barrier()
    model = torch.nn.Linear(2, 2)
    assert distributed.wrap(model) is model


def test_shards_cover_the_batch_in_order(monkeypatch):
    batch = list(range(7))
    parts = []
    for rank in range(3):
        monkeypatch.setattr(distributed, "_world", distributed.World(rank, 3, rank))
        parts.append(distributed.shard(batch))
    assert [p for part, real in parts for p in part] == batch and all(real for _, real in parts)
    # a batch smaller than the world: the rank without a share computes on an item it weighs by zero
    small = []
    for rank in range(3):
        monkeypatch.setattr(distributed, "_world", distributed.World(rank, 3, rank))
        small.append(distributed.shard([9, 8]))
    assert [real for _, real in small].count(False) == 1
    assert sorted(p for part, real in small if real for p in part) == [8, 9]
    assert all(part for part, _ in small)


# ------------------------------------------------------------------------------------------ the stop

def test_stop_is_agreed_between_processes(tmp_path):
    calls = []

    def other_rank_stops(local):  # a collective: here the other process has a stop request
        calls.append(local)
        return True

    token = StopToken(tmp_path, agree=other_rank_stops)
    assert token.requested is False  # no agreement yet: nothing local counts before sync
    (tmp_path / "STOP").write_text("")
    assert token.requested is False and (tmp_path / "STOP").exists()
    assert token.sync() is True and calls == [True]  # the file was seen here and passed to the others
    assert token.requested and not (tmp_path / "STOP").exists()

    quiet = StopToken(tmp_path, agree=lambda local: local)
    assert quiet.sync() is False and quiet.requested is False
    told = StopToken(tmp_path, agree=lambda local: True)
    assert told.sync() and told.reason == "stop requested on another process"


def test_one_process_sync_is_requested(tmp_path):
    token = StopToken(tmp_path)
    assert token.sync() is False
    (tmp_path / "STOP").write_text("")
    time.sleep(0.25)  # the file is looked at every 0.2 s
    assert token.sync() is True and token.requested


# ------------------------------------------------------------------------------------------ launching

def test_train_request_launches_torchrun_with_the_same_interpreter():
    one = TrainRequest(stage="rewriter", run_dir=Path("r"))
    assert one.arguments()[:3] == ["-m", "training", "rewriter"]
    many = TrainRequest(stage="classifier", run_dir=Path("r"), processes=4, max_minutes=5)
    assert many.arguments() == ["-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "4",
                                "-m", "training", "classifier", "--run-dir", "r", "--max-minutes", "5"]


@pytest.mark.parametrize("stage, processes", [("classifier", 0), ("classifier", -2), ("classifier", 2.0),
                                              ("classifier", True), ("classifier", "2"), ("classifier", 10**6),
                                              ("all", 2), ("bt", 2)])
def test_bad_process_counts_and_stages(stage, processes):
    with pytest.raises(InputError):
        TrainRequest(stage=stage, processes=processes)


def test_stages_that_are_not_data_parallel_are_refused(tmp_path, monkeypatch, tiny_config, fixture_data):
    from training.config import load_config
    from training.context import RunContext
    from training.pipeline import run_pipeline

    monkeypatch.setattr(distributed, "_world", distributed.World(0, 2, 0))
    ctx = RunContext(tmp_path / "run", load_config(tiny_config, [f"data.root={fixture_data}"]),
                     device=torch.device("cpu"), stop=StopToken(None), stdout=io.StringIO(), show_bar=False)
    with pytest.raises(InputError, match="jfc run in one process only"):
        run_pipeline(["classifier"], ctx)  # its jfc stage is not done yet
    assert not (tmp_path / "run" / "jfc").exists()


def test_other_ranks_write_no_events(tmp_path, monkeypatch, tiny_config, capsys):
    from training.config import load_config
    from training.context import RunContext

    monkeypatch.setattr(distributed, "_world", distributed.World(1, 2, 1))
    out = io.StringIO()
    ctx = RunContext(tmp_path, load_config(tiny_config), device=torch.device("cpu"), stdout=out)
    ctx.log("hello")
    ctx.progress("classifier", 1, 2, loss=0.5)
    ctx.emit("error", message="broken")
    assert out.getvalue() == "" and not (tmp_path / "progress.jsonl").exists() and not ctx.show_bar
    assert "rank 1:" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ two processes

def _prepare(base: Path, tiny_config: Path, fixture_data: Path, common: list[str]) -> None:
    """The one-process stages the data-parallel ones need (jfc, tokenizer), run once and copied."""
    from training.cli import main

    for stage in ("jfc", "tokenizer"):
        assert main([stage, "--config", str(tiny_config), "--run-dir", str(base), *common]) == 0


def test_two_processes_train_like_one(tmp_path, tiny_config, fixture_data, capsys, monkeypatch):
    """classifier (TextCNN with the PT16 head, JFC then GYAFC) and rewriter (mode original) on 2 gloo processes at the same global
    batch as 1 process: the same loss at every step within LOSS_ATOL, the same weights within WEIGHT_RTOL; a stop
    seen by one rank stops both at one step, and the state resumes in one process."""
    import distributed_worker
    from safetensors.torch import load_file

    from training.cli import main

    common = [f"data.root={fixture_data}", "run.threads=1",
              # no dropout: its masks are drawn per process, the one thing two processes cannot share
              "classifier.dropout=0.0", "classifier.pt16=true", "classifier.epochs=3", "classifier.export=false",
              "classifier.recipe=jfc+gyafc", "classifier.jfc_epochs=1",  # two phases: the JFC, then GYAFC
              "rewriter.mode=original", "rewriter.dropout=0.0", "rewriter.finetune_steps=10",
              "rewriter.valid_every=5", "rewriter.export=false"]
    base = tmp_path / "base"
    _prepare(base, tiny_config, fixture_data, common)
    one, two, stopped = tmp_path / "one", tmp_path / "two", tmp_path / "stopped"
    for d in (one, two, stopped):
        shutil.copytree(base, d)

    def runs(run_dir):
        return [[stage, "--config", str(tiny_config), "--run-dir", str(run_dir), *common]
                for stage in ("classifier", "rewriter")]

    capsys.readouterr()
    steps_one: list = []
    distributed_worker.record_steps(steps_one, monkeypatch.setattr)
    assert [main(a) for a in runs(one)] == [0, 0]
    monkeypatch.undo()
    capsys.readouterr()

    out = tmp_path / "two.json"
    env = launch_env(extra={"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"})
    # the third run: a stop that only rank 1 sees, before its 8th step
    jobs = [*runs(two), {"argv": runs(stopped)[0], "stop_on_rank": 1, "after": STOP_AFTER}]
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
           str(HERE / "distributed_worker.py"), str(out), json.dumps(jobs)]
    proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert out.is_file(), proc.stderr[-3000:]
    record = json.loads(out.read_text())
    assert record["codes"] == [0, 0, 130], proc.stderr[-3000:]
    steps_two, steps_stopped = record["steps"][:len(steps_one)], record["steps"][len(steps_one):]

    # the same steps, the same losses
    assert [s[:3] for s in steps_two] == [s[:3] for s in steps_one]
    for a, b in zip(steps_one, steps_two):
        assert abs(a[3] - b[3]) <= LOSS_ATOL, (a, b)
    assert {s[0] for s in steps_one} == {"classifier", "rewriter"}
    assert sum(s[0] == "rewriter" for s in steps_one) == 10

    # the same weights
    for rel in (CLASSIFIER_WEIGHTS, "rewriter/train/last/model.safetensors"):
        w1, w2 = load_file(str(one / rel)), load_file(str(two / rel))
        assert _relative_diff(w1, w2) <= WEIGHT_RTOL, (rel, _relative_diff(w1, w2))

    # rank 0 alone spoke and wrote: one start per stage and run on stdout, every line JSON, the stages done
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert sum(e["event"] == "start" and e["stage"] == "classifier" for e in events) == 2
    assert sum(e["event"] == "done" for e in events) == 2
    for stage in ("classifier", "rewriter"):
        assert (two / stage / "DONE.json").is_file()
    assert (two / "classifier" / "report.json").is_file() and (two / "rewriter" / "report.json").is_file()
    # the stop rank 1 alone saw stopped both ranks at the same step; rank 0 saved there, and one process resumes
    # the state to the weights of the run that was never stopped
    assert steps_stopped == steps_two[:STOP_AFTER]
    position = json.loads((stopped / "classifier" / "train_state" / "position.json").read_text())
    assert [position["phase"], position["step"]] == steps_stopped[-1][1:3]
    assert not (stopped / "classifier" / "DONE.json").exists()
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert [e["message"] for e in events if e["event"] == "stopped"] == [
        "stopped (stop requested on another process); partial outputs saved, not marked done"]
    assert main(runs(stopped)[0]) == 0
    assert any("resumed phase" in json.loads(line).get("message", "")
               for line in capsys.readouterr().out.splitlines() if line.strip())
    w1, w3 = load_file(str(one / CLASSIFIER_WEIGHTS)), load_file(str(stopped / CLASSIFIER_WEIGHTS))
    assert _relative_diff(w1, w3) <= WEIGHT_RTOL

    # the resume formats are those of one process
    assert sorted(p.name for p in (two / "classifier" / "train_state").iterdir()) == \
        sorted(p.name for p in (one / "classifier" / "train_state").iterdir())
    assert sorted(p.name for p in (two / "rewriter" / "train" / "last").iterdir()) == \
        sorted(p.name for p in (one / "rewriter" / "train" / "last").iterdir())
