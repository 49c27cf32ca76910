"""The score checks of issue 13 on the fixture data: underline precision, invariance pairs, calibration, and
turning canonical input on for a scorer directory (measured before and after, manifest still verifies)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.manifest import load_manifest, verify_dir
from engine.scorer import FormalityScorer
from training.cli import main
from training.eval_scores import invariance_pairs, is_checkable

FIXTURE_SCORER = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "scorer"


def test_checkable_markers():
    keys = {"u", "gonna"}
    for w in ["i", "u", "sooo", "!!!", "...", ":)", "😂", "WHAT", "Gonna"]:
        assert is_checkable(w, keys), w
    for w in ["I", "meeting", "the", "!", "NASA"[:2]]:
        assert not is_checkable(w, keys), w


def test_invariance_pairs_swap_content_not_style():
    pairs = invariance_pairs(["I paid 280 dollars to Susan in Paris.", "I need 2 go 4 u", "nothing here"])
    kinds = sorted(k for k, _, _ in pairs)
    assert kinds == ["name", "number", "place"]
    for _, a, b in pairs:
        assert a != b and len(a.split()) == len(b.split())
    assert all("2 go 4 u" not in a for _, a, _ in pairs)  # "2"/"4" as words are style: never swapped


def test_eval_scores_command(tmp_path, fixture_data, capsys):
    out = tmp_path / "r.json"
    rc = main(["eval-scores", "--scorer", str(FIXTURE_SCORER), "--data", str(fixture_data), "--out", str(out)])
    assert rc == 0
    r = json.loads(out.read_text())
    assert r["underlines"]["words"] > 0 and set(r["underlines"]["after"]) == {"0.5", "1", "1.5"}
    assert 0 <= r["calibration"]["ece"] <= 1 and sum(r["calibration"]["informal_histogram"]) > 0
    assert main(["eval-scores", "--scorer", str(FIXTURE_SCORER), "--data", str(tmp_path / "nothing")]) == 4
    assert main(["eval-scores", "--scorer", str(FIXTURE_SCORER), "--data", str(fixture_data),
                 "--thresholds", "a,b"]) == 2


def test_attach_canonical(tmp_path, fixture_data, capsys):
    d = tmp_path / "scorer"
    shutil.copytree(FIXTURE_SCORER, d)
    old_version = load_manifest(d)["version"]
    assert main(["attach-canonical", str(d), "--data", str(fixture_data)]) == 0
    assert json.loads((d / "scorer.json").read_text())["canonicalize"] is True
    assert verify_dir(d) == []
    m = load_manifest(d)
    assert m["version"] == old_version + "-canonical"
    assert set(m["metrics"]["canonical_input"]) == {"before", "after"}
    assert "## Canonical input" in (d / "MODEL_CARD.md").read_text()
    assert FormalityScorer.from_dir(d).canonicalize
    assert m["metrics"]["canonical_input"]["after"]["invariance"]["pairs"] >= 0
    # a second time is refused, and nothing changes
    assert main(["attach-canonical", str(d), "--data", str(fixture_data)]) == 4
    assert load_manifest(d)["version"] == old_version + "-canonical"
