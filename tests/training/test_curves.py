import json

import pytest

from engine.errors import InputError
from training.curves import main, read_curve


def _run(tmp_path, name, points):
    d = tmp_path / name / "rewriter" / "train"
    d.mkdir(parents=True)
    (d / "curve.jsonl").write_text("".join(json.dumps(p) + "\n" for p in points))
    return tmp_path / name


def test_curve_table_and_plot(tmp_path, capsys):
    a = _run(tmp_path, "a", [{"step": 500, "epochs": 0.9, "em": 20.0, "fr": 30.0, "mean": 25.0, "cpu_hours": 0.6},
                             {"step": 1000, "epochs": 1.8, "em": 40.0, "fr": 50.0, "mean": 45.0, "cpu_hours": 0.3}])
    assert [p["step"] for p in read_curve(a)] == [1000, 500]  # ordered by CPU time, not by file order
    out = tmp_path / "c.png"
    assert main([f"{a}:small", "--out", str(out), "--table"]) == 0
    assert out.stat().st_size > 1000
    text = capsys.readouterr().out
    assert "| small | best | 1000 |" in text


def test_bad_curves_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no curve.jsonl"):
        read_curve(tmp_path)
    bad = _run(tmp_path, "bad", [])
    (bad / "rewriter" / "train" / "curve.jsonl").write_bytes(b"\x00\xff not json\n")
    with pytest.raises(InputError, match="UTF-8"):
        read_curve(bad)
    assert main([str(tmp_path / "missing")]) == 4


def test_fine_tuning_points_come_after_the_pre_training_cpu_time(tmp_path):
    """A pre-train & fine-tune run: the fine-tuning curve counts its CPU time from zero, so its points are moved
    after the pre-training's on the CPU-hours axis, and the last point is the fine-tuning one."""
    for phase, pts in (("pretrain", [(500, 0.28, 28.8), (876, 0.48, 40.4)]),
                       ("finetune", [(500, 0.26, 53.8), (1000, 0.51, 61.9)])):
        d = tmp_path / "run" / "rewriter" / phase
        d.mkdir(parents=True)
        (d / "curve.jsonl").write_text("".join(json.dumps({"step": s, "cpu_hours": h, "mean": m, "em": m, "fr": m})
                                               + "\n" for s, h, m in pts), encoding="utf-8")
    pts = read_curve(tmp_path / "run")
    assert [p["phase"] for p in pts] == ["pretrain", "pretrain", "finetune", "finetune"]
    assert [round(p["cpu_hours"], 2) for p in pts] == [0.28, 0.48, 0.74, 0.99]
