"""F-Dis augmentation (Zhang et al. 2020): round-trip informal sentences through pivot languages and keep the
pairs whose round trip a formality discriminator finds more formal by at least sigma."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engine.errors import ModelNotInstalled
from engine.registry import ModelRegistry
from engine.scorer import FormalityScorer
from training.augment import apertium
from training.augment.pairs_io import rewrite_resumable


@dataclass
class FdisResult:
    pairs: list[tuple[str, str]]                 # (informal source, more formal round trip)
    per_pivot: dict[str, dict] = field(default_factory=dict)
    sources: int = 0


def load_discriminator(model_dir: str | Path | None = None):
    """The TextCNN formality scorer: from model_dir when given, else the registry's current `scorer`."""
    if model_dir:
        p = Path(model_dir)
        if not (p / "model.onnx").is_file():
            raise ModelNotInstalled(f"F-Dis needs the formality scorer, but {p} holds no model.onnx "
                                    "(train one with `keigo train classifier` or set fdis.scorer=DIR)")
        return FormalityScorer.from_dir(p, threads=1)
    try:
        return ModelRegistry().load_scorer("scorer", threads=1)
    except ModelNotInstalled as exc:
        raise ModelNotInstalled(f"F-Dis needs the formality scorer (role 'scorer'), and none is installed: {exc}. "
                                "Train one with `keigo train classifier` or set fdis.scorer=DIR") from None


def round_trip_key(pivot: str, sources: Sequence[str]) -> str:
    """What a pivot's round trips depend on (the key of its resume store): the pivot, its Apertium modes, the
    sentences."""
    h = hashlib.sha256(json.dumps({"pivot": pivot, "modes": apertium._pivot_modes(pivot)}).encode())
    for s in sources:
        h.update(s.encode("utf-8", "surrogatepass"))
        h.update(b"\n")
    return h.hexdigest()


def discriminate(sources: Sequence[str], pivots: Sequence[str], score: Callable[[Sequence[str]], np.ndarray],
                 sigma: float = 0.6, round_trip: Callable[[Sequence[str], str], list[str]] = apertium.round_trip,
                 should_stop: Callable[[], bool] = lambda: False,
                 on_progress: Callable[[str, int, int], None] = lambda p, i, n: None,
                 chunk: int = 500, store: str | Path | None = None) -> FdisResult | None:
    """For each pivot: round trip every source, keep (source, round trip) when P_formal rises by >= sigma.

    Identical or empty round trips are never kept. Per pivot the result counts round trips, changed
    ones, survivors and the mean P_formal gain of the survivors (the paper's Table 5).

    With ``store`` (a folder) each pivot's round trips are kept there chunk by chunk (``roundtrip-<pivot>.jsonl``),
    so a run stopped after an hour of Apertium goes on where it stopped; a stop then returns None (nothing half
    done is reported as done). Without it a stop ends the round trips early and the result holds what was done.
    """
    sources = [s for s in sources if s.strip()]
    base = np.asarray(score(sources), dtype=np.float64) if sources else np.zeros(0)
    res = FdisResult(pairs=[], sources=len(sources))
    seen: set[tuple[str, str]] = set()
    for pivot in pivots:
        trips = None
        if store is not None:
            trips = rewrite_resumable(lambda batch, pivot=pivot: round_trip(batch, pivot), sources,
                                      Path(store) / f"roundtrip-{pivot}.jsonl", key=round_trip_key(pivot, sources),
                                      chunk=chunk, should_stop=should_stop,
                                      on_progress=lambda i, n, pivot=pivot: on_progress(pivot, i, n))
            if trips is None:
                return None
        kept = changed = done = 0
        gains: list[float] = []
        for b in range(0, len(sources), chunk):
            if trips is None and should_stop():
                break
            src = sources[b:b + chunk]
            rt = trips[b:b + len(src)] if trips is not None else round_trip(src, pivot)
            cand = [(i, t) for i, t in enumerate(rt) if t.strip() and t.strip() != src[i].strip()]
            changed += len(cand)
            done += len(src)
            if cand:
                p = np.asarray(score([t for _, t in cand]), dtype=np.float64)
                for (i, t), pf in zip(cand, p):
                    gain = float(pf - base[b + i])
                    if gain >= sigma and (src[i], t) not in seen:
                        seen.add((src[i], t))
                        res.pairs.append((src[i], t))
                        kept += 1
                        gains.append(gain)
            on_progress(pivot, done, len(sources))
        res.per_pivot[pivot] = {
            "language": apertium.PIVOT_NAMES.get(pivot, pivot), "round_trips": done, "changed": changed,
            "kept": kept, "kept_percent": round(100.0 * kept / done, 2) if done else 0.0,
            "mean_gain": round(float(np.mean(gains)), 4) if gains else None,
        }
    return res
