#!/usr/bin/env bash
# Smoke test of a built bundle, run headless from an empty folder with an empty KEIGO_HOME, so the models
# can only come from inside the bundle. Checks: no torch/transformers/training in the bundle; `--self-test`
# (GUI layer: models load, text is scored, a rewrite is accepted and undone); `models verify` (sha256 of
# every bundled model file) reports the bundled models at paths inside the bundle; `score` (both scorers)
# orders an informal and a formal line; `rewrite` changes an informal line; `train` says the train extra
# is missing; an unreadable file exits 4.
# Usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE
# With PYI_ARCHIVE_VIEWER=path/to/pyi-archive_viewer (build.sh sets it) the compiled-module archive is
# also searched for torch/transformers/training.
set -euo pipefail
exe="$(cd "$(dirname "${1:?usage: smoke_test.sh PATH_TO_KEIGO_EXECUTABLE}")" && pwd)/$(basename "$1")"
bundle="$(dirname "$exe")"
[ -x "$exe" ] || { echo "smoke test FAILED: $exe is not an executable" >&2; exit 1; }
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
  if grep -E '^ *(torch|transformers|training|optimum)(\.|$)' "$work/archive.txt" | head -3 | grep .; then
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
for role in scorer scorer-accurate; do
  grep -qE "^ok +$role/bundled +$bundle/" "$work/verify.txt" || fail "$role/bundled not verified inside $bundle"
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

# 5. rewrite: the informal line comes back changed (rules-only, and the default path, which falls back to
#    the rule-based formalizer when no rewriter model is bundled).
for opt in --rules-only ""; do
  out="$(echo "hey wanna come over later?" | "$exe" rewrite $opt)"
  echo "rewrite $opt: $out"
  [ -n "$out" ] && [ "$out" != "hey wanna come over later?" ] || fail "rewrite $opt did not change the line"
done

# 6. Training is not in the bundle: a clear message and exit 3, not a crash.
set +e
"$exe" train classifier --config tiny.toml > /dev/null 2> "$work/train.txt"; rc=$?
"$exe" score "$work/no-such-file.txt" > /dev/null 2> "$work/missing.txt"; rc_missing=$?
set -e
[ "$rc" -eq 3 ] && grep -q 'train extra' "$work/train.txt" || fail "keigo train: exit $rc, $(cat "$work/train.txt")"
[ "$rc_missing" -eq 4 ] || fail "score on a missing file: exit $rc_missing (expected 4)"
echo "smoke test passed"
