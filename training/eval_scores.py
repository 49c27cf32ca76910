"""Checks that a formality score and its reasons mean something (issue 13).

`python -m training eval-scores --scorer DIR [--data ROOT] [--limit N] [--out FILE]` prints one JSON object:

- ``underlines``: on GYAFC tune informal sources, the words the editor underlines (``engine.reasons``) scored
  against what can be checked without a model: the slang / abbreviation / contraction / filler lexicons
  (Keigo's and the shared ones), lowercase "i", a letter three times in a row ("sooo"), repeated "!"/"?" or
  dots, emoticons and emoji, and all-caps words. Precision = underlined words that are checkable markers;
  recall = checkable markers that are underlined. "before" is the rule the app used (any weight below
  -0.25 log-odds); the checkable set misses real informal words ("dude", "stuff"), so precision is a lower
  bound. "after" is today's rule (engine.reasons: thresholds plus the lexicon gate), "threshold_only" the
  same thresholds without the gate. The gate underlines lexicon words at any pull towards informal, so part
  of its recall gain is by construction; its precision gain comes from the standard words it stops underlining.
- ``invariance``: real GYAFC tune sentences (informal sources and formal references) that hold a number, a
  first name or a place from the lists below, each paired with a copy where that item is swapped for another
  of its kind (digits for random digits in the same shape, names for names, places for places); the share of
  pairs whose P(formal) moves by more than 0.05 (the mark: at most 2 %). Standalone "2" and "4" are not
  swapped: in informal text they are often words ("2 go"), which is style, not content.
- ``calibration``: expected calibration error (10 bins) of P(formal) on GYAFC tune, and the histogram of the
  scores of the informal sources.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.canonical import NUMBER, STYLE_NUMBERS
from engine.paths import assets_dir
from engine.reasons import informal_words
from engine.scorer import FormalityScorer
from training.data.gyafc import read_tune
from training.protocol import resolve_data_root

BEFORE_EPS = 0.25  # the app's old rule: any weight below -0.25 log-odds was underlined

# Common first names and places, capitalised as written; the swap keeps the kind.
FIRST_NAMES = ["John", "Mary", "James", "Sarah", "Michael", "Emma", "David", "Anna", "Robert", "Lisa", "Chris", "Kate",
               "Mike", "Laura", "Tom", "Jessica", "Mark", "Emily", "Paul", "Rachel", "Steve", "Amy", "Brian", "Linda",
               "Kevin", "Julia", "Jason", "Nicole", "Eric", "Megan", "Peter", "Maria", "Daniel", "Helen", "Adam", "Susan",
               "Ryan", "Karen", "Matt", "Jennifer"]
PLACES = ["London", "Paris", "Chicago", "Boston", "Texas", "California", "Florida", "Canada", "Mexico", "Japan",
          "China", "India", "Germany", "France", "Italy", "Spain", "Australia", "Brazil", "Ohio", "Seattle", "Dallas",
          "Denver", "Miami", "Atlanta", "Toronto", "Berlin", "Tokyo", "Dublin", "Sydney", "Vegas"]
_REPEATED_LETTER = re.compile(r"([A-Za-z])\1\1")
_REPEATED_PUNCT = re.compile(r"^(?:[!?]{2,}|\.{2,}[!?.]*|[!?]+\.{2,}[!?.]*)$")
_EMOTICON = re.compile(r"[:;=8][\-o'^]?[)(DPpO/\\|\][]|<3|\^_\^|[xX]D")


def _lexicon_keys(paths: Sequence[Path]) -> set[str]:
    keys: set[str] = set()
    for p in paths:
        if not p.is_file():
            continue
        for line in p.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            if p.suffix == ".tsv":
                k = line.split("\t")[0].strip().lower().replace("\u2019", "'")
                if k and " " not in k:
                    keys.add(k)
            else:
                keys.update(w.lower() for w in line.split())
    return keys


def checkable_markers(data_root: Path | None) -> set[str]:
    lex = assets_dir() / "lexicons"
    paths = [lex / "slang.tsv", lex / "contractions.tsv", lex / "fillers.txt"]
    if data_root is not None:
        shared = data_root / "lexicons"
        paths += [shared / "abbreviations_en.tsv", shared / "slang_en.tsv", shared / "contractions_en.tsv"]
    return _lexicon_keys(paths)


def is_checkable(word: str, keys: set[str]) -> bool:
    w = word.replace("\u2019", "'")
    if w == "i" or w.lower() in keys:
        return True
    if _REPEATED_LETTER.search(w) or _REPEATED_PUNCT.match(w) or _EMOTICON.search(w):
        return True
    if any(unicodedata.category(c) == "So" for c in w):
        return True
    return len(w) >= 3 and w.isalpha() and w.isupper()


def underline_report(scorer: FormalityScorer, sentences: Sequence[str], keys: set[str],
                     thresholds: Sequence[float]) -> dict:
    rows = [(w, is_checkable(w.word, keys)) for s in sentences for w in scorer.explain(s)]
    checkable = sum(c for _, c in rows)

    def stats(chosen: list[bool]) -> dict:
        n = sum(chosen)
        hit = sum(1 for (_, c), m in zip(rows, chosen) if m and c)
        return {"underlined": n, "precision": round(hit / n, 4) if n else None,
                "recall": round(hit / checkable, 4) if checkable else None}

    before = stats([w.weight < -BEFORE_EPS for w, _ in rows])
    after, plain = {}, {}
    for t in thresholds:
        keep = {id(w) for w in informal_words([w for w, _ in rows], threshold=t)}
        after[f"{t:g}"] = stats([id(w) in keep for w, _ in rows])
        keep = {id(w) for w in informal_words([w for w, _ in rows], threshold=t, vocabulary=None)}
        plain[f"{t:g}"] = stats([id(w) in keep for w, _ in rows])
    # "after": the app's rule (engine.reasons, with the lexicon gate); "threshold_only": the same thresholds
    # without the gate (the rule of the previous release)
    return {"sentences": len(sentences), "words": len(rows), "checkable": checkable,
            "before": before, "after": after, "threshold_only": plain}


def invariance_pairs(sentences: Sequence[str], seed: int = 13) -> list[tuple[str, str, str]]:
    """(kind, sentence, swapped copy) for every sentence holding a number, a listed name or a listed place."""
    rng = random.Random(seed)
    pairs = []
    for s in sentences:
        if any(m.group() not in STYLE_NUMBERS for m in NUMBER.finditer(s)):
            def swap_num(m):
                old = m.group()
                if old in STYLE_NUMBERS:
                    return old
                while True:
                    new = "".join(rng.choice("0123456789") if c.isdigit() else c for c in old)
                    if len(old) > 1 and new[0] == "0":
                        new = str(rng.randint(1, 9)) + new[1:]
                    if new != old and new not in STYLE_NUMBERS:
                        return new
            pairs.append(("number", s, NUMBER.sub(swap_num, s)))
        for kind, pool in (("name", FIRST_NAMES), ("place", PLACES)):
            found = [w for w in pool if re.search(rf"\b{w}\b", s)]
            if found:
                old = found[0]
                new = rng.choice([w for w in pool if w != old])
                pairs.append((kind, s, re.sub(rf"\b{old}\b", new, s)))
    return pairs


def invariance_report(scorer: FormalityScorer, pairs, tolerance: float = 0.05) -> dict:
    if not pairs:
        return {"pairs": 0, "tolerance": tolerance, "violations": None, "by_kind": {}, "worst": []}
    a = scorer.score([p[1] for p in pairs])
    b = scorer.score([p[2] for p in pairs])
    moved = np.abs(a - b) > tolerance
    by_kind = {}
    for kind in sorted({p[0] for p in pairs}):
        m = np.array([p[0] == kind for p in pairs])
        by_kind[kind] = {"pairs": int(m.sum()), "violations": round(float(moved[m].mean()), 4)}
    worst = np.argsort(-np.abs(a - b))[:5]
    return {"pairs": len(pairs), "tolerance": tolerance, "violations": round(float(moved.mean()), 4),
            "by_kind": by_kind,
            "worst": [{"a": pairs[i][1], "b": pairs[i][2], "score_a": round(float(a[i]), 4),
                       "score_b": round(float(b[i]), 4)} for i in worst]}


def expected_calibration_error(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    edges = np.linspace(0.0, 1.0, bins + 1)
    idx = np.clip(np.digitize(p, edges[1:-1]), 0, bins - 1)
    err = 0.0
    for b in range(bins):
        m = idx == b
        if m.any():
            err += m.mean() * abs(float(p[m].mean()) - float(y[m].mean()))
    return float(err)


def calibration_report(scorer: FormalityScorer, informal: Sequence[str], formal: Sequence[str]) -> dict:
    p = scorer.score(list(informal) + list(formal)).astype(np.float64)
    y = np.array([0] * len(informal) + [1] * len(formal), dtype=np.float64)
    hist, _ = np.histogram(p[: len(informal)], bins=10, range=(0.0, 1.0))
    return {"ece": round(expected_calibration_error(p, y), 4), "accuracy": round(float(((p >= 0.5) == y).mean()), 4),
            "informal_histogram": hist.tolist(),
            "informal_below_0.001": round(float((p[: len(informal)] < 0.001).mean()), 4)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training eval-scores", description=__doc__.split("\n\n")[0])
    ap.add_argument("--scorer", required=True, help="a scorer model folder (model.onnx, scorer.json, tokenizer.json)")
    ap.add_argument("--data", help="data root holding gyafc/ and lexicons/ (default: KEIGO_DATA or ../shared/data)")
    ap.add_argument("--limit", type=int, default=0, help="use the first N tune sentences per domain (0 = all)")
    ap.add_argument("--thresholds", default="0.5,1,1.5", help="underline thresholds to report, log-odds")
    ap.add_argument("--skip-underlines", action="store_true",
                    help="skip the underline check (it explains every word: slow for a transformer scorer)")
    ap.add_argument("--out", help="also write the JSON here")
    args = ap.parse_args(argv)
    root, _ = resolve_data_root(args.data)
    if root is None or not (root / "gyafc").is_dir():
        sys.stderr.write(f"keigo: error: no GYAFC data in {root / 'gyafc'} (set --data or KEIGO_DATA)\n")
        return 4
    try:
        thresholds = [float(t) for t in args.thresholds.split(",") if t.strip()]
    except ValueError:
        sys.stderr.write(f"keigo: error: --thresholds must be numbers separated by commas, got {args.thresholds!r}\n")
        return 2
    scorer = FormalityScorer.from_dir(args.scorer, threads=1)
    informal, formal = [], []
    for domain in ("em", "fr"):
        tune = read_tune(root / "gyafc", domain, limit=args.limit)
        informal += tune.sources
        formal += tune.refs[0]
    report = {"scorer": str(args.scorer), "data": "GYAFC tune (em+fr)" + (f", first {args.limit} per domain"
                                                                          if args.limit else ""),
              "underlines": (None if args.skip_underlines else
                             underline_report(scorer, informal, checkable_markers(root), thresholds)),
              "invariance": invariance_report(scorer, invariance_pairs(informal + formal)),
              "calibration": calibration_report(scorer, informal, formal)}
    text = json.dumps(report, indent=1, ensure_ascii=False)
    sys.stdout.write(text + "\n")
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
