"""The graded degree the app shows (engine/degree.py): the map, its validation, and the scorer's use of it."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.degree import DegreeMap, build_map
from engine.errors import ModelError
from engine.scorer import FormalityScorer

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"
SENTS = ["I would be grateful if you could send me the report.", "hey can u send me the report lol",
         "Thank you for your prompt reply.", "omg that was sooo funny", "", "   "]


def test_build_map_puts_the_boundary_at_one_half_and_is_monotone():
    xs = np.array([-3.0, -2.0, -1.0, 0.0, 1.0, 2.0])
    rs = np.array([-2.5, -2.0, -1.0, -0.5, 0.5, 2.0])
    m = build_map(0.5, xs, rs, boundary=-0.4)
    assert m.apply(np.array([0.5]), np.array([-0.4]))[0] == pytest.approx(0.5, abs=1e-6)
    s = np.linspace(-8, 8, 401)
    d = m.apply(np.full_like(s, 0.5), s)  # logit(0.5) = 0: s is the graded value itself
    assert np.all(np.diff(d) >= 0) and d[0] == 0.0 and d[-1] == 1.0
    assert np.all(d[s < -0.401] < 0.5) and np.all(d[s > -0.399] > 0.5)
    # below the boundary the degree follows the rating: a rating of -2 is twice as far from -3 as -2.5 is
    r_star = np.interp(-0.4, xs, rs)
    assert m.apply(np.array([0.5]), np.array([-2.0]))[0] == pytest.approx(0.5 * 1.0 / (r_star + 3), abs=1e-6)


def test_the_probability_moves_the_degree_with_weight_beta():
    m = DegreeMap(1.0, (-5.0, 5.0), (0.0, 1.0))
    p = np.array([0.5, 0.9, 0.1])
    d = m.apply(p, np.zeros(3))
    assert d[1] > d[0] > d[2]
    assert d[1] == pytest.approx(0.5 + np.log(9) / 10, abs=1e-6)


def test_nan_stays_nan():
    m = DegreeMap(0.5, (-1.0, 1.0), (0.0, 1.0))
    d = m.apply(np.array([np.nan, 0.5]), np.array([0.0, np.nan]))
    assert np.isnan(d).all() and d.dtype == np.float32


@pytest.mark.parametrize("raw, msg", [
    ([1, 2], "must be an object"),
    ({"beta": 0.5, "s": [0, 1]}, "lacks 'degree'"),
    ({"beta": 0.5, "s": [0, 1], "degree": [0.2]}, "same number"),
    ({"beta": 0.5, "s": [1, 0], "degree": [0.2, 0.3]}, "strictly increasing"),
    ({"beta": 0.5, "s": [0, 1], "degree": [0.4, 0.3]}, "non-decreasing"),
    ({"beta": 0.5, "s": [0, 1], "degree": [0.4, 1.3]}, "within"),
    ({"beta": 0.5, "s": [0, "x"], "degree": [0.4, 0.5]}, "finite numbers"),
    ({"beta": 0.5, "s": [0, float("nan")], "degree": [0.4, 0.5]}, "finite numbers"),
    ({"beta": True, "s": [0, 1], "degree": [0.4, 0.5]}, "beta"),
    ({"beta": -1, "s": [0, 1], "degree": [0.4, 0.5]}, "beta"),
    ({"beta": 0.5, "s": "0,1", "degree": [0.4, 0.5]}, "lists"),
])
def test_bad_display_config_is_a_clear_model_error(raw, msg):
    with pytest.raises(ModelError, match=msg):
        DegreeMap.from_json(raw)


def test_round_trip_through_json():
    m = build_map(0.3, [-2.0, 0.0, 2.0], [-2.0, 0.0, 1.5], boundary=-0.5)
    assert DegreeMap.from_json(json.loads(json.dumps(m.to_json()))) == m


def _scorer_with(tmp_path, display) -> Path:
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURE, d)
    cfg = json.loads((d / "scorer.json").read_text())
    cfg["display"] = display
    (d / "scorer.json").write_text(json.dumps(cfg))
    return d


def test_scorer_degree_without_a_display_is_p_formal():
    s = FormalityScorer.from_dir(FIXTURE, threads=1)
    assert s.display is None
    np.testing.assert_array_equal(s.degree(SENTS), s.score(SENTS))


def test_scorer_degree_with_a_display_follows_the_map(tmp_path):
    m = build_map(0.5, [-2.0, 0.0, 2.0], [-2.0, 0.0, 2.0], boundary=0.0)
    s = FormalityScorer.from_dir(_scorer_with(tmp_path, m.to_json()), threads=1)
    d = s.degree(SENTS)
    p, g = s.score_both(SENTS)
    np.testing.assert_allclose(d, m.apply(p, g), atol=1e-6)
    assert np.isnan(d[4:]).all() and np.all((d[:4] >= 0) & (d[:4] <= 1))
    assert d[0] > 0.5 > d[1]


def test_a_corrupt_display_names_the_file(tmp_path):
    with pytest.raises(ModelError, match="display"):
        FormalityScorer.from_dir(_scorer_with(tmp_path, {"beta": 0.5, "s": [1, 0], "degree": [0, 1]}), threads=1)


def test_a_display_needs_a_graded_head(tmp_path):
    m = build_map(0.5, [-2.0, 2.0], [-2.0, 2.0], boundary=0.0)
    s = FormalityScorer.from_dir(FIXTURE, threads=1)
    with pytest.raises(ModelError, match="no output 'graded'"):
        type(s)(_NoGraded(s.session), s.tokenizer, display=m)


class _NoGraded:
    def __init__(self, session):
        self._s = session
        self.path = session.path
        self.output_names = ["p_formal"]
        self.inputs = session.inputs
        self.input_names = session.input_names
