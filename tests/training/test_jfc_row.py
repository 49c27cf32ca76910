"""The JFC row's measurement (training/jfc_row.py): F1 the seed's way and ours, thresholds, bad input."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from training import jfc_row as J

SCORER = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"


def test_f1_scores_by_hand():
    y = np.array([1, 1, 0, 0, 0, 0, 0, 0])
    pred = np.array([1, 0, 1, 0, 0, 0, 0, 0])
    m = J.f1_scores(pred, y)
    assert m["f1_formal"] == pytest.approx(0.5)  # p = 1/2, r = 1/2
    assert m["f1_informal"] == pytest.approx(5 / 6)  # p = 5/6, r = 5/6
    assert m["f1_macro"] == pytest.approx((0.5 + 5 / 6) / 2)
    assert m["f1_weighted"] == pytest.approx(0.25 * 0.5 + 0.75 * 5 / 6)
    assert m["accuracy"] == pytest.approx(6 / 8) and m["predicted_formal"] == pytest.approx(2 / 8)
    assert J.f1_scores(np.zeros(0, int), np.zeros(0, int))["accuracy"] == 0.0


def test_prior_and_best_thresholds():
    p = np.linspace(0, 1, 101)
    assert J.prior_threshold(p, 0.25) == pytest.approx(0.75)
    y = (p > 0.62).astype(int)
    t = J.best_weighted_threshold(p, y)
    assert J.f1_scores((p >= t).astype(int), y)["f1_weighted"] == pytest.approx(1.0)


def test_cli_on_the_fixture_scorer(tmp_path, fixture_data, capsys):
    jfc = tmp_path / "train.tsv"
    jfc.write_text("label\ttext\n1\tThank you very much.\n0\tThe bus was crowded.\n1\tShall we go?\n")
    out = tmp_path / "row.json"
    assert J.main(["--scorer", str(SCORER), "--jfc", str(jfc), "--data", str(fixture_data), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "weighted F1" in text and "prior-matched" in text and "JFC train (3)" in text
    rep = json.loads(out.read_text())
    assert set(rep["sets"]) == {"tune", "train"} and rep["jfc"]["formal_share"] == pytest.approx(2 / 3)


def test_cli_bad_input(tmp_path, fixture_data, capsys):
    assert J.main(["--scorer", str(tmp_path / "missing"), "--data", str(fixture_data)]) == 3
    assert "does not exist" in capsys.readouterr().err
    assert J.main(["--scorer", str(SCORER), "--data", str(tmp_path)]) == 4
    assert "no PT16 tune set" in capsys.readouterr().err
    bad = tmp_path / "bad.tsv"
    bad.write_text("text\tlabel\nhello\t1\n")
    assert J.main(["--scorer", str(SCORER), "--data", str(fixture_data), "--jfc", str(bad)]) == 4
    assert "header" in capsys.readouterr().err
