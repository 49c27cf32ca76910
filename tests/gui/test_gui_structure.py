"""The shape of the GUI package: no god classes (issue 14), and no developer tools shipped in it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

GUI = Path(__file__).resolve().parents[2] / "gui"
MAX_CLASS_LINES = 400


def class_sizes(root: Path) -> dict[str, int]:
    """Lines of every class in the package, by "path:Class" (nested classes counted in their own right too)."""
    sizes = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                sizes[f"{path.relative_to(root.parent)}:{node.name}"] = node.end_lineno - node.lineno + 1
    return sizes


def test_the_size_check_sees_classes(tmp_path):
    pkg = tmp_path / "gui"
    (pkg / "panels").mkdir(parents=True)
    (pkg / "panels" / "big.py").write_text("class Big:\n" + "    x = 1\n" * 450, encoding="utf-8")
    (pkg / "small.py").write_text("class Small:\n    pass\n", encoding="utf-8")
    assert class_sizes(pkg) == {"gui/panels/big.py:Big": 451, "gui/small.py:Small": 2}


def test_no_class_in_gui_is_over_400_lines():
    sizes = class_sizes(GUI)
    assert "gui/main_window.py:MainWindow" in sizes
    too_big = {name: n for name, n in sizes.items() if n > MAX_CLASS_LINES}
    assert not too_big, f"classes over {MAX_CLASS_LINES} lines (split them into a view and controllers): {too_big}"


def test_developer_tools_are_not_in_the_product():
    assert not (GUI / "screenshot.py").exists()  # tools/screenshot.py


def test_the_screenshot_tool_renders_the_window(qtbot, tmp_path, monkeypatch):
    import runpy

    from guitest_helpers import FIXTURE_MODELS, REPO

    if not (FIXTURE_MODELS / "scorer" / "manifest.json").is_file():
        pytest.skip("tiny ONNX fixtures not built")
    monkeypatch.setenv("KEIGO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(FIXTURE_MODELS))
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    tool = runpy.run_path(str(REPO / "tools" / "screenshot.py"), run_name="screenshot_tool")
    out = tmp_path / "shot.png"
    assert tool["main"]([str(out), "--width", "900", "--height", "600"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SystemExit):
        tool["main"]([str(out), "--theme", "purple"])


def test_the_screenshot_tool_grabs_the_train_panel_after_a_real_run(qtbot, tmp_path, monkeypatch, capsys):
    import runpy

    from guitest_helpers import FIXTURE_MODELS, REPO

    if not (FIXTURE_MODELS / "scorer" / "manifest.json").is_file():
        pytest.skip("tiny ONNX fixtures not built")
    monkeypatch.setenv("KEIGO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KEIGO_BUNDLED_MODELS", str(FIXTURE_MODELS))
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    tool = runpy.run_path(str(REPO / "tools" / "screenshot.py"), run_name="screenshot_tool")
    out = tmp_path / "train.png"
    # jfc: the tiny check's first stage, a real `python -m training jfc` run that takes seconds
    assert tool["main"]([str(out), "--shot", "train", "--stage", "jfc", "--width", "900", "--height", "600"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    printed = capsys.readouterr().out
    assert "Finished in" in printed and "jfc: finished" in printed
    assert (tmp_path / "home" / "runs").is_dir()  # the run went to the tool's own KEIGO_HOME
    out.unlink()
    assert tool["main"]([str(out), "--shot", "train", "--stage", "no-such-stage"]) == 1
    assert "no stage 'no-such-stage'" in capsys.readouterr().err and not out.exists()
    for bad in ("0", "-5", "nan", "soon", "1e9"):
        with pytest.raises(SystemExit):
            tool["main"]([str(out), "--shot", "train", "--timeout", bad])


def test_the_icon_is_found_through_the_package(qtbot, tmp_path, monkeypatch):
    import engine.paths
    from gui.app import app_icon

    icon = app_icon()
    assert not icon.isNull() and icon.availableSizes()  # assets/icons/keigo.png, shipped in keigo_assets
    # where the package's assets are is engine.paths' business (a checkout, or keigo_assets in a wheel)
    (tmp_path / "icons").mkdir()
    monkeypatch.setattr(engine.paths, "assets_dir", lambda: tmp_path)
    assert app_icon().isNull()  # none there: an empty icon, not an error
    (tmp_path / "icons" / "keigo.png").write_bytes((GUI.parent / "assets" / "icons" / "keigo.png").read_bytes())
    assert not app_icon().isNull()
