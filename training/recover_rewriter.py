"""Turn a shipped rewriter directory (ONNX) back into a PyTorch checkpoint that training can continue.

    python -m training recover-rewriter assets/models/rewriter OUT [--check 40]

A rewriter's training folder (checkpoints, optimizer state) stays on the machine that trained it; the ONNX
graphs ship. When that machine is gone, this reads the weights out of the graphs (int8 ones dequantized: the
continued training makes up the rounding) into the Hugging Face model its config.json describes, checks that
the recovered model rewrites like the shipped graphs (greedy, through the engine, on --check tune-like
sentences), and writes OUT as a Hugging Face model directory with the bundle's tokenizer and rewriter.json.
Continue it with the rewriter stage: ``rewriter.base_model=OUT rewriter.mode=original rewriter.preprocess=...``
(the bundle's own preprocessing, which rewriter.json names).

Supported: the BART-family bundles our rewriter stage exports through optimum (encoder_model.onnx +
decoder_model_merged.onnx or decoder_model.onnx, fp32 or dynamically quantized int8). Names: initializers named after their
parameter are taken as they are; matrix-multiplication weights (named "onnx::MatMul_N" by the exporter) are
placed by the node that uses them ("/model/decoder/layers.0/self_attn/q_proj/MatMul" -> that Linear's weight,
transposed).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from engine.errors import KeigoError, ModelError

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "generation_config.json",
                   "rewriter.json", "markers.txt", "lm.npz")
# tune-like sentences for the check (written for this tool; not corpus text)
CHECK_SENTENCES = (
    "i dunno if he likes me or not", "thx for the help, i owe u one", "ur gonna love this song lol",
    "can u send me the file b4 friday", "my mom says i watch 2 much tv", "he is sooo hot omg",
    "idk what 2 do about my bf", "we need 2 fix the bug asap", "that movie was kinda boring tbh",
    "r u going to the party tonight?", "i think the band is awesome", "she doesnt want to talk to him",
    "hey guys, whats up?", "pls check the attached doc", "the concert was great!!!", "i cant stand that show",
    "you should just tell her how u feel", "wanna grab lunch tmrw?", "my kids love that cartoon",
    "i have no idea what ur talking about",
)


def _graphs(graph) -> Iterable:
    """A graph and every subgraph inside it (the merged decoder keeps its nodes in an If's two branches)."""
    yield graph
    for node in graph.node:
        for attr in node.attribute:
            if attr.g is not None and attr.g.node:
                yield from _graphs(attr.g)
            for g in attr.graphs:
                yield from _graphs(g)


def _initializers(model) -> dict[str, np.ndarray]:
    from onnx import numpy_helper

    out = {}
    for g in _graphs(model.graph):
        for t in g.initializer:
            out[t.name] = numpy_helper.to_array(t)
    return out


def _dequantized(name: str, inits: dict[str, np.ndarray]) -> np.ndarray:
    """An initializer as float32; a dynamically quantized one (X_quantized, X_scale, X_zero_point) dequantized."""
    if name.endswith("_quantized"):
        base = name[: -len("_quantized")]
        q, scale, zero = inits[name], inits.get(base + "_scale"), inits.get(base + "_zero_point")
        if scale is None:
            raise ModelError(f"quantized weight {name} has no {base}_scale")
        zero = np.zeros((), dtype=np.int32) if zero is None else zero
        return ((q.astype(np.int32) - zero.astype(np.int32)) * scale.astype(np.float32)).astype(np.float32)
    return inits[name].astype(np.float32)


_MODULE = re.compile(r"^/(?P<path>.+)/(?:MatMul|MatMul_quant|Gather|Gather_\d+)$")


def onnx_weights(path: Path, prefix: str) -> dict[str, np.ndarray]:
    """Parameter name -> weight read from one exported graph. ``prefix`` is where the graph's own names sit in
    the full model ("model.encoder." for the encoder graph, whose names start at "layers.")."""
    import onnx

    try:
        model = onnx.load(str(path))
    except Exception as exc:  # onnx raises DecodeError and friends, not one base class
        raise ModelError(f"{path} does not load as an ONNX model: {exc}") from exc
    inits = _initializers(model)
    out: dict[str, np.ndarray] = {}

    def put(name: str, value: np.ndarray) -> None:
        name = name.removesuffix("_merged_0")
        if name.startswith(("model.", "lm_head", "final_logits_bias")):
            out[name] = value
        elif name.startswith(("embed_tokens", "shared")):
            out["model.shared." + name.split(".", 1)[1]] = value
        else:
            out[prefix + name] = value

    # initializers named after their parameter
    for name in inits:
        base = name.removesuffix("_merged_0").removesuffix("_quantized")
        if name.endswith(("_scale", "_zero_point")) or base.startswith("onnx::") or "::" in base:
            continue
        put(base, _dequantized(name, inits))
    # matrix weights named by the exporter: placed by the node that multiplies by them
    for g in _graphs(model.graph):
        for node in g.node:
            if node.op_type not in ("MatMul", "MatMulInteger", "Gemm"):
                continue
            weights = [i for i in node.input if i in inits and "::" in i and not i.endswith("_zero_point")]
            if len(weights) != 1:
                continue
            m = _MODULE.match(node.name)
            w = _dequantized(weights[0], inits)
            if w.ndim != 2:
                continue
            if m is None:
                if w.shape[1] > w.shape[0] and "lm_head.weight" not in out:  # the output projection
                    out["lm_head.weight"] = w.T.copy()
                continue
            path_ = m.group("path").replace("/", ".")
            full = path_ if path_.startswith(("model.", "lm_head")) else prefix + path_
            out[full + ".weight"] = w.T.copy()
    # the output layer's bias (final_logits_bias), named by the exporter too
    for name, arr in inits.items():
        if name.startswith("onnx::Add") and arr.ndim == 2 and arr.shape[0] == 1 and "final_logits_bias" not in out:
            vocab = out.get("lm_head.weight")
            if vocab is not None and arr.shape[1] == vocab.shape[0]:
                out["final_logits_bias"] = arr.astype(np.float32)
    return out


def recover(bundle: Path):
    """(model, weights found) for a bundle directory; ModelError when a parameter has no weight in the graphs."""
    import torch
    from transformers import AutoConfig, AutoModelForSeq2SeqLM

    bundle = Path(bundle)
    members = sorted(p.name for p in bundle.glob("member-*") if p.is_dir())
    if members and not (bundle / "encoder_model.onnx").is_file():
        raise ModelError(f"{bundle} is an ensemble of {len(members)} rewriters: recover one member at a time "
                         f"({', '.join(str(bundle / m) for m in members)})")
    decoder = next((bundle / f for f in ("decoder_model_merged.onnx", "decoder_model.onnx")
                    if (bundle / f).is_file()), bundle / "decoder_model_merged.onnx")
    for f in (bundle / "config.json", bundle / "encoder_model.onnx", decoder):
        if not f.is_file():
            raise ModelError(f"{bundle}: {f.name} is missing (recover-rewriter reads an exported rewriter directory)")
    try:
        config = AutoConfig.from_pretrained(str(bundle))
    except (OSError, ValueError) as exc:
        raise ModelError(f"{bundle / 'config.json'}: {exc}") from None
    model = AutoModelForSeq2SeqLM.from_config(config)
    found = onnx_weights(bundle / "encoder_model.onnx", "model.encoder.")
    found.update(onnx_weights(decoder, "model.decoder."))
    state = model.state_dict()
    loaded, missing, wrong = {}, [], []
    for name, param in state.items():
        value = found.get(name)
        if value is None and name.endswith(("embed_tokens.weight",)):
            value = found.get("model.shared.weight")
        if value is None and name == "lm_head.weight" and getattr(config, "tie_word_embeddings", True):
            value = found.get("model.shared.weight")
        if value is None:
            missing.append(name)
        elif tuple(value.shape) != tuple(param.shape):
            wrong.append(f"{name} {tuple(value.shape)} != {tuple(param.shape)}")
        else:
            loaded[name] = torch.from_numpy(np.ascontiguousarray(value))
    if missing or wrong:
        raise ModelError(f"{bundle}: cannot recover every weight from the graphs: "
                         + "; ".join((["missing " + ", ".join(missing[:8])] if missing else []) + wrong[:8]))
    model.load_state_dict(loaded, strict=True)
    model.eval()
    return model, len(loaded)


def agreement(bundle: Path, model, sentences: Sequence[str]) -> float:
    """Share of sentences whose greedy rewrite by the recovered model (training's own decoding) equals the
    shipped graphs' (the engine's)."""
    from engine.rewriter import FormalRewriter
    from training import seq2seq as S

    engine = FormalRewriter.from_dir(bundle, threads=1)
    tok = S.load_tokenizer(bundle)
    inputs = [engine._prepare(s) for s in sentences]   # the rules first, as the engine feeds the graphs
    want = [r.candidates[0].text.strip() if r.candidates else "" for r in engine.rewrite(list(sentences), beam=1)]
    got = [g.strip() for g in S.generate(model, tok, inputs, beam=1, max_new_tokens=64)]
    return sum(a == b for a, b in zip(got, want)) / max(1, len(sentences))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training recover-rewriter", description=__doc__.split("\n\n")[0])
    ap.add_argument("bundle", type=Path, help="an exported rewriter directory (e.g. assets/models/rewriter)")
    ap.add_argument("out", type=Path, help="the Hugging Face model directory to write")
    ap.add_argument("--min-agreement", type=float, default=0.8,
                    help="share of the check sentences whose greedy rewrite must match the graphs' (default 0.8)")
    args = ap.parse_args(argv)
    try:
        model, n = recover(args.bundle)
        share = agreement(args.bundle, model, CHECK_SENTENCES)
        print(f"recovered {n} weights from {args.bundle}; greedy rewrites equal to the shipped graphs' on "
              f"{share:.0%} of {len(CHECK_SENTENCES)} check sentences", flush=True)
        if share < args.min_agreement:
            raise ModelError(f"the recovered model rewrites unlike the shipped graphs ({share:.0%} < "
                             f"{args.min_agreement:.0%}): not written")
        tmp = args.out.with_name(args.out.name + ".tmp")
        if tmp.exists():
            shutil.rmtree(tmp)
        model.save_pretrained(str(tmp))
        for f in TOKENIZER_FILES:
            if (args.bundle / f).is_file():
                shutil.copy2(args.bundle / f, tmp / f)
        (tmp / "RECOVERED.json").write_text(json.dumps({"from": str(args.bundle), "weights": n,
                                                        "greedy_agreement": share}, indent=1), encoding="utf-8")
        if args.out.exists():
            shutil.rmtree(args.out)
        tmp.replace(args.out)
    except KeigoError as exc:
        print(f"recover-rewriter: {exc}", file=sys.stderr)
        return 3
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
