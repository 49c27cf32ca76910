"""Pseudo-pair filters of consistency training (Liu et al. 2022): style, content (source-BLEU) and fluency (LM).

Each filter takes the unlabeled informal sentences ``u`` and the model's pseudo-targets ``y_hat`` of one
training step and returns a boolean mask of the pairs to train on, plus the scores it computed:

- ``StyleFilter``: keep when P_formal(y_hat) - P_formal(u) > sigma (0.8), with a formality scorer
  (any object with ``score(list[str]) -> np.ndarray`` of P(formal), e.g. engine.scorer.FormalityScorer).
- ``ContentFilter``: sentence source-BLEU between u and y_hat, dynamic threshold, keep the high ones.
- ``FluencyFilter``: perplexity of y_hat under an n-gram LM of formal text, dynamic threshold, keep the low ones.

``FilterChain`` applies several and ANDs their masks; every filter scores every pair, so the dynamic
thresholds see the whole score distribution, not the part that survived an earlier filter.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from training.consistency.thresholds import DynamicThreshold
from training.evaluate import sentence_bleu


class SupportsScore(Protocol):
    def score(self, sentences: Sequence[str]) -> np.ndarray: ...


def _check(u: Sequence[str], y: Sequence[str]) -> None:
    if len(u) != len(y):
        raise ValueError(f"{len(u)} sources but {len(y)} pseudo-targets")


class StyleFilter:
    name = "style"

    def __init__(self, scorer: SupportsScore, sigma: float = 0.8):
        if not hasattr(scorer, "score"):
            raise TypeError("the style filter needs a scorer with score(list[str]) -> array of P(formal)")
        self.scorer = scorer
        self.sigma = float(sigma)

    def __call__(self, u: Sequence[str], y: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        _check(u, y)
        if not len(u):
            return np.zeros(0, dtype=bool), np.zeros(0)
        p = np.asarray(self.scorer.score(list(y) + list(u)), dtype=np.float64)
        if p.shape != (2 * len(u),):
            raise ValueError(f"scorer returned shape {p.shape} for {2 * len(u)} sentences")
        gain = p[: len(u)] - p[len(u):]
        with np.errstate(invalid="ignore"):
            return gain > self.sigma, gain


def source_bleu_scores(u: Sequence[str], y: Sequence[str]) -> np.ndarray:
    """Smoothed sentence BLEU of each pseudo-target against its own source."""
    return np.array([sentence_bleu(h, [s]) if h.strip() else 0.0 for s, h in zip(u, y)], dtype=np.float64)


class ContentFilter:
    name = "content"

    def __init__(self, phi: float = 0.4, warmup_steps: int = 0, pass_size: int = 0):
        self.threshold = DynamicThreshold(phi, keep="above", warmup_steps=warmup_steps, pass_size=pass_size)

    def __call__(self, u: Sequence[str], y: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        _check(u, y)
        s = source_bleu_scores(u, y)
        return self.threshold.update(s), s


class FluencyFilter:
    name = "fluency"

    def __init__(self, lm, phi: float = 0.4, warmup_steps: int = 0, pass_size: int = 0):
        if not hasattr(lm, "perplexity"):
            raise TypeError("the fluency filter needs an LM with perplexity(list[str]) -> array")
        self.lm = lm
        self.threshold = DynamicThreshold(phi, keep="below", warmup_steps=warmup_steps, pass_size=pass_size)

    def __call__(self, u: Sequence[str], y: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        _check(u, y)
        ppl = np.asarray(self.lm.perplexity(list(y)), dtype=np.float64)
        # an empty pseudo-target is not fluent text whatever its (</s>-only) perplexity says
        empty = np.array([not h.strip() for h in y], dtype=bool)
        ppl = np.where(empty, np.inf, ppl)
        mask = self.threshold.update(np.where(empty, np.nan, ppl))
        return mask & ~empty, ppl


class FilterChain:
    """Several filters in order; a pair is kept when every filter keeps it."""

    def __init__(self, filters: Sequence = ()):
        self.filters = list(filters)
        self.kept = {f.name: 0 for f in self.filters}
        self.seen = 0

    def __call__(self, u: Sequence[str], y: Sequence[str]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        _check(u, y)
        mask = np.array([bool(h.strip()) for h in y], dtype=bool)
        scores = {}
        for f in self.filters:
            m, s = f(u, y)
            self.kept[f.name] += int(m.sum())
            mask &= m
            scores[f.name] = s
        self.seen += len(u)
        return mask, scores

    def stats(self) -> dict:
        out = {"seen": self.seen}
        for f in self.filters:
            out[f"kept_{f.name}"] = self.kept[f.name]
            t = getattr(f, "threshold", None)
            if t is not None:
                out[f"threshold_{f.name}"] = t.value()
                out[f"frozen_{f.name}"] = t.frozen
        return out

    def freeze(self) -> None:
        for f in self.filters:
            t = getattr(f, "threshold", None)
            if t is not None:
                t.freeze()


