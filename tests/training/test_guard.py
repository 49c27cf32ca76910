"""training.guard: the guard threshold is chosen on half A and reported on half B."""
from __future__ import annotations

import pytest

from training.guard import Row, bleu_by_domain, choose_threshold, guarded

REF = ("I do not know what you are talking about.",) * 4
GOOD = ("Thank you for your prompt reply.",) * 4


def _rows():
    rows = []
    for half in "AB":
        for d in ("em", "fr"):
            # the model fixes this one (the safe rewrite is half-way) ...
            rows.append(Row(d, half, "thx 4 ur prompt reply", "Thanks for your prompt reply.",
                            "Thank you for your prompt reply.", GOOD))
            # ... and drops most of this one, where the safe rewrite is right
            rows.append(Row(d, half, "i dont know what u r talking about", REF[0], "I do.", REF))
    return rows


def test_the_guard_routes_drifting_rewrites_to_the_safe_one():
    rows = _rows()
    rep = choose_threshold(rows)
    b = rep["B"]
    assert rep["B_at_threshold"]["mean"] == pytest.approx(100.0)
    assert b["model"]["mean"] < 100 and b["safe"]["mean"] < 100
    assert rep["B_beats_safe"] and 0 < rep["B_at_threshold"]["model_share"] < 1
    assert guarded(0)(rows[1]) == "I do." and guarded(101)(rows[0]) == rows[0].safe


def test_threshold_is_chosen_on_a_only():
    rows = _rows()
    # break half A: there the model's drifting rewrite happens to be what the references say
    a_only = [Row(r.domain, r.half, r.source, r.safe, r.model, (r.model,) * 4) if r.half == "A" else r for r in rows]
    rep = choose_threshold(a_only)
    assert rep["threshold"] == 0                      # on A, always trusting the model is best
    assert rep["B_at_threshold"] == rep["B"]["guard"]["0"]
    assert rep["B_at_threshold"]["mean"] == pytest.approx(bleu_by_domain([r for r in rows if r.half == "B"],
                                                                      lambda r: r.model)["mean"])


def test_empty_input_is_refused():
    with pytest.raises(ValueError, match="no rows"):
        choose_threshold([])
    with pytest.raises(ValueError, match="half B"):
        choose_threshold([r for r in _rows() if r.half == "A"])
