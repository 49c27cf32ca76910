"""The README's install command for real: install.sh into a fresh virtual environment from a wheel of this
checkout, with the system's Python where it is a PEP 668 "externally managed" one (stock Debian/Ubuntu), then
the installed `keigo` from another folder: --self-test, score, rewrite, and no display -> exit 3. Downloads
keigo[gui]'s dependencies from PyPI (about 150 MB), so only with KEIGO_SLOW=1."""
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("KEIGO_SLOW") != "1", reason="installs from PyPI: set KEIGO_SLOW=1"),
    pytest.mark.skipif(sys.platform == "win32", reason="install.ps1 is Windows' installer"),
]


def _system_python():
    """/usr/bin/python3 when it is an externally managed 3.11+ (the case the README's command is for), else ours."""
    py = "/usr/bin/python3"
    if os.path.exists(py):
        probe = ("import os, sys, sysconfig; ok = sys.version_info >= (3, 11) and os.path.isfile(os.path.join("
                 "sysconfig.get_path('stdlib'), 'EXTERNALLY-MANAGED')); sys.exit(0 if ok else 1)")
        if subprocess.run([py, "-c", probe], check=False).returncode == 0:
            return py, True
    managed = os.path.isfile(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
    return sys.executable, managed


@pytest.mark.timeout(1800)
def test_install_sh_from_a_wheel_into_a_fresh_venv(tmp_path):
    python, managed = _system_python()
    if managed:  # what the README's command works around
        r = subprocess.run([python, "-m", "pip", "install", "--dry-run", "--no-deps", str(REPO)],
                           capture_output=True, text=True, check=False, timeout=300)
        assert r.returncode != 0 and "externally-managed-environment" in r.stderr
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(wheels), str(REPO)], check=True, timeout=600)
    (wheel,) = wheels.glob("keigo-*.whl")
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.path.dirname(python) + os.pathsep + "/usr/bin:/bin", "PYTHON": python,
           "LANG": "C.UTF-8"}
    r = subprocess.run(["bash", str(REPO / "install.sh"), "--no-start", str(wheel)], cwd=tmp_path, env=env,
                       capture_output=True, text=True, check=False, timeout=1500)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    keigo = home / ".local" / "bin" / "keigo"
    assert keigo.is_symlink() and os.readlink(keigo) == str(home / ".keigo" / "bin" / "keigo")
    desktop = (home / ".local" / "share" / "applications" / "keigo.desktop").read_text(encoding="utf-8")
    assert f"Exec={home}/.keigo/bin/keigo gui %F" in desktop and "site-packages/keigo_assets/icons/keigo.png" in desktop

    run_env = {**env, "KEIGO_HOME": str(tmp_path / "kh"), "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([str(keigo), "--self-test"], env=run_env, cwd=tmp_path, capture_output=True, text=True,
                       check=False, timeout=600)
    assert r.returncode == 0 and "keigo self-test: OK" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([str(keigo), "score"], input="hey wanna come over lol\nI would be grateful for a reply.\n",
                       env=run_env, cwd=tmp_path, capture_output=True, text=True, check=True, timeout=300)
    low, high = (float(line.split("\t")[0]) for line in r.stdout.splitlines())
    assert low < high
    r = subprocess.run([str(keigo), "models", "verify"], env=run_env, cwd=tmp_path, capture_output=True, text=True,
                       check=True, timeout=300)
    assert "rewriter/bundled" in r.stdout and "site-packages/keigo_assets/models" in r.stdout
    if sys.platform.startswith("linux"):
        headless = {k: v for k, v in run_env.items() if k != "QT_QPA_PLATFORM"}
        r = subprocess.run([str(keigo)], env=headless, capture_output=True, text=True, check=False, timeout=120)
        assert r.returncode == 3 and "no display" in r.stderr, r.stderr
    assert shutil.which("keigo", path=str(home / ".local" / "bin"))
