"""Formality classifier evaluation in the shape of the thesis's Tables 8, 9 and 12.

GYAFC tune (informal sources = 0 vs formal reference 0 = 1, per domain and both: accuracy, F1),
PT16 tune (binary F1 at 0, Spearman with the human scores) and the held-out JFC split.
`python -m training eval-classifier --model DIR [--model DIR ...] [--run-dir DIR]` scores exported
scorer directories (ONNX, through engine.scorer.FormalityScorer) and writes report.json + report.md.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from scipy.stats import spearmanr

from engine.errors import InputError, KeigoError, ModelError
from engine.fsio import atomic_write_json, atomic_write_text
from engine.manifest import load_manifest
from engine.scorer import FormalityScorer
from training.data import gyafc, pt16
from training.jfc import read_examples
from training.protocol import shared_data_dir

# predict(texts) -> (p_formal [N], graded [N] or None)
Predictor = Callable[[Sequence[str]], tuple[np.ndarray, np.ndarray | None]]


def binary_metrics(p_formal: np.ndarray, labels: Sequence[int], threshold: float = 0.5) -> dict:
    y = np.asarray(labels, dtype=np.int64)
    pred = (np.asarray(p_formal) > threshold).astype(np.int64)
    tp = int(((pred == 1) & (y == 1)).sum())
    fp = int(((pred == 1) & (y == 0)).sum())
    fn = int(((pred == 0) & (y == 1)).sum())
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    # the informal class's F1 too: its support-weighted mean with the formal one is the "total" F1 of a
    # classification report, which papers quote (the fourth seed's PT16 73.98 is that number)
    tn = int(((pred == 0) & (y == 0)).sum())
    p0 = tn / (tn + fn) if tn + fn else 0.0
    r0 = tn / (tn + fp) if tn + fp else 0.0
    f1_informal = 2 * p0 * r0 / (p0 + r0) if p0 + r0 else 0.0
    share = float(y.mean()) if len(y) else 0.0
    return {"accuracy": float((pred == y).mean()) if len(y) else 0.0, "f1": f1,
            "precision": precision, "recall": recall, "n": len(y), "f1_informal": f1_informal,
            "f1_macro": (f1 + f1_informal) / 2, "f1_weighted": share * f1 + (1 - share) * f1_informal}


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    if len(a) < 2:
        return float("nan")
    return float(spearmanr(a, b).statistic)


def load_eval_sets(data_root: Path | None, jfc_heldout: Path | None = None, limit: int = 0,
                   required: Sequence[str] = ()) -> dict:
    """The evaluation sets that exist: gyafc_tune/{em,fr}, pt16_tune, jfc_heldout (names in ``required`` must)."""
    sets: dict = {}
    if data_root is not None and (Path(data_root) / "gyafc").is_dir():
        for dom in gyafc.DOMAINS:
            if (Path(data_root) / "gyafc" / dom / "tune.informal").is_file():
                sets[f"gyafc_tune/{dom}"] = gyafc.read_tune_classification(Path(data_root) / "gyafc", dom, limit)
    if data_root is not None and (Path(data_root) / "pt16" / "tune.csv").is_file():
        p = pt16.read_pt16(Path(data_root) / "pt16" / "tune.csv", limit)
        sets["pt16_tune"] = (p.sentences, p.scores)
    if jfc_heldout is not None and Path(jfc_heldout).is_file():
        texts, labels = read_examples(Path(jfc_heldout))
        if limit:
            texts, labels = texts[: 2 * limit], labels[: 2 * limit]
        sets["jfc_heldout"] = (texts, labels)
    missing = [r for r in required if not any(k == r or k.startswith(r + "/") for k in sets)]
    if missing:
        raise InputError(f"evaluation sets not found: {', '.join(missing)} (data root {data_root})")
    return sets


def evaluate(predict: Predictor, sets: dict, on_set: Callable[[str, int, int], None] | None = None) -> dict:
    """Metrics for every set in ``sets`` (see load_eval_sets), nested as the report tables need them.

    ``on_set(name, index, count)`` is called before each set (progress for long evaluations).
    """
    out: dict = {}
    gy_p, gy_y = [], []
    for k, (name, (texts, target)) in enumerate(sets.items()):
        if not texts:
            continue
        if on_set is not None:
            on_set(name, k, len(sets))
        p, graded = predict(texts)
        p = np.asarray(p, dtype=np.float64)
        if name.startswith("gyafc_tune/"):
            dom = name.split("/", 1)[1]
            out.setdefault("gyafc_tune", {})[dom] = binary_metrics(p, target)
            gy_p.append(p)
            gy_y.extend(target)
        elif name == "pt16_tune":
            scores = np.asarray(target, dtype=np.float64)
            m = binary_metrics(p, (scores > 0).astype(int))
            # log-odds keeps the ranking of p but avoids ties where p saturates at 0 or 1
            logit = np.log(np.clip(p, 1e-7, 1 - 1e-7)) - np.log(np.clip(1 - p, 1e-7, 1 - 1e-7))
            m["spearman"] = spearman(logit, scores)
            if graded is not None:
                m["spearman_graded"] = spearman(np.asarray(graded, dtype=np.float64), scores)
            out["pt16_tune"] = m
        elif name == "jfc_heldout":
            out["jfc_heldout"] = binary_metrics(p, target)
    if gy_p:
        out.setdefault("gyafc_tune", {})["all"] = binary_metrics(np.concatenate(gy_p), gy_y)
    return out


def _pct(x) -> str:
    return "–" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{100 * x:.2f}"


def _num(x) -> str:
    return "–" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.3f}"


def row_cells(row: dict) -> list[str]:
    m = row.get("metrics", {})
    g = m.get("gyafc_tune", {})
    pt = m.get("pt16_tune", {})
    jf = m.get("jfc_heldout", {})
    sp = pt.get("spearman_graded", pt.get("spearman"))
    return [
        row.get("classifier", "?"), row.get("recipe", "?"), row.get("variant", ""),
        _pct(g.get("em", {}).get("accuracy")), _pct(g.get("fr", {}).get("accuracy")),
        _pct(g.get("all", {}).get("accuracy")), _pct(g.get("all", {}).get("f1")),
        _pct(pt.get("f1")), _num(sp), _pct(jf.get("accuracy")), _pct(jf.get("f1")),
    ]


HEADER = ["classifier", "recipe", "variant", "GYAFC E&M acc", "GYAFC F&R acc", "GYAFC acc", "GYAFC F1",
          "PT16 F1 (at 0)", "PT16 Spearman", "JFC held-out acc", "JFC held-out F1"]


def markdown_report(rows: Sequence[dict], title: str = "Formality classifiers") -> str:
    lines = [f"# {title}", "",
             ("Splits: GYAFC tune (informal sources = 0 vs formal reference 0 = 1; E&M, F&R, both), PT16 tune "
              "(binary at 0; Spearman of the graded head when present, else of P(formal)), JFC held-out split. "
              "Percentages except Spearman."), "",
             "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for r in rows:
        lines.append("| " + " | ".join(row_cells(r)) + " |")
    lines.append("")
    return "\n".join(lines)


def write_report(out_dir: Path, rows: Sequence[dict], title: str = "Formality classifiers") -> None:
    atomic_write_json(Path(out_dir) / "report.json", {"rows": list(rows)})
    atomic_write_text(Path(out_dir) / "report.md", markdown_report(rows, title))


def scorer_predictor(scorer: FormalityScorer) -> Predictor:
    """A Predictor over the engine's FormalityScorer: the code path the app runs (long input windowed, not cut)."""
    def predict(texts):
        return scorer.score_both(list(texts))

    return predict


def onnx_predictor(model_dir: Path, onnx_name: str = "model.onnx", threads: int | None = None) -> Predictor:
    """Score a graph of an exported scorer directory through the engine's FormalityScorer."""
    return scorer_predictor(FormalityScorer.from_dir(Path(model_dir), threads=threads, model_file=onnx_name))


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training eval-classifier")
    parser.add_argument("--model", action="append", required=True, help="an exported scorer directory (repeatable)")
    parser.add_argument("--run-dir", help="where report.json and report.md go (default: print only)")
    parser.add_argument("--data", help="data root (default: KEIGO_DATA or ../shared/data)")
    parser.add_argument("--jfc-heldout", help="heldout.tsv of a jfc stage run")
    parser.add_argument("--int8", action="store_true", help="also evaluate model.int8.onnx where present")
    parser.add_argument("--limit", type=int, default=0, help="cap per evaluation set (quick checks)")
    parser.add_argument("--threads", type=int, default=None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2

    def event(ev, **fields):
        sys.stdout.write(json.dumps({"event": ev, "stage": "eval-classifier", **fields, "time": round(time.time(), 3)},
                                    ensure_ascii=False, default=str) + "\n")
        sys.stdout.flush()

    try:
        root = Path(args.data) if args.data else shared_data_dir()
        jfc = Path(args.jfc_heldout) if args.jfc_heldout else None
        sets = load_eval_sets(root, jfc, args.limit, required=("gyafc_tune",))
        event("start", sets={k: len(v[0]) for k, v in sets.items()})
        rows = []
        for mdir in args.model:
            mdir = Path(mdir)
            manifest = load_manifest(mdir)
            cfg = manifest.get("config", {}).get("classifier", {})
            names = ["model.onnx"] + (["model.int8.onnx"] if args.int8 and (mdir / "model.int8.onnx").is_file() else [])
            for name in names:
                t0 = time.time()
                metrics = evaluate(onnx_predictor(mdir, name, args.threads), sets)
                row = {"classifier": manifest.get("kind", "?") if not cfg.get("encoder") else
                       f"{manifest.get('kind')}:{Path(str(cfg.get('encoder'))).name or cfg.get('encoder')}",
                       "recipe": _recipe_name(cfg), "variant": f"onnx {name}", "model": str(mdir),
                       "metrics": metrics, "elapsed_s": round(time.time() - t0, 1)}
                rows.append(row)
                event("metric", model=str(mdir), file=name, metrics=metrics)
        if args.run_dir:
            write_report(Path(args.run_dir), rows)
            event("done", report=str(Path(args.run_dir) / "report.md"))
        else:
            for line in markdown_report(rows).splitlines():
                sys.stderr.write(line + "\n")
            event("done")
        return 0
    except InputError as exc:
        event("error", message=str(exc), kind="input")
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 4
    except ModelError as exc:
        event("error", message=str(exc), kind="model")
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 3
    except KeigoError as exc:
        event("error", message=str(exc))
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 1


def _recipe_name(cfg: dict) -> str:
    recipe = cfg.get("recipe", "?")
    return recipe + ("+pt16" if cfg.get("pt16") else "")
