#!/usr/bin/env bash
# Builds the desktop bundle with PyInstaller and smoke-tests it (`keigo --self-test`, headless).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q 'pyinstaller>=6' -e '.[gui]'
pyinstaller packaging/keigo.spec --noconfirm --distpath dist --workpath build/pyinstaller
bash packaging/smoke_test.sh dist/keigo/keigo
