"""Round-trip translation English -> pivot -> English with Apertium (rule-based MT from Debian), in batches.

Install: ``apt-get install apertium apertium-eng-spa apertium-eng-cat apertium-en-gl``. The pair names
differ between packages (eng-spa / spa-eng, eng-cat / cat-eng, en-gl / gl-en): they are read from
``apertium -l`` rather than assumed.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from functools import lru_cache

from engine.errors import ModelNotInstalled

# pivot -> candidate (forward, backward) mode names, in order of preference
_PIVOT_MODES = {
    "spa": [("eng-spa", "spa-eng"), ("en-es", "es-en")],
    "cat": [("eng-cat", "cat-eng"), ("en-ca", "ca-en")],
    "glg": [("en-gl", "gl-en"), ("eng-glg", "glg-eng")],
}
PIVOT_NAMES = {"spa": "Spanish", "cat": "Catalan", "glg": "Galician"}
_TIMEOUT_S = 600
# A batch that times out is tried once more before the stage fails: a machine that slept, or a job paused with
# SIGSTOP, runs past the timeout without anything being wrong (a 29-minute pause crashed an F-Dis run that way).
_ATTEMPTS = 2


def _binary() -> str | None:
    return shutil.which("apertium")


@lru_cache(maxsize=1)
def _modes() -> frozenset[str]:
    exe = _binary()
    if exe is None:
        return frozenset()
    try:
        res = subprocess.run([exe, "-l"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    return frozenset(line.strip() for line in res.stdout.splitlines() if line.strip())


def _pivot_modes(pivot: str) -> tuple[str, str] | None:
    modes = _modes()
    for fwd, back in _PIVOT_MODES.get(pivot, []):
        if fwd in modes and back in modes:
            return fwd, back
    return None


def available() -> bool:
    """True when the apertium command exists and at least one English round trip is installed."""
    return bool(pivots())


def pivots() -> list[str]:
    """Installed pivot languages ("spa", "cat", "glg") with both directions present."""
    return [p for p in _PIVOT_MODES if _pivot_modes(p) is not None]


def _clean(line: str) -> str:
    # -u drops the '*' marks of unknown words; '#' marks a generation gap and '@' a transfer gap
    return " ".join(line.replace("#", "").replace("@", "").split())


def _run_batch(exe: str, mode: str, chunk: Sequence[str]) -> subprocess.CompletedProcess:
    for _ in range(_ATTEMPTS):
        try:
            return subprocess.run([exe, "-u", "-n", "-f", "line", mode], input="\n".join(chunk) + "\n",
                                  capture_output=True, text=True, timeout=_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired:
            pass
    raise RuntimeError(f"apertium {mode} did not finish a batch of {len(chunk)} sentences in {_TIMEOUT_S} s, "
                       f"{_ATTEMPTS} times; the stage resumes from its last saved batch when run again")


def translate(sentences: Sequence[str], mode: str, batch_size: int = 2000) -> list[str]:
    """Translate with one Apertium mode, one sentence per line, order and count preserved."""
    exe = _binary()
    if exe is None:
        raise ModelNotInstalled("apertium is not installed (apt-get install apertium apertium-eng-spa "
                                "apertium-eng-cat apertium-en-gl)")
    if mode not in _modes():
        raise ModelNotInstalled(f"apertium mode {mode} is not installed (apertium -l lists {sorted(_modes())})")
    out: list[str] = []
    for b in range(0, len(sentences), batch_size):
        chunk = [" ".join(s.split()) for s in sentences[b:b + batch_size]]
        # -f line: one translation unit per line, so the line count is kept; -n: no period added
        res = _run_batch(exe, mode, chunk)
        if res.returncode != 0:
            raise RuntimeError(f"apertium {mode} failed ({res.returncode}): {res.stderr.strip()[:300]}")
        lines = res.stdout.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != len(chunk):
            # one sentence: its lines joined; several: one produced an extra line break, so redo them one by one
            lines = [" ".join(lines)] if len(chunk) == 1 else [translate([s], mode)[0] for s in chunk]
        out.extend(_clean(x) for x in lines)
    return out


def round_trip(sentences: Sequence[str], pivot: str, batch_size: int = 2000) -> list[str]:
    """English -> pivot -> English for every sentence; empty sentences stay empty."""
    modes = _pivot_modes(pivot)
    if modes is None:
        raise ModelNotInstalled(f"no Apertium round trip through {pivot!r} is installed "
                                f"(installed pivots: {pivots() or 'none'})")
    fwd, back = modes
    idx = [i for i, s in enumerate(sentences) if s.strip()]
    mid = translate([sentences[i] for i in idx], fwd, batch_size)
    back_txt = translate(mid, back, batch_size)
    out = [""] * len(sentences)
    for i, t in zip(idx, back_txt):
        out[i] = t
    return out
