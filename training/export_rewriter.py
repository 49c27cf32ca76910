"""Export a trained seq2seq checkpoint to the rewriter directory format: ONNX (KV cache), parity check, int8, card, manifest.

Layout written (docs/architecture.md, "Rewriter directory"): encoder_model.onnx, decoder_model_merged.onnx,
config.json, generation_config.json, tokenizer.json (+ tokenizer_config.json, special_tokens_map.json),
rewriter.json, MODEL_CARD.md, then manifest.json last. With ``quantize="int8"`` the two ONNX files are
replaced by their dynamically int8-quantized versions (the engine loads the canonical names), and the
fp32 -> int8 BLEU cost is measured and recorded before that choice is made.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import ModelError
from engine.fsio import atomic_replace_dir
from engine.manifest import build_manifest, write_manifest
from engine.rewriter import FormalRewriter
from engine.rules import RuleFormalizer
from engine.scorer import FormalityScorer
from training import seq2seq as S
from training.evaluate import corpus_bleu, read_gyafc_tune
from training.protocol import shared_data_dir

# optimum (the ONNX exporter) and onnxruntime.quantization (which pulls in onnx) are heavy and needed only
# while exporting: they are imported inside onnx_export and quantize_int8.

ONNX_FILES = ("encoder_model.onnx", "decoder_model_merged.onnx")
DEFAULT_PARITY_SENTENCES = (
    "i dont know what ur talking about lol",
    "gonna see that movie tomorrow, u coming?",
    "She is the best singer ever!!!",
    "wat do u think about this song",
    "I would like to know more about it.",
    "yeah i think so too but whatever",
)


@dataclass
class ParityReport:
    sentences: int
    greedy_match: int
    beam_match: int
    mismatches: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        # Beam search may break exact score ties differently in float32 ORT vs PyTorch; greedy must match.
        return self.greedy_match == self.sentences and self.beam_match >= max(1, int(0.8 * self.sentences))

    def to_dict(self) -> dict:
        return {"sentences": self.sentences, "greedy_match": self.greedy_match, "beam_match": self.beam_match,
                "ok": self.ok, "mismatches": self.mismatches[:10]}


def onnx_export(checkpoint: Path, out_dir: Path, opset: int = 18) -> None:
    """optimum export with past key values; keep only the merged decoder (one file serves both steps)."""
    from optimum.exporters.onnx import main_export

    main_export(str(checkpoint), output=str(out_dir), task="text2text-generation-with-past", opset=opset,
                do_validation=False, device="cpu")
    for name in ONNX_FILES:
        if not (out_dir / name).is_file():
            raise ModelError(f"optimum export did not write {name} (got {sorted(p.name for p in out_dir.iterdir())})")
    for extra in ("decoder_model.onnx", "decoder_with_past_model.onnx"):
        (out_dir / extra).unlink(missing_ok=True)
    for name in ("tokenizer.json", "config.json", "generation_config.json"):
        if not (out_dir / name).is_file():
            src = checkpoint / name
            if not src.is_file():
                raise ModelError(f"{checkpoint} has no {name}; cannot build a rewriter directory")
            shutil.copy2(src, out_dir / name)


def quantize_int8(src_dir: Path, dst_dir: Path) -> None:
    """Dynamic int8 (weights) quantization of both graphs into dst_dir under the same names."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    for name in ONNX_FILES:
        quantize_dynamic(str(src_dir / name), str(dst_dir / name), weight_type=QuantType.QInt8)


def _prepare(texts: Sequence[str], preprocess: str | None, prefix: str) -> list[str]:
    if preprocess == "rules":
        rules = RuleFormalizer()
        texts = [rules.formalize(t) for t in texts]
    return [prefix + t for t in texts]


def check_parity(checkpoint: Path, onnx_dir: Path, sentences: Sequence[str], *, max_new_tokens: int = 48,
                 beam: int = 4) -> ParityReport:
    """Generated text from PyTorch generate() vs engine.FormalRewriter on the same inputs, greedy and beam."""
    opts = json.loads((onnx_dir / "rewriter.json").read_text(encoding="utf-8"))
    model = S.load_model(checkpoint)
    tok = S.load_tokenizer(checkpoint)
    prepared = _prepare(sentences, opts.get("preprocess"), "")
    rw = FormalRewriter.from_dir(onnx_dir, threads=1)
    rw.guard_min_bleu = None  # parity is about the model's own text, not the guard's fallback
    rep = ParityReport(sentences=len(sentences), greedy_match=0, beam_match=0)
    for b, attr in ((1, "greedy_match"), (beam, "beam_match")):
        torch_out = S.generate(model, tok, prepared, beam=b, max_new_tokens=max_new_tokens,
                               prefix=opts.get("prefix", ""), batch_size=1,
                               max_source_tokens=int(opts.get("max_source_tokens", 128)))
        # the engine hands back the source (flag "no_output") where the model generated nothing
        ort_out = ["" if "no_output" in r.flags else r.candidates[0].text
                   for r in rw.rewrite(list(sentences), beam=b, max_new_tokens=max_new_tokens, batch_size=1)]
        for s, a, o in zip(sentences, torch_out, ort_out):
            if a == o:
                setattr(rep, attr, getattr(rep, attr) + 1)
            else:
                rep.mismatches.append({"beam": b, "source": s, "torch": a, "onnx": o})
    return rep


def engine_bleu(model_dir: Path, valid_sets, *, beam: int = 1, batch_size: int = 32,
                max_new_tokens: int = 64) -> dict[str, float]:
    """Tune BLEU of an exported directory through the engine (what users get)."""
    rw = FormalRewriter.from_dir(model_dir, threads=1)
    scores = {}
    for vs in valid_sets:
        outs = rw.rewrite(vs.sources, beam=beam, batch_size=batch_size, max_new_tokens=max_new_tokens)
        scores[vs.name] = corpus_bleu([r.candidates[0].text for r in outs], vs.refs)
    if valid_sets:
        scores["mean"] = sum(scores[v.name] for v in valid_sets) / len(valid_sets)
    return scores


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


def write_model_card(out_dir: Path, *, title: str, data: Sequence[str], config: dict, metrics: dict,
                     notes: Sequence[str] = ()) -> None:
    lines = [f"# {title}", "",
             "Formal rewriter (informal -> formal English), an encoder-decoder of the BART architecture trained",
             "from scratch by Keigo's training pipeline and exported to ONNX with its KV cache.", "",
             "## Data", ""]
    lines += [f"- {d}" for d in data]
    lines += ["", "## Licence terms", "",
              "The weights are derived from the training data above. GYAFC is released for research use under",
              "the Yahoo Answers L6 terms; the GEC corpora (W&I+LOCNESS, FCE, JFLEG) carry non-commercial",
              "licences. Use this model for research and personal, non-commercial writing assistance only.", "",
              "## Metrics", "", "| metric | value |", "|---|---|"]
    for k, v in metrics.items():
        if isinstance(v, (int, float, str)):
            lines.append(f"| {k} | {round(v, 2) if isinstance(v, float) else v} |")
    if notes:
        lines += ["", "## Notes", ""] + [f"- {n}" for n in notes]
    lines += ["", "## Configuration", "", "```json", json.dumps(config, indent=2, default=str), "```", ""]
    (out_dir / "MODEL_CARD.md").write_text("\n".join(lines), encoding="utf-8")


def export_rewriter(checkpoint: Path, target: Path, *, version: str, config: dict, data: Sequence[str],
                    metrics: dict | None = None, valid_sets=None, quantize: str = "auto",
                    max_int8_bleu_cost: float = 0.5, rewriter_options: dict | None = None,
                    parity_sentences: Sequence[str] = DEFAULT_PARITY_SENTENCES,
                    notes: Sequence[str] = (), log: Callable[[str], None] = lambda m: None,
                    measure: Callable[[Path], dict] | None = None) -> dict:
    """Build the rewriter directory at ``target`` (replaced atomically); returns the manifest.

    quantize: "none" (fp32), "int8" (always), "auto" (int8 when its measured tune BLEU cost is at most
    max_int8_bleu_cost; needs valid_sets). Parity failure raises ModelError and leaves ``target`` alone.
    ``measure(staging_dir)`` may add metrics measured on the final ONNX files (e.g. full tune BLEU through
    the engine) before the card and the manifest are written.
    """
    checkpoint, target = Path(checkpoint), Path(target)
    if quantize not in ("none", "int8", "auto"):
        raise ValueError(f"quantize must be none, int8 or auto, got {quantize!r}")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=target.parent))
    os.chmod(staging, 0o755)  # mkdtemp makes it private; a model directory is read by whoever runs the app
    metrics = dict(metrics or {})
    try:
        t0 = time.time()
        onnx_export(checkpoint, staging)
        options = {"max_source_tokens": 128, "max_new_tokens": 128, "prefix": "", "preprocess": None}
        options.update(rewriter_options or {})
        # a tokenizer with case markers (training.bert2bart) makes a case-marker model
        if "case_markers" not in options and S.case_codec(S.load_tokenizer(checkpoint)) is not None:
            options["case_markers"] = True
        # inputs and outputs must fit the learned positions (a BERT encoder may have fewer than 128)
        positions = json.loads((staging / "config.json").read_text(encoding="utf-8")).get("max_position_embeddings")
        if isinstance(positions, int) and positions > 1:
            options["max_source_tokens"] = min(int(options["max_source_tokens"]), positions)
            options["max_new_tokens"] = min(int(options["max_new_tokens"]), positions - 1)
        (staging / "rewriter.json").write_text(json.dumps(options, indent=2) + "\n", encoding="utf-8")
        log(f"exported ONNX in {time.time() - t0:.1f}s")
        parity = check_parity(checkpoint, staging, list(parity_sentences))
        log(f"parity: greedy {parity.greedy_match}/{parity.sentences}, beam {parity.beam_match}/{parity.sentences}")
        if not parity.ok:
            raise ModelError(f"ONNX export does not generate what PyTorch generates: {parity.to_dict()}")
        metrics["parity"] = parity.to_dict()
        chosen = "fp32"
        if quantize != "none":
            qdir = Path(tempfile.mkdtemp(prefix=".int8-", dir=target.parent))
            try:
                for p in staging.iterdir():
                    if p.is_file() and p.name not in ONNX_FILES:
                        shutil.copy2(p, qdir / p.name)
                quantize_int8(staging, qdir)
                if valid_sets:
                    fp = engine_bleu(staging, valid_sets)
                    q = engine_bleu(qdir, valid_sets)
                    cost = fp["mean"] - q["mean"]
                    metrics.update({f"onnx_fp32_tune_bleu_{k}": round(v, 2) for k, v in fp.items()})
                    metrics.update({f"onnx_int8_tune_bleu_{k}": round(v, 2) for k, v in q.items()})
                    metrics["int8_bleu_cost"] = round(cost, 2)
                    log(f"int8 BLEU cost {cost:.2f} (fp32 {fp['mean']:.2f}, int8 {q['mean']:.2f})")
                    use_int8 = quantize == "int8" or cost <= max_int8_bleu_cost
                else:
                    if quantize == "auto":
                        raise ValueError("quantize='auto' needs valid_sets to measure the int8 BLEU cost")
                    use_int8 = True
                metrics["fp32_onnx_bytes"] = sum((staging / n).stat().st_size for n in ONNX_FILES)
                metrics["int8_onnx_bytes"] = sum((qdir / n).stat().st_size for n in ONNX_FILES)
                if use_int8:
                    for n in ONNX_FILES:
                        shutil.move(qdir / n, staging / n)
                    chosen = "int8"
            finally:
                shutil.rmtree(qdir, ignore_errors=True)
        metrics["weights"] = chosen
        if measure is not None:
            metrics.update(measure(staging))
        cfg = dict(config)
        cfg["export"] = {"opset": 18, "weights": chosen, "rewriter.json": options}
        write_model_card(staging, title=f"Keigo formal rewriter ({version})", data=data, config=cfg,
                         metrics=metrics,
                         notes=list(notes) + [f"ONNX weights: {chosen} (dynamic int8 quantization of the "
                                              "fp32 export)" if chosen == "int8" else "ONNX weights: fp32"])
        manifest = build_manifest(staging, role="rewriter", version=version, kind="seq2seq", config=cfg,
                                  metrics=metrics, data=list(data))
        write_manifest(staging, manifest)
        atomic_replace_dir(staging, target)
        return manifest
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


# --------------------------------------------------------------------------- command line

def _tune_sets(data_root: Path, subset: int = 0):
    sets = [S.ValidSet(d, *read_gyafc_tune(data_root, d)) for d in ("em", "fr")]
    return [v.subset(subset) for v in sets] if subset else sets


def measure_dir(model_dir: Path, data_root: Path, *, beams: Sequence[int] = (1, 4), scorer_dir: Path | None = None,
                subset: int = 0, log: Callable[[str], None] = print) -> dict:
    """Tune BLEU (4 references) through the engine for each beam, copy baseline, and style accuracy."""
    rw = FormalRewriter.from_dir(model_dir, threads=1)
    sets = _tune_sets(data_root, subset)
    out: dict = {"tune_sentences": {v.name: len(v.sources) for v in sets}}
    rules = RuleFormalizer()
    for v in sets:
        out[f"copy_bleu_{v.name}"] = round(corpus_bleu(v.sources, v.refs), 2)
        out[f"rules_bleu_{v.name}"] = round(corpus_bleu([rules.formalize(s) for s in v.sources], v.refs), 2)
    scorer = None
    if scorer_dir is not None:
            scorer = FormalityScorer.from_dir(scorer_dir, threads=1)
    for beam in beams:
        hyps_all = []
        for v in sets:
            t0 = time.time()
            res = rw.rewrite(v.sources, beam=beam, batch_size=32, max_new_tokens=64)
            if len(res) != len(v.sources):
                raise ModelError("the rewriter returned a different number of sentences")
            hyps = [r.candidates[0].text for r in res]
            hyps_all += hyps
            key = f"tune_bleu_{v.name}" + ("" if beam == 1 else f"_beam{beam}")
            out[key] = round(corpus_bleu(hyps, v.refs), 2)
            if rw.guard_min_bleu is not None:
                out[key.replace("tune_bleu", "guarded_share")] = round(
                    sum("guarded" in r.flags for r in res) / max(1, len(res)), 4)
            log(f"{key} = {out[key]} ({time.time() - t0:.0f}s)")
        if scorer is not None:
            p = scorer.score(hyps_all)
            out["style_accuracy" + ("" if beam == 1 else f"_beam{beam}")] = round(float((p >= 0.5).mean()), 4)
    if scorer is not None:
        p = scorer.score([s for v in sets for s in v.sources])
        out["style_accuracy_of_sources"] = round(float((p >= 0.5).mean()), 4)
        out["style_scorer"] = str(scorer_dir)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """python -m training.export_rewriter CHECKPOINT TARGET: bundle a trained checkpoint as a rewriter directory."""
    ap = argparse.ArgumentParser(prog="python -m training.export_rewriter", description=main.__doc__)
    ap.add_argument("checkpoint", type=Path, help="a checkpoint directory, or with --average a training folder "
                    "(one with last/ and checkpoints/, e.g. runs/R/rewriter/train)")
    ap.add_argument("target", type=Path)
    ap.add_argument("--version", required=True)
    ap.add_argument("--average", type=int, default=0, metavar="K",
                    help="export the average of the training folder's last K rolling checkpoints")
    ap.add_argument("--quantize", default="auto", choices=("none", "int8", "auto"))
    ap.add_argument("--max-int8-cost", type=float, default=0.5)
    ap.add_argument("--preprocess", default="auto", choices=("auto", "none", "rules"),
                    help="auto: use the rule formalizer first only if it raises greedy tune BLEU on the subset")
    ap.add_argument("--guard-min-bleu", type=float, default=None,
                    help="faithfulness guard in rewriter.json: below this sentence-BLEU against the safe rewrite "
                         "(rules output or the sentence), the safe rewrite comes first (see docs/architecture.md)")
    ap.add_argument("--subset", type=int, default=300, help="tune sentences per domain for the int8/rules checks")
    ap.add_argument("--beams", default="1,4", help="beams for the full tune BLEU in the manifest")
    ap.add_argument("--measure-subset", type=int, default=0, help="tune sentences per domain for the manifest "
                    "BLEU (0 = the full tune sets)")
    ap.add_argument("--scorer", type=Path, default=None, help="scorer dir for style accuracy")
    ap.add_argument("--config-json", type=Path, default=None, help="training config/report to record")
    ap.add_argument("--data", action="append", default=[], help="data description lines for the card")
    ap.add_argument("--note", action="append", default=[])
    args = ap.parse_args(argv)
    if args.guard_min_bleu is not None and not 0 <= args.guard_min_bleu <= 100:
        ap.error("--guard-min-bleu must be from 0 to 100")

    data_root = shared_data_dir()
    if data_root is None or not Path(data_root).is_dir():
        raise SystemExit("export_rewriter: GYAFC tune data not found (set KEIGO_DATA)")
    data_root = Path(data_root)
    config = json.loads(args.config_json.read_text(encoding="utf-8")) if args.config_json else {}
    metrics: dict = {}
    if args.average < 0:
        ap.error("--average must be 0 (off) or a number of checkpoints")
    with contextlib.ExitStack() as stack:
        if args.average:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=".average-", dir=args.target.parent
                                                                       if args.target.parent.is_dir() else None)))
            try:
                used = S.average_checkpoints(args.checkpoint, tmp / "averaged", k=args.average)
            except (FileNotFoundError, ValueError) as e:
                raise SystemExit(f"export_rewriter: --average: {e}") from e
            print(f"averaged {len(used)} checkpoints: {', '.join(used)}")
            args.checkpoint = tmp / "averaged"
            config = {**config, "averaged_checkpoints": used}
            args.note = [*args.note, f"Weights: the average of {len(used)} rolling checkpoints ({', '.join(used)})."]
        return _export_main(args, ap, data_root, config, metrics)


def _export_main(args, ap, data_root: Path, config: dict, metrics: dict) -> int:
    preprocess = None if args.preprocess == "none" else args.preprocess
    if args.preprocess == "auto":
        rules = RuleFormalizer()
        model, tok = S.load_model(args.checkpoint), S.load_tokenizer(args.checkpoint)
        sub = _tune_sets(data_root, args.subset)
        plain = S.evaluate_bleu(model, tok, sub)
        with_rules = S.evaluate_bleu(model, tok, sub, preprocess=rules.formalize)
        metrics["subset_bleu_plain"] = {k: round(v, 2) for k, v in plain.items()}
        metrics["subset_bleu_rules_first"] = {k: round(v, 2) for k, v in with_rules.items()}
        preprocess = "rules" if with_rules["mean"] > plain["mean"] else None
        print(f"rules first: {with_rules['mean']:.2f} vs plain {plain['mean']:.2f} -> preprocess={preprocess}")
    beams = [int(b) for b in args.beams.split(",") if b]
    manifest = export_rewriter(
        args.checkpoint, args.target, version=args.version, config=config, data=args.data, metrics=metrics,
        valid_sets=_tune_sets(data_root, args.subset) if args.quantize == "auto" else None,
        quantize=args.quantize, max_int8_bleu_cost=args.max_int8_cost,
        rewriter_options={"preprocess": preprocess, "guard_min_bleu": args.guard_min_bleu}, notes=args.note,
        log=print,
        measure=lambda d: measure_dir(d, data_root, beams=beams, scorer_dir=args.scorer,
                                      subset=args.measure_subset))
    print(json.dumps({"version": manifest["version"], "metrics": manifest["metrics"],
                      "bytes": dir_size(args.target)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
