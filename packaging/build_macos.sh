#!/usr/bin/env bash
# macOS: Keigo.app (PyInstaller, through packaging/build.sh, which smoke-tests the app's console executable)
# and a drag-to-Applications disk image dist/Keigo-VERSION.dmg (hdiutil), whose copy of the app is
# smoke-tested again after mounting the image.
# Needs macOS (hdiutil, codesign) and Python 3.11+; not runnable on Linux. The app is signed ad hoc only:
# without a Developer ID signature and notarization, Gatekeeper asks the user to open it with right-click >
# Open the first time. `keigo` in a terminal: ln -s /Applications/Keigo.app/Contents/MacOS/keigo /usr/local/bin/keigo
# Usage: build_macos.sh [--skip-build]   (--skip-build: package an existing dist/Keigo.app)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(uname -s)" = Darwin ] || { echo "build_macos: needs macOS (hdiutil)" >&2; exit 1; }
[ "${1:-}" = --skip-build ] || bash packaging/build.sh
app=dist/Keigo.app
[ -x "$app/Contents/MacOS/keigo" ] && [ -x "$app/Contents/MacOS/keigow" ] \
  || { echo "build_macos: $app lacks its executables (keigo, keigow)" >&2; exit 1; }
version="$(python3 -c 'import sys; sys.path.insert(0, "packaging"); from bundle_contents import app_version; print(app_version("."))')"
codesign --force --deep --sign - "$app"  # ad hoc: Apple silicon refuses to run unsigned code
codesign --verify --deep --strict "$app"

stage="$(mktemp -d)"
mnt="$(mktemp -d)"
trap 'hdiutil detach "$mnt" -quiet 2>/dev/null || true; rm -rf "$stage" "$mnt"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="dist/Keigo-$version.dmg"
rm -f "$dmg"
hdiutil create -volname "Keigo $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"
hdiutil verify "$dmg"

# The image as a user gets it: mount read-only, smoke-test the app inside it.
hdiutil attach "$dmg" -nobrowse -readonly -mountpoint "$mnt" -quiet
bash packaging/smoke_test.sh "$mnt/Keigo.app/Contents/MacOS/keigo"
hdiutil detach "$mnt" -quiet
echo "build_macos: $dmg ($(du -h "$dmg" | cut -f1))"
