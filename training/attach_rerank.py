"""Give a rewriter directory its faithfulness reranker: weights, fluency LM, marker list, card and manifest.

    python -m training attach-rerank MODEL_DIR --fit runs/F/rerank.json --choice beam4.nonwords \\
        --lm runs/lm.npz --markers runs/markers.txt [--report runs/F/report.json]

The weights, formality target and hard checks come from `eval-faithfulness --fit` (chosen on half A of the
tune sets). The LM (`python -m training formal-lm`) and the markers (`python -m training markers`) are
copied in; rewriter.json gets its "rerank" object; the model card gets a section with the fit and, with
--report, the harness table; the manifest is rebuilt (every file's sha256) and written last.

    python -m training attach-rerank MODEL_DIR --report runs/F/report.json --note "..."

With --report alone (no --fit): the reranker stays as it is, and only the card's harness table, its note and the
manifest's faithfulness figures are replaced by a new measurement (after an engine change, say).
"""
from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Sequence
from pathlib import Path

from engine.faithful import FEATURES, RerankConfig
from engine.fsio import atomic_write_json
from engine.manifest import build_manifest, load_manifest, write_manifest
from training.faithfulness import format_table

CARD_HEAD = "## Faithful rewrites (reranker)"


def card_section(choice: str, fit: dict, report: dict | None, note: str = "") -> str:
    w = fit["weights"]
    lines = [CARD_HEAD, "",
             "`keigo rewrite` and the app rank a pool of candidates (this model's 8-best, the rule-based rewrite "
             "and the sentence itself) with engine.faithful: a candidate with a word in neither the sentence nor "
             "the English word list" + (" or with dropped content" if "dropped" in fit["hard"] else "") +
             " ranks after the others; then a linear score orders them. A sentence the live scorer places at "
             f"or above {fit['target']} is returned unchanged (flag already_formal).", "",
             ("Files: `lm.npz`, a trigram Kneser-Ney LM of the formal side of GYAFC train (`python -m training "
             "formal-lm`); `markers.txt`, informal-marker words learned from GYAFC train (`python -m training "
             "markers`); the English word list ships in assets/lexicons (SCOWL). The two files are statistics of "
             "GYAFC and carry its research-use terms."), "",
             (f"Fit (`python -m training eval-faithfulness --fit`, setting {choice}): weights chosen by coordinate "
             "ascent on corpus BLEU of half A of both GYAFC tune sets (even-numbered sentences) with at least "
             f"{100 * fit.get('min_kept', 0.9):g} % "
             "of formal inputs returned unchanged, reported on half B (odd-numbered)."), "",
             "| feature | weight |", "|---|---|"]
    lines += [f"| {k} | {w[k]:.4g} |" for k in FEATURES]
    t = fit["per_target"][str(fit["target"])]
    lines += ["", (f"Half B at target {fit['target']}: BLEU E&M {t['B_bleu_em']:.2f}, F&R {t['B_bleu_fr']:.2f}; "
              f"formal inputs kept unchanged E&M {t['B_kept_em']:.1f} %, F&R {t['B_kept_fr']:.1f} %.")]
    if "dropped" in fit["hard"]:
        lines += ["", ("With dropped content a hard check, the reranker never picks a candidate that drops what the "
                  "detector sees (content words, numbers, negations; not informal markers, interjections or fixed "
                  "misspellings), so the reranked rows' dropped rate stays near 0: what remains comes from the "
                  "finishing step after the choice (contractions spelled out: a source's misspelt \"i'v\" is then "
                  "read as lost). The detector does not see every change of meaning.")]
    if report:
        lines += ["", *measurement(report, note)]
    return "\n".join(lines) + "\n"


TABLE_HEAD = "Full tune sets through the engine (`python -m training eval-faithfulness`"


def measurement(report: dict, note: str = "") -> list[str]:
    """The card's lines for a harness report: what was measured, the table, the note under it."""
    lines = [TABLE_HEAD + "; garbled, dropped, formal kept, self-BLEU and style are means of the two domains):", "",
             format_table(report)]
    return lines + (["", note.strip()] if note.strip() else [])


def attach(model_dir: Path, fit: dict, choice: str, lm: Path, markers: Path, report: dict | None,
           note: str = "") -> dict:
    manifest = load_manifest(model_dir)
    for src, name in ((lm, "lm.npz"), (markers, "markers.txt")):
        if Path(src).resolve() != (model_dir / name).resolve():
            shutil.copyfile(src, model_dir / name)
    opts = json.loads((model_dir / "rewriter.json").read_text(encoding="utf-8"))
    opts["rerank"] = {"weights": {k: round(float(v), 6) for k, v in fit["weights"].items()},
                      "pool_beam": 8, "formal_target": fit["target"], "hard": list(fit["hard"]),
                      "lm": "lm.npz", "markers": "markers.txt"}
    RerankConfig.from_options(opts)  # refuse to write what the engine would refuse to read
    atomic_write_json(model_dir / "rewriter.json", opts)
    card = (model_dir / "MODEL_CARD.md").read_text(encoding="utf-8")
    if CARD_HEAD in card:
        start = card.index(CARD_HEAD)
        nxt = card.find("\n## ", start + len(CARD_HEAD))
        card = card[:start] + (card[nxt + 1:] if nxt >= 0 else "")
    section = card_section(choice, fit, report, note)
    cut = card.find("\n## Configuration")
    card = card[:cut + 1] + section + "\n" + card[cut + 1:] if cut >= 0 else card.rstrip() + "\n\n" + section
    (model_dir / "MODEL_CARD.md").write_text(card, encoding="utf-8")
    metrics = dict(manifest.get("metrics") or {})
    metrics["rerank_fit"] = {"choice": choice, "target": fit["target"], "hard": list(fit["hard"]),
                             "B_at_target": fit["per_target"][str(fit["target"])]}
    if report:
        metrics["faithfulness"] = report["systems"]
    config = dict(manifest.get("config") or {})
    config["rerank"] = opts["rerank"]
    data = list(manifest.get("data") or []) + ["fluency LM and informal markers: GYAFC train (both domains)"]
    new = build_manifest(model_dir, role=manifest["role"], version=manifest["version"], kind=manifest["kind"],
                         config=config, metrics=metrics, data=list(dict.fromkeys(data)))
    write_manifest(model_dir, new)
    return new


def attach_report(model_dir: Path, report: dict, note: str = "") -> dict:
    """Replace the card's harness table (and the note under it) and the manifest's faithfulness figures; the
    reranker itself is left as it is."""
    manifest = load_manifest(model_dir)
    card = (model_dir / "MODEL_CARD.md").read_text(encoding="utf-8")
    if CARD_HEAD not in card:
        raise ValueError(f"{model_dir}: the model card has no '{CARD_HEAD}' section: attach the reranker with --fit")
    start = card.index(CARD_HEAD)
    end = card.find("\n## ", start + len(CARD_HEAD))
    end = len(card) if end < 0 else end + 1
    section = card[start:end]
    cut = section.find(TABLE_HEAD)
    kept = (section[:cut] if cut >= 0 else section).rstrip() + "\n\n"
    table = measurement(report, note)  # before anything is written: a report without systems fails here
    card = card[:start] + kept + "\n".join(table) + "\n" + ("\n" if end < len(card) else "") + card[end:]
    (model_dir / "MODEL_CARD.md").write_text(card, encoding="utf-8")
    metrics = dict(manifest.get("metrics") or {})
    metrics["faithfulness"] = report["systems"]
    new = build_manifest(model_dir, role=manifest["role"], version=manifest["version"], kind=manifest["kind"],
                         config=dict(manifest.get("config") or {}), metrics=metrics,
                         data=list(manifest.get("data") or []))
    write_manifest(model_dir, new)
    return new


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training attach-rerank", description=__doc__.split("\n\n")[0])
    ap.add_argument("model_dir", type=Path)
    ap.add_argument("--fit", type=Path, default=None, help="the fit (eval-faithfulness --fit); without it, --report "
                                                           "alone replaces the card's measurement")
    ap.add_argument("--choice", help="which fitted setting, e.g. beam4.nonwords")
    ap.add_argument("--lm", type=Path)
    ap.add_argument("--markers", type=Path)
    ap.add_argument("--report", type=Path, default=None)
    ap.add_argument("--note", default="", help="with --report: a sentence the card prints under the table (when and "
                                               "why it was measured)")
    ap.add_argument("--target", type=float, default=None,
                    help="another formality target than the fit chose, among those it reported on half B (e.g. a "
                         "lower one where a domain keeps too little formal input unchanged at the chosen one)")
    args = ap.parse_args(argv)
    if args.fit is None:
        if args.report is None or args.choice or args.lm or args.markers or args.target is not None:
            print("attach-rerank: give --fit with --choice, --lm and --markers, or --report (and --note) alone")
            return 2
        try:
            m = attach_report(args.model_dir, json.loads(args.report.read_text(encoding="utf-8")), args.note)
        except (OSError, ValueError, KeyError) as exc:
            print(f"attach-rerank: {exc}")
            return 2
        print(f"{args.model_dir}: measurement replaced, manifest with {len(m['files'])} files")
        return 0
    if not (args.choice and args.lm and args.markers):
        print("attach-rerank: --fit needs --choice, --lm and --markers")
        return 2
    fits = json.loads(args.fit.read_text(encoding="utf-8"))
    if args.choice not in fits:
        print(f"attach-rerank: no setting {args.choice!r} in {args.fit} (have {', '.join(fits)})")
        return 2
    fit = fits[args.choice]
    if args.target is not None:
        if str(args.target) not in fit["per_target"]:
            print(f"attach-rerank: --target {args.target} was not reported by the fit (have "
                  f"{', '.join(fit['per_target'])})")
            return 2
        fit = {**fit, "target": args.target}
    report = json.loads(args.report.read_text(encoding="utf-8")) if args.report else None
    m = attach(args.model_dir, fit, args.choice, args.lm, args.markers, report, args.note)
    print(f"{args.model_dir}: rerank attached ({args.choice}), manifest with {len(m['files'])} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
