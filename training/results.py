"""The seeds' result tables (issue 18): docs/results.md built from run folders, beside the papers' numbers.

`python -m training results --runs DIR [--runs DIR ...] [--archive DIR] [--out docs/results.md]`

Each row of a table is a ``Row``: the run folder (looked up by name in each ``--runs`` folder in turn), the
stage whose files hold its numbers, the config values that run must have, the command that produces it and
the paper's numbers (quoted from docs/anchors.md; measured numbers are never typed here: every one is read
from the run's files). A row is then

* **measured**: the stage finished (``DONE.json``) and its files were read;
* **unfinished**: the run folder exists but the stage has no DONE.json (still running, or stopped); a
  rewriter or consistency run shows its latest validation point, marked as partial;
* **not run**: no such run folder (the row says why), or the stage finished without doing the work
  (F-Dis without Apertium);
* **unreadable**: a file is missing, not JSON, or lacks a number (the row names the file and the key);
* **does not match**: the run's ``config.toml`` differs from what the row promises (its numbers are not
  shown under the row's name).

What the stages write and where it is read: rewriter ``report.json`` (tune BLEU on the full tune sets) and
``<phase>/curve.jsonl`` (``cpu_hours``); consistency ``result.json`` and ``state.json``; fdis/pos
``report.json`` (pos also ``fill_model/curve.jsonl``); adnet ``report.json``; classifier ``report.json``;
every stage ``DONE.json`` and the run's ``progress.jsonl`` (wall-clock time of each stage, summed over
resumes) and ``config.toml``.
"""
from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import InputError
from engine.fsio import atomic_write_text
from training.protocol import (
    CONFIG_TOML,
    DONE_FILE,
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    PHASE_ORDER,
    PROGRESS_LOG,
)

MAX_JSON_BYTES = 64 * 1024 * 1024  # a report is kilobytes; a huge file here is not one


class RunFileError(Exception):
    """A run file that cannot be used: missing, not JSON, or without the number a row needs."""


# ============================================================================ the page's declaration


@dataclass(frozen=True)
class Column:
    key: str  # the key readers return the value under
    header: str
    fmt: str = "num2"  # num2 | pct | int | num4


@dataclass(frozen=True)
class Row:
    key: str  # shown in the page, stable
    label: str
    run: str  # run folder name under a --runs folder
    stage: str  # the stage folder its numbers come from
    reader: str  # a name in READERS
    command: str
    expect: tuple[tuple[str, object], ...] = ()  # ("section.key", value) the run's config.toml must hold
    paper: dict = field(default_factory=dict)  # the paper's numbers by column key ({} = none quoted)
    pick: str = ""  # reader argument: the F-Dis pivot, the ADNet set, the classifier variant, "start"
    not_run: str = ""  # why there is no run yet
    note: str = ""
    in_paper: bool = True  # False: our own row beside the paper's, its paper cells say so


@dataclass(frozen=True)
class Table:
    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    intro: str = ""
    paper_params: int = 0  # the paper's model size in parameters (0: not quoted)
    paper_model: str = ""


@dataclass(frozen=True)
class Seed:
    title: str
    intro: str
    tables: tuple[Table, ...]


BLEU = (Column("em", "E&M BLEU"), Column("fr", "F&R BLEU"))
LONG = "assets/configs/rewriter-cpu-long.toml"  # the issue-8 family and size: the "cpu" BART, 7.7M
NOT_QUOTED = "not quoted"
QUEUE = "waits its turn: the long runs go one at a time as the one background job (issue 8's pattern)"
# Rows measured (or started) before the archive existed, on a machine since replaced: their folders are gone.
LOST = ("its run folder was on an earlier machine (the page of 2026-11-23 showed it) and is gone: it predates the "
        "archive; " + QUEUE)


def _rw(mode: str, augment: Sequence[str]) -> tuple[tuple[str, object], ...]:
    return (("rewriter.mode", mode), ("rewriter.augment", list(augment)))


def _rw_cmd(run: str, mode: str, augment: Sequence[str], *extra: str) -> str:
    aug = f" rewriter.augment={','.join(augment)}" if augment else ""
    more = "".join(f" {e}" for e in extra)
    return (f"python -m training rewriter --config {LONG} --run-dir runs/{run} rewriter.mode={mode}{aug}"
            f" bt.size=cpu pos.size=cpu{more}")


# pre-train & fine-tune rows on a CPU: a short pre-training (3 epochs, at most 25 minutes) and fine-tuning at
# the from-scratch rate of row 1.1, so the rows differ from 1.1 only by what pre-training adds
# (the minutes are a budget, not the recipe: a run on a GPU, where 3 epochs take a minute, still is the row; the
# page states every run's budgets)
PTFT = ("rewriter.lr_finetune=1e-3", "rewriter.pretrain_epochs=3", "rewriter.pretrain_minutes=25")
PTFT_EXPECT = (("rewriter.lr_finetune", 1e-3), ("rewriter.pretrain_epochs", 3))


# BT's reverse (formal -> informal) model on a CPU: the rewriter's from-scratch recipe (rate 1e-3, 300 warm-up
# steps, validation on 300 tune sentences every 500 steps) and a 40-minute budget (its defaults, 20 epochs at the
# base recipe's rate, would take a quiet CPU about four hours before the first pair is written); rows 1.2-1.5 carry
# the same settings, as bt.reuse checks them equal
BT_CPU = ("bt.lr=1e-3", "bt.warmup_steps=300", "bt.valid_every=500", "bt.valid_subset=300", "bt.max_minutes=40")
# rows 1.2-1.5 train on the pairs rows 2.1-2.3 made (the same augmented data for every strategy, as in the paper)
REUSE = (*BT_CPU, *(f"{a}.reuse=runs/seed1-ptft-{a}" for a in ("bt", "fdis", "mtask")))
AFTER_TABLE2 = "runs after rows 2.1-2.3, whose augmented pairs it reuses; " + QUEUE


def _seed1() -> Seed:
    aug3 = ("bt", "fdis", "mtask")
    t1 = Table(
        "seed1-table1", "Table 1: training strategies (original data, simultaneous, pre-train & fine-tune)", BLEU,
        (
            Row("1.1", "original data only", "rewriter-cpu-long", "rewriter", "rewriter",
                f"python -m training rewriter --config {LONG} --run-dir runs/rewriter-cpu-long",
                _rw("original", [])[:1], {"em": 69.44, "fr": 74.19}, not_run=LOST),
            Row("1.2", "simultaneous: original + augmented (BT, F-Dis, M-Task)", "seed1-simultaneous", "rewriter",
                "rewriter", _rw_cmd("seed1-simultaneous", "simultaneous", aug3, *REUSE), _rw("simultaneous", aug3),
                {"em": 59.93, "fr": 63.16}, not_run=AFTER_TABLE2),
            Row("1.3", "simultaneous, original up-sampled", "seed1-simultaneous-up", "rewriter", "rewriter",
                _rw_cmd("seed1-simultaneous-up", "simultaneous-up", aug3, *REUSE), _rw("simultaneous-up", aug3),
                {"em": 68.43, "fr": 73.04}, not_run=AFTER_TABLE2),
            Row("1.4", "simultaneous, augmented down-sampled", "seed1-simultaneous-down", "rewriter", "rewriter",
                _rw_cmd("seed1-simultaneous-down", "simultaneous-down", aug3, *REUSE), _rw("simultaneous-down", aug3),
                not_run=AFTER_TABLE2),
            Row("1.5", "pre-train on augmented (BT, F-Dis, M-Task), fine-tune on original", "seed1-ptft",
                "rewriter", "rewriter", _rw_cmd("seed1-ptft", "ptft", aug3, *PTFT, *REUSE),
                _rw("ptft", aug3) + PTFT_EXPECT, {"em": 72.63, "fr": 77.01}, not_run=AFTER_TABLE2),
        ),
        intro="Rows 1.2-1.5 train on the augmented pairs rows 2.1-2.3 made (`bt.reuse`, `fdis.reuse`, "
              "`mtask.reuse`: the stage's files are copied once its settings are checked equal), so every strategy "
              "sees the same augmented data, as in the paper; the hours of every row count the rewriter's training "
              "alone, not the augmentation.",
        paper_params=54_000_000, paper_model="Transformer from scratch, 54M")
    t2 = Table(
        "seed1-table2", "Table 2: each augmentation alone (pre-train & fine-tune)", BLEU,
        tuple(Row(f"2.{i}", f"pre-train on {name} pairs, fine-tune on original", f"seed1-ptft-{aug}", "rewriter",
                  "rewriter", _rw_cmd(f"seed1-ptft-{aug}", "ptft", [aug], *PTFT, *(BT_CPU if aug == "bt" else ())),
                  _rw("ptft", [aug]) + PTFT_EXPECT, paper,
                  not_run=QUEUE if aug == "bt" else LOST)
              for i, (aug, name, paper) in enumerate((("bt", "BT", {"em": 71.18, "fr": 75.34}),
                                                      ("fdis", "F-Dis", {"em": 71.72, "fr": 76.24}),
                                                      ("mtask", "M-Task", {"em": 71.91, "fr": 76.21})), 1)),
        paper_params=54_000_000, paper_model="Transformer from scratch, 54M")
    pivots = (("spa", "Spanish"), ("cat", "Catalan"), ("glg", "Galician"))
    t5 = Table(
        "seed1-table5", "Table 5: F-Dis survival per pivot language (full unlabeled informal text)",
        (Column("round_trips", "round trips", "int"), Column("changed", "changed", "int"),
         Column("kept", "kept", "int"), Column("kept_percent", "kept %", "num2"),
         Column("mean_gain", "mean P(formal) gain", "num4")),
        tuple(Row(f"5.{i}", f"{lang} round trip (Apertium), sigma from the config", "seed1-ptft-fdis", "fdis",
                  "fdis", _rw_cmd("seed1-ptft-fdis", "ptft", ["fdis"], *PTFT), pick=code,
                  not_run="runs inside the seed1-ptft-fdis folder (row 2.2) when that run starts; " + LOST)
              for i, (code, lang) in enumerate(pivots, 1)),
        intro="Our pivots are the Apertium language pairs installed here; the paper's survival numbers are not "
              "quoted in docs/anchors.md. The F-Dis stage of row 2.2 (the same stage row 1.5 runs, on the full "
              "informal text: GYAFC train's informal side and ../shared/data/unlabeled/informal).")
    return Seed(
        "Seed 1: Zhang, Ge & Sun 2020, parallel data augmentation",
        "BLEU is sacreBLEU (cased, 13a) against the 4 references of the full GYAFC **tune** sets, beam search, "
        "the checkpoint chosen by greedy BLEU on a tune subset. The paper's numbers are on the **test** split "
        "(copy-input and the rules score about 3 points lower on tune than on test, docs/anchors.md).",
        (t1, t2, t5))


def _seed2() -> Seed:
    base = "runs/rewriter-cpu-long/rewriter/train/best"
    cfg = "assets/configs/cpu.toml"

    def cons(run, pert, filters, *extra):
        more = "".join(f" {e}" for e in extra)
        return (f"python -m training consistency --config {cfg} --run-dir runs/{run} consistency.init={base} "
                f"consistency.perturbation={pert} consistency.filters={','.join(filters)}{more}")

    perturbations = (("none", "no perturbation", {"em": 76.41, "fr": 79.22}),
                     ("spell", "spelling errors", {"em": 78.37, "fr": 81.09}),
                     ("swap", "word swap", {}), ("drop", "word drop", {}), ("mask", "word mask", {}),
                     ("synonym", "WordNet synonyms", {}), ("tfidf", "TF-IDF word replacement", {}),
                     ("back_translation", "back-translation (Apertium round trip)", {"em": 76.07, "fr": 79.96}))
    rows3 = [Row("3.0", "start: the supervised base, before consistency training", "seed2-pert-spell",
                 "consistency", "consistency", cons("seed2-pert-spell", "spell", []), pick="start",
                 paper={"em": 76.87, "fr": 80.32}, not_run=QUEUE)]
    rows3 += [Row(f"3.{i}", f"{label}, no filter", f"seed2-pert-{kind}", "consistency", "consistency",
                  cons(f"seed2-pert-{kind}", kind, []),
                  (("consistency.perturbation", kind), ("consistency.filters", [])), paper, not_run=QUEUE)
              for i, (kind, label, paper) in enumerate(perturbations, 1)]
    combos = (((), "no filter", {"em": 78.37, "fr": 81.09}), (("content",), "content (BLEU)",
                                                               {"em": 78.75, "fr": 81.11}),
              (("style",), "style", {"em": 78.19, "fr": 81.37}), (("fluency",), "fluency (n-gram LM)", {}),
              (("style", "content"), "style + content", {}), (("style", "fluency"), "style + fluency", {}),
              (("content", "fluency"), "content + fluency", {}),
              (("style", "content", "fluency"), "style + content + fluency", {}))
    rows4 = []
    for i, (filters, label, paper) in enumerate(combos, 1):
        run = "seed2-pert-spell" if not filters else "seed2-filter-" + "-".join(filters)
        rows4.append(Row(f"4.{i}", f"spell perturbation, filter: {label}", run, "consistency", "consistency",
                         cons(run, "spell", filters),
                         (("consistency.perturbation", "spell"), ("consistency.filters", list(filters))),
                         paper, not_run=QUEUE))
    rows7 = []
    for i, n in enumerate((100, 1000, 5000, 20000)):
        run = f"seed2-low-{n}"
        rows7.append(Row(f"7.{2 * i + 1}", f"{n:,} pairs per domain, supervised only", run, "rewriter", "rewriter",
                         f"python -m training rewriter --config {LONG} --run-dir runs/{run} "
                         f"rewriter.train_limit={n}", (("rewriter.mode", "original"), ("rewriter.train_limit", n)),
                         not_run=QUEUE))
        rows7.append(Row(f"7.{2 * i + 2}", f"{n:,} pairs per domain, + consistency training", run, "consistency",
                         "consistency",
                         # no --config: the run's saved config.toml (the supervised row's settings) is reused
                         f"python -m training consistency --run-dir runs/{run} consistency.max_pairs={n} "
                         "consistency.perturbation=spell consistency.filters=content consistency.max_steps=3000 "
                         "consistency.max_minutes=60 consistency.valid_subset=300",
                         (("consistency.max_pairs", n), ("consistency.init", "")),
                         not_run=f"runs after the supervised row 7.{2 * i + 1}, in its folder"))
    # The paper's base is a pre-trained T5-large; a 7.7M model from scratch learns next to nothing from 100 pairs.
    # Our nearest pre-trained start: row 2.2's F-Dis pre-training (round trips of informal text, no parallel pairs).
    pre = "runs/seed1-ptft-fdis/rewriter/pretrain/best"
    for i, n in enumerate((100, 1000, 5000, 20000)):
        run = f"seed2-low-{n}-pre"
        rows7.append(Row(f"7.{9 + i}", f"{n:,} pairs per domain, supervised only, from the F-Dis pre-trained model "
                         "(row 2.2's pre-training: no parallel pairs)", run, "rewriter", "rewriter",
                         f"python -m training rewriter --config {LONG} --run-dir runs/{run} rewriter.train_limit={n} "
                         f"rewriter.base_model={pre}",
                         (("rewriter.mode", "original"), ("rewriter.train_limit", n), ("rewriter.base_model", pre)),
                         in_paper=False, not_run=QUEUE))
    model = "T5-large + consistency training, 738M"
    return Seed(
        "Seed 2: Liu et al. 2022, semi-supervised consistency training",
        "Tables 3 and 4 continue the issue-8 base (row 1.1's best checkpoint) on GYAFC train plus unlabeled "
        "informal text; Table 7 trains a base of its own for each size, in the same folder. BLEU: sacreBLEU, 4 references, the full GYAFC **tune** sets (greedy), start and best checkpoint "
        "scored alike (Table 7's supervised rows are the rewriter stage's beam-search figures: a consistency row "
        "compares with its own start, in its notes); the paper's numbers are T5-large on the **test** split.",
        (Table("seed2-table3", "Table 3: each perturbation", BLEU, tuple(rows3), paper_params=738_000_000,
               paper_model=model),
         Table("seed2-table4", "Table 4: filter combinations", BLEU, tuple(rows4), paper_params=738_000_000,
               paper_model=model),
         Table("seed2-table7", "Table 7: low-resource (parallel pairs), with and without consistency training",
               BLEU, tuple(rows7), paper_params=738_000_000, paper_model=model,
               intro="The paper's Table 7 numbers are not quoted in docs/anchors.md. Rows 7.1-7.8 train the 7.7M "
                     "model from scratch, as the other rows do; with 100 pairs per domain it learns next to nothing "
                     "(the paper starts from a pre-trained T5-large). Rows 7.9-7.12, ours, start instead from row "
                     "2.2's pre-trained model (F-Dis round trips of informal text: no parallel pairs), the nearest "
                     "thing to a pre-trained base this project has. With 100 or 1,000 pairs the 40 epochs end before the "
                     "first validation (every 500 steps), so those rows score their last checkpoint, not a chosen "
                     "one.")))


# the tag-and-fill model on a CPU: the rewriter's from-scratch recipe (rate 1e-3, 300 warm-up steps, validation
# on 300 tune sentences every 500 steps) and a 25-minute budget, like the pre-training phases above
POS_CPU = ("pos.lr=1e-3", "pos.warmup_steps=300", "pos.valid_every=500", "pos.valid_subset=300", "pos.max_minutes=25")


def _seed3() -> Seed:
    run = "seed3-pos"
    cmd = _rw_cmd(run, "ptft", ["pos"], *PTFT, *POS_CPU)
    rows = (
        Row("P.1", "tagged -> original model as a rewriter on its own (tag, then fill)", run, "pos", "pos",
            cmd, not_run=QUEUE),
        Row("P.2", "POS pairs as augmentation: pre-train on them, fine-tune on original", run, "rewriter",
            "rewriter", cmd, _rw("ptft", ["pos"]) + PTFT_EXPECT, not_run=QUEUE),
        Row("P.3", "reference: original data only (row 1.1)", "rewriter-cpu-long", "rewriter", "rewriter",
            f"python -m training rewriter --config {LONG} --run-dir runs/rewriter-cpu-long",
            _rw("original", [])[:1], not_run=LOST),
    )
    return Seed(
        "Seed 3: POS-derived pairs",
        "A logistic regression finds the words that mark informality; they are replaced by their POS tag and a "
        "seq2seq model learns tagged -> original on the full formal text. No paper numbers are quoted for this "
        "seed in docs/anchors.md. BLEU: sacreBLEU, 4 references, full GYAFC **tune** sets.",
        (Table("seed3", "Tagged -> original model: on its own and as augmentation", BLEU, rows),))


def _seed4() -> Seed:
    adnet = Table(
        "seed4-adnet", "ADNet probe: logistic regression on the style vector f and the meaning vector m",
        (Column("probe_f", "probe on f %", "pct"), Column("probe_m", "probe on m %", "pct"),
         Column("majority", "majority %", "pct")),
        (Row("A.1", "GYAFC train -> GYAFC tune", "seed4-adnet-gyafc", "adnet", "adnet",
             "python -m training adnet --config assets/configs/cpu.toml --run-dir runs/seed4-adnet-gyafc "
             "adnet.data=gyafc adnet.train_limit=0 adnet.probe_limit=0 adnet.epochs=20",
             (("adnet.data", "gyafc"),), {"probe_f": 0.9638}, pick="gyafc_tune",
             not_run=QUEUE + "; the earlier 20k-sentence CPU run (88.65 %) left no run folder here"),
         Row("A.2", "JFC train -> JFC held-out", "seed4-adnet-jfc", "adnet", "adnet",
             "python -m training adnet --config assets/configs/cpu.toml --run-dir runs/seed4-adnet-jfc "
             "adnet.data=jfc adnet.train_limit=0 adnet.probe_limit=0 adnet.epochs=20",
             (("adnet.data", "jfc"),), pick="jfc_heldout", not_run=QUEUE)),
        intro="Probe accuracy on held-out sentences; f should predict formality, m should sit near the majority "
              "baseline.")
    classifier = Table(
        "seed4-jfc", "Classifiers trained with and without human labels (issue 9's JFC row)",
        (Column("pt16_f1w", "PT16 weighted F1 (the paper's 'total')", "pct"),
         Column("pt16_f1", "PT16 F1 of the formal class", "pct"), Column("gyafc_acc", "GYAFC tune acc.", "pct"),
         Column("jfc_acc", "JFC held-out acc.", "pct")),
        (Row("J.1", "trained on the JFC only (no human labels)", "scorer-jfc-only", "classifier",
             "classifier",
             "python -m training classifier --config assets/configs/scorer-jfc-only.toml "
             "--run-dir runs/scorer-jfc-only",
             (("classifier.recipe", "jfc"), ("classifier.pt16", False)), {"pt16_f1w": 0.7398}, pick="pytorch",
             not_run=QUEUE),
         Row("J.2", "trained on GYAFC", "seed4-classifier-gyafc", "classifier", "classifier",
             "python -m training classifier --config assets/configs/scorer-accurate-cpu.toml "
             "--run-dir runs/seed4-classifier-gyafc classifier.pt16=false",
             (("classifier.recipe", "gyafc"), ("classifier.pt16", False)), {"pt16_f1w": 0.7288}, pick="pytorch",
             not_run=QUEUE),
         # the bundled accurate scorer's own training run (its model.onnx is assets/models/scorer-accurate's)
         Row("J.3", "trained on GYAFC + the PT16 graded head (ours: the bundled accurate scorer)", "gpu-scorer2",
             "classifier", "classifier",
             "python -m training classifier --config assets/configs/gpu/scorer-accurate.toml "
             "--run-dir runs/gpu-scorer2",
             (("classifier.recipe", "gyafc"), ("classifier.pt16", True)), pick="pytorch",
             note="not a paper row: it uses PT16 labels in training; trained on a lent GPU (the recipe's device)",
             in_paper=False, not_run=QUEUE)),
        paper_model="BERT", intro="Percentages. PT16 tune (500 sentences), binary at 0 (25.6 % formal), threshold "
              "0.5. The paper's F1 is the support-weighted mean of both classes' F1 (a classification report's "
              "'total'); the formal class's own F1 is beside it. `python -m training jfc-row` measures the row at "
              "other thresholds and by sentence length.")
    return Seed(
        "Seed 4: Dugan 2020, ADNet and the Japanese formality corpus",
        "The paper reports 96.38 % for the probe on ADNet style vectors (GYAFC) and PT16 F1 73.98 for BERT "
        "trained on the JFC only (72.88 trained on GYAFC).",
        (adnet, classifier))


SEEDS: tuple[Seed, ...] = (_seed1(), _seed2(), _seed3(), _seed4())


# ============================================================================ reading run files


# The run files the row being evaluated read (None: not recording). The archive copies exactly these.
_reads: list[Path] | None = None


def _read(path: Path) -> None:
    if _reads is not None:
        _reads.append(path)


def read_json(path: Path) -> object:
    """A JSON file, or RunFileError naming it."""
    _read(path)
    try:
        if path.stat().st_size > MAX_JSON_BYTES:
            raise RunFileError(f"{path}: {path.stat().st_size} bytes, too big for a report")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RunFileError(f"{path}: missing") from None
    except UnicodeDecodeError as exc:
        raise RunFileError(f"{path}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise RunFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RunFileError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None


def read_jsonl(path: Path) -> list[dict]:
    """The records of a JSON-lines file; a torn last line (a write in progress) is left out, any other bad
    line is a RunFileError."""
    _read(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RunFileError(f"{path}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise RunFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    lines = text.split("\n")
    out = []
    for k, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            if k == len(lines):  # no newline after it: still being written
                continue
            raise RunFileError(f"{path} line {k}: not JSON ({exc.msg})") from None
        if not isinstance(rec, dict):
            raise RunFileError(f"{path} line {k}: not a JSON object")
        out.append(rec)
    return out


def dig(obj, dotted: str, where: Path | str):
    """obj["a"]["b"] for "a.b", or RunFileError naming the file and the key."""
    cur = obj
    for part in dotted.split("."):
        if not isinstance(cur, dict) or part not in cur:
            raise RunFileError(f"{where}: no {dotted!r}")
        cur = cur[part]
    return cur


def number(obj, dotted: str, where: Path | str, scale: float = 1.0) -> float:
    v = dig(obj, dotted, where)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise RunFileError(f"{where}: {dotted!r} is {v!r}, not a number")
    return float(v) * scale


def read_config(run: Path) -> dict:
    path = run / CONFIG_TOML
    _read(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RunFileError(f"{path}: missing (not a training run folder)") from None
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RunFileError(f"{path}: not a readable TOML config ({exc})") from None


def read_done(run: Path, stage: str) -> dict | None:
    """DONE.json of a finished stage, None when there is none; RunFileError when it exists but is torn or names
    another stage."""
    path = run / stage / DONE_FILE
    if not path.exists():
        return None
    data = read_json(path)
    if not isinstance(data, dict) or data.get("stage") != stage:
        raise RunFileError(f"{path}: not a DONE record of stage {stage!r}")
    return data


HEADER_SUFFIX = ".header.json"  # an archived checkpoint: its safetensors header alone (the sizes, no weights)


def safetensors_parameters(path: Path) -> int | None:
    """The number of values in a safetensors file, from its JSON header alone (no torch); None when absent.
    An archived run has ``<name>.header.json`` (the header) in place of the checkpoint."""
    try:
        if not path.exists() and path.with_name(path.name + HEADER_SUFFIX).is_file():
            path = path.with_name(path.name + HEADER_SUFFIX)
            header = read_json(path)
        else:
            with path.open("rb") as fh:
                head = fh.read(8)
                if len(head) < 8:
                    raise RunFileError(f"{path}: not a safetensors file")
                (n,) = struct.unpack("<Q", head)
                if n > 100_000_000:
                    raise RunFileError(f"{path}: not a safetensors file (header of {n} bytes)")
                header = json.loads(fh.read(n))
            _read(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise RunFileError(f"{path}: unreadable safetensors header ({exc})") from None
    if not isinstance(header, dict):
        raise RunFileError(f"{path}: unreadable safetensors header")
    total = 0
    for name, info in header.items():
        if name == "__metadata__":
            continue
        shape = info.get("shape") if isinstance(info, dict) else None
        if not isinstance(shape, list) or not all(isinstance(d, int) and d >= 0 for d in shape):
            raise RunFileError(f"{path}: tensor {name!r} has no valid shape")
        total += math.prod(shape)
    return total


def stage_wall_seconds(run: Path, stage: str) -> float | None:
    """Wall-clock seconds a stage ran, summed over every invocation (resumes), from progress.jsonl: each
    "start" event of the stage to its "done" event or its last event before the next start (a later "already
    finished; skipped" log of a re-run queue is no time it ran). None when the log has none."""
    path = run / PROGRESS_LOG
    if not path.is_file():
        return None
    total, seg_start, seg_last, ran = 0.0, None, None, False
    for rec in read_jsonl(path):
        t = rec.get("time")
        if rec.get("stage") != stage or isinstance(t, bool) or not isinstance(t, (int, float)):
            continue
        if rec.get("event") == "start":
            if seg_start is not None:
                total += seg_last - seg_start
            seg_start = seg_last = float(t)
            ran = True
        elif seg_start is not None:
            seg_last = max(seg_last, float(t))
            if rec.get("event") == "done":
                total += seg_last - seg_start
                seg_start = None
    if not ran:
        return None
    return total + (seg_last - seg_start if seg_start is not None else 0.0)


def stage_device(run: Path, stage: str) -> str:
    """The device a stage ran on: its DONE.json, else its latest "start" event in progress.jsonl; "" unknown."""
    done = read_done(run, stage)
    if done is not None and done.get("device"):
        return str(done["device"])
    path = run / PROGRESS_LOG
    starts = [r for r in read_jsonl(path) if r.get("event") == "start" and r.get("stage") == stage] \
        if path.is_file() else []
    return str(starts[-1].get("device") or "") if starts else ""


def curve_cpu_hours(files: Sequence[Path]) -> float | None:
    """CPU-hours of seq2seq training: the last validation point's cpu_hours of each curve.jsonl, summed
    (each phase of a run keeps its own curve, and cpu_hours already sums its resumes)."""
    total, seen = 0.0, False
    for f in files:
        points = read_jsonl(f)
        if points:
            total += number(points[-1], "cpu_hours", f)
            seen = True
    return total if seen else None


def _params_text(n: int | None) -> str:
    if not n:
        return ""
    return f"{n / 1e6:.3g}M" if n >= 1e6 else f"{n / 1e3:.3g}k"


@dataclass
class Measured:
    values: dict  # column key -> number
    model: str = ""
    params: int | None = None
    data: str = ""
    hours: float | None = None
    hours_kind: str = "wall-clock"  # "CPU" (process CPU time, all threads) or "wall-clock"
    smaller: list[str] = field(default_factory=list)  # where this row is smaller than the paper's
    notes: list[str] = field(default_factory=list)
    partial: bool = False  # an in-progress value, not the final one
    device: str = ""  # where the stage ran (cpu, cuda:0)
    status: str = "measured"
    not_run: str = ""  # the stage finished but did not do the work


def _hours(run: Path, stage: str, done: dict | None) -> float | None:
    s = stage_wall_seconds(run, stage)
    if s is None and done is not None and isinstance(done.get("elapsed_s"), (int, float)):
        s = float(done["elapsed_s"])
    return None if s is None else s / 3600


def _limit_note(cfg: dict, key: str, what: str) -> list[str]:
    sec, _, name = key.partition(".")
    out = []
    v = cfg.get(sec, {}).get(name, 0)
    if isinstance(v, int) and v > 0:
        out.append(f"{what}: {v:,} ({key})")
    m = cfg.get("data", {}).get("max_sentences", 0)
    if isinstance(m, int) and m > 0:
        out.append(f"data capped at {m:,} sentences per file (data.max_sentences)")
    return out


# --------------------------------------------------------------------------- readers: (run, row, cfg) -> Measured



def read_rewriter(run: Path, row: Row, cfg: dict) -> Measured:
    rw = cfg.get("rewriter", {})
    out_dir = run / "rewriter"
    # in training order: a pre-train & fine-tune run's latest point is the fine-tuning one
    curves = sorted(out_dir.glob("*/curve.jsonl"), key=lambda f: (PHASE_ORDER.get(f.parent.name, 1), f.parent.name))
    done = read_done(run, "rewriter")
    if done is not None:
        rep_path = out_dir / "report.json"
        rep = read_json(rep_path)
        values = {d: number(rep, f"tune.{d}.bleu", rep_path) for d in ("em", "fr")}
        pairs = dig(rep, "pairs", rep_path)
        if not isinstance(pairs, dict):
            raise RunFileError(f"{rep_path}: 'pairs' is not a table")
        data = f"GYAFC train {int(number(pairs, 'original', rep_path)):,} pairs"
        data += "".join(f" + {k} {int(number(pairs, k, rep_path)):,}" for k in pairs if k != "original")
        sentences = [int(number(rep, f"tune.{d}.sentences", rep_path)) for d in ("em", "fr")]
        m = Measured(values, data=data, notes=[(f"tune sets: {sentences[0]:,} E&M / {sentences[1]:,} F&R "
                                                f"sentences, beam {int(number(rep, 'tune.em.beam', rep_path))}")])
    else:
        points = [p for f in curves for p in read_jsonl(f)]
        m = Measured({}, status="unfinished")
        domains = ", ".join(rw.get("domains", ["em", "fr"]))
        limit = rw.get("train_limit", 0)
        m.data = f"GYAFC train ({domains})" + (f", {limit:,} pairs per domain" if limit else ", all pairs")
        if rw.get("mode", "original") != "original":
            m.data += " + " + ", ".join(rw.get("augment", []))
        if points:
            last = points[-1]
            where = curves[-1]
            m.values = {d: number(last, d, where) for d in ("em", "fr") if d in last}
            m.partial = True
            subset = rw.get("valid_subset", 0)
            m.notes.append(f"latest validation: step {last.get('step')}, {last.get('epochs')} epochs; greedy BLEU "
                           f"on {f'{subset} tune sentences per domain' if subset else 'the tune sets'} "
                           "(the final row: beam search on the full tune sets)")
    # CPU time says what a CPU run cost; on a GPU the process's CPU time means little: wall-clock there
    m.hours = None if stage_device(run, "rewriter").startswith("cuda") else curve_cpu_hours(curves)
    if m.hours is not None:
        m.hours_kind = "CPU"
    else:
        m.hours = _hours(run, "rewriter", done)
    budgets = [f"{phase} {rw[f'{phase}_minutes']:g} min" for phase in
               (("pretrain", "finetune") if rw.get("mode", "original") == "ptft" else ("finetune",))
               if isinstance(rw.get(f"{phase}_minutes"), (int, float)) and rw[f"{phase}_minutes"] > 0]
    if budgets:
        m.notes.append(f"time budget: {', '.join(budgets)} (rewriter.*_minutes)")
    best = sorted({p.with_name("model.safetensors") for p in out_dir.glob("*/best/model.safetensors*")
                   if p.name in ("model.safetensors", "model.safetensors" + HEADER_SUFFIX)})
    last_phase = [p for p in best if p.parent.parent.name in ("finetune", "train")] or best
    m.params = safetensors_parameters(last_phase[0]) if last_phase else None
    m.model = rw.get("base_model") or f"BART {rw.get('size', '?')}"
    m.smaller += _limit_note(cfg, "rewriter.train_limit", "GYAFC train pairs per domain")
    if rw.get("preprocess") == "rules":
        m.notes.append("sources pre-formalized by the rules (rewriter.preprocess=rules)")
    return m


INIT_ARCHIVE = Path("consistency") / "init"  # where an archived run keeps the header of the model it continued


def _consistency_params(run: Path, init: str) -> int | None:
    """The size of the model consistency training continued (the best checkpoint has the same size): this run's own
    best or rewriter checkpoint first (their headers are archived with it), else its init where it still is, or under
    ``runs/`` by the init folder's name (an absolute path from another machine), or the init's archived header."""
    cands = [run / "consistency" / "best"] + sorted((run / "rewriter").glob("*/best"))
    if init:
        cands += [Path(init), Path("runs") / Path(init).name]
    cands.append(run / INIT_ARCHIVE)
    for d in cands:
        n = safetensors_parameters(d / "model.safetensors")   # None when neither it nor its archived header is there
        if n is not None:
            return n
    return None


def read_consistency(run: Path, row: Row, cfg: dict) -> Measured:
    c = cfg.get("consistency", {})
    out_dir = run / "consistency"
    done = read_done(run, "consistency")
    key = "start" if row.pick == "start" else "best"
    res = None
    if done is not None:
        path = out_dir / "result.json"
        res = read_json(path)
        if isinstance(res, dict) and "tune_bleu_full" in res:
            m = Measured({d: number(res, f"tune_bleu_full.{key}.{d}", path) for d in ("em", "fr")})
            if key == "best":
                m.notes.append("improved on its start" if dig(res, "improved", path) else
                               "did not improve on its start: the best checkpoint is the start")
                best_step, warmup = res.get("best_step"), (res.get("settings") or {}).get("warmup_steps")
                if (dig(res, "improved", path) and isinstance(best_step, int) and isinstance(warmup, int)
                        and 0 < best_step <= warmup):
                    m.notes.append(f"its best checkpoint (step {best_step}) is from the supervised warm-up (the first "
                                   f"{warmup} steps, before any unlabeled sentence): the gain is further supervised "
                                   "training, not the consistency phase")
                start = {d: number(res, f"tune_bleu_full.start.{d}", path) for d in ("em", "fr")}
                m.notes.append(f"scored greedily, as is its start: {start['em']:.2f} / {start['fr']:.2f} the same way "
                               "(a supervised row is scored with beam search: compare with the start, not across "
                               "rows)")
        else:
            subset = c.get("valid_subset", 0)
            m = Measured({d: number(res, f"start_subset.{d}", path) for d in ("em", "fr")} if key == "start"
                         else {}, partial=True)
            m.notes.append(f"consistency.final_eval was off: only the {subset}-sentence tune subset was scored")
        init = str(res.get("init", "")) if isinstance(res, dict) else ""
    else:
        m = Measured({}, status="unfinished")
        state_path = out_dir / "state.json"
        if state_path.is_file():
            st = read_json(state_path)
            rec = dig(st, "base", state_path) if key == "start" else (dig(st, "history", state_path) or [None])[-1]
            if isinstance(rec, dict):
                m.values = {d: number(rec, d, state_path) for d in ("em", "fr") if d in rec}
                m.partial = True
                m.notes.append(f"latest validation on {c.get('valid_subset') or 'all'} tune sentences per domain")
        init = c.get("init", "")
    m.hours = _hours(run, "consistency", done)
    m.params = _consistency_params(run, init)
    m.model = "BART (the supervised base)"
    pairs = c.get("max_pairs", 0)
    m.data = (f"GYAFC train {'all pairs' if not pairs else f'{pairs:,} pairs per domain'} + unlabeled "
              f"{', '.join(c.get('unlabeled', []))}")
    m.smaller += _limit_note(cfg, "consistency.max_unlabeled", "unlabeled sentences")
    if key == "best":
        steps = res.get("steps") if done is not None and isinstance(res, dict) else None
        ran = f"{steps:,} steps run of {c.get('max_steps'):,} at most" if isinstance(steps, int) else \
            f"{c.get('max_steps')} steps at most"
        minutes = c.get("max_minutes", 0)
        if isinstance(minutes, (int, float)) and minutes > 0:
            ran += f" (a {minutes:g}-minute budget)"
        history = res.get("history") if isinstance(res, dict) else None
        last = history[-1].get("elapsed_s") if isinstance(history, list) and history and \
            isinstance(history[-1], dict) else None
        if (isinstance(steps, int) and isinstance(c.get("max_steps"), int) and steps < c["max_steps"]
                and isinstance(last, (int, float)) and isinstance(c.get("patience"), int)
                and (not minutes or last < 0.9 * minutes * 60)):
            # neither the step cap nor the time budget ended it: the patience did
            ran += f"; stopped early, after {c['patience']} validations without a gain"
        m.notes.append(f"perturbation {c.get('perturbation')}, filters {', '.join(c.get('filters', [])) or 'none'}, "
                       + ran)
    return m


def read_fdis(run: Path, row: Row, cfg: dict) -> Measured:
    done = read_done(run, "fdis")
    if done is None:
        return Measured({}, status="unfinished")
    path = run / "fdis" / "report.json"
    rep = read_json(path)
    if isinstance(rep, dict) and rep.get("skipped"):
        return Measured({}, status="not run", not_run=f"the fdis stage was skipped: {rep['skipped']}")
    per = dig(rep, "per_pivot", path)
    if not isinstance(per, dict) or row.pick not in per:
        return Measured({}, status="not run", not_run=f"pivot {row.pick!r} was not run (pivots: "
                                                      f"{', '.join(per) if isinstance(per, dict) else '?'})")
    p = per[row.pick]
    where = f"{path} per_pivot.{row.pick}"
    values = {k: number(p, k, where) for k in ("round_trips", "changed", "kept", "kept_percent")}
    if p.get("mean_gain") is not None:
        values["mean_gain"] = number(p, "mean_gain", where)
    sources = rep.get("sources", {})
    data = ", ".join(f"{k} {v:,}" for k, v in sources.items()) if isinstance(sources, dict) else ""
    m = Measured(values, data=f"informal sentences: {data}", hours=_hours(run, "fdis", done),
                 model="discriminator " + "/".join(Path(str(rep.get('scorer', '?'))).parts[-3:]))
    m.notes.append(f"sigma {rep.get('sigma')}; time is the whole stage (all pivots)")
    m.smaller += _limit_note(cfg, "fdis.max_sources", "informal sentences per source")
    return m


def _generated_so_far(store: Path) -> str:
    """" (N of M sentences so far)" from the pos stage's resume store; "" when there is none or it cannot be read."""
    from training.augment.pairs_io import store_progress

    progress = store_progress(store)
    return "" if progress is None else f" ({progress[0]:,} of {progress[1]:,} sentences so far)"


def read_pos(run: Path, row: Row, cfg: dict) -> Measured:
    pc = cfg.get("pos", {})
    done = read_done(run, "pos")
    curves = [run / "pos" / "fill_model" / "curve.jsonl"]
    curves = [c for c in curves if c.is_file()]
    if done is None:
        m = Measured({}, status="unfinished")
        early = run / "pos" / "tune_bleu.json"
        if early.is_file():  # the tag-and-fill rewriter was scored; its pairs were still being generated
            rep = read_json(early)
            m.values = {d: number(rep, f"rewriter_tune_bleu.{d}", early) for d in ("em", "fr")}
            m.notes.append("scored on the full tune sets when its fill model finished; the stage was then still "
                           "generating its pairs" + _generated_so_far(run / "pos" / "generated.partial.jsonl"))
        elif curves and (points := read_jsonl(curves[0])):
            m.values = {d: number(points[-1], d, curves[0]) for d in ("em", "fr") if d in points[-1]}
            m.partial = True
            m.notes.append(f"latest validation: step {points[-1].get('step')}, greedy BLEU on "
                           f"{pc.get('valid_subset') or 'all'} tune sentences per domain (the row: the full tune sets)")
    else:
        path = run / "pos" / "report.json"
        rep = read_json(path)
        m = Measured({d: number(rep, f"rewriter_tune_bleu.{d}", path) for d in ("em", "fr")})
        fs = rep.get("formal_sources", {})
        m.data = "formal sentences: " + ", ".join(f"{k} {v:,}" for k, v in fs.items()) if isinstance(fs, dict) else ""
        fm = rep.get("fill_model", {})
        if isinstance(fm, dict) and "training_pairs" in fm:
            m.data += f" ({int(number(fm, 'training_pairs', path)):,} tagged pairs)"
        m.notes.append(f"style lexicon held-out accuracy {100 * number(rep, 'lr_heldout_accuracy', path):.1f} %")
    m.hours = curve_cpu_hours(curves)
    if m.hours is not None:
        m.hours_kind = "CPU"
    else:
        m.hours = _hours(run, "pos", done)
    m.model = f"BART {pc.get('size', '?')}"
    m.params = safetensors_parameters(run / "pos" / "fill_model" / "best" / "model.safetensors")
    m.smaller += _limit_note(cfg, "pos.max_sources", "sentences per source")
    return m


def read_adnet(run: Path, row: Row, cfg: dict) -> Measured:
    done = read_done(run, "adnet")
    if done is None:
        return Measured({}, status="unfinished")
    path = run / "adnet" / "report.json"
    rep = read_json(path)
    sets = dig(rep, "sets", path)
    name = row.pick or next(iter(sets), "")
    if not isinstance(sets, dict) or name not in sets:
        raise RunFileError(f"{path}: no evaluation set {name!r}")
    where = f"{path} sets.{name}"
    s = sets[name]
    m = Measured({"probe_f": number(s, "probe_style_accuracy", where),
                  "probe_m": number(s, "probe_meaning_accuracy", where),
                  "majority": number(s, "majority_baseline", where)})
    m.params = int(number(rep, "settings.parameters", path))
    st = rep["settings"]
    m.model = f"ADNet GRU {st.get('hidden')}, f {st.get('style_dim')}, m {st.get('meaning_dim')}"
    data = rep.get("data", [])
    m.data = "; ".join(map(str, data)) if isinstance(data, list) else str(data)
    m.data += f"; scored on {int(number(s, 'n', where)):,} held-out sentences"
    m.hours = _hours(run, "adnet", done)
    m.smaller += _limit_note(cfg, "adnet.train_limit", "training sentences")
    m.notes.append(f"{st.get('epochs')} epochs")
    return m


def read_classifier(run: Path, row: Row, cfg: dict) -> Measured:
    cc = cfg.get("classifier", {})
    done = read_done(run, "classifier")
    if done is None:
        return Measured({}, status="unfinished")
    path = run / "classifier" / "report.json"
    rep = read_json(path)
    rows = dig(rep, "rows", path)
    variant = row.pick or "pytorch"
    match = [r for r in rows if isinstance(r, dict) and r.get("variant") == variant] if isinstance(rows, list) else []
    if not match:
        raise RunFileError(f"{path}: no {variant!r} row")
    r = match[0]
    where = f"{path} ({variant})"
    values = {"gyafc_acc": number(r, "metrics.gyafc_tune.all.accuracy", where)}
    for key, dotted in (("pt16_f1", "metrics.pt16_tune.f1"), ("pt16_f1w", "metrics.pt16_tune.f1_weighted"),
                        ("jfc_acc", "metrics.jfc_heldout.accuracy")):
        try:
            values[key] = number(r, dotted, where)
        except RunFileError:
            pass  # a set the data root did not have; the cell stays empty
    m = Measured(values, model=str(r.get("classifier", cc.get("model", "?"))))
    m.params = safetensors_parameters(run / "classifier" / "checkpoint.safetensors")
    limit = cc.get("train_limit", 0)
    if cc.get("recipe") == "jfc":  # no GYAFC in training: the balanced JFC only
        jl = cc.get("jfc_limit", 0)
        m.data = (f"recipe jfc{' + PT16' if cc.get('pt16') else ''}; the balanced JFC train "
                  f"{'(all)' if not jl else f'({jl:,} sentences)'}, {cc.get('epochs')} epoch(s)")
    else:
        m.data = (f"recipe {cc.get('recipe')}{' + PT16' if cc.get('pt16') else ''}; GYAFC train "
                  f"{'all pairs' if not limit else f'{limit:,} pairs per domain'}, {cc.get('epochs')} epoch(s)")
    m.hours = _hours(run, "classifier", done)
    m.smaller += _limit_note(cfg, "classifier.train_limit", "GYAFC train pairs per domain")
    return m


READERS: dict[str, Callable[[Path, Row, dict], Measured]] = {
    "rewriter": read_rewriter, "consistency": read_consistency, "fdis": read_fdis, "pos": read_pos,
    "adnet": read_adnet, "classifier": read_classifier,
}


# ============================================================================ rows


@dataclass
class RowResult:
    row: Row
    status: str  # measured | unfinished | not run | unreadable | does not match
    where: str = ""  # the run folder as found
    why: str = ""
    measured: Measured | None = None


def _norm(key: str, value):
    if isinstance(value, (list, tuple)):
        items = [str(v).strip().lower() for v in value]
        if key == "consistency.filters":
            from training.config.sections import FILTER_ALIASES

            items = [FILTER_ALIASES.get(v, v) for v in items]
        return sorted(items)
    if key == "consistency.perturbation" and isinstance(value, str):
        from training.config.sections import PERTURBATION_ALIASES

        v = value.strip().lower()
        return PERTURBATION_ALIASES.get(v, v)
    return value


def mismatches(cfg: dict, expect: Sequence[tuple[str, object]]) -> list[str]:
    out = []
    for dotted, want in expect:
        sec, _, name = dotted.partition(".")
        table = cfg.get(sec)
        have = table.get(name, "<not set>") if isinstance(table, dict) else "<not set>"
        if _norm(dotted, have) != _norm(dotted, want):
            out.append(f"{dotted} is {have!r}, the row needs {want!r}")
    return out


RUN_NOTE = "NOTE.md"       # a stage folder's own remark for its rows ("shared the CPU from 11:44 to 12:22")
MAX_NOTE_CHARS = 1000


def read_run_note(run: Path, stage: str) -> str:
    """The stage folder's NOTE.md (``run/<stage>/NOTE.md``) as one line ("" when there is none): what the files
    cannot say about the stage's run."""
    path = run / stage / RUN_NOTE
    if not path.is_file():
        return ""
    _read(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RunFileError(f"{path}: not UTF-8 text ({exc.reason})") from None
    text = " ".join(text.split())
    if len(text) > MAX_NOTE_CHARS:
        raise RunFileError(f"{path}: {len(text)} characters, more than a note ({MAX_NOTE_CHARS})")
    return text.rstrip(".")


def find_run(row: Row, runs: Sequence[Path]) -> Path | None:
    for base in runs:
        cand = base / row.run
        if cand.is_dir():
            return cand
    return None


def _holds_another_row(row: Row, cfg) -> bool:
    """Whether the folder's settings are those of another row that shares the folder with another stage."""
    return any(other.run == row.run and other.stage != row.stage and not mismatches(cfg, other.expect)
               for seed in SEEDS for table in seed.tables for other in table.rows)


def evaluate_row(row: Row, runs: Sequence[Path]) -> RowResult:
    """One row's state from the run folders; never raises for what is in them."""
    run = find_run(row, runs)
    if run is None:
        return RowResult(row, "not run", why=row.not_run or "no run folder yet")
    res = RowResult(row, "unreadable", where=str(run))
    try:
        cfg = read_config(run)
        bad = mismatches(cfg, row.expect)
        if bad and not (run / row.stage).is_dir() and _holds_another_row(row, cfg):
            # a later stage of a folder another row made (7.2's consistency after 7.1's supervised run): the
            # folder holds that row's settings until this stage starts with its own
            res.status, res.why = "not run", row.not_run or f"stage {row.stage} has not started in this run folder"
            return res
        if bad:
            res.status, res.why = "does not match", "; ".join(bad)
            return res
        if not (run / row.stage).is_dir():
            res.status, res.why = "unfinished", f"stage {row.stage} has not started in this run folder"
            return res
        m = READERS[row.reader](run, row, cfg)
        m.device = stage_device(run, row.stage)
        note = read_run_note(run, row.stage)
        if note:
            m.notes.append(note)
    except RunFileError as exc:
        res.why = str(exc)
        return res
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        res.why = f"{type(exc).__name__}: {exc}"
        return res
    res.measured = m
    res.status = m.status
    res.why = m.not_run
    return res


# ============================================================================ the page


def _fmt(value, fmt: str) -> str:
    if value is None:
        return ""
    if fmt == "pct":
        return f"{100 * value:.2f}"
    if fmt == "int":
        return f"{round(value):,}"
    if fmt == "num4":
        return f"{value:.4f}"
    return f"{value:.2f}"


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def render_table(table: Table, results: Sequence[RowResult]) -> list[str]:
    lines = [f"### {table.title}", ""]
    if table.intro:
        lines += [table.intro, ""]
    if table.paper_model:
        lines += [f"Paper model: {table.paper_model}.", ""]
    head = ["row", "what"]
    for c in table.columns:
        head.append(f"ours: {c.header}")
    for c in table.columns:
        if any(c.key in r.row.paper for r in results):
            head.append(f"paper: {c.header}")
    paper_cols = [c for c in table.columns if any(c.key in r.row.paper for r in results)]
    head += ["model", "data", "hours", "status, scale"]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    details = []
    for r in results:
        m = r.measured
        cells = [r.row.key, _cell(r.row.label)]
        for c in table.columns:
            v = m.values.get(c.key) if m else None
            text = _fmt(v, c.fmt)
            cells.append(f"*{text}* (partial)" if text and m.partial else text)
        for c in paper_cols:
            cells.append(_fmt(r.row.paper.get(c.key), c.fmt) or (NOT_QUOTED if r.row.in_paper else "no paper row"))
        if m:
            size = f"{m.model}, {_params_text(m.params)}" if m.params else m.model
            hours = f"{m.hours:.2f} {m.hours_kind} h" if m.hours is not None else ""
            hours += f" ({m.device})" if hours and m.device else ""
            cells += [_cell(size), _cell(m.data), hours]
        else:
            cells += ["", "", ""]
        cells.append(_cell(_status(r, table)))
        lines.append("| " + " | ".join(cells) + " |")
        details.append(_details(r))
    lines += ["", *details, ""]
    return lines


def _status(r: RowResult, table: Table) -> str:
    if r.status == "measured":
        parts = ["measured"]
    elif r.status == "unfinished":
        parts = ["**unfinished** (no DONE.json: still running, or stopped)"]
    elif r.status == "not run":
        return f"**not run**: {r.why}"
    elif r.status == "unreadable":
        return f"**unreadable**: {r.why}"
    else:
        return f"**does not match this row**: {r.why}"
    if r.why:
        parts.append(r.why)
    m = r.measured
    smaller = list(m.smaller) if m else []
    if m and m.params and table.paper_params and m.params < table.paper_params:
        smaller.insert(0, f"model {_params_text(m.params)} vs the paper's {_params_text(table.paper_params)}")
    if smaller:
        parts.append("**smaller than the paper**: " + "; ".join(smaller))
    return "; ".join(parts)


def _details(r: RowResult) -> str:
    row = r.row
    text = f"- **{row.key}**: `{row.command}`"
    if r.where:
        text += f" (run folder `{r.where}`, stage `{row.stage}`)"
    notes = ([row.note] if row.note else []) + (r.measured.notes if r.measured else [])
    if notes:
        text += ". " + "; ".join(notes) + "."
    return text


# ============================================================================ the archive
#
# Run folders live on one machine and are lost with it (they hold gigabytes of checkpoints). The archive keeps,
# in the repository, exactly the files the page read from each run, so the page can be built again anywhere:
# JSON reports without their sample sentences (corpus text never enters the repository), config.toml,
# curve.jsonl, progress.jsonl cut down to what the hours need, and a checkpoint's safetensors header in place of
# its weights. `--runs runs --runs ARCHIVE --archive ARCHIVE`: live runs first, the archive for what is gone.

ARCHIVE_DROP_KEYS = frozenset({"samples"})   # corpus sentences in augmentation reports


def _without_text(obj):
    if isinstance(obj, dict):
        return {k: _without_text(v) for k, v in obj.items() if k not in ARCHIVE_DROP_KEYS}
    if isinstance(obj, list):
        return [_without_text(v) for v in obj]
    return obj


def compact_progress(records: Sequence[dict]) -> list[dict]:
    """The events of a progress log the page needs: every "start" and "done" and, per stage, the latest event of
    each run between two of them (stage_wall_seconds and stage_device give the same answers from them)."""
    keep: set[int] = set()
    latest: dict[str, int] = {}   # stage -> its latest event since its last start
    for k, rec in enumerate(records):
        stage, t = rec.get("stage"), rec.get("time")
        if not isinstance(stage, str) or isinstance(t, bool) or not isinstance(t, (int, float)):
            continue
        if rec.get("event") in ("start", "done"):
            if stage in latest:
                keep.add(latest[stage])
            keep.add(k)
            latest[stage] = k
        elif stage in latest and float(t) >= float(records[latest[stage]]["time"]):
            latest[stage] = k
    keep.update(latest.values())
    return [records[k] for k in sorted(keep)]


def archive_run_files(run: Path, files: Sequence[Path], dest: Path) -> list[Path]:
    """Copy what the page read of ``run`` into ``dest/<run name>/`` (see above); returns the files written."""
    written = []
    for f in dict.fromkeys(files):
        try:
            rel = f.relative_to(run)
        except ValueError:
            if f.name != "model.safetensors":
                continue
            rel = INIT_ARCHIVE / f.name  # the checkpoint a consistency run continued, read for its size
        target = dest / run.name / rel
        if f.name.endswith(".safetensors"):
            header = {}
            with f.open("rb") as fh:
                (n,) = struct.unpack("<Q", fh.read(8))
                header = json.loads(fh.read(n))
            target = target.with_name(target.name + HEADER_SUFFIX)
            atomic_write_text(target, json.dumps(header, indent=1) + "\n")
        elif f.suffix == ".json" or f.name.endswith(HEADER_SUFFIX):
            atomic_write_text(target, json.dumps(_without_text(read_json(f)), indent=1, ensure_ascii=False) + "\n")
        elif f.name == PROGRESS_LOG:
            recs = compact_progress(read_jsonl(f))
            atomic_write_text(target, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
        elif f.suffix == ".jsonl":
            recs = [_without_text(r) for r in read_jsonl(f)]
            atomic_write_text(target, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
        else:   # config.toml, NOTE.md
            atomic_write_text(target, f.read_text(encoding="utf-8"))
        written.append(target)
    return written


def _evaluate_recording(row: Row, runs: Sequence[Path]) -> tuple[RowResult, list[Path], Path | None]:
    """The row's result, the files it read and the run folder it read them from: the first folder (in the order of
    ``runs``) that measured the row, else the first that holds it. A live folder started again (unfinished) does
    not hide the archived measurement of the same row until it is measured itself."""
    global _reads
    first = None
    try:
        for base in runs:
            if not (base / row.run).is_dir():
                continue
            _reads = []
            res = evaluate_row(row, [base])
            got = (res, list(_reads), base / row.run)
            if res.status == "measured":
                return got
            first = first or got
        if first is not None:
            return first
        _reads = []
        return evaluate_row(row, runs), [], None
    finally:
        _reads = None


def render_page(seeds: Sequence[Seed], runs: Sequence[Path], command: str,
                archive: Path | None = None) -> tuple[str, dict[str, int]]:
    """The page and a count of rows by status; with ``archive``, the files each row read from a live run (one
    not inside the archive) are copied there first."""
    counts: dict[str, int] = {}
    body: list[str] = []
    for seed in seeds:
        body += [f"## {seed.title}", "", seed.intro, ""]
        for table in seed.tables:
            results = []
            for row in table.rows:
                res, files, run = _evaluate_recording(row, runs)
                if (archive is not None and run is not None and res.status in ("measured", "unfinished")
                        and archive.resolve() not in run.resolve().parents):
                    archive_run_files(run, files, archive)
                results.append(res)
            for r in results:
                counts[r.status] = counts.get(r.status, 0) + 1
            body += render_table(table, results)
    summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    head = [
        "# The seeds' results, reproduced on our machines",
        "",
        "Generated from run folders by `training/results.py`; do not edit by hand. Regenerate with",
        "",
        f"    {command}",
        "",
        f"Generated {time.strftime('%Y-%m-%d')}; rows: {summary}.",
        "",
        ("Every number under *ours* is read from a run folder's files (`report.json`, `result.json`, "
        "`curve.jsonl`, `DONE.json`, `progress.jsonl`, `config.toml`); the paper columns quote "
        "docs/anchors.md. *Hours*: **CPU h** is process CPU time over all threads (seq2seq training records "
        "it), **wall-clock h** the stage's elapsed time summed over resumes; the device it ran on follows. A row "
        "marked *partial* is the latest validation of a run still training. Rows are declared in "
        "`training/results.py` (`SEEDS`): the run folder, the stage, the config it must have, the command."),
        "",
    ]
    return "\n".join(head + body).rstrip() + "\n", counts


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training results", description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", action="append", required=True, metavar="DIR",
                    help="a folder holding run folders (repeat: the first that has a row's run wins)")
    ap.add_argument("--out", type=Path, help="the Markdown page to write (default: standard output)")
    ap.add_argument("--archive", type=Path, metavar="DIR",
                    help="copy the files each row read from a live run into DIR (kept in the repository), so the "
                         "page can be built again where the run folders are gone")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    runs = [Path(r).expanduser() for r in args.runs]
    try:
        for r in runs:
            if not r.is_dir():
                raise InputError(f"--runs {r}: not a folder")
        parts = ["python -m training results"] + [f"--runs {r}" for r in args.runs]
        if args.archive:
            parts.append(f"--archive {args.archive}")
        if args.out:
            parts.append(f"--out {args.out}")
        page, counts = render_page(SEEDS, runs, " ".join(parts), archive=args.archive)
        if args.out:
            atomic_write_text(args.out, page)
            sys.stderr.write(f"wrote {args.out}: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
                             + "\n")
        else:
            sys.stdout.write(page)
    except InputError as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return EXIT_INPUT
    except OSError as exc:
        sys.stderr.write(f"keigo: error: cannot write {args.out}: {exc.strerror or exc}\n")
        return EXIT_INPUT
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["READERS", "SEEDS", "Column", "Measured", "Row", "RowResult", "RunFileError", "Seed", "Table",
           "evaluate_row", "main", "render_page"]
