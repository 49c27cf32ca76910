"""A module-level name bound twice in one module of the app: the second silently replaces the first for every function
that reads it (the checks and rules modules hold a few hundred compiled patterns, and a new one named like an old one
once broke the age check's "at" pattern before it was caught by hand)."""
import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p for d in ("engine", "training", "gui", "keigo") for p in (ROOT / d).rglob("*.py"))


def _assigned_twice(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = Counter(t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(t, ast.Name))
    # ... and a function or class defined twice, or named like a constant (a second check named like an old one
    # replaced it, and the old one's callers called the new one with the wrong arguments)
    names.update(node.name for node in tree.body
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return sorted(n for n, c in names.items() if c > 1)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_name_is_bound_twice(path):
    assert _assigned_twice(path) == []


def test_the_scan_sees_a_second_binding(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import re\n_A = re.compile('a')\n_B = 1\n_A = re.compile('b')\n", encoding="utf-8")
    assert _assigned_twice(f) == ["_A"]


def test_the_scan_sees_a_function_defined_twice(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def _check(a, b):\n    return []\n\n\ndef _check(a, b, c):\n    return []\n", encoding="utf-8")
    assert _assigned_twice(f) == ["_check"]
