#!/usr/bin/env bash
# Smoke test of a built or installed bundle, run headless from an empty folder with an empty KEIGO_HOME, so the
# models can only come from inside the bundle. Checks, in order:
#   1. no torch/transformers/training in the bundle (files; with PYI_ARCHIVE_VIEWER also the module archive,
#      where of training only the run contract training.protocol may be);
#   2. `--self-test`: the GUI layer starts offscreen, loads the models, scores text, accepts and undoes a rewrite;
#   3. `models verify`: every bundled model (both scorers and the rewriter) matches its manifest's sha256 and is
#      read from inside the bundle;
#   4. `score` with both scorers: one line out per line in, the formal line above the informal one;
#   5. `rewrite` with the bundled neural rewriter (no fallback to the rules: the reranked neural path), and
#      `--rules-only`: both change an informal line;
#   6. `train` with no Python on PATH says the train extra is missing (exit 3), an unreadable file exits 4, and on Linux `keigo`
#      without a display exits 3 with a message instead of Qt's abort.
# Usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE   (dist/keigo/keigo, /usr/bin/keigo from the .deb (a symlink),
#        dist\keigo\keigo.exe under Git Bash, Keigo.app/Contents/MacOS/keigo)
# With PYI_ARCHIVE_VIEWER=path/to/pyi-archive_viewer (build.sh sets it) the compiled-module archive is
# also searched for torch/transformers/training.
set -euo pipefail
arg="${1:?usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE}"
[ -e "$arg" ] || { echo "smoke test FAILED: $arg does not exist" >&2; exit 1; }
exe="$(readlink -f "$arg" 2>/dev/null || echo "$arg")"  # /usr/bin/keigo -> /opt/keigo/keigo
exe="$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")"
bundle="$(dirname "$exe")"
case "$bundle" in *.app/Contents/MacOS) bundle="${bundle%/Contents/MacOS}" ;; esac  # data sit in Contents/
[ -x "$exe" ] || { echo "smoke test FAILED: $exe is not an executable" >&2; exit 1; }
bundle_shown="$bundle"  # the bundle as the program prints its paths
case "$(uname -s)" in MINGW*|MSYS*|CYGWIN*) bundle_shown="$(cygpath -w "$bundle")" ;; esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/home" "$work/cwd"
cd "$work/cwd"
unset KEIGO_BUNDLED_MODELS KEIGO_PROVIDERS PYTHONPATH
export KEIGO_HOME="$work/home" QT_QPA_PLATFORM=offscreen
fail() { echo "smoke test FAILED: $*" >&2; exit 1; }

# 1. Nothing of the training stack in the bundle (files, then the module archive when we can read it).
leaked="$(find "$bundle" \( -iname 'torch' -o -iname 'libtorch*' -o -iname 'transformers' -o -iname 'training' \
                            -o -iname 'optimum' -o -iname 'torch-*.dist-info' \) -print | head -5)"
[ -z "$leaked" ] || fail "training stack in the bundle: $leaked"
if [ -n "${PYI_ARCHIVE_VIEWER:-}" ]; then
  "$PYI_ARCHIVE_VIEWER" -r -b "$exe" > "$work/archive.txt"
  grep -q '^ *engine\.scorer$' "$work/archive.txt" || fail "archive listing does not show engine.scorer"
  # of training only the run contract (training.protocol) ships
  if grep -E '^ *(torch|transformers|training|optimum)(\.|$)' "$work/archive.txt" \
       | grep -vE '^ *training(\.protocol)?$' | head -3 | grep .; then
    fail "training modules in the bundle's archive"
  fi
fi

# 2. The app itself, headless.
rc=0; "$exe" --self-test > "$work/self_test.txt" || rc=$?
cat "$work/self_test.txt"
[ "$rc" -eq 0 ] || fail "--self-test exit $rc"
grep -q 'keigo self-test: OK' "$work/self_test.txt" || fail "--self-test did not print OK"

# 3. Bundled models: present, verified against their manifests, loaded from inside the bundle.
rc=0; "$exe" models verify > "$work/verify.txt" || rc=$?
cat "$work/verify.txt"
[ "$rc" -eq 0 ] || fail "models verify exit $rc"
for role in scorer scorer-accurate rewriter; do
  grep -E "^ok +$role/bundled " "$work/verify.txt" | grep -qF "$bundle_shown" \
    || fail "$role/bundled not verified inside $bundle_shown"
done

# 4. score with both scorers: one line out per line in, the formal line scores higher.
for role in scorer scorer-accurate; do
  printf 'hey wanna come over later lol\nI would be grateful if you could reply by Friday.\n' \
    | "$exe" score --role "$role" > "$work/score.txt"
  cat "$work/score.txt"
  [ "$(wc -l < "$work/score.txt")" -eq 2 ] || fail "score --role $role: expected 2 lines"
  awk -F'\t' 'NR==1{a=$1} NR==2{b=$1} END{exit !(a ~ /^[01]\.[0-9]{4}$/ && b ~ /^[01]\.[0-9]{4}$/ && b > a)}' \
    "$work/score.txt" || fail "score --role $role: formal line not scored above the informal one"
done

# 5. rewrite with the bundled neural rewriter: the informal line comes back changed, through the reranked
#    neural path (flag "reranked"; the rule-based fallback would flag "rules" and say so on stderr).
informal="hey wanna come over later?"
echo "$informal" | "$exe" rewrite --json > "$work/rewrite.json" 2> "$work/rewrite.err"
cat "$work/rewrite.json"
grep -q '"flags": \[[^]]*"reranked"' "$work/rewrite.json" || fail "rewrite did not use the neural rewriter"
grep -qi 'rule' "$work/rewrite.err" && fail "rewrite fell back to the rules: $(cat "$work/rewrite.err")"
out="$(echo "$informal" | "$exe" rewrite)"
echo "rewrite (neural): $out"
[ -n "$out" ] && [ "$out" != "$informal" ] || fail "rewrite did not change the line"
out="$(echo "$informal" | "$exe" rewrite --rules-only)"
echo "rewrite --rules-only: $out"
[ -n "$out" ] && [ "$out" != "$informal" ] || fail "rewrite --rules-only did not change the line"

# 6. Clear failures, not crashes: training is not in the bundle; a missing file; no display (Linux).
set +e
mkdir "$work/empty"  # a PATH without python3: the bundle's own check must say what to install
env PATH="$work/empty" "$exe" train classifier --config tiny.toml > /dev/null 2> "$work/train.txt"; rc=$?
"$exe" score "$work/no-such-file.txt" > /dev/null 2> "$work/missing.txt"; rc_missing=$?
set -e
[ "$rc" -eq 3 ] && grep -q 'train extra' "$work/train.txt" || fail "keigo train: exit $rc, $(cat "$work/train.txt")"
[ "$rc_missing" -eq 4 ] || fail "score on a missing file: exit $rc_missing (expected 4)"
if [ "$(uname -s)" = Linux ]; then
  rc=0; env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$exe" > /dev/null 2> "$work/nodisplay.txt" || rc=$?
  [ "$rc" -eq 3 ] && grep -q 'no display' "$work/nodisplay.txt" \
    || fail "keigo without a display: exit $rc (expected 3), $(cat "$work/nodisplay.txt")"
fi
echo "smoke test passed"
