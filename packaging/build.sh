#!/usr/bin/env bash
# Builds the desktop bundle with PyInstaller and smoke-tests it (headless), on Linux, macOS or Windows (Git Bash).
# The build runs in a throwaway virtual env holding only keigo[gui] + PyInstaller, so a torch installed in
# the system Python cannot leak into the bundle. Output: dist/keigo/ (keigo, on Windows/macOS also keigow,
# + _internal/), and on macOS dist/Keigo.app. Then: packaging/build_deb.sh (Linux .deb),
# packaging/build_macos.sh (dmg), iscc packaging/keigo.iss (Windows installer).
# Environment: KEIGO_BUILD_VENV (default: a temporary folder, deleted at the end), PYTHON (default python3),
# KEIGO_BUILD_NICE (default 10: the build is CPU-heavy and the machine may be shared).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${KEIGO_BUILD_VENV:-}"
if [ -z "$venv" ]; then
  venv="$(mktemp -d)/venv"
  trap 'rm -rf "$(dirname "$venv")"' EXIT
fi
bin="$venv/bin"
[ -d "$venv/Scripts" ] && bin="$venv/Scripts"  # Windows venv layout
if [ ! -x "$bin/python" ] && [ ! -x "$bin/python.exe" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
  [ -d "$venv/Scripts" ] && bin="$venv/Scripts"
fi
"$bin/python" -m pip install -q --disable-pip-version-check 'pyinstaller>=6' '.[gui]'
start=$SECONDS
nice -n "${KEIGO_BUILD_NICE:-10}" "$bin/python" -m PyInstaller packaging/keigo.spec --noconfirm \
  --distpath dist --workpath build/pyinstaller
echo "build.sh: PyInstaller took $((SECONDS - start)) s"
exe=dist/keigo/keigo
case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) exe=dist/keigo/keigo.exe ;;
  Darwin) exe=dist/Keigo.app/Contents/MacOS/keigo ;;
esac
viewer="$bin/pyi-archive_viewer"
[ -x "$viewer" ] || viewer="$bin/pyi-archive_viewer.exe"
PYI_ARCHIVE_VIEWER="$viewer" bash packaging/smoke_test.sh "$exe"
du -sh dist/keigo
