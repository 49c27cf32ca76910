"""The fourth seed's JFC row, measured the seed's way and the other ways (issue 13 point 5).

    python -m training jfc-row --scorer MODEL_DIR [--jfc RUN/jfc/train.tsv] [--data ROOT] [--out JSON]

Scores PT16 tune and PT16 train (human ratings binarised at 0: formal when the mean rating is above 0) with a
scorer through the engine, and prints for each: the F1 of the formal class alone (what Keigo's reports call
"PT16 F1"), the F1 of the informal class, their mean (macro) and their support-weighted mean (the "total" of a
classification report, the number the seed quotes), at three thresholds: 0.5; the one that predicts as many
formal sentences as PT16 train has (prior-matched); and the one best for the weighted F1 on PT16 train (applied
to tune). Then what the labels and the domain look like: the JFC's formal share and sentence length against
PT16's, and the weighted F1 by PT16 sentence length. PT16 train is used for evaluation only here: the scorer
under test must not have been trained on it (a JFC-only model is not).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.errors import InputError, ModelError, exit_code_for
from engine.scorer import FormalityScorer
from training.data.pt16 import read_pt16
from training.jfc import read_examples
from training.protocol import resolve_data_root


def f1_scores(pred: np.ndarray, y: np.ndarray) -> dict:
    """Accuracy and per-class, macro and support-weighted F1 of binary predictions."""
    out = {"n": len(y), "accuracy": float((pred == y).mean()) if len(y) else 0.0,
           "predicted_formal": float(pred.mean()) if len(y) else 0.0}
    f1 = {}
    for cls, name in ((1, "formal"), (0, "informal")):
        tp = float(((pred == cls) & (y == cls)).sum())
        fp = float(((pred == cls) & (y != cls)).sum())
        fn = float(((pred != cls) & (y == cls)).sum())
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f1[name] = 2 * p * r / (p + r) if p + r else 0.0
    share = float(y.mean()) if len(y) else 0.0
    out.update({"f1_formal": f1["formal"], "f1_informal": f1["informal"],
                "f1_macro": (f1["formal"] + f1["informal"]) / 2,
                "f1_weighted": share * f1["formal"] + (1 - share) * f1["informal"]})
    return out


def prior_threshold(p: np.ndarray, formal_share: float) -> float:
    """The threshold that calls the top ``formal_share`` of the scores formal."""
    return float(np.quantile(p, 1.0 - formal_share)) if len(p) else 0.5


def best_weighted_threshold(p: np.ndarray, y: np.ndarray) -> float:
    cands = np.unique(np.quantile(p, np.linspace(0.01, 0.99, 197))) if len(p) else np.array([0.5])
    return float(max(cands, key=lambda t: f1_scores((p >= t).astype(int), y)["f1_weighted"]))


def length_buckets(sentences: Sequence[str], p: np.ndarray, y: np.ndarray, t: float) -> dict:
    lengths = np.array([len(s.split()) for s in sentences])
    out = {}
    for name, lo, hi in (("<= 10 words", 0, 10), ("11-20 words", 11, 20), ("> 20 words", 21, 10 ** 9)):
        m = (lengths >= lo) & (lengths <= hi)
        if m.any():
            out[name] = f1_scores((p[m] >= t).astype(int), y[m]) | {"formal_share": float(y[m].mean())}
    return out


def measure(scorer: FormalityScorer, data_root: Path, jfc_file: Path | None) -> dict:
    sets = {}
    for split in ("tune", "train"):
        path = data_root / "pt16" / f"{split}.csv"
        if path.is_file():
            pt = read_pt16(path)
            p = scorer.score(pt.sentences).astype(np.float64)
            sets[split] = (pt.sentences, p, np.asarray(pt.labels, dtype=int), np.asarray(pt.scores))
    if "tune" not in sets:
        raise InputError(f"no PT16 tune set at {data_root / 'pt16' / 'tune.csv'}")
    from scipy.stats import spearmanr

    fit = sets.get("train", sets["tune"])  # thresholds are chosen on train when it is there
    thresholds = {"0.5": 0.5, "prior-matched": prior_threshold(fit[1], float(fit[2].mean())),
                  "best weighted F1 on PT16 train" if "train" in sets else "best weighted F1 (tune itself)":
                      best_weighted_threshold(fit[1], fit[2])}
    report: dict = {"thresholds": thresholds, "sets": {}}
    for split, (sents, p, y, rating) in sets.items():
        report["sets"][split] = {
            "formal_share": float(y.mean()), "mean_words": float(np.mean([len(s.split()) for s in sents])),
            "spearman": float(spearmanr(p, rating)[0]),
            "by_threshold": {name: f1_scores((p >= t).astype(int), y) for name, t in thresholds.items()},
            "by_length_at_0.5": length_buckets(sents, p, y, 0.5)}
    if jfc_file is not None:
        texts, labels = read_examples(jfc_file)
        report["jfc"] = {"file": str(jfc_file), "n": len(labels), "formal_share": float(np.mean(labels)),
                         "mean_words": float(np.mean([len(t.split()) for t in texts]))}
    return report


def render(report: dict, scorer_name: str) -> str:
    pct = lambda x: f"{100 * x:.2f}"
    rows = [f"JFC row for {scorer_name}: PT16 binarised at 0 (formal = mean rating > 0)", "",
            ("| set | threshold | value | predicted formal | accuracy | F1 formal | F1 informal | macro F1 | "
            "weighted F1 (the seed's 'total') |"), "|---|---|---|---|---|---|---|---|---|"]
    for split, s in report["sets"].items():
        for name, m in s["by_threshold"].items():
            rows.append(f"| PT16 {split} ({m['n']}) | {name} | {report['thresholds'][name]:.4f} | "
                        f"{pct(m['predicted_formal'])} % | {pct(m['accuracy'])} | {pct(m['f1_formal'])} | "
                        f"{pct(m['f1_informal'])} | {pct(m['f1_macro'])} | {pct(m['f1_weighted'])} |")
    rows += ["", "| set | formal share | mean words | Spearman P(formal) vs rating |", "|---|---|---|---|"]
    for split, s in report["sets"].items():
        rows.append(f"| PT16 {split} | {pct(s['formal_share'])} % | {s['mean_words']:.1f} | {s['spearman']:.3f} |")
    if "jfc" in report:
        j = report["jfc"]
        rows.append(f"| JFC train ({j['n']}) | {pct(j['formal_share'])} % | {j['mean_words']:.1f} | – |")
    rows += ["", "Weighted F1 at 0.5 by sentence length (PT16 tune):", "",
             "| length | n | formal share | predicted formal | F1 formal | weighted F1 |", "|---|---|---|---|---|---|"]
    for name, m in report["sets"]["tune"]["by_length_at_0.5"].items():
        rows.append(f"| {name} | {m['n']} | {pct(m['formal_share'])} % | {pct(m['predicted_formal'])} % | "
                    f"{pct(m['f1_formal'])} | {pct(m['f1_weighted'])} |")
    return "\n".join(rows) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training jfc-row", description=__doc__.split("\n\n")[0])
    ap.add_argument("--scorer", required=True, type=Path, help="a scorer model folder (e.g. RUN/classifier/model)")
    ap.add_argument("--jfc", type=Path, default=None, help="the JFC train.tsv the scorer learned from (label stats)")
    ap.add_argument("--data", default=None, help="data root holding pt16/ (default: KEIGO_DATA or ../shared/data)")
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = ap.parse_args(argv)
    root, _ = resolve_data_root(args.data)
    try:
        if root is None:
            raise InputError("no data root (set --data or KEIGO_DATA)")
        scorer = FormalityScorer.from_dir(args.scorer)
        report = measure(scorer, root, args.jfc)
    except (InputError, ModelError) as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return exit_code_for(exc)
    sys.stdout.write(render(report, str(args.scorer)))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
