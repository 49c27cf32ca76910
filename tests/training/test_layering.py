"""The training layers contract names every part of training, so a new module cannot slip past it; and loading
a config imports no stage and no torch (the sections are torch free)."""
from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import training

REPO = Path(__file__).resolve().parents[2]


def _layers_contract() -> dict:
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layered = [c for c in contracts if c["type"] == "layers" and "training.stages" in c["layers"]]
    assert len(layered) == 1
    return layered[0]


def test_every_part_of_training_is_in_a_layer():
    named = {m.strip() for layer in _layers_contract()["layers"] for m in layer.replace("|", ":").split(":")}

    def covered(module: str) -> bool:
        parts = module.split(".")
        return any(".".join(parts[:k]) in named for k in range(2, len(parts) + 1))

    # training.models is listed module by module (its model_sizes sibling sits lower than the networks)
    parts = [f"training.{m.name}" for m in pkgutil.iter_modules(training.__path__) if m.name != "models"]
    parts += [f"training.models.{m.name}" for m in pkgutil.iter_modules([str(REPO / "training" / "models")])]
    missing = [m for m in parts if not covered(m)]
    assert not missing, f"add these to the training layers contract in pyproject.toml: {missing}"


def test_every_stage_is_in_the_independence_contract():
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    independent = next(c for c in contracts if c["type"] == "independence" and "training.stages.rewriter" in c["modules"])
    stages = {f"training.stages.{m.name}" for m in pkgutil.iter_modules([str(REPO / "training" / "stages")])}
    assert stages - {"training.stages.base"} == set(independent["modules"])


def test_loading_a_config_imports_no_stage_and_no_torch():
    code = ("import sys; from training.config import load_config; "
            "c = load_config('assets/configs/default.toml', ['rewriter.lr_pretrain=1e-3']); "
            "[c.section(n) for n in ('rewriter', 'bt', 'pos', 'consistency', 'classifier', 'adnet')]; "
            "bad = [m for m in sys.modules if m == 'torch' or m.startswith('training.stages')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
