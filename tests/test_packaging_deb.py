"""The Linux installer end to end, as CI's packaging workflow runs it: PyInstaller bundle (packaging/build.sh,
which smoke-tests the bundle), .deb (packaging/build_deb.sh), `dpkg -i`, the smoke test against the installed
/usr/bin/keigo, `dpkg -r`. Minutes of CPU and a PyPI download, so only with KEIGO_SLOW=1, as root, on a
Debian-like system. KEIGO_BUNDLE=DIR packages an already built bundle instead of building one."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("KEIGO_SLOW") != "1", reason="builds and installs the .deb: set KEIGO_SLOW=1"),
    pytest.mark.skipif(not shutil.which("dpkg-deb") or not hasattr(os, "geteuid") or os.geteuid() != 0,
                       reason="needs dpkg and root"),
]


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)
    assert proc.returncode == 0, f"{cmd}: exit {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.mark.timeout(3600)
def test_deb_builds_installs_passes_the_smoke_test_and_removes(tmp_path):
    if subprocess.run(["dpkg", "-s", "keigo"], capture_output=True, check=False).returncode == 0:
        pytest.skip("a keigo package is already installed here; not touching it")
    bundle = os.environ.get("KEIGO_BUNDLE")
    if not bundle:
        env = dict(os.environ, KEIGO_BUILD_NICE="15")
        _run(["bash", str(PACKAGING / "build.sh")], cwd=REPO, env=env, timeout=3000)
        bundle = str(REPO / "dist" / "keigo")
    out = _run(["bash", str(PACKAGING / "build_deb.sh"), bundle, str(tmp_path)],
               env=dict(os.environ, DEB_COMPRESS="gzip"), timeout=1800)
    deb = Path(out.stdout.strip().splitlines()[-1])
    assert deb.is_file() and deb.parent == tmp_path and deb.name.endswith(".deb")
    fields = _run(["dpkg-deb", "-f", str(deb), "Package", "Depends"]).stdout
    assert "Package: keigo" in fields and "libxcb-cursor0" in fields
    listing = _run(["dpkg-deb", "-c", str(deb)]).stdout
    for path in ("./opt/keigo/keigo", "./usr/bin/keigo -> /opt/keigo/keigo", "./usr/share/applications/keigo.desktop",
                 "./usr/share/icons/hicolor/256x256/apps/keigo.png", "./opt/keigo/_internal/assets/models/rewriter/"):
        assert path in listing, path
    _run(["dpkg", "-i", str(deb)], timeout=600)
    try:
        assert os.readlink("/usr/bin/keigo") == "/opt/keigo/keigo"
        _run(["bash", str(PACKAGING / "smoke_test.sh"), "/usr/bin/keigo"], timeout=900)
    finally:
        _run(["dpkg", "-r", "keigo"], timeout=600)
    assert not os.path.lexists("/usr/bin/keigo") and not os.path.exists("/opt/keigo")
