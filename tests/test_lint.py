"""The tree stays lint-clean (ruff, configured in pyproject.toml)."""
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_ruff_is_clean():
    cmd = ["ruff"] if shutil.which("ruff") else [sys.executable, "-m", "ruff"]
    proc = subprocess.run([*cmd, "check", "--output-format", "concise", "."], cwd=REPO,
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
