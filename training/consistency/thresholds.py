"""The dynamic threshold of the consistency-training filters: a running quantile over every score seen so far.

Liu et al. (2022) keep a sorted list of the scores of all pseudo pairs seen so far and take the value at
position phi * len as the threshold. Here ``phi`` is the fraction of pairs the filter keeps: with
``keep="above"`` (source-BLEU) a pair passes when its score is among the top ``phi`` of the list, with
``keep="below"`` (perplexity) when it is among the lowest ``phi``. During the first ``warmup_steps`` calls
nothing is filtered (the list is too short to mean anything); after one pass over the unlabeled data
(``pass_size`` scores) the list stops growing and the threshold is frozen.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from sortedcontainers import SortedList


class DynamicThreshold:
    """Running phi-quantile threshold; insertion is O(log n) (sortedcontainers.SortedList)."""

    def __init__(self, phi: float = 0.4, *, keep: str = "above", warmup_steps: int = 0, pass_size: int = 0):
        if not 0.0 < phi <= 1.0:
            raise ValueError(f"phi must be in (0, 1], got {phi}")
        if keep not in ("above", "below"):
            raise ValueError(f"keep must be 'above' or 'below', got {keep!r}")
        if warmup_steps < 0 or pass_size < 0:
            raise ValueError("warmup_steps and pass_size must be >= 0")
        self.phi = float(phi)
        self.keep = keep
        self.warmup_steps = int(warmup_steps)
        self.pass_size = int(pass_size)  # 0: never freezes by itself (call freeze())
        self.scores = SortedList()
        self.steps = 0
        self.frozen = False
        self._frozen_value: float | None = None

    def __len__(self) -> int:
        return len(self.scores)

    def add(self, score: float) -> None:
        """Insert one score (ignored once frozen); NaN scores are rejected: they would break the order."""
        if self.frozen:
            return
        score = float(score)
        if math.isnan(score):
            raise ValueError("a NaN score cannot enter the dynamic threshold")
        self.scores.add(score)
        if self.pass_size and len(self.scores) >= self.pass_size:
            self.freeze()

    def value(self) -> float | None:
        """The current threshold; None while no score was seen."""
        if self._frozen_value is not None:
            return self._frozen_value
        n = len(self.scores)
        if n == 0:
            return None
        k = max(1, math.ceil(self.phi * n))  # how many of the n seen scores pass
        if self.keep == "above":
            return float(self.scores[n - k])
        return float(self.scores[k - 1])

    def freeze(self) -> None:
        """Fix the threshold at its current value (after one pass over the unlabeled data)."""
        if not self.frozen:
            self.frozen = True
            self._frozen_value = self.value()

    def passes(self, scores: Sequence[float]) -> np.ndarray:
        """Boolean mask against the current threshold, without recording the scores."""
        s = np.asarray(scores, dtype=np.float64)
        t = self.value()
        if t is None:
            return np.ones(len(s), dtype=bool)
        with np.errstate(invalid="ignore"):
            return s >= t if self.keep == "above" else s <= t

    def update(self, scores: Sequence[float]) -> np.ndarray:
        """One training step: record the batch's scores, then return which pairs pass.

        Everything passes during the warm-up steps; NaN scores never pass (and are not recorded).
        """
        s = np.asarray(scores, dtype=np.float64)
        for v in s[~np.isnan(s)]:
            self.add(v)
        self.steps += 1
        if self.steps <= self.warmup_steps:
            return ~np.isnan(s)
        return self.passes(s) & ~np.isnan(s)

    def state_dict(self) -> dict:
        """JSON-able state (for resuming a run)."""
        return {"phi": self.phi, "keep": self.keep, "warmup_steps": self.warmup_steps,
                "pass_size": self.pass_size, "steps": self.steps, "frozen": self.frozen,
                "frozen_value": self._frozen_value, "scores": list(self.scores)}

    @classmethod
    def from_state(cls, state: dict) -> DynamicThreshold:
        t = cls(state["phi"], keep=state["keep"], warmup_steps=state["warmup_steps"], pass_size=0)
        t.scores.update(float(x) for x in state["scores"])
        t.pass_size = state["pass_size"]
        t.steps = state["steps"]
        t.frozen = state["frozen"]
        t._frozen_value = state["frozen_value"]
        return t
