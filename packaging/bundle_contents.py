"""What goes into the PyInstaller bundle: read by keigo.spec and by tests/test_packaging_spec.py.

Plain Python (no PyInstaller import), so the test can check the lists without building anything.
"""
from __future__ import annotations

from pathlib import Path

# Folders of assets/ the app reads at run time (engine.paths.assets_dir() resolves to <bundle>/assets):
#   models    the bundled scorers, each with manifest.json (sha256 of every file, checked by `models verify`)
#   lexicons  the rule-based formalizer (the rewriter when no rewriter model is installed)
#   configs   the training presets the Train panel lists
#   icons     the window icon, when the folder exists
ASSET_DIRS = ("models", "lexicons", "configs", "icons")

# Modules the frozen app imports lazily (keigo.cli imports engine.cli and gui.app inside functions).
HIDDEN_IMPORTS = ("keigo.cli", "engine.cli", "gui.app")

# Never in the bundle: the app does not train in-process. Training runs as `python -m training` in a Python
# that has the train extra (keigo[train]); in the bundle `keigo train` and the Train panel say it is missing.
EXCLUDES = (
    "torch", "transformers", "optimum", "training", "sklearn", "nlpaug", "accelerate", "spacy", "nltk",
    "matplotlib", "sacrebleu", "onnx", "tkinter",
    "keigo_assets",  # the wheel's name for assets/; the bundle ships assets/ as data instead
    "yaml",  # only numpy.show_config() would import it
    # onnxruntime's developer tools: optimizers and quantization, never used for inference
    "onnxruntime.transformers", "onnxruntime.quantization", "onnxruntime.tools",
)


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
