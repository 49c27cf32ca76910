"""What goes into the PyInstaller bundle: read by keigo.spec and by tests/test_packaging_spec.py.

Plain Python (no PyInstaller import), so the test can check the lists without building anything.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

# Folders of assets/ the app reads at run time (engine.paths.assets_dir() resolves to <bundle>/assets):
#   models    the bundled scorers, each with manifest.json (sha256 of every file, checked by `models verify`)
#   lexicons  the rule-based formalizer (the rewriter when no rewriter model is installed)
#   configs   the training presets the Train panel lists
#   icons     the window icon, when the folder exists
ASSET_DIRS = ("models", "lexicons", "configs", "icons")

# Modules the frozen app imports lazily (keigo.cli imports engine.cli and gui.app inside functions).
HIDDEN_IMPORTS = ("keigo.cli", "engine.cli", "gui.app", "training.protocol")

# Of training, only the run contract ships: the Train panel and `keigo train` import training.protocol (standard
# library only) to launch `python -m training` in a Python that has the train extra (keigo[train]), and say
# when none has it. Every other module of training is excluded (training_excludes).
BUNDLED_TRAINING = ("training", "training.protocol")

# Never in the bundle: the app does not train in-process.
EXCLUDES = (
    "torch", "transformers", "optimum", "sklearn", "nlpaug", "accelerate", "spacy", "nltk",
    "matplotlib", "sacrebleu", "onnx", "tkinter",
    "keigo_assets",  # the wheel's name for assets/; the bundle ships assets/ as data instead
    "yaml",  # only numpy.show_config() would import it
    # onnxruntime's developer tools: optimizers and quantization, never used for inference
    "onnxruntime.transformers", "onnxruntime.quantization", "onnxruntime.tools",
)


# Keigo.app's CFBundleIdentifier (macOS keeps the app's settings and permissions under it).
MACOS_BUNDLE_ID = "org.keigo.Keigo"


def app_version(repo: Path) -> str:
    """The version in pyproject.toml ([project] version): the .deb, the .app and the installers carry it."""
    with open(Path(repo) / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def icon_for(repo: Path, platform: str) -> Path | None:
    """The executable's icon: keigo.ico on Windows, keigo.icns on macOS (made from keigo.png by
    packaging/make_icons.py), None on Linux, where executables carry no icon (the desktop entry names one).
    Raises FileNotFoundError when the icon the platform needs is missing, so the build stops."""
    suffix = {"win32": ".ico", "darwin": ".icns"}.get(platform)
    if suffix is None:
        return None
    icon = Path(repo) / "assets" / "icons" / f"keigo{suffix}"
    if not icon.is_file():
        raise FileNotFoundError(f"{icon} is missing: run python3 packaging/make_icons.py")
    return icon


def windowed_for(platform: str) -> bool:
    """Whether the bundle gets the windowed executable `keigow` beside the console `keigo`: on Windows (a
    console program opens a console window) and macOS (Keigo.app's main executable), not on Linux."""
    return platform in ("win32", "darwin")


def training_excludes(repo: Path) -> list[str]:
    """Every module and package of training/ but BUNDLED_TRAINING, as PyInstaller excludes."""
    training = Path(repo) / "training"
    names = {f"training.{p.stem}" for p in training.glob("*.py") if p.stem != "__init__"}
    names |= {f"training.{p.parent.name}" for p in training.glob("*/__init__.py")}
    return sorted(names - set(BUNDLED_TRAINING))


def asset_datas(repo: Path) -> list[tuple[str, str]]:
    """(source file, destination folder in the bundle) for every file of the ASSET_DIRS that exist.

    Raises FileNotFoundError when a folder the app cannot run without (models, lexicons) is missing,
    so a broken checkout fails the build instead of producing a bundle that starts without models.
    """
    assets = Path(repo) / "assets"
    for required in ("models", "lexicons"):
        if not (assets / required).is_dir():
            raise FileNotFoundError(f"{assets / required} is missing; the bundle needs it")
    datas = []
    for name in ASSET_DIRS:
        for p in sorted((assets / name).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc":
                datas.append((str(p), str(Path("assets") / p.relative_to(assets).parent)))
    return datas
