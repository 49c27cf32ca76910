"""Inference-side metrics shared by every training stage: sacreBLEU with 4 references, source-BLEU, style accuracy.

Torch-free at import (sacrebleu is imported when a BLEU function is first called), so the command line and
tests can use it without the training stack. `python3 -m training.evaluate rules [--data DIR]` prints a JSON
report of the rule-based formalizer against copying the input on both GYAFC tune sets.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.rules import RuleFormalizer
from training.protocol import shared_data_dir

DOMAINS = ("em", "fr")
N_REFS = 4


def _sacrebleu():
    try:
        import sacrebleu
    except ImportError as exc:  # the "train" extra is what installs it
        raise ImportError("training.evaluate needs sacrebleu: pip install 'keigo[train]' (or sacrebleu>=2.4)") from exc
    return sacrebleu


def _ref_streams(refs_per_source: Sequence[Sequence[str]], n_hyps: int) -> list[list[str]]:
    """sacrebleu wants one stream per reference index; GYAFC gives references per source sentence."""
    if len(refs_per_source) != n_hyps:
        raise ValueError(f"{n_hyps} hypotheses but references for {len(refs_per_source)} sources")
    if n_hyps == 0:
        raise ValueError("no hypotheses to score")
    counts = {len(r) for r in refs_per_source}
    if len(counts) != 1 or 0 in counts:
        raise ValueError(f"every source needs the same number (>0) of references, got counts {sorted(counts)}")
    n = counts.pop()
    return [[refs[i] for refs in refs_per_source] for i in range(n)]


def corpus_bleu(hyps: Sequence[str], refs_per_source: Sequence[Sequence[str]]) -> float:
    """Corpus BLEU (sacreBLEU defaults: cased, 13a tokenizer), any number of references per source (GYAFC: 4)."""
    streams = _ref_streams(refs_per_source, len(hyps))
    return float(_sacrebleu().corpus_bleu(list(hyps), streams).score)


def source_bleu(hyps: Sequence[str], sources: Sequence[str]) -> float:
    """BLEU of the outputs against their own inputs: how much content (and wording) a rewrite keeps."""
    return corpus_bleu(hyps, [[s] for s in sources])


def sentence_bleu(hyp: str, refs: Sequence[str]) -> float:
    """Smoothed sentence BLEU (sacreBLEU's exp smoothing), for filters and per-sentence reports."""
    if not refs:
        raise ValueError("sentence_bleu needs at least one reference")
    return float(_sacrebleu().sentence_bleu(hyp, list(refs)).score)


def harmonic_mean(a: float, b: float) -> float:
    """Harmonic mean of two non-negative scores on the same scale (BLEU and style accuracy in percent, say)."""
    if a < 0 or b < 0 or math.isnan(a) or math.isnan(b):
        raise ValueError(f"harmonic_mean needs two non-negative numbers, got {a} and {b}")
    return 0.0 if a + b == 0 else 2.0 * a * b / (a + b)


def style_accuracy(p_formal_scores: Sequence[float], threshold: float = 0.5) -> float:
    """Fraction in [0, 1] of outputs a formality scorer calls formal (P(formal) >= threshold)."""
    scores = [float(s) for s in p_formal_scores]
    if not scores:
        raise ValueError("style_accuracy needs at least one score")
    if any(math.isnan(s) for s in scores):
        raise ValueError("style_accuracy got NaN scores")
    return sum(1 for s in scores if s >= threshold) / len(scores)


def _read_lines(path: Path) -> list[str]:
    """One sentence per line; only "\\n" separates lines (a U+2028 inside a sentence is not a line break)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not valid UTF-8 (byte {exc.start})") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def gyafc_domain_dir(data_root: str | Path, domain: str) -> Path:
    """GYAFC lives at <data_root>/gyafc/<domain>/ (the shared data layout) or <data_root>/<domain>/."""
    if domain not in DOMAINS:
        raise InputError(f"unknown GYAFC domain {domain!r}: expected one of {', '.join(DOMAINS)}")
    root = Path(data_root)
    for cand in (root / "gyafc" / domain, root / domain):
        if cand.is_dir():
            return cand
    raise InputError(f"GYAFC {domain} not found: neither {root / 'gyafc' / domain} nor {root / domain} exists")


def read_gyafc_tune(data_root: str | Path, domain: str) -> tuple[list[str], list[list[str]]]:
    """The tune split: informal sources and, per source, its 4 formal references (tune.formal.ref0..3)."""
    d = gyafc_domain_dir(data_root, domain)
    src_path = d / "tune.informal"
    sources = _read_lines(src_path)
    if not sources:
        raise InputError(f"{src_path}: empty file")
    ref_cols = []
    for i in range(N_REFS):
        ref_path = d / f"tune.formal.ref{i}"
        refs = _read_lines(ref_path)
        if len(refs) != len(sources):
            raise InputError(
                f"{ref_path}: {len(refs)} lines, but {src_path} has {len(sources)} lines (files are misaligned)"
            )
        ref_cols.append(refs)
    return sources, [list(r) for r in zip(*ref_cols)]


def evaluate_rules(data_root: str | Path, domains: Sequence[str] = DOMAINS, outputs_dir: Path | None = None) -> dict:
    """BLEU of the RuleFormalizer and of copying the input on each domain's tune set."""
    formalizer = RuleFormalizer()
    report: dict = {
        "metric": "BLEU (sacreBLEU corpus, cased, 13a, 4 references)",
        "split": "tune",
        "sacrebleu": _sacrebleu().__version__,
        "data_root": str(data_root),
        "results": {},
    }
    for domain in domains:
        sources, refs = read_gyafc_tune(data_root, domain)
        t0 = time.perf_counter()
        hyps = [formalizer.formalize(s) for s in sources]
        elapsed = time.perf_counter() - t0
        report["results"][domain] = {
            "sentences": len(sources),
            "rules_bleu": round(corpus_bleu(hyps, refs), 2),
            "copy_bleu": round(corpus_bleu(sources, refs), 2),
            "rules_source_bleu": round(source_bleu(hyps, sources), 2),
            "rules_ms_per_sentence": round(1000 * elapsed / len(sources), 4),
        }
        if outputs_dir is not None:
            outputs_dir.mkdir(parents=True, exist_ok=True)
            (outputs_dir / f"{domain}.tune.rules").write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m training.evaluate", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_rules = sub.add_parser("rules", help="BLEU of the rule-based formalizer vs copying the input (GYAFC tune)")
    p_rules.add_argument("--data", type=Path, default=None, help="data root holding gyafc/ (default: KEIGO_DATA or ../shared/data)")
    p_rules.add_argument("--domain", choices=DOMAINS, action="append", help="only this domain (repeatable)")
    p_rules.add_argument("--outputs", type=Path, default=None, help="write the rule outputs here, one file per domain")
    args = parser.parse_args(argv)

    if args.command == "rules":
        data_root = args.data
        if data_root is None:
            data_root = shared_data_dir()
            if data_root is None:
                print("training.evaluate: error: no data: pass --data DIR or set KEIGO_DATA (needs gyafc/em, gyafc/fr)",
                      file=sys.stderr)
                return 4
        try:
            report = evaluate_rules(data_root, tuple(args.domain or DOMAINS), args.outputs)
        except InputError as exc:
            print(f"training.evaluate: error: {exc}", file=sys.stderr)
            return 4
        print(json.dumps(report, indent=2))
        return 0
    return 2  # pragma: no cover - argparse rejects unknown commands first


if __name__ == "__main__":
    sys.exit(main())
