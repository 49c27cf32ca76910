"""Build the English word list the engine ships (assets/lexicons/english_words.txt.gz) from SCOWL lists.

The lists are Debian's ``wamerican-large`` and ``wbritish-large`` (SCOWL size 70, by Kevin Atkinson;
permissive licence, see assets/lexicons/README.md). Possessive forms ("dog's") are left out: the engine
strips a possessive before the look-up.

    apt-get install wamerican-large wbritish-large
    python -m training.wordlist /usr/share/dict/american-english-large /usr/share/dict/british-english-large
"""
from __future__ import annotations

import argparse
import gzip
from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.fsio import atomic_write_bytes

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "lexicons" / "english_words.txt.gz"


def build(sources: Iterable[Path], out: Path) -> int:
    words: set[str] = set()
    for src in sources:
        for line in Path(src).read_text(encoding="utf-8", errors="replace").splitlines():
            w = line.strip()
            if w and not w.endswith("'s"):
                words.add(w)
    if not words:
        raise SystemExit("training.wordlist: the source lists hold no words")
    data = "".join(w + "\n" for w in sorted(words)).encode("utf-8")
    atomic_write_bytes(out, gzip.compress(data, 9, mtime=0))  # mtime 0: the same lists give the same bytes
    return len(words)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.wordlist", description=__doc__.split("\n\n")[0])
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    n = build(args.sources, args.out)
    print(f"{n} words -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
