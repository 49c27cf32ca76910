"""Test helper, run once per process by torchrun (tests/training/test_distributed.py): `python -m training` for
each argument list given as JSON, with every training step's loss recorded before the run context throttles its
progress events (and, when asked, a stop seen by one rank only); rank 0 writes the record as JSON to the first
argument. Also imported by the test for the
one-process reference, so both sides record the same way."""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path


def record_steps(records: list, patch=setattr) -> None:
    """Make RunContext.progress append [stage, phase, step, loss] for every call with a loss, and seq2seq training
    report every step (log_every 1: the stages' default is 50). ``patch``: setattr, or pytest's monkeypatch.setattr
    to undo it after a test."""
    from training import seq2seq
    from training.context import RunContext

    original = RunContext.progress

    def progress(self, stage, step, total, **fields):
        if fields.get("loss") is not None and self.is_main:
            records.append([stage, fields.get("phase", ""), step, fields["loss"]])
        return original(self, stage, step, total, **fields)

    settings = seq2seq.TrainSettings.from_config

    def every_step(*args, **kwargs):
        return dataclasses.replace(settings(*args, **kwargs), log_every=1)

    patch(RunContext, "progress", progress)
    patch(seq2seq.TrainSettings, "from_config", staticmethod(every_step))


def stop_on_rank(rank: int, after: int) -> None:
    """A stop request on one rank only, after `after` of its per-step checks (as a STOP file or a signal that
    reached one process would)."""
    from training import distributed
    from training.context import StopToken

    real = StopToken._local
    calls = {"n": 0}

    def local(self):
        if distributed.current().rank == rank:
            calls["n"] += 1
            if calls["n"] > after:
                self.request(f"test: a stop on rank {rank}")
        return real(self)

    StopToken._local = local


def main(argv: list[str]) -> int:
    """argv: OUT.json, then a JSON list of runs: each an argument list for `python -m training`, or
    {"argv": [...], "stop_on_rank": R, "after": N}."""
    out, runs = Path(argv[0]), json.loads(argv[1])
    from training import distributed
    from training.cli import main as training_main

    records: list = []
    record_steps(records)
    codes = []
    for run in runs:
        if isinstance(run, dict):
            stop_on_rank(run["stop_on_rank"], run["after"])
            run = run["argv"]
        codes.append(training_main(run))
    if distributed.current().is_main:
        out.write_text(json.dumps({"codes": codes, "steps": records}), encoding="utf-8")
    return max(codes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
