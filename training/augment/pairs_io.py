"""Pair files shared by the augmentation stages and the rewriter stage: `source<TAB>target` per line, UTF-8."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_temp_path
from training.data import gyafc
from training.data.text import read_lines, read_text

PAIRS_FILE = "pairs.tsv"


def _one_line(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())


def write_pairs(path: Path, pairs: Sequence[tuple[str, str]]) -> None:
    """Written to a temp file and renamed, so a reader never sees half a file."""
    with atomic_temp_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        fh.writelines(f"{_one_line(s)}\t{_one_line(t)}\n" for s, t in pairs)


def read_pairs(path: Path) -> list[tuple[str, str]]:
    out = []
    for i, line in enumerate(read_lines(Path(path)), 1):
        s, sep, t = line.partition("\t")
        if not sep or not s.strip() or not t.strip() or "\t" in t:
            raise InputError(f"{path}:{i}: expected 'source<TAB>target'")
        out.append((s, t))
    return out


def samples(pairs: Sequence[tuple[str, str]], n: int = 10, seed: int = 13) -> list[dict]:
    if not pairs:
        return []
    idx = sorted(random.Random(seed).sample(range(len(pairs)), min(n, len(pairs))))
    return [{"source": pairs[i][0], "target": pairs[i][1]} for i in idx]


def read_sources(ctx, specs: Sequence[str], side: str, limit: int = 0) -> tuple[list[str], dict[str, int]]:
    """Sentences from source specs: "gyafc" is the GYAFC train side `side` (formal|informal) of both
    domains; anything else is a file or folder of .txt files under the data root. ``limit`` caps each."""
    out: list[str] = []
    counts: dict[str, int] = {}
    cap = limit or ctx.config.section("data").max_sentences
    for spec in specs:
        if spec == "gyafc":
            pairs = gyafc.read_pairs(ctx.data_path("gyafc"), limit=cap)
            sents = [p[1] if side == "formal" else p[0] for p in pairs]
        else:
            sents = read_text(ctx.data_path(spec), limit=cap)
        counts[spec] = len(sents)
        out.extend(sents)
    seen: set[str] = set()
    uniq = [s for s in out if not (s in seen or seen.add(s))]
    return uniq, counts
