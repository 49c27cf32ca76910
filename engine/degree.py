"""The formality degree the app shows: one number in [0, 1] per sentence, graded rather than a probability.

P(formal) is a classifier's confidence: on GYAFC it is near 0 for every informal sentence, so "a bit informal"
and "very informal" look the same. A scorer with a graded head (trained on PT16's human ratings, -3..3) also
knows *how* informal a sentence is. The degree combines both and is stored as a monotone piecewise-linear map
in scorer.json (``"display"``), fitted by ``python -m training attach-display``:

    s      = graded + beta * logit(clip(P(formal), 0.01, 0.99))   # beta: least weight on P keeping GYAFC accuracy
    degree = interp(s, knots_s, knots_degree)          # non-decreasing, 0.5 at GYAFC's formal/informal boundary

Below 0.5 the degree follows the human rating a PT16 rater would give (isotonic fit), scaled from -3 (0) to
the boundary (0.5); above, from the boundary to +3 (1). So the order is the human ratings' order, the middle
of the scale is where GYAFC's informal and formal sentences part, and the spread is the raters' spread.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.errors import ModelError

MAX_KNOTS = 4096
# P(formal) is clipped to [P_CLIP, 1 - P_CLIP] before its logit: beyond 99 % the classifier is sure, not the
# sentence more formal, and an unclipped logit (up to +-14) would swamp the graded head's -3..3
P_CLIP = 0.01


@dataclass(frozen=True)
class DegreeMap:
    beta: float
    knots_s: tuple[float, ...]
    knots_degree: tuple[float, ...]

    def __post_init__(self):
        b, xs, ys = self.beta, self.knots_s, self.knots_degree
        if isinstance(b, bool) or not isinstance(b, (int, float)) or not math.isfinite(b) or not 0.0 <= b <= 100.0:
            raise ModelError(f"scorer.json: display.beta must be a number from 0 to 100, not {b!r}")
        if len(xs) != len(ys) or not 2 <= len(xs) <= MAX_KNOTS:
            raise ModelError(f"scorer.json: display needs 2 to {MAX_KNOTS} knots, the same number of s and degree "
                             f"values (got {len(xs)} and {len(ys)})")
        for name, vals in (("s", xs), ("degree", ys)):
            if any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) for v in vals):
                raise ModelError(f"scorer.json: display.{name} must hold finite numbers only")
        if any(b2 <= a for a, b2 in itertools.pairwise(xs)):
            raise ModelError("scorer.json: display.s must be strictly increasing")
        if any(b2 < a for a, b2 in itertools.pairwise(ys)) or ys[0] < 0.0 or ys[-1] > 1.0:
            raise ModelError("scorer.json: display.degree must be non-decreasing and within [0, 1]")

    @classmethod
    def from_json(cls, raw) -> DegreeMap:
        if not isinstance(raw, dict):
            raise ModelError(f"scorer.json: display must be an object, not {type(raw).__name__}")
        try:
            xs, ys = raw["s"], raw["degree"]
            beta = raw["beta"]
        except KeyError as e:
            raise ModelError(f"scorer.json: display lacks {e.args[0]!r} (needs beta, s, degree)") from None
        if not isinstance(xs, list) or not isinstance(ys, list):
            raise ModelError("scorer.json: display.s and display.degree must be lists of numbers")
        return cls(beta, tuple(xs), tuple(ys))

    def to_json(self) -> dict:
        return {"beta": self.beta, "s": list(self.knots_s), "degree": list(self.knots_degree)}

    def combine(self, p_formal: np.ndarray, graded: np.ndarray) -> np.ndarray:
        """The combined score s for P(formal) and graded values (NaN stays NaN)."""
        return np.asarray(graded, dtype=np.float64) + self.beta * clipped_logit(p_formal)

    def apply(self, p_formal: np.ndarray, graded: np.ndarray) -> np.ndarray:
        """Degree in [0, 1] per sentence, float32; NaN where either input is NaN."""
        s = self.combine(p_formal, graded)
        out = np.full(s.shape, np.nan, dtype=np.float32)
        ok = np.isfinite(s)
        out[ok] = np.interp(s[ok], self.knots_s, self.knots_degree).astype(np.float32)
        return out


def clipped_logit(p_formal) -> np.ndarray:
    p = np.clip(np.asarray(p_formal, dtype=np.float64), P_CLIP, 1.0 - P_CLIP)
    return np.log(p / (1.0 - p))


def build_map(beta: float, iso_s: Sequence[float], iso_rating: Sequence[float], boundary: float) -> DegreeMap:
    """The degree map from an isotonic fit (s -> human rating, knots non-decreasing) and the GYAFC boundary s.

    Ratings below the boundary's rating r* map linearly from -3 (degree 0) to r* (0.5), those above from r* to
    +3 (1). The boundary itself is a knot at exactly 0.5; knots on the wrong side of it are clipped to it, and
    ties are broken by tiny steps so the map stays strictly increasing wherever the fit is (no flat decision)."""
    xs = np.asarray(iso_s, dtype=np.float64)
    rs = np.clip(np.asarray(iso_rating, dtype=np.float64), -3.0, 3.0)
    if xs.size < 1 or xs.size != rs.size:
        raise ValueError("need at least one isotonic knot, as many s as ratings")
    r_star = float(np.interp(boundary, xs, rs))
    r_star = min(2.999, max(-2.999, r_star))

    def deg(r: float) -> float:
        if r < r_star:
            return 0.5 * (r + 3.0) / (r_star + 3.0)
        return 0.5 + 0.5 * (r - r_star) / (3.0 - r_star)

    below = [(float(x), min(deg(r), 0.5 - 1e-4)) for x, r in zip(xs, rs) if x < boundary]
    above = [(float(x), max(deg(r), 0.5 + 1e-4)) for x, r in zip(xs, rs) if x > boundary]
    # the ends of the scale (0 and 1) are reached one unit of s beyond the outermost knots
    lo, hi = min(float(xs.min()), boundary) - 1.0, max(float(xs.max()), boundary) + 1.0
    knots = [(lo, 0.0)] + below + [(float(boundary), 0.5)] + above + [(hi, 1.0)]
    xs_out, ys_out = [], []
    for x, y in knots:
        if xs_out and x <= xs_out[-1]:
            continue
        if ys_out and y <= ys_out[-1]:
            y = ys_out[-1] + 1e-7  # a tie: break it upwards (never across the boundary, which has 1e-4 room)
        xs_out.append(x)
        ys_out.append(min(1.0, y))
    return DegreeMap(float(beta), tuple(xs_out), tuple(ys_out))


def shown_scores(scorer, sentences: Sequence[str]) -> np.ndarray:
    """What the app shows for these sentences: the scorer's degree when it has one (FormalityScorer always does;
    it is P(formal) when the model has no display map), else its P(formal) (any object with ``score``)."""
    degree = getattr(scorer, "degree", None)
    return degree(list(sentences)) if callable(degree) else scorer.score(list(sentences))
