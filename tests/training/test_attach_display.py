"""Fitting the displayed degree (training/attach_display.py) on synthetic scores and on the tiny fixture scorer."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.manifest import verify_dir
from engine.scorer import FormalityScorer
from training import attach_display as A

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"


def _synthetic(n=2000, seed=1):
    """A 'graded' that orders like the ratings but separates labels worse than a confident P(formal)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    g = np.where(y == 1, 0.0, -1.5) + rng.normal(0, 1.0, n)
    p = 1 / (1 + np.exp(-(np.where(y == 1, 3.0, -3.0) + rng.normal(0, 1.5, n))))
    r_pt = rng.uniform(-3, 3, 400)
    g_pt = r_pt + rng.normal(0, 0.7, 400)
    p_pt = 1 / (1 + np.exp(-(r_pt + rng.normal(0, 1.0, 400))))
    return p, g, y, p_pt, g_pt, r_pt


def test_best_threshold_is_exact_on_separable_data():
    s = np.array([0.1, 0.2, 0.3, 0.7, 0.8])
    y = np.array([0, 0, 0, 1, 1])
    t, acc = A.best_threshold(s, y)
    assert 0.3 < t < 0.7 and acc == 1.0
    t, acc = A.best_threshold(np.array([1.0, 1.0, 1.0]), np.array([0, 1, 1]))
    assert acc == pytest.approx(2 / 3)  # tied values cannot be split


def test_fit_keeps_gyafc_accuracy_and_spreads_the_informal_side():
    p, g, y, p_pt, g_pt, r_pt = _synthetic()
    dmap, rep = A.fit_display(p, g, y, p_pt, g_pt, r_pt, tolerance=0.01)
    assert rep["gyafc_B_accuracy"]["degree"] >= rep["gyafc_B_accuracy"]["p_formal"] - 0.03
    assert rep["pt16_B_spearman"]["degree"] > rep["pt16_B_spearman"]["p_formal"]
    before, after = rep["informal_levels"]["p_formal"], rep["informal_levels"]["degree"]
    assert sum(after) == sum(before) == int((y == 0).sum())
    assert max(after) < max(before)  # no longer piled into one colour
    d = dmap.apply(p, g)
    order = np.argsort(dmap.combine(p, g))
    assert np.all(np.diff(d[order]) >= 0)


def test_fit_refuses_too_little_data():
    p, g, y, p_pt, g_pt, r_pt = _synthetic(n=3)
    with pytest.raises(A.InputError, match="at least 4"):
        A.fit_display(p, g, y, p_pt[:3], g_pt[:3], r_pt[:3])


def _data_root(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    informal = ["hey can u send me the report lol", "omg that was sooo funny", "gonna be late lol", "thx u rock",
                "idk what u mean", "lol ok whatever", "yeah sure thing dude", "nah not really"]
    formal = ["I would be grateful if you could send me the report.", "That was very amusing.",
              "I will be late.", "Thank you very much.", "I do not understand what you mean.",
              "Very well.", "Yes, certainly.", "No, not really."]
    for dom in ("em", "fr"):
        d = root / "gyafc" / dom
        d.mkdir(parents=True)
        (d / "tune.informal").write_text("\n".join(informal) + "\n")
        for k in range(4):
            (d / f"tune.formal.ref{k}").write_text("\n".join(formal) + "\n")
    (root / "pt16").mkdir(parents=True)
    rows = ["SID,label,sentence"] + [f"{i},{-2 + 0.3 * i:.1f},{s}" for i, s in enumerate(informal[:4] + formal[:4])]
    (root / "pt16" / "tune.csv").write_text("\n".join(rows) + "\n")
    return root


def test_attach_writes_display_card_and_manifest(tmp_path):
    model = tmp_path / "scorer"
    shutil.copytree(FIXTURE, model)
    root = _data_root(tmp_path)
    assert A.main([str(model), "--data", str(root)]) == 0
    cfg = json.loads((model / "scorer.json").read_text())
    assert "display" in cfg and verify_dir(model) == []
    assert A.CARD_HEAD in (model / "MODEL_CARD.md").read_text()
    manifest = json.loads((model / "manifest.json").read_text())
    assert manifest["version"].endswith("-graded") and "display" in manifest["metrics"]
    s = FormalityScorer.from_dir(model, threads=1)
    d = s.degree(["hey can u send me the report lol", "I would be grateful if you could send me the report."])
    assert d[0] < 0.5 < d[1]
    # running it again replaces the section instead of adding a second one
    assert A.main([str(model), "--data", str(root)]) == 0
    assert (model / "MODEL_CARD.md").read_text().count(A.CARD_HEAD) == 1
    assert json.loads((model / "manifest.json").read_text())["version"].count("-graded") == 1


def test_attach_without_data_or_graded_head_fails_clearly(tmp_path, capsys):
    model = tmp_path / "scorer"
    shutil.copytree(FIXTURE, model)
    assert A.main([str(model), "--data", str(tmp_path / "nowhere")]) == 4
    assert "no GYAFC and PT16 tune data" in capsys.readouterr().err
    assert A.main([str(model), "--data", str(_data_root(tmp_path)), "--tolerance", "2"]) == 4
    assert "--tolerance" in capsys.readouterr().err
