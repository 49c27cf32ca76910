"""Choose the rewriter's faithfulness guard (rewriter.json ``guard_min_bleu``) on GYAFC tune, honestly.

The guard puts the safe rewrite (rules output for rules-preprocessed models, else the sentence itself) first
when the model's rewrite keeps less of it than a sentence-BLEU threshold. This module rewrites tune
sentences that are *not* in the training runs' validation subset (``seq2seq.ValidSet.subset``, seed 0),
splits them into two halves, picks the threshold on half A (highest mean corpus BLEU over both domains) and
reports every system on half B, which played no part in the choice.

    python -m training.guard CHECKPOINT [--preprocess rules|none] [--per-domain 400] [--out report.json]
"""
from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch

from engine.overlap import sentence_bleu
from engine.rules import RuleFormalizer
from training import seq2seq as S
from training.evaluate import corpus_bleu, read_gyafc_tune
from training.protocol import shared_data_dir

THRESHOLDS = tuple(range(0, 101, 5))


@dataclass(frozen=True)
class Row:
    domain: str
    half: str            # "A" (choose) or "B" (report)
    source: str
    safe: str            # the guard's fallback
    model: str           # the model's best rewrite
    refs: tuple[str, ...]

    @property
    def kept(self) -> float:
        return sentence_bleu(self.model, self.safe)


def bleu_by_domain(rows: Sequence[Row], choose: Callable[[Row], str]) -> dict[str, float]:
    """training.evaluate.corpus_bleu of the chosen text per domain, and their mean."""
    out = {}
    for d in sorted({r.domain for r in rows}):
        sub = [r for r in rows if r.domain == d]
        out[d] = corpus_bleu([choose(r) for r in sub], [list(r.refs) for r in sub])
    out["mean"] = sum(out.values()) / max(1, len(out))
    return out


def guarded(threshold: float) -> Callable[[Row], str]:
    return lambda r: r.model if r.kept >= threshold else r.safe


def choose_threshold(rows: Sequence[Row], thresholds: Sequence[float] = THRESHOLDS) -> dict:
    """Per half: safe / model / copy BLEU and the guard at every threshold; the pick made on A, shown on B."""
    if not rows:
        raise ValueError("no rows to choose a guard threshold on")
    report: dict = {}
    for half in ("A", "B"):
        rs = [r for r in rows if r.half == half]
        if not rs:
            raise ValueError(f"half {half} is empty")
        report[half] = {"safe": bleu_by_domain(rs, lambda r: r.safe), "model": bleu_by_domain(rs, lambda r: r.model),
                        "copy": bleu_by_domain(rs, lambda r: r.source), "guard": {}}
        for t in thresholds:
            g = bleu_by_domain(rs, guarded(t))
            g["model_share"] = sum(r.kept >= t for r in rs) / len(rs)
            report[half]["guard"][str(t)] = g
    best = max(thresholds, key=lambda t: (report["A"]["guard"][str(t)]["mean"], -t))
    report["threshold"] = best
    report["B_at_threshold"] = report["B"]["guard"][str(best)]
    report["B_beats_safe"] = report["B_at_threshold"]["mean"] > report["B"]["safe"]["mean"]
    return report


def tune_rows(checkpoint: Path, data_root: Path, *, preprocess: str | None, per_domain: int = 400,
              seed: int = 7, valid_subset: int = 300, beam: int = 1, threads: int = 1) -> list[Row]:
    torch.set_num_threads(threads)
    model, tok = S.load_model(checkpoint), S.load_tokenizer(checkpoint)
    rules = RuleFormalizer() if preprocess == "rules" else None
    rows = []
    for d in ("em", "fr"):
        srcs, refs = read_gyafc_tune(data_root, d)
        held = set(random.Random(0).sample(range(len(srcs)), min(valid_subset, len(srcs))))
        rest = [i for i in range(len(srcs)) if i not in held]
        pick = sorted(random.Random(seed).sample(rest, min(per_domain, len(rest))))
        safe = [rules.formalize(srcs[i]) if rules else srcs[i] for i in pick]
        hyps = S.generate(model, tok, safe, beam=beam, max_new_tokens=64)
        for k, i in enumerate(pick):
            rows.append(Row(d, "AB"[k % 2], srcs[i], safe[k], hyps[k], tuple(refs[i])))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.guard", description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint", type=Path)
    ap.add_argument("--preprocess", choices=("rules", "none"), default="rules")
    ap.add_argument("--per-domain", type=int, default=400)
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    data_root = shared_data_dir()
    if data_root is None or not Path(data_root).is_dir():
        raise SystemExit("training.guard: GYAFC tune data not found (set KEIGO_DATA)")
    rows = tune_rows(args.checkpoint, Path(data_root), preprocess=None if args.preprocess == "none" else "rules",
                     per_domain=args.per_domain, beam=args.beam, threads=args.threads)
    rep = choose_threshold(rows)
    rep["settings"] = {"checkpoint": str(args.checkpoint), "preprocess": args.preprocess, "beam": args.beam,
                       "per_domain": args.per_domain, "halves": "alternate rows, A picks, B reports"}
    if args.out:
        args.out.write_text(json.dumps(rep, indent=1), encoding="utf-8")
        args.out.with_suffix(".rows.jsonl").write_text(
            "".join(json.dumps(r.__dict__, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    b = rep["B"]
    print(f"half B: safe {b['safe']['mean']:.2f}  model {b['model']['mean']:.2f}  copy {b['copy']['mean']:.2f}  "
          f"guard@{rep['threshold']} (picked on A) {rep['B_at_threshold']['mean']:.2f}  "
          f"model share {rep['B_at_threshold']['model_share']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
