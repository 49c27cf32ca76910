#!/usr/bin/env bash
# Packs the PyInstaller bundle dist/keigo/ (packaging/build.sh) into a Debian package, offline (dpkg-deb only):
#   /opt/keigo/                                   the bundle (keigo + _internal/)
#   /usr/bin/keigo -> /opt/keigo/keigo            the command on PATH
#   /usr/share/applications/keigo.desktop         the menu entry (absolute Exec, Icon=keigo)
#   /usr/share/icons/hicolor/256x256/apps/keigo.png, /usr/share/pixmaps/keigo.png
# Depends: the glibc the bundle was built against and the system libraries Qt's xcb plugin loads
# (keigo/qt_check.py's tables, the same list `keigo` checks at start).
# Usage: build_deb.sh [BUNDLE_DIR [OUT_DIR]]   (default dist/keigo, dist); prints the .deb's path last.
# Environment: DEB_COMPRESS (dpkg-deb -Z: xz, the default, or gzip/zstd/none for faster CI builds).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
bundle="$(cd "${1:-$repo/dist/keigo}" && pwd)"
out="$(mkdir -p "${2:-$repo/dist}" && cd "${2:-$repo/dist}" && pwd)"
[ -x "$bundle/keigo" ] && [ -d "$bundle/_internal" ] || { echo "build_deb: $bundle is not a PyInstaller bundle (run packaging/build.sh)" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "build_deb: dpkg-deb is missing (apt-get install dpkg)" >&2; exit 1; }

version="$(cd "$repo" && python3 -c 'import sys; sys.path.insert(0, "packaging"); from bundle_contents import app_version; print(app_version("."))')"
arch="$(dpkg --print-architecture)"
glibc="$(ldd --version | head -1 | grep -oE '[0-9]+\.[0-9]+$')"
qt_deps="$(cd "$repo" && python3 -c 'from keigo.qt_check import debian_packages; print(", ".join(debian_packages(["xcb"])))')"

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/icons/hicolor/256x256/apps" \
         "$root/usr/share/pixmaps" "$root/usr/share/doc/keigo" "$root/DEBIAN"
cp -a "$bundle" "$root/opt/keigo"
ln -s /opt/keigo/keigo "$root/usr/bin/keigo"
install -m 644 "$repo/packaging/keigo.desktop" "$root/usr/share/applications/keigo.desktop"
install -m 644 "$repo/assets/icons/keigo.png" "$root/usr/share/icons/hicolor/256x256/apps/keigo.png"
install -m 644 "$repo/assets/icons/keigo.png" "$root/usr/share/pixmaps/keigo.png"
cat > "$root/usr/share/doc/keigo/copyright" <<EOF
Keigo $version, Apache-2.0. The bundled models were trained on research corpora with their own terms:
see /opt/keigo/_internal/assets/models/*/MODEL_CARD.md.
EOF
# Permissions as Debian expects whatever the build machine's umask: directories and executables 755, files 644.
find "$root" -path "$root/DEBIAN" -prune -o -type d -exec chmod 755 {} +
find "$root" -type f -perm /111 -exec chmod 755 {} +
find "$root" -type f ! -perm /111 -exec chmod 644 {} +

cat > "$root/DEBIAN/control" <<EOF
Package: keigo
Version: $version
Architecture: $arch
Maintainer: Keigo developers <noreply@keigo.invalid>
Installed-Size: $(du -sk "$root" | cut -f1)
Depends: libc6 (>= $glibc), $qt_deps
Section: text
Priority: optional
Description: offline writing assistant for English formality
 Keigo scores the formality of each sentence as you write, underlines the words
 that make a sentence informal, and offers formal rewrites. Everything runs on
 your machine (ONNX Runtime); nothing is sent anywhere. The keigo command also
 scores and rewrites text files in a terminal (keigo score, keigo rewrite).
EOF

deb="$out/keigo_${version}_${arch}.deb"
start=$SECONDS
dpkg-deb --root-owner-group -Z"${DEB_COMPRESS:-xz}" --build "$root" "$deb" >/dev/null
echo "build_deb: $(du -h "$deb" | cut -f1) in $((SECONDS - start)) s" >&2
echo "$deb"
