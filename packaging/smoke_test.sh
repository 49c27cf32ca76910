#!/usr/bin/env bash
# Smoke test of a built bundle: starts it headless, loads the bundled models, scores and rewrites
# through the GUI layer, and checks the exit code. Usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE
set -euo pipefail
exe="${1:?usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE}"
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
QT_QPA_PLATFORM=offscreen KEIGO_HOME="$home" "$exe" --self-test
echo "hey wanna come over later?" | KEIGO_HOME="$home" "$exe" rewrite --rules-only
echo "smoke test passed"
