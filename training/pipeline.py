"""Run stages in order inside one run directory; finished stages (DONE.json present) are skipped: resume."""
from __future__ import annotations

import json
import os
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from training.context import RunContext
from training.stages import STAGES, load_stage


class StageStopped(Exception):
    """A stop was requested; the stage saved what it had and is not marked finished."""

    def __init__(self, stage: str, reason: str | None = None):
        super().__init__(f"stage {stage} stopped ({reason or 'requested'})")
        self.stage = stage
        self.reason = reason


def done_path(run_dir: Path, name: str) -> Path:
    return Path(run_dir) / name / "DONE.json"


def is_done(run_dir: Path, name: str) -> bool:
    p = done_path(run_dir, name)
    if not p.is_file():
        return False
    try:
        return json.loads(p.read_text(encoding="utf-8")).get("stage") == name
    except (OSError, ValueError):
        return False  # a torn or foreign DONE.json does not count as finished


def _readable(path) -> None:
    # mkstemp creates 0600 files; outputs (and model directories) must be readable like any other file
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)


def write_json_atomic(path: Path, obj) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, indent=2, ensure_ascii=False, default=str)
            fh.write("\n")
        _readable(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_text_atomic(path: Path, text: str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        _readable(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


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
    write_json_atomic(ctx.run_dir / "config.json", ctx.config.to_dict())
    write_text_atomic(ctx.run_dir / "config.toml", ctx.config.to_toml())


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
    for n in resolve_order(names, ctx.config):
        if n not in force and is_done(ctx.run_dir, n):
            ctx.emit("log", stage=n, message=f"{n} already finished in {ctx.run_dir}; skipped (use --force to re-run)")
            results.append({"stage": n, "skipped": True})
            continue
        results.append(run_stage(n, ctx))
    return results
