"""Scorer speed, measured side by side in one run: ONNX Runtime (the engine) vs PyTorch eager, as ratios.

For each bundled scorer (assets/models/scorer, assets/models/scorer-accurate): single-thread
per-sentence latency (one sentence per call), batched throughput, and a 5,000-word document scored end
to end (engine.segment.split_sentences, then FormalityScorer.score). PyTorch eager needs the training
run that produced the model (--textcnn-run / --transformer-run: run_dir/classifier/checkpoint.safetensors).

    python3 bench/scorer.py [--textcnn-run runs/textcnn-gyafc-pt16] [--transformer-run runs/minilm-...]
                            [--sentences 300] [--threads 1]

Prints JSON lines on stdout and a markdown table on stderr.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
# The project (engine, training) is imported inside the functions, after the checkout is on sys.path; torch
# too, because only the PyTorch column needs it.


def bench_sentences(n: int) -> list[str]:
    from training.protocol import shared_data_dir

    root = shared_data_dir()
    out: list[str] = []
    if root is None or not (root / "gyafc" / "em" / "tune.informal").is_file():
        raise SystemExit("bench/scorer.py: needs the GYAFC tune sentences (gyafc/em/tune.*) under KEIGO_DATA "
                         "or ../shared/data")
    for name in ("tune.informal", "tune.formal.ref0"):
        out += [s for s in (root / "gyafc" / "em" / name).read_text(encoding="utf-8").splitlines() if s.strip()]
    rng = np.random.default_rng(0)
    idx = rng.permutation(len(out))[:n]
    return [out[i] for i in idx]


def document(words: int = 5000) -> str:
    """A ~5,000-word document of paragraphs built from real sentences (GYAFC tune when present)."""
    sents = bench_sentences(100000)
    parts, count, para = [], 0, []
    for s in sents * 10:
        para.append(s)
        count += len(s.split())
        if len(para) == 6:
            parts.append(" ".join(para))
            para = []
        if count >= words:
            break
    if para:
        parts.append(" ".join(para))
    return "\n\n".join(parts)


def timeit(fn, repeat: int = 3) -> float:
    best = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best.append(time.perf_counter() - t)
    return min(best)


def per_sentence_latency(fn, sentences) -> float:
    """Median seconds for scoring one sentence per call (what the live editor does per edit)."""
    for s in sentences[:5]:
        fn([s])
    times = []
    for s in sentences:
        t = time.perf_counter()
        fn([s])
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def torch_scorer(run_dir: Path, threads: int):
    import torch

    from training.models.classifier import load_checkpoint
    from training.models.encoding import encode

    torch.set_num_threads(threads)
    model, tok, description = load_checkpoint(run_dir)
    enc = description["encoding"]
    min_length, pad_id, names = enc["min_length"], enc["pad_id"], enc["input_names"]

    def score(texts, batch_size: int = 64):
        out = []
        with torch.inference_mode():
            for i in range(0, len(texts), batch_size):
                feeds = encode(tok, texts[i:i + batch_size], min_length, pad_id, names)
                logits, _g = model(**{k: torch.from_numpy(v) for k, v in feeds.items()})
                out.append(torch.softmax(logits, -1)[:, 1].numpy())
        return np.concatenate(out) if out else np.zeros(0, np.float32)

    return score


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--textcnn-run", default=str(REPO / "runs" / "textcnn-gyafc-pt16"))
    ap.add_argument("--transformer-run", default=str(REPO / "runs" / "minilm-gyafc-pt16"))
    ap.add_argument("--sentences", type=int, default=300)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--models", default=str(REPO / "assets" / "models"))
    args = ap.parse_args(argv)

    from engine.scorer import FormalityScorer
    from engine.segment import split_sentences

    sents = bench_sentences(args.sentences)
    many = bench_sentences(2000)
    doc = document(5000)
    rows = []
    for role, run in (("scorer", args.textcnn_run), ("scorer-accurate", args.transformer_run)):
        mdir = Path(args.models) / role
        if not (mdir / "manifest.json").is_file():
            print(json.dumps({"role": role, "skipped": f"no bundled model at {mdir}"}), flush=True)
            continue
        onnx = FormalityScorer.from_dir(mdir, threads=args.threads)
        row = {"role": role, "kind": json.loads((mdir / "manifest.json").read_text())["kind"],
               "threads": args.threads, "sentences": len(sents)}
        row["onnx_ms_per_sentence"] = 1000 * per_sentence_latency(onnx.score, sents)
        t = timeit(lambda scorer=onnx: scorer.score(many, batch_size=64), 1)
        row["onnx_sentences_per_s"] = len(many) / t

        def doc_end_to_end(scorer=onnx):
            return scorer.score([s.text for s in split_sentences(doc)])

        segs = split_sentences(doc)
        row["doc_words"] = len(doc.split())
        row["doc_sentences"] = len(segs)
        row["doc_s_onnx_1thread"] = timeit(doc_end_to_end, 3)
        onnx2 = FormalityScorer.from_dir(mdir, threads=2)
        row["doc_s_onnx_2threads"] = timeit(lambda scorer=onnx2: doc_end_to_end(scorer), 3)
        if run and (Path(run) / "classifier" / "checkpoint.safetensors").is_file():
            ts = torch_scorer(Path(run), args.threads)
            row["torch_ms_per_sentence"] = 1000 * per_sentence_latency(ts, sents)
            t = timeit(lambda fn=ts: fn(many, 64), 1)
            row["torch_sentences_per_s"] = len(many) / t
            row["latency_ratio_torch_over_onnx"] = row["torch_ms_per_sentence"] / row["onnx_ms_per_sentence"]
            row["throughput_ratio_onnx_over_torch"] = row["onnx_sentences_per_s"] / row["torch_sentences_per_s"]
            agree = np.abs(ts(sents) - onnx.score(sents))
            row["max_abs_diff_torch_vs_onnx"] = float(agree.max())
        else:
            row["torch"] = f"no checkpoint in {run}"
        rows.append(row)
        print(json.dumps(row), flush=True)
    cols = ["role", "kind", "onnx_ms_per_sentence", "torch_ms_per_sentence", "latency_ratio_torch_over_onnx",
            "onnx_sentences_per_s", "torch_sentences_per_s", "throughput_ratio_onnx_over_torch",
            "doc_sentences", "doc_s_onnx_1thread", "doc_s_onnx_2threads"]
    sys.stderr.write("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols) + "\n")
    for r in rows:
        cells = [f"{r[c]:.3f}" if isinstance(r.get(c), float) else str(r.get(c, "–")) for c in cols]
        sys.stderr.write("| " + " | ".join(cells) + " |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
