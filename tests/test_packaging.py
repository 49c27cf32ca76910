"""The installable distribution: every package is listed, and a built wheel carries the bundled assets."""
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _listed():
    return set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def test_every_package_directory_is_listed():
    found = {
        ".".join(p.parent.relative_to(REPO).parts)
        for top in ("keigo", "engine", "gui", "training")
        for p in (REPO / top).rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert found - _listed() == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"


@pytest.mark.slow
def test_wheel_carries_code_models_lexicons_and_configs(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(REPO)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    (wheel,) = tmp_path.glob("keigo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for pkg in _listed():
        assert pkg.replace(".", "/") + "/__init__.py" in names, pkg
    must = ["keigo_assets/configs/default.toml", "keigo_assets/lexicons/contractions.tsv",
            "keigo_assets/lexicons/english_words.txt.gz"]
    for role_dir in (REPO / "assets" / "models").iterdir():
        if (role_dir / "manifest.json").is_file():
            must += [f"keigo_assets/models/{role_dir.name}/{f.name}" for f in role_dir.iterdir() if f.is_file()]
    missing = [m for m in must if m not in names]
    assert not missing, missing
