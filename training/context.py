"""The run context every stage receives: run directory, resolved config, device, progress events, stop request."""
from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from engine.errors import InputError
from training import distributed
from training.config import Config
from training.protocol import DATA_ENV, PROGRESS_LOG, encode_event, resolve_data_root, stop_path


class StopToken:
    """Cooperative stop: set by SIGINT/SIGTERM, by a file ``run_dir/STOP`` (removed once seen: one file,
    one stop) or by a time budget (``set_budget``: this invocation's minutes); stages poll ``requested``.
    A budget stop is a stop like any other: partial outputs saved, the stage not marked done, and the same
    command resumes it.

    Data-parallel (``agree``: a collective, ``training.distributed.any_rank``): each process sees its own signal,
    file or clock, so ``requested`` answers what the processes last agreed on, and the training loops call
    ``sync()`` once a step, on every process at the same point: a request any process has stops them all at that
    step, and every check after it answers the same everywhere (no process leaves a collective the others wait
    in)."""

    def __init__(self, run_dir: Path | None = None, agree=None):
        self.run_dir = Path(run_dir) if run_dir is not None else None
        self._agree = agree
        self._agreed = False
        self._deadline: float | None = None
        self._budget_minutes = 0.0
        self._event = threading.Event()
        self._previous: dict[int, Any] = {}
        self._last_file_check = 0.0
        self.reason: str | None = None

    def request(self, reason: str = "requested") -> None:
        if not self._event.is_set():
            self.reason = reason
        self._event.set()

    def set_budget(self, minutes: float) -> None:
        """Stop once `minutes` of wall time have passed from now (0 = no budget)."""
        if minutes < 0 or math.isnan(minutes):
            raise InputError(f"--max-minutes must be 0 or more, got {minutes}")
        self._budget_minutes = minutes
        self._deadline = time.monotonic() + minutes * 60 if minutes > 0 else None

    @property
    def requested(self) -> bool:
        if self._agree is not None:
            return self._agreed
        return self._local()

    def sync(self) -> bool:
        """``requested``, agreed between the processes of a data-parallel run (one collective; every process
        must call it at the same point). In one process: ``requested`` itself."""
        if self._agree is None:
            return self.requested
        local = self._local()
        if self._agree(local):
            if not local:
                self.request("stop requested on another process")
            self._agreed = True
        return self._agreed

    def _local(self) -> bool:
        if self._event.is_set():
            return True
        if self._deadline is not None and time.monotonic() >= self._deadline:
            self.request(f"time budget of {self._budget_minutes:g} min")
            return True
        if self.run_dir is not None:
            # a stat per call would be cheap too, but stages poll this every step
            now = time.monotonic()
            if now - self._last_file_check >= 0.2:
                self._last_file_check = now
                stop_file = stop_path(self.run_dir)
                if stop_file.exists():
                    self.request("STOP file")
                    # the request is consumed: a later run on this folder must not stop at once
                    stop_file.unlink(missing_ok=True)
        return self._event.is_set()

    def _handler(self, signum, frame):
        name = signal.Signals(signum).name
        if self._event.is_set() and signum == signal.SIGINT:
            # a second Ctrl-C means "now": fall back to the default behaviour
            raise KeyboardInterrupt
        self.request(name)

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._previous[sig] = signal.signal(sig, self._handler)

    def uninstall(self) -> None:
        for sig, prev in self._previous.items():
            signal.signal(sig, prev)
        self._previous.clear()


def select_device(pref: str = "auto"):
    if distributed.current().distributed:
        return distributed.start(pref)  # GPU LOCAL_RANK (NCCL) or the CPU (gloo), joining the process group
    import torch

    if pref == "cuda":
        if not torch.cuda.is_available():
            raise InputError("run.device=cuda but no CUDA device is available (torch.cuda.is_available() is False)")
        return torch.device("cuda")
    if pref == "cpu":
        return torch.device("cpu")
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


ALLOW_DOWNLOADS_ENV = "KEIGO_ALLOW_DOWNLOADS"


def downloads_allowed(config: Config | None = None) -> bool:
    """Whether training may reach the network (Hugging Face hub): only when the user asks, with
    ``run.allow_downloads = true`` or KEIGO_ALLOW_DOWNLOADS=1. Keigo is offline by default."""
    if os.environ.get(ALLOW_DOWNLOADS_ENV, "").strip().lower() in ("1", "true", "yes", "on"):
        return True
    return bool(config is not None and getattr(config.section("run"), "allow_downloads", False))


def apply_network_policy(allow: bool) -> None:
    """Put the Hugging Face libraries in offline mode unless downloads are allowed. The libraries read the
    variables when they are imported, so an already-imported huggingface_hub is switched too."""
    if allow:
        return
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    constants = sys.modules.get("huggingface_hub.constants")
    if constants is not None and hasattr(constants, "HF_HUB_OFFLINE"):
        constants.HF_HUB_OFFLINE = True


def _jsonable(value):
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "item") and callable(value.item):
        try:
            return value.item()
        except (ValueError, TypeError):
            pass
    return value


class RunContext:
    def __init__(
        self,
        run_dir: Path,
        config: Config,
        device=None,
        stop: StopToken | None = None,
        stdout: TextIO | None = None,
        show_bar: bool | None = None,
    ):
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.config = config
        # Before any stage imports transformers: a hub name must never silently reach the network.
        apply_network_policy(downloads_allowed(config))
        # torchrun / accelerate launch: this process's rank; only rank 0 writes files, events and bars
        self.world = distributed.current()
        self.is_main = self.world.is_main
        self.device = device if device is not None else select_device(config.section("run").device)
        self.stop = stop or StopToken(self.run_dir, agree=distributed.any_rank if self.world.distributed else None)
        self.stdout = stdout if stdout is not None else sys.stdout
        self.show_bar = sys.stderr.isatty() or os.environ.get("KEIGO_TQDM") == "1" if show_bar is None else show_bar
        self.show_bar = self.show_bar and self.is_main
        self.current_stage: str | None = None
        self._log_path = self.run_dir / PROGRESS_LOG
        self._lock = threading.Lock()
        self._bars: dict[str, Any] = {}
        self._last_emit: dict[str, float] = {}
        self._started: dict[str, float] = {}

    def stage_dir(self, name: str) -> Path:
        d = self.run_dir / name
        d.mkdir(parents=True, exist_ok=True)
        return d

    def emit(self, event: str, **fields) -> dict:
        record = {"event": event}
        if "stage" not in fields and self.current_stage is not None:
            record["stage"] = self.current_stage
        record.update({k: _jsonable(v) for k, v in fields.items()})
        record["time"] = round(time.time(), 3)
        line = encode_event(record)
        if not self.is_main:
            if event == "error":  # the other ranks' events are rank 0's; an error of their own is still said
                sys.stderr.write(f"rank {self.world.rank}: {line}\n")
            return record
        with self._lock:
            self.stdout.write(line + "\n")
            self.stdout.flush()
            with open(self._log_path, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        return record

    def log(self, message: str, **fields) -> dict:
        return self.emit("log", message=message, **fields)

    def metric(self, name: str, value, **fields) -> dict:
        return self.emit("metric", name=name, value=value, **fields)

    def progress(self, stage: str, step: int, total: int | None, **fields) -> None:
        """Throttled progress event (at most ~2 a second, always the first and last) plus a tqdm bar on stderr."""
        now = time.monotonic()
        key = f"{stage}:{fields.get('phase', '')}"
        if key not in self._started or step <= 1:
            self._started.setdefault(key, now)
        if self.show_bar:
            bar = self._bars.get(key)
            if bar is None:
                from tqdm import tqdm

                bar = tqdm(total=total, desc=f"{stage} {fields.get('phase', '')}".strip(), file=sys.stderr,
                           leave=False, dynamic_ncols=True)
                self._bars[key] = bar
            bar.n = step
            if "loss" in fields and fields["loss"] is not None:
                bar.set_postfix(loss=f"{float(fields['loss']):.4f}", refresh=False)
            bar.refresh()
        last = self._last_emit.get(key, 0.0)
        final = total is not None and step >= total
        if final or step <= 1 or now - last >= 0.5:
            self._last_emit[key] = now
            elapsed = now - self._started[key]
            eta = None
            if total and step > 0:
                eta = round(elapsed / step * max(total - step, 0), 1)
            self.emit("progress", stage=stage, step=step, total=total, eta_s=eta, **fields)
        if final and key in self._bars:
            self._bars.pop(key).close()

    def close_bars(self) -> None:
        for bar in self._bars.values():
            bar.close()
        self._bars.clear()

    def data_root(self) -> Path:
        """Where the corpora are: data.root, else KEIGO_DATA, else ../shared/data; InputError when absent.
        (A relative data.root from a config file was made absolute against the file's folder when it loaded.)"""
        root, source = resolve_data_root(self.config.section("data").root)
        if root is None or not root.is_dir():
            raise InputError(
                f"training data folder not found ({root or '../shared/data'}, from {source}); "
                f"set data.root=DIR or {DATA_ENV}"
            )
        return root

    def data_path(self, relative: str | Path) -> Path:
        """A path under the data root; absolute paths are used as they are."""
        p = Path(relative).expanduser()
        return p if p.is_absolute() else self.data_root() / p
