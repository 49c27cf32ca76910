"""The layering contracts in pyproject.toml hold (engine: no Qt/torch; gui: no training/torch; training: no gui)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_import_contracts_hold():
    exe = shutil.which("lint-imports")
    # Without the console script on PATH, run the same click command through this interpreter.
    code = ("import sys; sys.argv = ['lint-imports']; "
            "from importlinter.cli import lint_imports_command; lint_imports_command()")
    cmd = [exe] if exe else [sys.executable, "-c", code]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    r = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout
