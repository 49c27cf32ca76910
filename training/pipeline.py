"""Run stages in order inside one run directory; finished stages (DONE.json naming them) are skipped: resume.

The layout (DONE.json, config.toml) is the run contract in training/protocol.py."""
from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_write_json, atomic_write_text
from training.context import RunContext
from training.protocol import CONFIG_JSON, CONFIG_TOML, DATA_PARALLEL_STAGES, done_path, is_done
from training.stages import STAGES, load_stage


class StageStopped(Exception):
    """A stop was requested; the stage saved what it had and is not marked finished."""

    def __init__(self, stage: str, reason: str | None = None):
        super().__init__(f"stage {stage} stopped ({reason or 'requested'})")
        self.stage = stage
        self.reason = reason


def write_json_atomic(path: Path, obj) -> Path:
    """JSON written whole or not at all (engine.fsio); the name stages use."""
    return atomic_write_json(path, obj)


def write_text_atomic(path: Path, text: str) -> Path:
    return atomic_write_text(path, text)


def seed_everything(seed: int) -> None:
    random.seed(seed)
    try:
        import numpy as np

        np.random.seed(seed % (2**32))
    except ImportError:
        pass
    try:
        import torch

        torch.manual_seed(seed)
        if torch.cuda.is_available():
            torch.cuda.manual_seed_all(seed)
    except ImportError:
        pass


def save_resolved_config(ctx: RunContext) -> None:
    if not ctx.is_main:  # data-parallel: rank 0 writes the run folder
        return
    write_json_atomic(ctx.run_dir / CONFIG_JSON, ctx.config.to_dict())
    write_text_atomic(ctx.run_dir / CONFIG_TOML, ctx.config.to_toml())


def run_stage(name: str, ctx: RunContext) -> dict:
    """Run one stage (setup, run, save) and mark it finished; raises StageStopped on a stop request."""
    cls = load_stage(name)
    run_cfg = ctx.config.section("run")
    seed_everything(run_cfg.seed)
    if run_cfg.threads:
        import torch

        torch.set_num_threads(run_cfg.threads)
    previous = ctx.current_stage
    ctx.current_stage = name
    started = time.time()
    ctx.emit("start", stage=name, device=str(ctx.device), run_dir=str(ctx.run_dir), seed=run_cfg.seed)
    try:
        stage = cls()
        source = stage.reused_from(ctx)
        if source is not None:
            stage.reuse(ctx, source)
        else:
            stage.setup(ctx)
            if not ctx.stop.requested:
                stage.run(ctx)
            stage.save(ctx)
        ctx.close_bars()
        if ctx.stop.requested:
            ctx.emit("stopped", stage=name, message=f"stopped ({ctx.stop.reason}); partial outputs saved, not marked done")
            raise StageStopped(name, ctx.stop.reason)
        record = {
            "stage": name,
            "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "elapsed_s": round(time.time() - started, 2),
            "device": str(ctx.device),
        }
        record.update(stage.summary() or {})
        if ctx.is_main:
            write_json_atomic(done_path(ctx.run_dir, name), record)
        ctx.emit("done", stage=name, elapsed_s=record["elapsed_s"])
        return record
    finally:
        ctx.close_bars()
        ctx.current_stage = previous


def resolve_order(names: Sequence[str], config) -> list[str]:
    """The named stages preceded by what they require (depth first, each once)."""
    order: list[str] = []

    def visit(n: str, chain: tuple[str, ...]):
        if n in chain:
            raise ValueError(f"stage dependency cycle: {' -> '.join(chain + (n,))}")
        if n in order:
            return
        if n not in STAGES:
            raise KeyError(f"unknown stage {n!r}; known: {', '.join(sorted(STAGES))}")
        for dep in load_stage(n).required_stages(config):
            visit(dep, chain + (n,))
        order.append(n)

    for n in names:
        visit(n, ())
    return order


def run_pipeline(names: Sequence[str], ctx: RunContext, force: Sequence[str] = ()) -> list[dict]:
    """Run the stages (and what they require) in order, skipping finished ones unless named in ``force``."""
    results = []
    order = resolve_order(names, ctx.config)
    if ctx.world.distributed:
        # under torchrun / accelerate launch only the data-parallel stages may run; the others would run once per
        # process, each writing the same files
        todo = [n for n in order if n in force or not is_done(ctx.run_dir, n)]
        single = [n for n in todo if n not in DATA_PARALLEL_STAGES]
        if single:
            raise InputError(f"stage(s) {', '.join(single)} run in one process only: run each first with "
                             f"`python -m training STAGE --run-dir {ctx.run_dir}`, then launch "
                             f"{' or '.join(DATA_PARALLEL_STAGES)} on several processes")
    for n in order:
        if n not in force and is_done(ctx.run_dir, n):
            ctx.emit("log", stage=n, message=f"{n} already finished in {ctx.run_dir}; skipped (use --force to re-run)")
            results.append({"stage": n, "skipped": True})
            continue
        results.append(run_stage(n, ctx))
    return results
