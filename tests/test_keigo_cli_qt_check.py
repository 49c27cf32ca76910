"""`keigo` (the app) checks for a display and Qt's platform libraries before importing Qt: a clear message
and exit 3 instead of Qt's SIGABRT. The library tables are checked against the installed PySide6's own
NEEDED entries, so a PySide6 upgrade that links a new library fails here, not on a user's machine."""
import os
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from keigo import qt_check

REPO = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")


def _keigo(args, env_changes):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(env_changes)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "keigo", *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.skipif(not LINUX, reason="the display check is Linux's (Windows and macOS always have one)")
@pytest.mark.parametrize("args", [[], ["gui"], ["gui", "notes.txt"]])
def test_no_display_exits_3_with_a_message_not_an_abort(args):
    r = _keigo(args, {})
    assert r.returncode == 3, (r.returncode, r.stderr)  # not -6 (SIGABRT) nor 134
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("keigo: error: no display"), r.stderr
    assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in lines[0] and "keigo --self-test" in lines[0]
    assert "qt.qpa" not in r.stderr  # Qt was never loaded


@pytest.mark.skipif(not LINUX, reason="Linux only")
def test_unreachable_display_exits_3(tmp_path):
    r = _keigo([], {"DISPLAY": ":93", "QT_QPA_PLATFORM": "xcb"})  # no X server on :93
    assert r.returncode == 3, (r.returncode, r.stderr)
    err = r.stderr.strip()
    # a machine without the xcb libraries is told to install them first; one with them, that :93 is not there
    assert err.startswith("keigo: error: ") and ("cannot connect to the display (DISPLAY=:93)" in err
                                                 or "sudo apt-get install libxcb" in err), err


def test_self_test_needs_no_display():
    assert qt_check.problem(["--self-test"], environ={}, platform="linux") is None
    assert qt_check.platforms_to_try({}, self_test=True) == ["offscreen"]
    # an explicit choice wins over the self-test's offscreen default
    assert qt_check.platforms_to_try({"QT_QPA_PLATFORM": "xcb"}, self_test=True) == ["xcb"]


def test_platforms_qt_will_try():
    assert qt_check.platforms_to_try({}) == ["xcb"]
    assert qt_check.platforms_to_try({"DISPLAY": ":0"}) == ["xcb"]
    assert qt_check.platforms_to_try({"WAYLAND_DISPLAY": "wayland-0"}) == ["wayland", "xcb"]
    assert qt_check.platforms_to_try({"WAYLAND_DISPLAY": "w", "XDG_SESSION_TYPE": "x11"}) == ["xcb"]
    assert qt_check.platforms_to_try({"QT_QPA_PLATFORM": "wayland;xcb:foo=1"}) == ["wayland", "xcb"]
    assert qt_check.platforms_to_try({"QT_QPA_PLATFORM": " ; offscreen ;"}) == ["offscreen"]


def test_other_systems_and_headless_platforms_are_not_checked():
    assert qt_check.problem([], environ={}, platform="win32") is None
    assert qt_check.problem([], environ={}, platform="darwin") is None
    if LINUX:
        assert qt_check.problem([], environ={"QT_QPA_PLATFORM": "offscreen"}) is None
        assert qt_check.problem([], environ={"QT_QPA_PLATFORM": "vnc"}) is None


def test_missing_libraries_found_in_shipped_folders_or_by_the_loader(tmp_path):
    (tmp_path / "libkeigo-shipped.so.1").write_bytes(b"")
    libc = "libc.so.6" if LINUX else None
    names = ["libkeigo-shipped.so.1", "libkeigo-nowhere.so.9"] + ([libc] if libc else [])
    assert qt_check.missing_libraries(names, [tmp_path]) == ["libkeigo-nowhere.so.9"]
    assert qt_check.missing_libraries(["libkeigo-shipped.so.1"], []) == ["libkeigo-shipped.so.1"]


@pytest.mark.skipif(not LINUX, reason="Linux only")
def test_missing_platform_library_names_the_debian_package(monkeypatch, tmp_path):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp_path / "wayland-keigo"))
    server.listen(1)
    try:
        env = {"WAYLAND_DISPLAY": "wayland-keigo", "XDG_RUNTIME_DIR": str(tmp_path), "QT_QPA_PLATFORM": "wayland"}
        monkeypatch.setitem(qt_check.PLATFORM_LIBRARIES, "wayland", {"libkeigo-gone.so.0": "libkeigo-gone0"})
        msg = qt_check.problem([], environ=env, platform="linux", search_dirs=[])
        assert msg and "libkeigo-gone.so.0" in msg and "sudo apt-get install libkeigo-gone0" in msg, msg
        monkeypatch.setitem(qt_check.PLATFORM_LIBRARIES, "wayland", {"libc.so.6": "libc6"})
        assert qt_check.problem([], environ=env, platform="linux", search_dirs=[]) is None  # reachable, libs there
        monkeypatch.setitem(qt_check.BASE_LIBRARIES, "libkeigo-base.so.2", "libkeigo-base2")
        msg = qt_check.problem([], environ=env, platform="linux", search_dirs=[])
        assert msg and msg.startswith("Qt needs system libraries") and "libkeigo-base2" in msg, msg
    finally:
        server.close()


@pytest.mark.skipif(not LINUX, reason="Linux only")
def test_display_reachability(tmp_path):
    assert not qt_check.display_reachable("xcb", {"DISPLAY": ":93"})
    assert not qt_check.display_reachable("wayland", {"WAYLAND_DISPLAY": str(tmp_path / "none")})
    assert qt_check.display_reachable("xcb", {"DISPLAY": "not a display name"})  # Qt will say what it thinks
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.bind(str(tmp_path / "X5"))
        s.listen(1)
        assert qt_check.display_reachable("xcb", {"DISPLAY": f"{tmp_path / 'X5'}:5"})  # a socket path display


def test_debian_packages_cover_both_tables():
    pkgs = qt_check.debian_packages(["xcb"])
    assert pkgs == sorted(set(pkgs)) and "libxcb-cursor0" in pkgs and "libgl1" in pkgs
    assert "libwayland-cursor0" in qt_check.debian_packages(["xcb", "wayland"])


def _needed(path: Path) -> list[str]:
    """DT_NEEDED entries of an ELF64 little-endian shared object (no readelf needed)."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, path
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    dynamic = next(s for s in sections if s[1] == 6)  # SHT_DYNAMIC
    strtab = sections[dynamic[6]]  # sh_link: its string table
    out = []
    for off in range(dynamic[4], dynamic[4] + dynamic[5], 16):
        tag, val = struct.unpack_from("<qQ", data, off)
        if tag == 0:
            break
        if tag == 1:  # DT_NEEDED
            start = strtab[4] + val
            out.append(data[start:data.index(b"\0", start)].decode())
    return out


@pytest.mark.skipif(not LINUX, reason="Linux only")
def test_tables_cover_what_the_installed_qt_links():
    qt = next((d.parent for d in qt_check.qt_library_dirs() if (d / "libQt6Gui.so.6").is_file()), None)
    if qt is None:
        pytest.skip("PySide6 with its Qt libraries is not installed")
    system = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libpthread.so.0", "libdl.so.2",
              "librt.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libffi.so.8", "libffi.so.7"}

    def outside(names):
        return {n for n in names if not n.startswith(("libQt6", "libicu")) and n not in system}

    base = set()
    for lib in ("libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6", "libQt6DBus.so.6"):
        base |= outside(_needed(qt / "lib" / lib))
    assert base - set(qt_check.BASE_LIBRARIES) == set()
    plugins = {"xcb": ("plugins/platforms/libqxcb.so", "lib/libQt6XcbQpa.so.6"),
               "wayland": ("plugins/platforms/libqwayland.so", "lib/libQt6WaylandClient.so.6")}
    for name, files in plugins.items():
        links = set()
        for f in files:
            if (qt / f).is_file():
                links |= outside(_needed(qt / f))
        assert links - set(qt_check.BASE_LIBRARIES) - set(qt_check.PLATFORM_LIBRARIES[name]) == set(), name
