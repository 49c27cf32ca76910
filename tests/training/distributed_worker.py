"""Test helper, run once per process by torchrun (tests/training/test_distributed.py): `python -m training` for
each argument list given as JSON, with every training step's loss recorded before the run context throttles its
progress events; rank 0 writes the record as JSON to the first argument. Also imported by the test for the
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


def main(argv: list[str]) -> int:
    out, runs = Path(argv[0]), json.loads(argv[1])
    from training import distributed
    from training.cli import main as training_main

    records: list = []
    record_steps(records)
    codes = [training_main(args) for args in runs]
    if distributed.current().is_main:
        out.write_text(json.dumps({"codes": codes, "steps": records}), encoding="utf-8")
    return max(codes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
