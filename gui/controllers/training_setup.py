"""The Train panel's choices turned into a run (a training.protocol.TrainRequest), with every refusal worded for the
user: the config file, the data folder, the extra settings, the device preset. No widgets, no torch."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError
from engine.paths import assets_dir
from training.protocol import (
    DATA_PARALLEL_STAGES,
    OverrideError,
    TrainRequest,
    new_run_dir,
    resolve_config_paths,
    resolve_data_root,
    split_overrides,
)

from ..train_runner import TRAINING_DEPS

# (file, label); the first one that fits the machine is chosen when the panel opens
PRESETS = (
    ("default.toml", "Full research settings (a GPU is recommended; hours)"),
    ("cpu.toml", "Smaller settings for a CPU (runs on a laptop)"),
    ("tiny.toml", "Tiny: a quick check that everything works (seconds)"),
)
GPU_PRESET, CPU_PRESET = "default.toml", "cpu.toml"
SAVED_CONFIG = "saved"  # the resumed run's own config.toml
OTHER_CONFIG = "other"
DATA_SUBFOLDERS = ("gyafc", "jaen", "pt16", "gec", "unlabeled")
MAX_CONFIG_BYTES = 1 << 20
MAX_MINUTES = 7 * 24 * 60
ALL_GPUS = "all"  # the device choice: every GPU of this machine, one torchrun process each (data-parallel)


class TrainInputError(ValueError):
    """A choice in the panel that cannot start a run; the message says which field and why."""


def missing_training_modules(find=importlib.util.find_spec, names=TRAINING_DEPS[:2]) -> list[str]:
    """Training modules this interpreter cannot find (found, not imported: the GUI never imports torch)."""
    missing = []
    for name in names:
        try:
            if find(name) is None:
                missing.append(name)
        except (ImportError, ValueError):
            missing.append(name)
    return missing


def cuda_gpu_present() -> bool:
    """Whether this machine has an NVIDIA GPU with its driver, judged without importing torch: the driver's
    /proc entry or device node (Linux), else nvidia-smi on PATH (Windows)."""
    if os.path.exists("/proc/driver/nvidia/version") or os.path.exists("/dev/nvidia0"):
        return True
    return shutil.which("nvidia-smi") is not None


def cuda_gpu_count(proc_dir: Path = Path("/proc/driver/nvidia/gpus"), smi: str | None = "nvidia-smi") -> int:
    """How many NVIDIA GPUs training would see, judged without importing torch: the driver's /proc entries (one
    folder a GPU, Linux), else the lines of `nvidia-smi -L`; capped by CUDA_VISIBLE_DEVICES when it is set."""
    count = 0
    try:
        count = sum(1 for entry in proc_dir.iterdir() if entry.is_dir())
    except OSError:
        pass
    if not count and smi and shutil.which(smi):
        try:
            out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=10, check=False).stdout
            count = sum(1 for line in out.splitlines() if line.startswith("GPU "))
        except (OSError, subprocess.SubprocessError):
            count = 0
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        count = min(count, len([d for d in visible.split(",") if d.strip() and not d.strip().startswith("-")]))
    return count


def preset_configs() -> list[tuple[str, Path]]:
    base = assets_dir() / "configs"
    return [(label, base / name) for name, label in PRESETS if (base / name).is_file()]


def default_preset(presets: list[tuple[str, Path]], gpu: bool) -> int:
    """The index of the preset to start with: the full settings with a GPU, the CPU ones without."""
    want = GPU_PRESET if gpu else CPU_PRESET
    return next((i for i, (_, path) in enumerate(presets) if path.name == want), 0)


def read_config(path: Path) -> dict:
    """The TOML file as a dict, its relative paths made absolute against its folder (as training reads it);
    TrainInputError naming the file when it is missing, too big or not TOML."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            raise TrainInputError(f"The config file {path} is {size / 1e6:.1f} MB; a training config is a small "
                                  "TOML file. Choose another file.")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TrainInputError(f"The config file {path} does not exist.") from None
    except IsADirectoryError:
        raise TrainInputError(f"{path} is a folder, not a TOML config file.") from None
    except OSError as exc:
        raise TrainInputError(f"Cannot read the config file {path}: {exc}") from None
    try:
        return resolve_config_paths(tomllib.loads(raw.decode("utf-8")), path.parent)
    except UnicodeDecodeError:
        raise TrainInputError(f"The config file {path} is not text (not UTF-8); choose a TOML file.") from None
    except tomllib.TOMLDecodeError as exc:
        raise TrainInputError(f"The config file {path} is not valid TOML: {exc}") from None


def config_value(config: dict, section: str, key: str, default: str = "") -> str:
    sec = config.get(section)
    value = sec.get(key, default) if isinstance(sec, dict) else default
    return str(value) if value is not None else default


def parse_overrides(text: str) -> list[str]:
    """The extra settings box: `section.key=value` items (training.protocol's rules), TrainInputError when bad."""
    try:
        return split_overrides(text)
    except OverrideError as exc:
        raise TrainInputError(str(exc)) from None


def data_root_choice(field_text: str, config: dict) -> tuple[Path | None, str]:
    """The data folder the run will read and where that choice came from (training.protocol's order)."""
    if field_text.strip():
        return Path(field_text.strip()).expanduser(), "chosen here"
    configured = config_value(config, "data", "root")
    root, source = resolve_data_root(configured)
    if configured.strip():
        return root, "data.root in the config"
    return root, "KEIGO_DATA" if source == "KEIGO_DATA" else "KEIGO_DATA or the shared data folder"


def check_data_root(root: Path | None, source: str) -> None:
    try:
        _check_data_root(root, source)
    except OSError as exc:  # a name too long for the file system, a folder without permission
        raise TrainInputError(f"Cannot use the training data folder {str(root)[:200]} ({source}): "
                              f"{exc.strerror or exc}") from None


def _check_data_root(root: Path | None, source: str) -> None:
    if root is None:
        raise TrainInputError("No training data folder is set: choose the folder with the corpora (Data folder), "
                              "or set KEIGO_DATA.")
    if not root.exists():
        raise TrainInputError(f"The training data folder {root} ({source}) does not exist.")
    if not root.is_dir():
        raise TrainInputError(f"The training data folder {root} ({source}) is a file, not a folder.")
    if not any((root / sub).exists() for sub in DATA_SUBFOLDERS):
        raise TrainInputError(f"{root} ({source}) does not look like a training data folder: it has none of "
                              f"{', '.join(s + '/' for s in DATA_SUBFOLDERS)} (see the data README).")


@dataclass(frozen=True)
class RunChoices:
    """What the panel's fields say (text as typed; checked by build_request)."""

    stage: str = "all"
    data_text: str = ""
    device: str | None = None  # None: as in the config; ALL_GPUS: data-parallel on `gpus` GPUs
    overrides_text: str = ""
    force: bool = False
    max_minutes: float = 0.0
    gpus: int = 0  # GPUs on this machine (cuda_gpu_count), for ALL_GPUS


def build_request(choices: RunChoices, config_path: Path | None, config: dict, config_error: str | None,
                  resume_dir: Path | None, runs_root: Path) -> TrainRequest:
    """The run the choices describe; TrainInputError says what to fix."""
    if config_error:
        raise TrainInputError(config_error)
    if config_path is None:
        raise TrainInputError("Choose a TOML config file.")
    overrides = parse_overrides(choices.overrides_text)
    data_text = choices.data_text.strip()
    if "\x00" in data_text:
        raise TrainInputError("The data folder path contains a NUL character.")
    try:
        root, source = data_root_choice(data_text, config)
    except OSError as exc:
        raise TrainInputError(f"Cannot use the training data folder: {exc.strerror or exc}") from None
    if not any(o.startswith("data.root=") for o in overrides):
        check_data_root(root, source)
    if data_text:
        overrides.insert(0, f"data.root={root}")
    processes = 1
    if choices.device == ALL_GPUS:
        if choices.gpus < 2:
            raise TrainInputError("All GPUs needs more than one GPU; this machine shows "
                                  f"{max(choices.gpus, 0)}. Choose GPU (CUDA) instead.")
        if choices.stage not in DATA_PARALLEL_STAGES:
            raise TrainInputError(f"All GPUs trains the {' or the '.join(DATA_PARALLEL_STAGES)} stage; run the "
                                  "other stages on one GPU first, then choose one of those two.")
        overrides.insert(0, "run.device=cuda")
        processes = choices.gpus
    elif choices.device:
        overrides.insert(0, f"run.device={choices.device}")
    if not 0 <= choices.max_minutes <= MAX_MINUTES:
        raise TrainInputError(f"The time limit must be from 0 (none) to {MAX_MINUTES} minutes.")
    run_dir = resume_dir or new_run_dir(choices.stage, runs_root)
    try:
        return TrainRequest(stage=choices.stage, run_dir=run_dir, config=config_path, overrides=tuple(overrides),
                            force=choices.force, max_minutes=float(choices.max_minutes), processes=processes)
    except InputError as exc:
        raise TrainInputError(str(exc)) from None
