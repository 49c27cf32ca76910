#!/usr/bin/env bash
# Installs Keigo from this checkout (or a wheel/sdist) into its own virtual environment, links the `keigo`
# command into ~/.local/bin, adds a menu entry (Linux), and starts the app. Works where pip refuses the system
# Python (PEP 668 "externally-managed-environment": Debian 12, Ubuntu 24.04) and on macOS.
# Windows: install.ps1 does the same.
#
# Usage: ./install.sh [--train] [--gpu] [--dev] [--no-start] [SOURCE]
#   SOURCE      what to install: this checkout (default), a keigo-*.whl or keigo-*.tar.gz
#   --train     also the training stack (on Linux CPU-only PyTorch, not the multi-GB CUDA build)
#   --gpu       onnxruntime-gpu for NVIDIA GPUs
#   --dev       the test tools (pytest, ...)
#   --no-start  do not start the app at the end
# Environment: KEIGO_VENV (default ~/.keigo), PYTHON (default python3; 3.11 or newer), KEIGO_BIN (default
# ~/.local/bin), PIP_* (pip's own settings, e.g. PIP_INDEX_URL).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${KEIGO_VENV:-$HOME/.keigo}"
bindir="${KEIGO_BIN:-$HOME/.local/bin}"
python="${PYTHON:-python3}"
extras=gui start=1 train=0 source=""
for arg in "$@"; do
  case "$arg" in
    --train) train=1; extras="$extras,train" ;;
    --gpu) extras="$extras,gpu" ;;
    --dev) extras="$extras,dev" ;;
    --no-start) start=0 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "install.sh: unknown option $arg (see --help)" >&2; exit 2 ;;
    *) source="$arg" ;;
  esac
done
source="${source:-$here}"
say() { echo "install.sh: $*"; }
die() { echo "install.sh: error: $*" >&2; exit "${2:-1}"; }

command -v "$python" >/dev/null || die "no $python found; install Python 3.11 or newer (Debian/Ubuntu: sudo apt-get install python3 python3-venv)"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "Keigo needs Python 3.11 or newer; $python is $("$python" -c 'import platform; print(platform.python_version())')"
if [ ! -x "$venv/bin/python" ]; then
  say "creating the virtual environment $venv"
  # Debian/Ubuntu split venv's pip bootstrap into the python3-venv package.
  "$python" -m venv "$venv" 2> "${TMPDIR:-/tmp}/keigo-venv.err" || {
    cat "${TMPDIR:-/tmp}/keigo-venv.err" >&2
    rm -rf "$venv"
    die "could not create $venv; on Debian/Ubuntu: sudo apt-get install python3-venv"
  }
fi
pip=("$venv/bin/python" -m pip install --disable-pip-version-check)
if [ "$train" = 1 ] && [ "$(uname -s)" = Linux ]; then
  # PyPI's Linux torch wheel pulls gigabytes of CUDA libraries; the CPU build comes from PyTorch's own index.
  say "installing CPU-only PyTorch"
  "${pip[@]}" torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
fi
case "$source" in
  *.whl|*.tar.gz|*.zip) spec="keigo[$extras] @ file://$(cd "$(dirname "$source")" && pwd)/$(basename "$source")" ;;
  *) [ -f "$source/pyproject.toml" ] || die "$source is neither a checkout of Keigo nor a wheel/sdist" 2
     spec="$source[$extras]" ;;
esac
say "installing $spec"
"${pip[@]}" "$spec"

mkdir -p "$bindir"
ln -sf "$venv/bin/keigo" "$bindir/keigo"
say "linked $bindir/keigo -> $venv/bin/keigo"
if [ "$(uname -s)" = Linux ] && [ -f "$here/packaging/keigo.desktop" ]; then
  icon="$("$venv/bin/python" -I -c 'from engine.paths import assets_dir; print(assets_dir() / "icons" / "keigo.png")')"
  apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
  mkdir -p "$apps"
  sed -e "s|^Exec=.*|Exec=$venv/bin/keigo gui %F|" -e "s|^TryExec=.*|TryExec=$venv/bin/keigo|" \
      -e "s|^Icon=.*|Icon=$icon|" "$here/packaging/keigo.desktop" > "$apps/keigo.desktop"
  say "menu entry $apps/keigo.desktop"
fi
case ":$PATH:" in *":$bindir:"*) ;; *) say "add $bindir to your PATH to run keigo from anywhere (or run $venv/bin/keigo)" ;; esac
say "installed: $("$venv/bin/keigo" --version)"
if [ "$start" = 1 ]; then
  say "starting Keigo"
  exec "$venv/bin/keigo"
fi
