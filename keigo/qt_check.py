"""Can the desktop app start here? A display, and the system libraries Qt's platform plugin links, checked
before Qt is imported: without them Qt aborts the process (SIGABRT) with a misleading hint.

Standard library only (no Qt import): `keigo` runs it before `gui` is imported, packaging/build_deb.sh reads
the Debian package names from it for the .deb's Depends, and tests/test_keigo_cli_qt_check.py checks the
tables against the NEEDED entries of the installed PySide6 libraries.
"""
from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import socket
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

# soname -> Debian/Ubuntu package. Debian 12 names; on Ubuntu 24.04 apt maps libglib2.0-0 to the
# libglib2.0-0t64 that provides it.
# Linked by libQt6Core/Gui/Widgets/DBus themselves: needed whatever the platform plugin, offscreen too.
BASE_LIBRARIES: dict[str, str] = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
}

# Linked by each platform plugin (libqxcb.so + libQt6XcbQpa, libqwayland.so + libQt6WaylandClient).
PLATFORM_LIBRARIES: dict[str, dict[str, str]] = {
    "xcb": {
        "libxcb.so.1": "libxcb1",
        "libX11-xcb.so.1": "libx11-xcb1",
        "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
        "libxcb-cursor.so.0": "libxcb-cursor0",
        "libxcb-icccm.so.4": "libxcb-icccm4",
        "libxcb-image.so.0": "libxcb-image0",
        "libxcb-keysyms.so.1": "libxcb-keysyms1",
        "libxcb-randr.so.0": "libxcb-randr0",
        "libxcb-render.so.0": "libxcb-render0",
        "libxcb-render-util.so.0": "libxcb-render-util0",
        "libxcb-shape.so.0": "libxcb-shape0",
        "libxcb-shm.so.0": "libxcb-shm0",
        "libxcb-sync.so.1": "libxcb-sync1",
        "libxcb-util.so.1": "libxcb-util1",
        "libxcb-xfixes.so.0": "libxcb-xfixes0",
        "libxcb-xkb.so.1": "libxcb-xkb1",
    },
    "wayland": {
        "libwayland-client.so.0": "libwayland-client0",
        "libwayland-cursor.so.0": "libwayland-cursor0",
    },
}

# The environment variable naming the display each windowing platform connects to.
DISPLAY_VARIABLES = {"xcb": "DISPLAY", "wayland": "WAYLAND_DISPLAY"}


def debian_packages(platforms: Iterable[str] = ("xcb",)) -> list[str]:
    """The Debian packages the app needs on the given platforms (sorted, no repeats): the .deb's Depends."""
    needed = set(BASE_LIBRARIES.values())
    for name in platforms:
        needed |= set(PLATFORM_LIBRARIES[name].values())
    return sorted(needed)


def platforms_to_try(environ: Mapping[str, str], *, self_test: bool = False) -> list[str]:
    """The platform plugins Qt will try, in order, as Qt chooses them: QT_QPA_PLATFORM ("a;b" is a list of
    fallbacks, "xcb:opt" carries options), else Wayland in a Wayland session, then X11.
    `keigo --self-test` runs offscreen unless QT_QPA_PLATFORM says otherwise (gui.app does the same)."""
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if not chosen and self_test:
        chosen = "offscreen"
    if chosen:
        return [p.split(":", 1)[0].strip() for p in chosen.split(";") if p.strip()]
    if environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE", "wayland") == "wayland":
        return ["wayland", "xcb"]
    return ["xcb"]


def qt_library_dirs() -> list[Path]:
    """Folders holding libraries shipped with Keigo itself (PySide6's Qt/lib; the frozen bundle's _internal),
    which the system's loader does not search but Qt finds through its own RUNPATH."""
    dirs = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        dirs += [Path(frozen), Path(frozen) / "PySide6" / "Qt" / "lib"]
    try:
        spec = importlib.util.find_spec("PySide6")  # locates the package without importing it
    except (ImportError, ValueError):
        spec = None
    for location in getattr(spec, "submodule_search_locations", None) or ():
        dirs.append(Path(location) / "Qt" / "lib")
    return dirs


def _loadable(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_libraries(sonames: Iterable[str], search_dirs: Sequence[Path] = ()) -> list[str]:
    """The sonames neither in `search_dirs` nor loadable by the system's dynamic loader (dlopen: the same
    search Qt's plugin loading gets, LD_LIBRARY_PATH and ld.so.cache included)."""
    return [s for s in sonames if not any((d / s).is_file() for d in search_dirs) and not _loadable(s)]


def _connects(family: int, address, timeout: float = 2.0) -> bool:
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        try:
            s.connect(address)
        except OSError:
            return False
    return True


def display_reachable(platform: str, environ: Mapping[str, str]) -> bool:
    """Whether the display server named in the environment accepts a connection (Qt aborts when it does
    not). X11: ":N" / "unix:N" is the socket /tmp/.X11-unix/XN (or its abstract twin), "host:N" TCP port
    6000+N; a name this does not understand counts as reachable (Qt will say). Wayland: the socket
    WAYLAND_DISPLAY names, relative to XDG_RUNTIME_DIR."""
    if platform == "xcb":
        m = re.fullmatch(r"(?P<host>[^:]*):(?P<n>\d+)(\.\d+)?", environ.get("DISPLAY", "").strip())
        if not m:
            return True
        host, n = m["host"], int(m["n"])
        if host in ("", "unix") or host.startswith("/"):
            path = host if host.startswith("/") else f"/tmp/.X11-unix/X{n}"
            return any(_connects(socket.AF_UNIX, a) for a in (path, "\0" + path))
        return _connects(socket.AF_INET6 if ":" in host else socket.AF_INET, (host, 6000 + n))
    if platform == "wayland":
        name = environ.get("WAYLAND_DISPLAY", "")
        path = name if name.startswith("/") else os.path.join(environ.get("XDG_RUNTIME_DIR", ""), name)
        return _connects(socket.AF_UNIX, path)
    return True


def problem(argv: Sequence[str] = (), environ: Mapping[str, str] | None = None,
            platform: str | None = None, search_dirs: Sequence[Path] | None = None) -> str | None:
    """Why the desktop app cannot start here (one line that says what to do), or None when it can.
    Only Linux-like systems are checked: Windows and macOS ship their windowing with the OS."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    dirs = qt_library_dirs() if search_dirs is None else list(search_dirs)
    apt = "on Debian/Ubuntu: sudo apt-get install"
    base_missing = missing_libraries(BASE_LIBRARIES, dirs)
    if base_missing:
        pkgs = sorted({BASE_LIBRARIES[s] for s in base_missing})
        return (f"Qt needs system libraries that are missing here ({', '.join(base_missing)}); "
                f"install them ({apt} {' '.join(pkgs)})")
    candidates = platforms_to_try(environ, self_test="--self-test" in argv)
    windowed = [p for p in candidates if p in DISPLAY_VARIABLES]
    if len(windowed) < len(candidates):
        return None  # offscreen, vnc, eglfs, ...: a platform that needs no display server
    with_display = [p for p in windowed if environ.get(DISPLAY_VARIABLES[p])]
    if not with_display:
        # Qt picks between X11 and Wayland itself unless QT_QPA_PLATFORM chooses
        variables = windowed if environ.get("QT_QPA_PLATFORM") else ["xcb", "wayland"]
        names = [DISPLAY_VARIABLES[p] for p in variables]
        unset = f"{names[0]} is not set" if len(names) == 1 else f"neither {' nor '.join(names)} is set"
        return (f"no display to open the window on ({unset}): start Keigo from a desktop session; "
                "in a terminal, `keigo score` and `keigo rewrite` work without one, and `keigo --self-test` "
                "checks the app headless")
    missing = {p: missing_libraries(PLATFORM_LIBRARIES[p], dirs) for p in with_display}
    usable = [p for p in with_display if not missing[p]]
    if not usable:
        first = with_display[0]  # the one Qt tries first
        pkgs = sorted({PLATFORM_LIBRARIES[first][s] for s in missing[first]})
        return (f"Qt's {first} platform plugin needs system libraries that are missing here "
                f"({', '.join(missing[first])}); install them ({apt} {' '.join(pkgs)})")
    if not any(display_reachable(p, environ) for p in usable):
        names = ", ".join(f"{DISPLAY_VARIABLES[p]}={environ[DISPLAY_VARIABLES[p]]}" for p in usable)
        return (f"cannot connect to the display ({names}): is the desktop session still running, or was "
                "the variable left over (ssh without X forwarding)?")
    return None
