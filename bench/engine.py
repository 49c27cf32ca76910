"""Engine benchmark: p50/p95 latency per sentence and sentences/s for scoring and rewriting, ONNX vs PyTorch eager.

    python3 bench/engine.py                       # the registry's current (or bundled) models
    python3 bench/engine.py --scorer DIR --rewriter DIR [--torch-scorer CKPT] [--torch-rewriter HF_DIR]
                            [--threads 1] [--beam 4]

Both runtimes run in this one process on the same sentences with the same thread count, so the printed
ratios (torch time / onnx time: above 1 means ONNX is faster) compare like with like on this machine.
PyTorch columns appear when torch is installed and the PyTorch twin of a model is given: the classifier
checkpoint folder it was exported from (--torch-scorer run_dir/classifier, self-describing), or the Hugging
Face checkpoint of the rewriter (--torch-rewriter).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The project (engine, training) is imported inside the functions, after the checkout is on sys.path; torch and
# transformers too, because they are optional here (without them only the ONNX columns are measured).

SENTENCES = [
    "hey can u send me the report lol",
    "I would be grateful if you could send me the report.",
    "gonna be late for the meeting haha",
    "Could you please confirm the date of the meeting?",
    "omg that was sooo funny",
    "Thank you for your prompt reply.",
    "yeah idk what ur talking about",
    "We regret to inform you that the position has been filled.",
    "wanna grab some food later?",
    "Please find attached the requested documents.",
    "nah i aint going to the party",
    "It is a pleasure to welcome you to our team.",
    "lemme know if u wanna come",
    "Should you have any questions, please do not hesitate to contact me.",
    "dude that's awesome!!!",
    "The committee will consider your proposal next week.",
    "kinda tired tbh, gonna sleep",
    "I look forward to hearing from you.",
    "ya i know right, that movie was the best",
    "He did not want to go to the party.",
    "thx for the reply, see ya tomorrow",
    "They are very happy with the results.",
    "whats up guys, anyone coming tonight?",
    "I want to know what you think about it.",
    "u r gonna love it lol",
    "Kindly let me know whether this arrangement is acceptable.",
    "im so happy omg",
    "Your application has been received and is under review.",
    "gotta go bye",
    "I am writing to inform you of a change in our schedule.",
    "haha yeah thats cool",
    "We are unable to attend the conference this year.",
]


def pct(values, q):
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def timed(fn, sentences, repeat):
    """Per-sentence latencies (ms) over `repeat` passes, and batched throughput (sentences/s)."""
    fn(sentences[:2])  # warm-up: first runs allocate
    lat = []
    for _ in range(repeat):
        for s in sentences:
            t = time.perf_counter()
            fn([s])
            lat.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    for _ in range(repeat):
        fn(sentences)
    tput = repeat * len(sentences) / (time.perf_counter() - t)
    return {"p50": pct(lat, 0.5), "p95": pct(lat, 0.95), "per_s": tput}


def row(name, r, ref=None):
    line = f"  {name:<28} p50 {r['p50']:8.2f} ms   p95 {r['p95']:8.2f} ms   {r['per_s']:9.1f} sentences/s"
    if ref is not None:
        line += (f"   torch/onnx: p50 x{ref['p50'] / r['p50']:.2f}, p95 x{ref['p95'] / r['p95']:.2f}, "
                 f"throughput x{r['per_s'] / ref['per_s']:.2f}")
    print(line)


def pick(role, given):
    from engine.errors import ModelError
    from engine.registry import ModelRegistry

    if given:
        return Path(given), "given"
    try:
        cur = ModelRegistry().current(role)
    except ModelError:
        cur = None
    if cur is None:
        raise SystemExit(f"bench/engine.py: no {role} installed or bundled; pass --{role} DIR")
    return cur.path, f"registry {role}/{cur.version}"


def torch_scorer(checkpoint: str | None):
    """The PyTorch classifier a scorer was exported from, loaded from its self-describing checkpoint folder."""
    if not checkpoint:
        return None
    import torch

    from training.models.classifier import load_checkpoint
    from training.models.encoding import encode

    model, tok, description = load_checkpoint(Path(checkpoint))
    enc = description["encoding"]

    def score(sentences):
        feeds = encode(tok, sentences, enc["min_length"], enc["pad_id"], enc["input_names"])
        with torch.inference_mode():
            logits, _graded = model(**{k: torch.from_numpy(v) for k, v in feeds.items()})
            return torch.softmax(logits.float(), -1)[:, 1].numpy()

    return score


def torch_rewriter(given: str | None):
    hf_dir = Path(given) if given else None
    if hf_dir is None or not hf_dir.is_dir():
        return None, None
    import torch
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    model = AutoModelForSeq2SeqLM.from_pretrained(hf_dir).eval()
    tok = AutoTokenizer.from_pretrained(hf_dir)

    def make(beam, max_new):
        def rewrite(sentences):
            with torch.inference_mode():
                enc = tok(list(sentences), return_tensors="pt", padding=True)
                out = model.generate(**enc, num_beams=beam, max_new_tokens=max_new, do_sample=False)
            return [t.strip() for t in tok.batch_decode(out, skip_special_tokens=True)]
        return rewrite

    return make, hf_dir


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scorer", help="scorer model directory (default: the registry's current or bundled one)")
    ap.add_argument("--rewriter", help="rewriter model directory (default: the registry's current or bundled one)")
    ap.add_argument("--torch-scorer", help="classifier checkpoint folder the scorer was exported from "
                    "(run_dir/classifier), for the PyTorch column")
    ap.add_argument("--torch-rewriter", help="Hugging Face checkpoint of the same rewriter, for the PyTorch column")
    ap.add_argument("--threads", type=int, default=1, help="intra-op threads for both runtimes (default 1)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--beam", type=int, default=4)
    ap.add_argument("--max-new-tokens", type=int, default=48)
    ap.add_argument("--no-torch", action="store_true", help="skip the PyTorch columns")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

    import onnxruntime

    from engine.rewriter import FormalRewriter
    from engine.scorer import FormalityScorer

    have_torch = False
    if not args.no_torch:
        try:
            import torch

            torch.set_num_threads(args.threads)
            have_torch = True
        except ImportError:
            pass
    sents = SENTENCES
    print(f"bench/engine.py: {len(sents)} sentences x {args.repeat} passes, {args.threads} thread(s), "
          f"onnxruntime {onnxruntime.__version__}" + (f", torch {torch.__version__}" if have_torch else ", no torch"))

    scorer_dir, how = pick("scorer", args.scorer)
    print(f"\nscoring: {scorer_dir} ({how})")
    scorer = FormalityScorer.from_dir(scorer_dir, threads=args.threads)
    onnx_score = timed(lambda s: scorer.score(s), sents, args.repeat)
    ts = torch_scorer(args.torch_scorer) if have_torch else None
    if ts is not None:
        ref = timed(ts, sents, args.repeat)
        row("torch eager score", ref)
        row("onnx score", onnx_score, ref)
        import numpy as np

        diff = float(np.max(np.abs(ts(sents) - scorer.score(sents))))
        print(f"  max |p_onnx - p_torch| = {diff:.2e}")
    else:
        row("onnx score", onnx_score)
    row("onnx explain (occlusion)", timed(lambda s: [scorer.explain(x) for x in s], sents, 1))

    rewriter_dir, how = pick("rewriter", args.rewriter)
    print(f"\nrewriting: {rewriter_dir} ({how}), max {args.max_new_tokens} new tokens")
    rw = FormalRewriter.from_dir(rewriter_dir, threads=args.threads)
    make_torch, _ = torch_rewriter(args.torch_rewriter) if have_torch else (None, None)
    for beam in sorted({1, args.beam}):
        label = "greedy" if beam == 1 else f"beam {beam}"

        def onnx_rw(s, beam=beam):
            return [r.best for r in rw.rewrite(s, beam=beam, max_new_tokens=args.max_new_tokens)]

        res = timed(onnx_rw, sents, args.repeat)
        if make_torch is not None:
            trw = make_torch(beam, args.max_new_tokens)
            ref = timed(trw, sents, args.repeat)
            row(f"torch eager {label}", ref)
            row(f"onnx {label}", res, ref)
            same = sum(a == b for a, b in zip(onnx_rw(sents), trw(sents)))
            print(f"  identical outputs: {same}/{len(sents)}")
        else:
            row(f"onnx {label}", res)
    if have_torch and ts is None:
        print("  (no PyTorch twin of the scorer: pass --torch-scorer run_dir/classifier for the side-by-side)")
    if have_torch and make_torch is None:
        print("  (no PyTorch twin of this rewriter: pass --torch-rewriter HF_DIR for the side-by-side)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
