"""The training run contract: what `python -m training`, `keigo train` and the Train panel agree on.

Standard library only (plus the import-free ``engine.errors``): the GUI and the ``keigo`` command import this
module without paying for torch, and an import-linter contract keeps it so. It holds

* the run directory layout: ``<run>/config.toml`` (the resolved settings, what a resume reuses),
  ``<run>/progress.jsonl`` (every event), ``<run>/STOP`` (a stop request, removed once seen),
  ``<run>/<stage>/DONE.json`` (written last: the stage finished), ``<run>/<stage>/<dir>/manifest.json``
  (a model the stage exported), ``<run>/<stage>/*.md|*.png`` (reports and plots);
* the JSON-lines event schema on stdout (``EVENTS``) and the exit codes;
* dotted overrides ``section.key=value``, relative paths in a config file, the data root;
* new run folder names and the launch command (interpreter, PYTHONPATH, arguments).
"""
from __future__ import annotations

import json
import math
import os
import re
import shlex
import shutil
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.errors import (
    EXIT_CRASH,
    EXIT_INPUT,
    EXIT_MODEL,
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_USAGE,
    InputError,
)

__all__ = [
    "EVENTS",
    "EXIT_CRASH",
    "EXIT_INPUT",
    "EXIT_MODEL",
    "EXIT_OK",
    "EXIT_STOPPED",
    "EXIT_USAGE",
    "OverrideError",
    "TrainRequest",
    "launch_env",
    "new_run_dir",
    "parse_overrides",
    "resolve_config_paths",
    "resolve_data_root",
    "shared_data_dir",
    "split_overrides",
    "training_python",
]

# ------------------------------------------------------------------------------------------ run directory

CONFIG_TOML = "config.toml"  # the resolved config of the run; `--run-dir DIR` alone resumes with it
CONFIG_JSON = "config.json"
PROGRESS_LOG = "progress.jsonl"  # a copy of every event the run printed
STDERR_LOG = "train-stderr.log"  # what the Train panel keeps of the child's stderr
STOP_FILE = "STOP"
DONE_FILE = "DONE.json"
# A seq2seq stage's phase folders (<run>/<stage>/<phase>/curve.jsonl) in training order: pre-training, then
# fine-tuning; "train" is a single-phase run.
PHASE_ORDER = {"pretrain": 0, "train": 1, "finetune": 2}
MANIFEST_FILE = "manifest.json"
MODEL_ROLES = ("scorer", "scorer-accurate", "rewriter")
MAX_ARTIFACTS = 200


def stage_dir(run_dir: str | os.PathLike, stage: str) -> Path:
    """Where a stage keeps its outputs (not created here)."""
    return Path(run_dir) / stage


def done_path(run_dir: str | os.PathLike, stage: str) -> Path:
    return stage_dir(run_dir, stage) / DONE_FILE


def read_done(run_dir: str | os.PathLike, stage: str) -> dict | None:
    """The stage's DONE.json record when the stage finished: the file names the stage (a torn or foreign file
    does not count)."""
    try:
        data = json.loads(done_path(run_dir, stage).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("stage") == stage else None


def is_done(run_dir: str | os.PathLike, stage: str) -> bool:
    return read_done(run_dir, stage) is not None


def finished_stages(run_dir: str | os.PathLike) -> list[str]:
    """The stages of a run folder that finished, by name."""
    try:
        names = sorted(p.parent.name for p in Path(run_dir).glob(f"*/{DONE_FILE}"))
    except OSError:
        return []
    return [n for n in names if is_done(run_dir, n)]


def is_run_dir(path: str | os.PathLike) -> bool:
    """A folder a training run created (it saved its resolved config there)."""
    try:
        return (Path(path) / CONFIG_TOML).is_file()
    except OSError:
        return False


def stop_path(run_dir: str | os.PathLike) -> Path:
    return Path(run_dir) / STOP_FILE


def request_stop(run_dir: str | os.PathLike, note: str = "stop requested") -> Path:
    """Ask a running stage to save what it has and stop (it polls for the file); OSError when it cannot be
    written."""
    path = stop_path(run_dir)
    path.write_text(note.rstrip("\n") + "\n", encoding="utf-8")
    return path


def clear_stop(run_dir: str | os.PathLike) -> None:
    """Remove a stale stop request (a resumed run must not stop at once)."""
    stop_path(run_dir).unlink(missing_ok=True)


@dataclass(frozen=True)
class ExportedModel:
    """A model folder that a finished stage exported: ``<run>/<stage>/<dir>/manifest.json``."""

    role: str
    version: str
    kind: str
    path: Path
    stage: str
    created: str = ""
    metrics: Mapping | None = None

    def label(self) -> str:
        return f"{self.role}: {self.version} ({self.kind}, from stage {self.stage})"


def find_exported_models(run_dir: str | os.PathLike) -> list[ExportedModel]:
    """The models of a run's finished stages (a stopped stage's folder is not a finished model)."""
    run_dir = Path(run_dir)
    out = []
    for manifest in sorted(run_dir.glob(f"*/*/{MANIFEST_FILE}")):
        stage = manifest.parent.parent.name
        if not is_done(run_dir, stage):
            continue
        try:
            m = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(m, dict) or m.get("role") not in MODEL_ROLES or not isinstance(m.get("version"), str):
            continue
        metrics = m.get("metrics") if isinstance(m.get("metrics"), dict) else {}
        out.append(ExportedModel(m["role"], m["version"], str(m.get("kind", "?")), manifest.parent, stage,
                                 str(m.get("created", "")), metrics))
    return out


def newest_per_role(models: Iterable[ExportedModel]) -> list[ExportedModel]:
    best: dict[str, ExportedModel] = {}
    for m in models:
        if m.role not in best or (m.created, m.version) > (best[m.role].created, best[m.role].version):
            best[m.role] = m
    return list(best.values())


def find_artifacts(run_dir: str | os.PathLike, limit: int = MAX_ARTIFACTS) -> list[Path]:
    """Reports (.md) and plots (.png) of a run, stage by stage (<run>/<stage>/ and one folder below)."""
    run_dir = Path(run_dir)
    found: list[Path] = []
    for pattern in ("*/*.md", "*/*/*.md", "*/*.png", "*/*/*.png"):
        found += [p for p in run_dir.glob(pattern) if p.is_file()]
    found.sort(key=lambda p: (p.relative_to(run_dir).parts[0], p.suffix != ".md", str(p)))
    return found[:limit]


def new_run_dir(stage: str, base: str | os.PathLike) -> Path:
    """A fresh run folder name under ``base``: ``<YYYYmmdd-HHMMSS>-<stage>``, ``-2``, ``-3``... when taken."""
    base = Path(base)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = base / f"{stamp}-{stage}"
    n = 2
    while path.exists():
        path = base / f"{stamp}-{stage}-{n}"
        n += 1
    return path


# ------------------------------------------------------------------------------------------ events

# stdout of `python -m training` carries only these JSON objects, one per line; every record has "event" and
# "time" (unix seconds), and "stage" once a stage runs. The fields each event may carry:
EVENTS: dict[str, tuple[str, ...]] = {
    "start": ("stage", "device", "run_dir", "seed"),
    "progress": ("stage", "step", "total", "eta_s", "loss", "phase"),  # plus stage-specific numbers (epoch...)
    "metric": ("stage", "name", "value", "variant"),
    "log": ("stage", "message", "device", "run_dir"),
    "done": ("stage", "elapsed_s"),
    "stopped": ("stage", "message"),
    "error": ("stage", "message", "kind"),  # kind: input | model | keigo | crash
}
# `python -m training list` prints these instead:
LIST_EVENTS: dict[str, tuple[str, ...]] = {
    "stage": ("stage", "entry", "description", "requires", "import_error"),
    "command": ("command", "entry"),
}
ERROR_KINDS = ("input", "model", "keigo", "crash")


def _jsonable(value):
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # JSON has no NaN; "nan" reads back as a string, never as a number
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return value


def event_record(event: str, **fields) -> dict:
    """One event as the dict printed on stdout (``time`` added); unknown event names are refused."""
    if event not in EVENTS and event not in LIST_EVENTS:
        raise ValueError(f"unknown training event {event!r}; known: {', '.join([*EVENTS, *LIST_EVENTS])}")
    record = {"event": event}
    record.update({k: _jsonable(v) for k, v in fields.items()})
    record.setdefault("time", round(time.time(), 3))
    return record


def encode_event(record: Mapping) -> str:
    """The record as one line (no newline inside: JSON escapes it)."""
    return json.dumps(record, ensure_ascii=False, default=str)


def decode_line(text: str) -> dict | None:
    """A stdout line as an event record, or None when it is not one (plain text, other JSON)."""
    text = text.strip()
    if not text.startswith("{"):
        return None
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) and isinstance(obj.get("event"), str) else None


# ------------------------------------------------------------------------------------------ overrides

MAX_OVERRIDES_CHARS = 20_000
_KEY_PART = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)


class OverrideError(InputError):
    """A dotted override that is not ``section.key=value``; the message names it."""


def parse_override(item: str) -> tuple[str, str, str]:
    """``"classifier.lr=3e-5"`` -> ``("classifier", "lr", "3e-5")`` (the value stripped, typed later by the
    config section's field)."""
    key, eq, value = str(item).partition("=")
    parts = key.strip().split(".")
    if not eq:
        raise OverrideError(f"override {item[:80]!r} is not section.key=value (for example classifier.epochs=3)")
    if len(parts) != 2 or not all(_KEY_PART.fullmatch(p) for p in parts):
        raise OverrideError(f"override {item[:80]!r}: the key must be section.key (for example "
                            "classifier.lr=3e-5), as in section.key=value")
    return parts[0], parts[1], value.strip()


def parse_overrides(items: Iterable[str]) -> dict[str, dict[str, str]]:
    """Overrides by section: ``{"classifier": {"lr": "3e-5"}}``; a later item wins."""
    out: dict[str, dict[str, str]] = {}
    for item in items:
        sec, key, value = parse_override(item)
        out.setdefault(sec, {})[key] = value
    return out


def split_overrides(text: str) -> list[str]:
    """Overrides typed as text (the Train panel's box): one per line or several separated by spaces, values
    with spaces quoted, ``#`` comment lines skipped. Each item is checked with ``parse_override``."""
    if len(text) > MAX_OVERRIDES_CHARS:
        raise OverrideError(f"The overrides are {len(text)} characters long; at most {MAX_OVERRIDES_CHARS} fit.")
    bad = next((c for c in text if (ord(c) < 32 and c not in "\t\n\r") or c == "\x7f"), None)
    if bad is not None:
        raise OverrideError(f"The overrides contain a control character (U+{ord(bad):04X}); type them as plain "
                            "text.")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            items = shlex.split(line, posix=True)
        except ValueError as exc:
            raise OverrideError(f"Override line {n} ({line.strip()[:60]}): {exc}") from None
        for item in items:
            parse_override(item)
            out.append(item)
    return out


# ------------------------------------------------------------------------------------------ paths in configs

# Config keys that name files or folders. A relative value written in a config file is relative to that
# file's folder (not to whatever the working directory is); on the command line it stays relative to the
# working directory. MODEL_KEYS may also hold a Hugging Face hub name, so only "./x" or "../x" is a path there.
PATH_KEYS = frozenset({"run.run_dir", "data.root", "fdis.scorer", "rewriter.scorer", "consistency.scorer",
                       "consistency.init", "consistency.lm", "classifier.teacher", "classifier.init_from"})
MODEL_KEYS = frozenset({"classifier.encoder", "rewriter.base_model"})


def _is_path_value(dotted: str, value: str) -> bool:
    if dotted in PATH_KEYS:
        return True
    return dotted in MODEL_KEYS and value.replace("\\", "/").startswith(("./", "../"))


def resolve_config_paths(raw: Mapping, config_dir: str | os.PathLike) -> dict:
    """A config file's tables with its relative paths (PATH_KEYS, MODEL_KEYS) made absolute against
    ``config_dir``; ``~`` is expanded; empty values ("use the default") stay empty."""
    base = Path(config_dir).expanduser().resolve()
    out: dict = {}
    for sec, table in raw.items():
        if not isinstance(table, Mapping):
            out[sec] = table
            continue
        new = dict(table)
        for key, value in table.items():
            if isinstance(value, str) and value.strip() and _is_path_value(f"{sec}.{key}", value.strip()):
                p = Path(value.strip()).expanduser()
                new[key] = str(p if p.is_absolute() else Path(os.path.normpath(base / p)))
        out[sec] = new
    return out


# ------------------------------------------------------------------------------------------ data root

DATA_ENV = "KEIGO_DATA"
CHECKOUT = Path(__file__).resolve().parent.parent  # the folder holding engine/, gui/, training/


def shared_data_dir() -> Path | None:
    """The research corpora: KEIGO_DATA, else ``../shared/data`` beside the checkout when it exists."""
    env = os.environ.get(DATA_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    cand = CHECKOUT.parent / "shared" / "data"
    return cand if cand.is_dir() else None


def resolve_data_root(configured: str | os.PathLike | None = None) -> tuple[Path | None, str]:
    """The data folder a run reads and where that choice came from: ``data.root`` (already absolute when it
    came from a config file), else KEIGO_DATA, else the shared data folder. None when nothing is set."""
    text = str(configured).strip() if configured is not None else ""
    if text:
        return Path(text).expanduser(), "data.root"
    env = os.environ.get(DATA_ENV, "").strip()
    if env:
        return Path(env).expanduser(), DATA_ENV
    return shared_data_dir(), "the shared data folder"


# ------------------------------------------------------------------------------------------ launching a run

TRAIN_PYTHON_ENV = "KEIGO_TRAIN_PYTHON"
# the stages that train data-parallel under torchrun / accelerate launch (training/distributed.py); the others run
# in one process
DATA_PARALLEL_STAGES = ("classifier", "rewriter")
MAX_PROCESSES = 1024


@dataclass(frozen=True)
class TrainRequest:
    """One `python -m training` run."""

    stage: str  # a stage name or "all"
    run_dir: Path | None = None  # None: the config's run.run_dir or a new folder under the runs folder
    config: Path | None = None  # None: the run folder's saved config.toml (resume), else the defaults
    overrides: tuple[str, ...] = ()
    force: bool = False  # re-run finished stages
    max_minutes: float = 0.0  # > 0: stop cleanly (resumable) after this many minutes
    processes: int = 1  # > 1: data-parallel on this machine, one process per GPU, started by torchrun

    def __post_init__(self):
        if not isinstance(self.max_minutes, (int, float)) or not math.isfinite(self.max_minutes) \
                or self.max_minutes < 0:
            raise InputError(f"the time limit must be 0 (none) or a number of minutes, got {self.max_minutes!r}")
        if isinstance(self.processes, bool) or not isinstance(self.processes, int) \
                or not 1 <= self.processes <= MAX_PROCESSES:
            raise InputError(f"the number of training processes must be 1 to {MAX_PROCESSES}, got {self.processes!r}")
        if self.processes > 1 and self.stage not in DATA_PARALLEL_STAGES:
            raise InputError(f"only the {' and '.join(DATA_PARALLEL_STAGES)} stages train on several GPUs; "
                             f"{self.stage!r} runs in one process")

    def arguments(self) -> list[str]:
        """The interpreter's arguments: ``-m training STAGE [--run-dir D] [--config F] [--force]
        [--max-minutes N] [overrides...]``, after ``-m torch.distributed.run --standalone --nproc-per-node N``
        (torchrun with the same interpreter, on this machine) when processes > 1."""
        args = ["-m", "training", self.stage]
        if self.processes > 1:
            args = ["-m", "torch.distributed.run", "--standalone", "--nproc-per-node", str(self.processes), *args]
        if self.run_dir is not None:
            args += ["--run-dir", str(self.run_dir)]
        if self.config is not None:
            args += ["--config", str(self.config)]
        if self.force:
            args.append("--force")
        if self.max_minutes:
            args += ["--max-minutes", f"{self.max_minutes:g}"]
        return args + list(self.overrides)


def training_python() -> str:
    """The interpreter that runs `-m training`: KEIGO_TRAIN_PYTHON when set; the running interpreter from a pip
    install; in the frozen desktop bundle (no Python inside) a `python3`/`python` on PATH, which needs
    `pip install 'keigo[train]'` of its own."""
    env = os.environ.get(TRAIN_PYTHON_ENV, "").strip()
    if env:
        return env
    if not getattr(sys, "frozen", False):
        return sys.executable
    return shutil.which("python3") or shutil.which("python") or "python3"


def launch_command(arguments: Sequence[str], python: str | None = None) -> list[str]:
    """``[python, -m, training, ...]``: a list for exec, never a shell line."""
    return [python or training_python(), *arguments]


def launch_env(base: Mapping[str, str] | None = None, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The child's environment: ``base`` (default os.environ) with the checkout first on PYTHONPATH (the
    training package sits beside engine/ and keigo/, importable from any working directory), unbuffered UTF-8
    output (events arrive as they happen), then ``extra``."""
    env = dict(os.environ if base is None else base)
    path = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = str(CHECKOUT) + (os.pathsep + path if path else "")
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra or {})
    return env
