"""Equal-CPU-time learning curves of rewriter runs (issue 12).

`python -m training curves RUN_DIR[:LABEL] ... --out docs/rewriter-curves.png [--table]`

Every validation of `seq2seq.train` appends a line to ``<run>/rewriter/<phase>/curve.jsonl`` with the step, the
epochs, greedy BLEU on the fixed tune subsets (``em``, ``fr``, ``mean``) and ``cpu_hours``: the process CPU
time summed over every resumed invocation, so runs that were stopped and resumed, or that ran on a busy
machine, are compared by the work they got rather than by the wall clock. The plot puts BLEU against
CPU-hours, one line per run and domain; ``--table`` prints a Markdown table (the last point and the best
point of each run) for closing notes.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from training.protocol import PHASE_ORDER


def read_curve(run: Path) -> list[dict]:
    """The validation points of a run directory (or of a folder holding curve.jsonl), in order."""
    run = Path(run)
    files = [run] if run.is_file() else sorted(run.glob("curve.jsonl")) or sorted(
        run.glob("*/*/curve.jsonl"), key=lambda f: (PHASE_ORDER.get(f.parent.name, 1), str(f)))
    if not files:
        raise InputError(f"{run}: no curve.jsonl (a rewriter run writes <run>/rewriter/<phase>/curve.jsonl)")
    points = []
    # a fine-tuning phase counts its own CPU time from zero: the pre-training's comes first on the x axis
    offset = 0.0
    for f in files:
        phase = f.parent.name
        if phase == "finetune":
            offset = max((r["cpu_hours"] for r in points if r.get("phase") == "pretrain"), default=0.0)
        try:
            text = f.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{f}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        for k, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{f} line {k}: not JSON ({exc.msg})") from None
            if not isinstance(rec, dict) or "cpu_hours" not in rec or "mean" not in rec:
                raise InputError(f"{f} line {k}: expected a validation record with cpu_hours and mean")
            rec = {**rec, "phase": phase, "cpu_hours": rec["cpu_hours"] + (offset if phase == "finetune" else 0.0)}
            points.append(rec)
    return sorted(points, key=lambda r: r["cpu_hours"])


def table(curves: dict[str, list[dict]]) -> str:
    rows = ["| run | point | step | epochs | CPU-hours | E&M | F&R | mean |", "|---|---|---|---|---|---|---|---|"]
    for label, pts in curves.items():
        best = max(pts, key=lambda r: r["mean"])
        for name, r in (("last", pts[-1]), ("best", best)):
            rows.append(f"| {label} | {name} | {r['step']} | {r.get('epochs', '')} | {r['cpu_hours']:.2f} | "
                        f"{r.get('em', float('nan')):.2f} | {r.get('fr', float('nan')):.2f} | {r['mean']:.2f} |")
    return "\n".join(rows)


def plot(curves: dict[str, list[dict]], out: Path, title: str) -> None:
    # matplotlib is a development tool here, not a dependency of training: imported where it is needed
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=120)
    for i, (label, pts) in enumerate(curves.items()):
        colour = f"C{i}"
        x = [r["cpu_hours"] for r in pts]
        for key, style in (("em", "-"), ("fr", "--")):
            if all(key in r for r in pts):
                ax.plot(x, [r[key] for r in pts], style, color=colour, marker=".", label=f"{label} ({key.upper()})")
    ax.set_xlabel("CPU-hours (process CPU time, all threads, summed over resumes)")
    ax.set_ylabel("greedy BLEU, tune subsets (4 refs)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training curves", description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", help="run directories (or curve.jsonl files), optionally RUN:LABEL")
    ap.add_argument("--out", type=Path, help="PNG to write")
    ap.add_argument("--title", default="Rewriter learning curves at equal CPU time")
    ap.add_argument("--table", action="store_true", help="print a Markdown table of the last and best points")
    args = ap.parse_args(argv)
    curves = {}
    try:
        for spec in args.runs:
            path, _, label = spec.partition(":")
            curves[label or Path(path).name] = read_curve(Path(path))
    except InputError as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return 4
    if args.out:
        plot(curves, args.out, args.title)
    if args.table or not args.out:
        sys.stdout.write(table(curves) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
