"""Count the one-for-one word substitutions GYAFC's formal rewrites make: the evidence behind the hand-chosen
formal-equivalents lexicon (assets/lexicons/equivalents.tsv) that the rewriter's meaning check reads.

    python -m training equivalents [--top 120] [--data DIR]

A pair (informal sentence, formal rewrite) counts a substitution w -> v when, of the content words (not
function words), exactly one of the informal side is missing from the formal side (w) and exactly one of the
formal side is new (v). Each line: ``w -> v  count / times w was dropped at all``. The lexicon keeps only the
substitutions that never change what a sentence says; this command only shows the candidates.
"""
from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from engine.faithful import STOPWORDS, _stem, words
from training.data import gyafc
from training.protocol import shared_data_dir


def count_substitutions(pairs: Iterable[tuple[str, str]]) -> tuple[Counter, Counter]:
    """(substitutions (w, v) -> count, dropped word w -> count) over the pairs."""
    subs, dropped_at_all = Counter(), Counter()
    for inf, frm in pairs:
        a = [w for w in dict.fromkeys(words(inf)) if w not in STOPWORDS]
        b = [w for w in dict.fromkeys(words(frm)) if w not in STOPWORDS]
        sa, sb = {_stem(w) for w in a}, {_stem(w) for w in b}
        dropped = [w for w in a if _stem(w) not in sb]
        new = [w for w in b if _stem(w) not in sa]
        dropped_at_all.update(dropped)
        if len(dropped) == 1 and len(new) == 1:
            subs[(dropped[0], new[0])] += 1
    return subs, dropped_at_all


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training equivalents", description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=120)
    ap.add_argument("--data", type=Path, default=None)
    args = ap.parse_args(argv)
    root = args.data or shared_data_dir()
    if root is None or not (Path(root) / "gyafc").is_dir():
        print("equivalents: no data: pass --data DIR or set KEIGO_DATA (needs gyafc/em, gyafc/fr)")
        return 4
    subs, dropped = count_substitutions(gyafc.read_pairs(Path(root) / "gyafc", ("em", "fr")))
    for (w, v), n in subs.most_common(max(0, args.top)):
        print(f"{w} -> {v}  {n} / {dropped[w]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
