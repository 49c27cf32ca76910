"""Fit the graded formality degree the app shows (engine/degree.py) for a scorer with a graded head, measured.

    python -m training attach-display MODEL_DIR [--data ROOT] [--tolerance 0.01] [--version-suffix -graded]

Fitted on half A of GYAFC tune (both domains; informal sources 0, first formal reference 1) and half A of PT16
tune, reported on the halves B (a fixed seeded split):

1. beta, the weight of logit P(formal) added to the graded head: the smallest of a grid whose best threshold
   separates GYAFC half A within ``tolerance`` of P(formal)'s own accuracy at 0.5 (the graded head alone orders
   sentences like human raters but separates GYAFC worse; P alone separates well but is all-or-nothing);
2. the boundary: that best threshold, which becomes degree 0.5;
3. an isotonic regression of the PT16 human rating on s (PT16 half A), scaled to the degree on each side of the
   boundary.

The report (printed, in the model card and the manifest): GYAFC accuracy at 0.5, PT16 Spearman, the error of the
human-rating estimate, the calibration error of P(formal) and the histograms and colour levels of GYAFC tune's
informal sources, before (P(formal)) and after (degree). scorer.json gets ``"display"``, written with the card and
a new manifest last.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.degree import DegreeMap, build_map, clipped_logit
from engine.errors import InputError
from engine.fsio import atomic_write_json
from engine.manifest import load_manifest
from engine.scorer import FormalityScorer
from training.attach_canonical import amend_scorer_dir
from training.data.gyafc import read_tune
from training.data.pt16 import read_pt16
from training.eval_scores import expected_calibration_error
from training.protocol import resolve_data_root

CARD_HEAD = "## Graded degree (what the app shows)"
BETAS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)
LEVELS = 6  # the editor's colour levels (gui/theme.py), at the default target 0.5


def _halves(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    idx = np.random.default_rng(seed).permutation(n)
    return np.sort(idx[: n // 2]), np.sort(idx[n // 2:])


def best_threshold(s: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(threshold, accuracy) of the rule ``s >= threshold -> formal`` that is most accurate (midpoints of sorted s)."""
    order = np.argsort(s, kind="stable")
    ss, yy = s[order], y[order].astype(np.int64)
    n = len(ss)
    # predicting formal for positions >= k: correct = informal before k + formal from k
    informal_before = np.concatenate([[0], np.cumsum(1 - yy)])
    formal_from = np.concatenate([np.cumsum(yy[::-1])[::-1], [0]])
    correct = informal_before + formal_from
    # a cut is only real between two different values
    valid = np.ones(n + 1, dtype=bool)
    valid[1:n] = ss[1:] > ss[:-1]
    k = int(np.argmax(np.where(valid, correct, -1)))
    if k == 0:
        t = float(ss[0]) - 1.0
    elif k == n:
        t = float(ss[-1]) + 1.0
    else:
        t = float(0.5 * (ss[k - 1] + ss[k]))
    return t, float(correct[k] / n)


def isotonic_knots(s: np.ndarray, rating: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Knots of the isotonic fit rating ~ s: one per pooled block, at the block's mean s."""
    from sklearn.isotonic import IsotonicRegression

    order = np.argsort(s, kind="stable")
    xs, rs = s[order], rating[order]
    fit = IsotonicRegression(increasing=True, out_of_bounds="clip").fit_transform(xs, rs)
    kx, ky = [], []
    start = 0
    for i in range(1, len(fit) + 1):
        if i == len(fit) or fit[i] != fit[start]:
            kx.append(float(xs[start:i].mean()))
            ky.append(float(fit[start]))
            start = i
    kx, ky = np.asarray(kx), np.asarray(ky)
    keep = np.concatenate([[True], np.diff(kx) > 0])
    return kx[keep], ky[keep]


def levels(values: np.ndarray) -> list[int]:
    """How many sentences fall in each of the editor's six colour levels at target 0.5 (0 = very informal)."""
    lv = np.minimum(LEVELS - 1, (np.clip(values, 0, 1) * LEVELS).astype(int))
    return np.bincount(lv, minlength=LEVELS).tolist()


def fit_display(p_g: np.ndarray, g_g: np.ndarray, y_g: np.ndarray, p_pt: np.ndarray, g_pt: np.ndarray,
                r_pt: np.ndarray, tolerance: float = 0.01, seed: int = 0) -> tuple[DegreeMap, dict]:
    """Fit on halves A, report on halves B. Inputs: P and graded on GYAFC (labels y) and on PT16 (ratings r)."""
    from scipy.stats import spearmanr

    if len(y_g) < 4 or len(r_pt) < 4:
        raise InputError("need at least 4 GYAFC and 4 PT16 sentences to fit the display")
    a_g, b_g = _halves(len(y_g), seed)
    a_p, b_p = _halves(len(r_pt), seed)
    acc_p_a = float(((p_g[a_g] >= 0.5) == y_g[a_g]).mean())
    tried = []
    for beta in BETAS:
        s_a = np.asarray(g_g[a_g], dtype=np.float64) + beta * clipped_logit(p_g[a_g])
        t, acc = best_threshold(s_a, y_g[a_g])
        tried.append({"beta": beta, "threshold": t, "gyafc_A_accuracy": round(acc, 4)})
    ok = [r for r in tried if r["gyafc_A_accuracy"] >= acc_p_a - tolerance]
    chosen = ok[0] if ok else max(tried, key=lambda r: r["gyafc_A_accuracy"])
    beta, boundary = chosen["beta"], chosen["threshold"]
    s_pt = np.asarray(g_pt, dtype=np.float64) + beta * clipped_logit(p_pt)
    kx, ky = isotonic_knots(s_pt[a_p], np.asarray(r_pt, dtype=np.float64)[a_p])
    dmap = build_map(beta, kx, ky, boundary)

    deg_g = dmap.apply(p_g, g_g)
    deg_pt = dmap.apply(p_pt, g_pt)
    rating_hat = np.interp(s_pt, kx, ky)
    informal = y_g == 0
    report = {
        "fit": {"gyafc_A": len(a_g), "pt16_A": len(a_p), "tolerance": tolerance, "seed": seed,
                "p_formal_A_accuracy": round(acc_p_a, 4), "betas": tried, "beta": beta,
                "boundary_s": round(boundary, 4), "knots": len(dmap.knots_s)},
        "gyafc_B_accuracy": {"p_formal": round(float(((p_g[b_g] >= 0.5) == y_g[b_g]).mean()), 4),
                             "degree": round(float(((deg_g[b_g] >= 0.5) == y_g[b_g]).mean()), 4)},
        "pt16_B_spearman": {"p_formal": round(float(spearmanr(p_pt[b_p], r_pt[b_p])[0]), 4),
                            "graded": round(float(spearmanr(g_pt[b_p], r_pt[b_p])[0]), 4),
                            "degree": round(float(spearmanr(deg_pt[b_p], r_pt[b_p])[0]), 4)},
        "pt16_B_rating_mae": {"graded_raw": round(float(np.abs(np.clip(g_pt[b_p], -3, 3) - r_pt[b_p]).mean()), 4),
                              "degree_fit": round(float(np.abs(rating_hat[b_p] - r_pt[b_p]).mean()), 4)},
        "gyafc_ece_p_formal": round(expected_calibration_error(p_g.astype(np.float64), y_g.astype(np.float64)), 4),
        "informal_histogram": {"p_formal": np.histogram(p_g[informal], bins=10, range=(0, 1))[0].tolist(),
                               "degree": np.histogram(deg_g[informal], bins=10, range=(0, 1))[0].tolist()},
        "formal_histogram": {"p_formal": np.histogram(p_g[~informal], bins=10, range=(0, 1))[0].tolist(),
                             "degree": np.histogram(deg_g[~informal], bins=10, range=(0, 1))[0].tolist()},
        "informal_levels": {"p_formal": levels(p_g[informal]), "degree": levels(deg_g[informal])},
        "formal_levels": {"p_formal": levels(p_g[~informal]), "degree": levels(deg_g[~informal])},
    }
    return dmap, report


def measure_inputs(scorer: FormalityScorer, data_root: Path):
    sents, y = [], []
    for domain in ("em", "fr"):
        tune = read_tune(data_root / "gyafc", domain)
        sents += tune.sources + tune.refs[0]
        y += [0] * len(tune.sources) + [1] * len(tune.refs[0])
    p_g, g_g = scorer.score_both(sents)
    pt = read_pt16(data_root / "pt16" / "tune.csv")
    p_pt, g_pt = scorer.score_both(pt.sentences)
    keep = np.isfinite(p_g) & np.isfinite(g_g)
    keep_pt = np.isfinite(p_pt) & np.isfinite(g_pt)
    return (p_g[keep], g_g[keep], np.asarray(y)[keep], p_pt[keep_pt], g_pt[keep_pt],
            np.asarray(pt.scores, dtype=np.float64)[keep_pt])


def card_section(report: dict) -> str:
    f = report["fit"]
    hist = report["informal_histogram"]
    lv = report["informal_levels"]
    names = ("very informal", "informal", "slightly informal", "slightly formal", "formal", "very formal")
    rows = [CARD_HEAD, "",
            ("The editor shows a graded degree in [0, 1] rather than P(formal) (`engine/degree.py`, scorer.json "
            f"`display`): s = graded + {f['beta']} · logit P(formal) (P clipped to 0.01..0.99), mapped monotonically so that 0.5 is the "
            "boundary that best separates GYAFC's informal and formal sentences, and each side follows the PT16 "
            "human rating (isotonic fit). Fitted on half A of GYAFC tune and PT16 tune "
            f"({f['gyafc_A']} and {f['pt16_A']} sentences; `python -m training attach-display`), reported on "
            "the halves B:"), "",
            "| | P(formal) (before) | degree (after) |", "|---|---|---|",
            (f"| GYAFC tune B accuracy at 0.5 | {100 * report['gyafc_B_accuracy']['p_formal']:.2f} % | "
            f"{100 * report['gyafc_B_accuracy']['degree']:.2f} % |"),
            (f"| PT16 tune B Spearman | {report['pt16_B_spearman']['p_formal']:.3f} | "
            f"{report['pt16_B_spearman']['degree']:.3f} (graded head alone {report['pt16_B_spearman']['graded']:.3f}) |"),
            (f"| PT16 tune B mean error on the -3..3 rating scale | {report['pt16_B_rating_mae']['graded_raw']:.3f} "
            f"(graded head, raw) | {report['pt16_B_rating_mae']['degree_fit']:.3f} |"), "",
            (f"Calibration error of P(formal) on all of GYAFC tune (10 bins): {report['gyafc_ece_p_formal']:.4f} "
            "(P(formal) still decides what the rewriter treats as already formal)."), "",
            "GYAFC tune informal sources, histogram in tenths (0-0.1 first):", "",
            f"- P(formal): {hist['p_formal']}", f"- degree: {hist['degree']}", "",
            "…and in the editor's six colours at the default target 0.5:", "",
            "| colour | P(formal) | degree |", "|---|---|---|"]
    rows += [f"| {n} | {a} | {b} |" for n, a, b in zip(names, lv["p_formal"], lv["degree"])]
    return "\n".join(rows + [""])


def attach(model_dir: Path, data_root: Path, suffix: str, tolerance: float = 0.01) -> dict:
    manifest = load_manifest(model_dir)
    cfg = json.loads((model_dir / "scorer.json").read_text(encoding="utf-8"))
    scorer = FormalityScorer.from_dir(model_dir, threads=None)
    if not scorer.has_graded:
        raise InputError(f"{model_dir} has no graded head (train the scorer with PT16: classifier.pt16 = true)")
    dmap, report = fit_display(*measure_inputs(scorer, data_root), tolerance=tolerance)
    atomic_write_json(model_dir / "scorer.json", {**cfg, "display": dmap.to_json()})
    version = amend_scorer_dir(model_dir, manifest, CARD_HEAD, card_section(report), suffix, display=report)
    return {"version": version, **report}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training attach-display", description=__doc__.split("\n\n")[0])
    ap.add_argument("model_dir", type=Path)
    ap.add_argument("--data", default=None)
    ap.add_argument("--tolerance", type=float, default=0.01,
                    help="GYAFC accuracy the degree may give up against P(formal) when choosing beta (default 0.01)")
    ap.add_argument("--version-suffix", default="-graded")
    args = ap.parse_args(argv)
    root, _ = resolve_data_root(args.data)
    try:
        if root is None or not (root / "gyafc").is_dir() or not (root / "pt16" / "tune.csv").is_file():
            raise InputError(f"no GYAFC and PT16 tune data under {root} (set --data or KEIGO_DATA)")
        if not 0.0 <= args.tolerance <= 0.5:
            raise InputError(f"--tolerance must be from 0 to 0.5, not {args.tolerance}")
        out = attach(args.model_dir, root, args.version_suffix, args.tolerance)
    except InputError as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 4
    sys.stdout.write(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
