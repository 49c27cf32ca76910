"""Train the fluency LM the rewriter's reranker reads: a trigram Kneser-Ney LM of GYAFC's formal side.

    python -m training formal-lm --out DIR/lm.npz [--order 3] [--data DIR]

The file is engine.ngram_lm's numpy form (loads in milliseconds, no pickle); name it in rewriter.json as
"rerank": {"lm": "lm.npz"} beside the model's files (engine.faithful).
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from engine.ngram_lm import NgramLM, save_npz
from training.data import gyafc
from training.protocol import shared_data_dir


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training formal-lm", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--order", type=int, default=3)
    ap.add_argument("--data", type=Path, default=None)
    args = ap.parse_args(argv)
    root = args.data or shared_data_dir()
    if root is None:
        print("formal-lm: no data: pass --data DIR or set KEIGO_DATA (needs gyafc/em, gyafc/fr)")
        return 4
    pairs = gyafc.read_pairs(Path(root) / "gyafc", ("em", "fr"))
    lm = NgramLM.train((formal for _, formal in pairs), order=args.order)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_npz(lm, args.out)
    print(f"{len(pairs)} formal sentences, order {args.order}, {[len(k) for k in lm.keys]} n-grams -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
