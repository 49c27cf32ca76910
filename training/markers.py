"""Learn the informal-marker words the rewriter's checks may drop: words far likelier on GYAFC's informal side.

    python -m training markers --out DIR/markers.txt [--min-count 50] [--min-ratio 2.0]

A word is a marker when the share of informal training sentences holding it is at least --min-ratio times
the share of formal ones (add-one smoothing) and it occurs in at least --min-count sentences: "guys",
"stuff", "crap", "totally" are markers; "ship", "revenue" and "document" are not. The engine
(engine.faithful) treats a dropped marker as the rewriter doing its job, not as lost content. The file is a
statistic of GYAFC train (research-use terms): it ships inside the rewriter directory, under its model card.
"""
from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.faithful import words
from engine.fsio import atomic_write_text
from training.data import gyafc
from training.protocol import shared_data_dir


def learn_markers(pairs: Iterable[tuple[str, str]], min_count: int = 50, min_ratio: float = 2.0) -> list[tuple[str, int, int]]:
    """(word, informal sentences, formal sentences) for each marker, most informal first."""
    informal, formal = Counter(), Counter()
    for inf, frm in pairs:
        informal.update(set(words(inf)))
        formal.update(set(words(frm)))
    out = []
    for w in set(informal) | set(formal):
        a, b = informal[w], formal[w]
        if a + b >= min_count and (a + 1) / (b + 1) >= min_ratio:
            out.append((w, a, b))
    out.sort(key=lambda r: (-math.log((r[1] + 1) / (r[2] + 1)), r[0]))
    return out


def write_markers(rows: Sequence[tuple[str, int, int]], out: Path) -> None:
    text = "# informal markers learned from GYAFC train (training/markers.py): word, informal, formal sentences\n"
    text += "".join(f"{w}\t{a}\t{b}\n" for w, a, b in rows)
    atomic_write_text(out, text)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training markers", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--min-count", type=int, default=50)
    ap.add_argument("--min-ratio", type=float, default=2.0)
    ap.add_argument("--data", type=Path, default=None)
    args = ap.parse_args(argv)
    root = args.data or shared_data_dir()
    if root is None:
        print("markers: no data: pass --data DIR or set KEIGO_DATA (needs gyafc/em, gyafc/fr)")
        return 4
    rows = learn_markers(gyafc.read_pairs(Path(root) / "gyafc", ("em", "fr")), args.min_count, args.min_ratio)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_markers(rows, args.out)
    print(f"{len(rows)} markers -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
