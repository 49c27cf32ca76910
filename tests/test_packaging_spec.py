"""The PyInstaller bundle's contents (packaging/bundle_contents.py, read by packaging/keigo.spec), checked
without building anything: every assets folder and every bundled model file is collected, the training stack
is excluded, and nothing the app imports is excluded."""
import ast
import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"


def _contents():
    spec = importlib.util.spec_from_file_location("bundle_contents", PACKAGING / "bundle_contents.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _collected(datas):
    """{bundle-relative path of each collected file}."""
    return {str(Path(dest) / Path(src).name) for src, dest in datas}


def test_every_assets_folder_is_bundled():
    folders = {p.name for p in (REPO / "assets").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - set(_contents().ASSET_DIRS) == set(), "add the new assets folder to ASSET_DIRS (or say why not)"


def test_every_bundled_model_file_and_lexicon_and_config_is_collected():
    got = _collected(_contents().asset_datas(REPO))
    model_dirs = [d for d in (REPO / "assets" / "models").iterdir() if (d / "manifest.json").is_file()]
    assert model_dirs, "no bundled models in assets/models"
    for d in model_dirs:
        files = ["manifest.json", *json.loads((d / "manifest.json").read_text(encoding="utf-8"))["files"]]
        for name in files:
            assert f"assets/models/{d.name}/{name}" in got, f"{d.name}/{name} is not bundled"
    for folder in ("lexicons", "configs"):
        for p in (REPO / "assets" / folder).rglob("*"):
            if p.is_file() and "__pycache__" not in p.parts:
                assert str(p.relative_to(REPO)) in got, p
    assert not [p for p in got if p.endswith((".pyc", ".py"))], "Python files collected as data"


def test_asset_datas_refuses_a_checkout_without_models(tmp_path):
    shutil.copytree(REPO / "assets" / "lexicons", tmp_path / "assets" / "lexicons")
    with pytest.raises(FileNotFoundError, match="models"):
        _contents().asset_datas(tmp_path)


def test_training_stack_is_excluded_and_nothing_the_app_imports_is():
    c = _contents()
    assert {"torch", "transformers", "optimum"} <= set(c.EXCLUDES)
    # of training only the run contract ships; every other module of it is excluded
    excluded_training = c.training_excludes(REPO)
    assert "training.protocol" not in excluded_training and "training.stages" in excluded_training
    on_disk = {p.stem for p in (REPO / "training").glob("*.py")} | {p.parent.name for p in
                                                                   (REPO / "training").glob("*/__init__.py")}
    assert {f"training.{n}" for n in on_disk} - {"training.__init__"} == set(excluded_training) | {"training.protocol"}
    excludes = set(c.EXCLUDES) | set(excluded_training)
    imported = set()
    for top in ("engine", "gui", "keigo"):
        for path in (REPO / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    imported |= {a.name for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    imported.add(node.module)
    # engine.paths imports keigo_assets only when assets/ is not beside it (an installed wheel); the bundle
    # puts assets/ there, so that import never runs in the bundle.
    imported.discard("keigo_assets")
    clash = sorted(m for m in imported for x in excludes if m == x or m.startswith(x + "."))
    assert clash == [], f"the app imports modules keigo.spec excludes: {clash}"


def test_hidden_imports_and_entry_point_exist():
    for mod in _contents().HIDDEN_IMPORTS:
        assert (REPO / (mod.replace(".", "/") + ".py")).is_file(), mod
    assert "from keigo.cli import main" in (PACKAGING / "entry.py").read_text(encoding="utf-8")
    spec_src = (PACKAGING / "keigo.spec").read_text(encoding="utf-8")
    compile(spec_src, "keigo.spec", "exec")
    assert "asset_datas(repo)" in spec_src and "EXCLUDES" in spec_src


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("script", ["build.sh", "smoke_test.sh", "build_deb.sh", "build_macos.sh"])
def test_shell_scripts_parse(script):
    proc = subprocess.run(["bash", "-n", str(PACKAGING / script)], capture_output=True, text=True, timeout=30,
                          check=False)
    assert proc.returncode == 0, proc.stderr
