#!/usr/bin/env bash
# Builds the desktop bundle with PyInstaller and smoke-tests it (headless).
# The build runs in a throwaway virtual env holding only keigo[gui] + PyInstaller, so a torch installed in
# the system Python cannot leak into the bundle. Output: dist/keigo/keigo (+ dist/keigo/_internal/).
# Environment: KEIGO_BUILD_VENV (default: a temporary folder, deleted at the end), PYTHON (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${KEIGO_BUILD_VENV:-}"
if [ -z "$venv" ]; then
  venv="$(mktemp -d)/venv"
  trap 'rm -rf "$(dirname "$venv")"' EXIT
fi
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install -q 'pyinstaller>=6' '.[gui]'
# nice: the build is CPU-heavy and the machine may be shared.
nice -n 10 "$venv/bin/pyinstaller" packaging/keigo.spec --noconfirm --distpath dist --workpath build/pyinstaller
PYI_ARCHIVE_VIEWER="$venv/bin/pyi-archive_viewer" bash packaging/smoke_test.sh dist/keigo/keigo
du -sh dist/keigo
