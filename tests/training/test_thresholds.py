"""The dynamic threshold keeps about phi of a score stream, freezes after a pass, inserts in O(log n)."""
import random

import numpy as np
import pytest
from sortedcontainers import SortedList

from training.consistency.thresholds import DynamicThreshold


@pytest.mark.parametrize("keep", ["above", "below"])
@pytest.mark.parametrize("phi", [0.4, 0.7])
def test_keeps_about_phi_of_a_stream(keep, phi):
    rng = np.random.default_rng(0)
    t = DynamicThreshold(phi, keep=keep, warmup_steps=5)
    kept = seen = 0
    for step in range(300):
        batch = rng.normal(size=32)
        mask = t.update(batch)
        if step >= 5:
            kept += int(mask.sum())
            seen += len(batch)
    assert abs(kept / seen - phi) < 0.03


def test_keep_direction():
    above = DynamicThreshold(0.4, keep="above")
    below = DynamicThreshold(0.4, keep="below")
    for v in range(100):
        above.add(v)
        below.add(v)
    assert above.passes([99, 61, 60, 10]).tolist() == [True, True, True, False]
    assert below.passes([0, 39, 40, 90]).tolist() == [True, True, False, False]


def test_no_filtering_during_warmup():
    t = DynamicThreshold(0.1, keep="above", warmup_steps=3)
    for _ in range(3):
        assert t.update([0.0, 1.0, 2.0, 3.0]).all()
    assert t.update([0.0, 1.0, 2.0, 3.0]).tolist() == [False, False, False, True]


def test_frozen_after_one_pass():
    t = DynamicThreshold(0.5, keep="above", pass_size=100)
    t.update(np.arange(100, dtype=float))
    assert t.frozen
    v = t.value()
    t.update(np.full(1000, 1e6))  # a later flood of high scores does not move a frozen threshold
    assert t.value() == v and len(t) == 100
    assert t.passes([v - 1, v]).tolist() == [False, True]


def test_explicit_freeze_and_state_roundtrip():
    t = DynamicThreshold(0.4, keep="below", warmup_steps=1)
    t.update([3.0, 1.0, 2.0])
    t.freeze()
    t2 = DynamicThreshold.from_state(t.state_dict())
    assert t2.value() == t.value() and t2.frozen and t2.steps == 1


def test_sorted_container_and_nan():
    t = DynamicThreshold(0.4)
    assert isinstance(t.scores, SortedList)  # O(log n) insertion, not list.sort per step
    vals = [random.Random(1).random() for _ in range(50)]
    for v in vals:
        t.add(v)
    assert list(t.scores) == sorted(vals)
    with pytest.raises(ValueError):
        t.add(float("nan"))
    mask = t.update([float("nan"), 2.0])  # a NaN score never passes and is not recorded
    assert mask.tolist() == [False, True] and len(t) == 51


def test_bad_arguments():
    with pytest.raises(ValueError):
        DynamicThreshold(0.0)
    with pytest.raises(ValueError):
        DynamicThreshold(0.4, keep="sideways")
    assert DynamicThreshold(0.4).value() is None
    assert DynamicThreshold(0.4).passes([1.0]).all()
