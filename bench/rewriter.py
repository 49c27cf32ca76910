"""Rewrite latency of the bundled rewriter, side by side in one run: ONNX Runtime (the engine) vs the same
architecture in PyTorch eager vs a T5-base-sized model (what a Styleformer user runs), per sentence,
greedy and beam 4, every system forced to the output length the ONNX model produced. "reranked" is what the
app and `keigo rewrite` run: the engine.faithful SafeRewriter (n-best pool, checks, reranker, live scorer),
forced so that every sentence is rewritten; its ratio is against the plain model ("onnx").

    python3 bench/rewriter.py [--model assets/models/rewriter] [--sentences 30] [--threads 1] [--json OUT]

For an ensemble directory (python -m training make-ensemble) "pytorch" runs its members one after another.
PyTorch eager runs the model's own weights when --checkpoint points at its training checkpoint, else the
same architecture (config.json) with random weights: with the output length forced, the work per sentence
is the same. T5-base: t5-base sizes (d_model 768, 12+12 layers, 12 heads, FFN 3072), random weights.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

FALLBACK_SENTENCES = [
    "i dont know what ur talking about lol", "gonna see that movie tomorrow, u coming?",
    "wat do u think about this song", "she is like the best singer ever!!!",
    "yeah i think so too but whatever", "u should totally ask him out",
    "that show was sooo boring i fell asleep", "idk maybe try asking ur mom",
]


def pct(xs, q):
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q / 100 * (len(xs) - 1))))
    return xs[k]


def load_sentences(n: int) -> list[str]:
    from training.protocol import shared_data_dir

    root = shared_data_dir()
    src = []
    if root is not None:
        p = Path(root) / "gyafc" / "em" / "tune.informal"
        if p.is_file():
            src = [s for s in p.read_text(encoding="utf-8").splitlines() if s.strip()]
    if not src:
        src = FALLBACK_SENTENCES
    return [src[i % len(src)] for i in range(n)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default=str(REPO / "assets" / "models" / "rewriter"))
    ap.add_argument("--checkpoint", default="", help="the model's PyTorch checkpoint (else random weights)")
    ap.add_argument("--sentences", type=int, default=30)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--beams", default="1,4")
    ap.add_argument("--skip-t5", action="store_true")
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)

    import numpy as np
    import torch
    from transformers import AutoConfig, AutoModelForSeq2SeqLM, T5Config, T5ForConditionalGeneration

    from engine.faithful import SafeRewriter
    from engine.rewriter import FormalRewriter
    from engine.scorer import FormalityScorer

    torch.set_num_threads(args.threads)
    model_dir = Path(args.model)
    rw = FormalRewriter.from_dir(model_dir, threads=args.threads)
    scorer = FormalityScorer.from_dir(REPO / "assets" / "models" / "scorer", threads=args.threads)
    safe = SafeRewriter.for_model(rw, scorer=scorer)
    # an ensemble directory (make-ensemble): its members, run one after another in PyTorch for the same work
    options = json.loads((model_dir / "rewriter.json").read_text(encoding="utf-8"))
    member_dirs = [model_dir / m for m in options["ensemble"]["members"]] if "ensemble" in options else [model_dir]
    if args.checkpoint:
        if len(member_dirs) > 1:
            ap.error("--checkpoint is for a single model, not an ensemble directory")
        pts = [AutoModelForSeq2SeqLM.from_pretrained(args.checkpoint)]
        pt_weights = "trained checkpoint"
    else:
        torch.manual_seed(0)
        pts = [AutoModelForSeq2SeqLM.from_config(AutoConfig.from_pretrained(str(d))) for d in member_dirs]
        pt_weights = "random weights, same architecture" + (
            f" ({len(pts)} ensemble members, one after another)" if len(pts) > 1 else "")
    for pt in pts:
        pt.eval()
    t5 = None
    if not args.skip_t5:
        torch.manual_seed(0)
        # t5-base sizes (T5Config() defaults are t5-small): d_model 768, FFN 3072, 12+12 layers, 12 heads
        t5 = T5ForConditionalGeneration(T5Config(d_model=768, d_ff=3072, d_kv=64, num_layers=12,
                                                 num_decoder_layers=12, num_heads=12, vocab_size=32128,
                                                 decoder_start_token_id=0, pad_token_id=0, eos_token_id=1))
        t5.eval()
    sents = load_sentences(args.sentences)
    rows = {}
    for beam in [int(b) for b in args.beams.split(",")]:
        # warm-up (session/graph init, allocator) outside the timings
        rw.rewrite(sents[:2], beam=beam)
        safe.rewrite(sents[:2], beam=beam, force=True)
        times = {"onnx": [], "reranked": [], "pytorch": [], "t5-base": []}
        lengths = []
        for s in sents:
            t0 = time.perf_counter()
            out = rw.rewrite([s], beam=beam, batch_size=1)[0]
            times["onnx"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            safe.rewrite([s], beam=beam, force=True)
            times["reranked"].append(time.perf_counter() - t0)
            n = max(1, len(rw.tokenizer.encode(out.candidates[0].text).ids) + 1)
            lengths.append(n)
            ids = torch.tensor([rw._encode(s)])
            with torch.inference_mode():
                t0 = time.perf_counter()
                for pt in pts:
                    pt.generate(input_ids=ids, attention_mask=torch.ones_like(ids), num_beams=beam, do_sample=False,
                                min_new_tokens=n, max_new_tokens=n)
                times["pytorch"].append(time.perf_counter() - t0)
                if t5 is not None:
                    t5_ids = torch.randint(5, 32000, (1, ids.shape[1]))
                    t0 = time.perf_counter()
                    t5.generate(input_ids=t5_ids, attention_mask=torch.ones_like(t5_ids), num_beams=beam,
                                do_sample=False, min_new_tokens=n, max_new_tokens=n)
                    times["t5-base"].append(time.perf_counter() - t0)
        row = {"output_tokens_mean": float(np.mean(lengths))}
        for k, v in times.items():
            if v:
                row[k] = {"p50_ms": round(1000 * statistics.median(v), 2), "p95_ms": round(1000 * pct(v, 95), 2),
                          "mean_ms": round(1000 * statistics.fmean(v), 2)}
        row["reranked_over_onnx_p50"] = round(row["reranked"]["p50_ms"] / row["onnx"]["p50_ms"], 2)
        row["pytorch_over_onnx_p50"] = round(row["pytorch"]["p50_ms"] / row["onnx"]["p50_ms"], 2)
        if "t5-base" in row:
            row["t5base_over_onnx_p50"] = round(row["t5-base"]["p50_ms"] / row["onnx"]["p50_ms"], 2)
        rows[f"beam{beam}"] = row
    manifest = json.loads((model_dir / "manifest.json").read_text(encoding="utf-8"))
    result = {"model": str(model_dir), "version": manifest.get("version"),
              "onnx_weights": manifest.get("metrics", {}).get("weights"), "pytorch_weights": pt_weights,
              "threads": args.threads, "sentences": len(sents), "results": rows,
              "params": {"ours": sum(p.numel() for pt in pts for p in pt.parameters()),
                         "t5-base": sum(p.numel() for p in t5.parameters()) if t5 is not None else None}}
    print(f"{'decoding':<8} {'system':<9} {'p50 ms':>9} {'p95 ms':>9}   ratio p50 vs ONNX")
    for name, row in rows.items():
        for sysname in ("onnx", "reranked", "pytorch", "t5-base"):
            if sysname in row:
                r = row[sysname]
                ratio = r["p50_ms"] / row["onnx"]["p50_ms"]
                print(f"{name:<8} {sysname:<9} {r['p50_ms']:>9.1f} {r['p95_ms']:>9.1f}   {ratio:6.2f}x")
    print(json.dumps(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
