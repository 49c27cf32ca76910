"""Turn on canonical input (engine/canonical.py) for a finished scorer directory, measured before and after.

    python -m training attach-canonical MODEL_DIR [--data ROOT] [--version-suffix -canonical]

Writes ``"canonicalize": true`` into scorer.json only after measuring, through the engine's FormalityScorer (the
app's code path), on GYAFC tune (both domains) and PT16 tune: accuracy, PT16 Spearman, the invariance pairs of
``training.eval_scores`` (numbers, names, places swapped in real tune sentences; share moving by > 0.05) and the
calibration error, each without and with canonical input. The model card gets a section with both columns, the
manifest the new numbers and a new version name (the directory's behaviour changed), written last.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_write_json, atomic_write_text
from engine.manifest import build_manifest, load_manifest, verify_dir, write_manifest
from engine.scorer import FormalityScorer
from training.data.gyafc import read_tune
from training.eval_scores import calibration_report, invariance_pairs, invariance_report
from training.evaluate_classifier import evaluate, load_eval_sets, scorer_predictor
from training.protocol import resolve_data_root

CARD_HEAD = "## Canonical input (numbers and names)"


def measure(model_dir: Path, data_root: Path) -> dict:
    scorer = FormalityScorer.from_dir(model_dir, threads=1)
    sets = load_eval_sets(data_root, None, 0, required=("gyafc_tune", "pt16_tune"))
    m = evaluate(scorer_predictor(scorer), sets)
    informal, formal = [], []
    for domain in ("em", "fr"):
        tune = read_tune(data_root / "gyafc", domain)
        informal += tune.sources
        formal += tune.refs[0]
    pt = m["pt16_tune"]
    return {"gyafc_tune_accuracy": m["gyafc_tune"]["all"]["accuracy"],
            "pt16_tune_spearman": pt.get("spearman_graded", pt.get("spearman")),
            "invariance": invariance_report(scorer, invariance_pairs(informal + formal)),
            "calibration": calibration_report(scorer, informal, formal)}


def card_section(before: dict, after: dict) -> str:
    def row(name, key, fmt):
        return f"| {name} | {fmt(key(before))} | {fmt(key(after))} |"

    pct = lambda x: "–" if x is None else f"{100 * x:.2f} %"
    inv_b, inv_a = before["invariance"], after["invariance"]
    lines = [CARD_HEAD, "",
             ("Numbers become 5s of the same shape and proper nouns become one placeholder name before scoring "
             "(`engine/canonical.py`; `\"canonicalize\": true` in scorer.json), so content that carries no style "
             "cannot move the score. Measured through the engine (`python -m training attach-canonical`), "
             "GYAFC tune both domains, PT16 tune:"), "",
             "| | raw input | canonical input |", "|---|---|---|",
             row("GYAFC tune accuracy", lambda m: m["gyafc_tune_accuracy"], pct),
             row("PT16 tune Spearman", lambda m: m["pt16_tune_spearman"], lambda x: f"{x:.3f}"),
             row(f"invariance violations ({inv_b['pairs']} pairs, |Δ| > {inv_b.get('tolerance', 0.05)})",
                 lambda m: m["invariance"]["violations"], pct),
             row("expected calibration error (10 bins)", lambda m: m["calibration"]["ece"], lambda x: f"{x:.4f}"),
             "",
             "Invariance by kind (raw → canonical): " + ", ".join(
                 f"{k} {100 * inv_b['by_kind'][k]['violations']:.1f} % → {100 * inv_a['by_kind'][k]['violations']:.1f} %"
                 f" ({inv_b['by_kind'][k]['pairs']} pairs)" for k in inv_b.get("by_kind", {})) + ". "
             "The pairs swap numbers, and first names and places from fixed lists, in real tune sentences; the "
             "canonicaliser replaces listed names only where the English word list knows them as names (or not "
             "at all), so names that are also ordinary words at a sentence's start can still move the score.", ""]
    return "\n".join(lines)


def amend_scorer_dir(model_dir: Path, manifest: dict, card_head: str, section: str, suffix: str, **metrics) -> str:
    """After a change to a finished scorer directory: its card section ``card_head`` replaced (or added before the
    data licences), the metrics merged, a new version (``suffix`` added once) and the manifest written last, then
    verified. Returns the new version."""
    card_path = model_dir / "MODEL_CARD.md"
    card = card_path.read_text(encoding="utf-8") if card_path.is_file() else ""
    if card_head in card:
        start = card.index(card_head)
        nxt = card.find("\n## ", start + len(card_head))
        card = card[:start] + (card[nxt + 1:] if nxt >= 0 else "")
    cut = card.find("\n## Data licences")
    card = card[:cut + 1] + section + "\n" + card[cut + 1:] if cut >= 0 else card.rstrip() + "\n\n" + section
    atomic_write_text(card_path, card)
    version = manifest["version"] if manifest["version"].endswith(suffix) else manifest["version"] + suffix
    new = build_manifest(model_dir, role=manifest["role"], version=version, kind=manifest["kind"],
                         config=manifest.get("config") or {}, metrics={**(manifest.get("metrics") or {}), **metrics},
                         data=manifest.get("data") or [])
    write_manifest(model_dir, new)
    problems = verify_dir(model_dir)
    if problems:
        raise InputError(f"{model_dir} fails verification after the change: {'; '.join(problems)}")
    return version


def attach(model_dir: Path, data_root: Path, suffix: str) -> dict:
    manifest = load_manifest(model_dir)
    cfg = json.loads((model_dir / "scorer.json").read_text(encoding="utf-8"))
    if cfg.get("canonicalize") is True:
        raise InputError(f"{model_dir / 'scorer.json'} already asks for canonical input")
    before = measure(model_dir, data_root)
    with tempfile.TemporaryDirectory() as tmp:
        trial = Path(tmp) / "scorer"
        shutil.copytree(model_dir, trial)
        atomic_write_json(trial / "scorer.json", {**cfg, "canonicalize": True})
        after = measure(trial, data_root)
    atomic_write_json(model_dir / "scorer.json", {**cfg, "canonicalize": True})
    version = amend_scorer_dir(model_dir, manifest, CARD_HEAD, card_section(before, after), suffix,
                               canonical_input={"before": before, "after": after},
                               gyafc_tune_accuracy=after["gyafc_tune_accuracy"])
    return {"version": version, "before": before, "after": after}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training attach-canonical", description=__doc__.split("\n\n")[0])
    ap.add_argument("model_dir", type=Path)
    ap.add_argument("--data", default=None)
    ap.add_argument("--version-suffix", default="-canonical")
    args = ap.parse_args(argv)
    root, _ = resolve_data_root(args.data)
    try:
        if root is None or not (root / "gyafc").is_dir():
            raise InputError(f"no GYAFC data under {root} (set --data or KEIGO_DATA)")
        out = attach(args.model_dir, root, args.version_suffix)
    except InputError as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 4
    slim = {k: {kk: vv for kk, vv in v.items() if kk != "invariance"} | {"invariance": v["invariance"]["violations"]}
            if isinstance(v, dict) else v for k, v in out.items()}
    sys.stdout.write(json.dumps(slim, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
