"""A model's manifest metrics in plain words, the same in `keigo models list` and the app's Models dialog.

The manifests keep every number the export measured under machine keys (``eval.pytorch.gyafc_tune.em.accuracy``,
``parity.ok``); a writer needs the few that say how good the model is, named as its model card names them:
"Accuracy on GYAFC tune: 90.7 %", "Checked against PyTorch: yes". The numbers are the ones the card's
tables show for the model as shipped (the full tune sets, not the subsets used to measure the int8 cost).
"""
from __future__ import annotations

import math
from collections.abc import Mapping

_WORDS = {"gyafc": "GYAFC", "em": "E&M", "fr": "F&R", "pt16": "PT16", "jfc": "JFC", "bleu": "BLEU", "onnx": "ONNX",
          "fp32": "fp32", "int8": "int8", "f1": "F1", "acc": "accuracy", "heldout": "held-out",
          "spearman": "Spearman", "pytorch": "PyTorch"}


def metric_label(name: str, variant: str = "") -> str:
    """A training event's metric in words: ``gyafc_tune.accuracy`` + ``pytorch`` -> "GYAFC tune accuracy (PyTorch)"."""
    text = _label(name)
    return f"{text} ({_label(variant).replace('Onnx', 'ONNX')})" if variant else text


def _num(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return None if math.isnan(value) or math.isinf(value) else value


def _get(metrics: Mapping, *path):
    node = metrics
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def percent(value: float) -> str:
    """0.9067 -> "90.7 %" (a share), 85.4 -> "85.4 %" (already in percent)."""
    return f"{value * 100 if value <= 1.0 else value:.1f} %"


def _label(key: str) -> str:
    words = [_WORDS.get(w, w) for w in key.replace(".", " ").replace("_", " ").replace("-", " ").split()]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _generic(key: str, value) -> tuple[str, str] | None:
    if isinstance(value, bool):
        return _label(key), "yes" if value else "no"
    v = _num(value)
    if v is None:
        return None
    if "accuracy" in key and 0.0 <= v <= 1.0:
        return _label(key), percent(v)
    return _label(key), f"{v:.4g}"


def _parity(metrics: Mapping) -> tuple[str, str] | None:
    parity = metrics.get("parity")
    if not isinstance(parity, Mapping) or "ok" not in parity:
        return None
    verdict = "yes" if parity.get("ok") is True else "NO: the ONNX model differs from the trained one"
    detail = ""
    n, same = _num(parity.get("sentences")), _num(parity.get("greedy_match"))
    if n is not None and same is not None:
        detail = f" ({int(same)} of {int(n)} test sentences rewritten identically)"
    elif n is not None:
        detail = f" (same scores on {int(n)} sentences)"
    return "Checked against PyTorch", verdict + detail


def _domains(metrics: Mapping, key: str, suffix: str = "") -> str | None:
    em, fr = _num(metrics.get(f"{key}_em{suffix}")), _num(metrics.get(f"{key}_fr{suffix}"))
    if em is None or fr is None:
        return None
    return f"E&M {em:.1f}, F&R {fr:.1f}"


def summary(role: str, metrics: Mapping | None) -> list[tuple[str, str]]:
    """(label, value) pairs, most telling first; [] when the manifest records no metrics."""
    if not isinstance(metrics, Mapping) or not metrics:
        return []
    out: list[tuple[str, str]] = []
    if role.startswith("scorer") or "gyafc_tune_accuracy" in metrics:
        acc = _num(metrics.get("gyafc_tune_accuracy"))
        if acc is not None:
            out.append(("Accuracy on GYAFC tune", percent(acc)))
        # as shipped: measured on the input the engine feeds (canonical_input.after), else the export's own
        variant = "onnx-int8" if _get(metrics, "eval", "onnx-int8") is not None else "pytorch"
        spearman = next((v for v in (_num(_get(metrics, "canonical_input", "after", "pt16_tune_spearman")),
                                     _num(metrics.get("pt16_tune_spearman")),
                                     _num(_get(metrics, "eval", variant, "pt16_tune", "spearman_graded")))
                         if v is not None), None)
        if spearman is not None:
            out.append(("Agreement with human ratings (PT16 Spearman)", f"{spearman:.3f}"))
        # the graded degree the editor shows (engine/degree.py), measured on the held-back half of PT16 tune
        shown = _num(_get(metrics, "display", "pt16_B_spearman", "degree"))
        if shown is not None:
            out.append(("Shown score's agreement with human ratings", f"{shown:.3f}"))
    if "tune_bleu_em" in metrics or "tune_bleu_em_beam4" in metrics:
        greedy, beam4 = _domains(metrics, "tune_bleu"), _domains(metrics, "tune_bleu", "_beam4")
        # an export measured on a subset says so (``tune_sentences``: sentences per domain); absent = full sets
        sizes = metrics.get("tune_sentences")
        counts = sorted({int(v) for v in sizes.values() if _num(v) is not None}) if isinstance(sizes, Mapping) else []
        where = "GYAFC tune" + (f" ({counts[0]:,} sentences per domain)" if len(counts) == 1 else
                                " (a subset)" if counts else "")
        if greedy:
            out.append((f"BLEU on {where}, greedy", greedy))
        if beam4:
            out.append((f"BLEU on {where}, beam 4", beam4))
        style = _num(metrics.get("style_accuracy_beam4" if beam4 else "style_accuracy"))
        if style is not None:
            out.append(("Rewrites the scorer reads as formal", percent(style)))
    parity = _parity(metrics)
    if parity is not None:
        out.append(parity)
    weights = metrics.get("weights")
    if isinstance(weights, str) and weights:
        out.append(("Weights", "int8 (smaller and faster)" if weights == "int8" else weights))
    elif isinstance(metrics.get("int8"), Mapping):
        out.append(("Weights", "int8 (smaller and faster)"))
    if not out:  # a model this summary does not know: its own top-level numbers, named in words
        for key, value in metrics.items():
            pair = _generic(str(key), value)
            if pair is not None:
                out.append(pair)
    return out


def summary_text(role: str, metrics: Mapping | None, limit: int = 3, sep: str = "; ") -> str:
    """One line: "Accuracy on GYAFC tune: 90.7 %; ..." (the first `limit` pairs); "—" when nothing is known."""
    pairs = summary(role, metrics)[:limit]
    return sep.join(f"{label}: {value}" for label, value in pairs) if pairs else "—"
