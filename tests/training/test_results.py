"""training.results: the seeds' tables page from run folders (fake folders in the stages' own file formats; one
slow test reads folders the real tiny stages wrote)."""
from __future__ import annotations

import json
import math
import shlex
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from training import results as R
from training.config import load_config
from training.protocol import CONFIG_TOML
from training.stages import STAGES

REPO = Path(__file__).resolve().parents[2]
TINY = REPO / "assets" / "configs" / "tiny.toml"
ROWS = {row.key: row for seed in R.SEEDS for table in seed.tables for row in table.rows}


# ----------------------------------------------------------------------------- fake run folders


def make_run(base: Path, name: str, overrides=(), config: Path = TINY) -> Path:
    """A run folder as `python -m training` leaves it: the resolved config.toml (written by the real config code)."""
    run = base / name
    run.mkdir(parents=True)
    (run / CONFIG_TOML).write_text(load_config(config, list(overrides)).to_toml(), encoding="utf-8")
    return run


def write_json(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj), encoding="utf-8")


def done(run: Path, stage: str, elapsed: float = 60.0, **summary) -> None:
    write_json(run / stage / "DONE.json", {"stage": stage, "finished": "2026-11-23T10:00:00+0000",
                                           "elapsed_s": elapsed, "device": "cpu", **summary})


def progress(run: Path, stage: str, *segments: tuple[float, float], device: str = "cpu") -> None:
    """progress.jsonl events of one stage: a start event, a progress event and the last event per invocation."""
    with open(run / "progress.jsonl", "a", encoding="utf-8") as fh:
        for t0, t1 in segments:
            recs = ({"event": "start", "stage": stage, "device": device, "time": t0},
                    {"event": "progress", "stage": stage, "step": 1, "time": (t0 + t1) / 2},
                    {"event": "stopped", "stage": stage, "time": t1})
            fh.writelines(json.dumps(rec) + "\n" for rec in recs)


def curve(path: Path, *points: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(p) + "\n" for p in points)


def checkpoint(path: Path, shape=(100, 50)) -> None:
    from safetensors.numpy import save_file

    path.parent.mkdir(parents=True, exist_ok=True)
    save_file({"w": np.zeros(shape, dtype=np.float32), "b": np.zeros(shape[1], dtype=np.float32)}, str(path))


def rewriter_report(run: Path, em=61.23, fr=66.5, pairs=None) -> None:
    tune = {d: {"bleu": v, "copy_bleu": 49.0, "source_bleu": 70.0, "sentences": 100, "beam": 4, "seconds": 1.0}
            for d, v in (("em", em), ("fr", fr))}
    write_json(run / "rewriter" / "report.json", {"config": {}, "mode": "original", "augment": [],
                                                  "pairs": pairs or {"original": 1234}, "phases": {},
                                                  "tune": tune, "style_accuracy": 0.9})


def finished_rewriter(base: Path, name="rewriter-cpu-long", mode="original", augment=(), phases=("train",)):
    ov = [f"rewriter.mode={mode}", "rewriter.augment=" + ",".join(augment)]
    if mode == "ptft":
        ov += list(R.PTFT)  # the short pre-training the pre-train & fine-tune rows promise
    run = make_run(base, name, ov)
    for i, ph in enumerate(phases):
        curve(run / "rewriter" / ph / "curve.jsonl",
              {"step": 500, "epochs": 1.0, "em": 40.0, "fr": 45.0, "mean": 42.5, "elapsed_s": 10, "cpu_hours": 0.5},
              {"step": 1000, "epochs": 2.0, "em": 50.0, "fr": 55.0, "mean": 52.5, "elapsed_s": 20,
               "cpu_hours": 1.25 + i})
        checkpoint(run / "rewriter" / ph / "best" / "model.safetensors")
    rewriter_report(run, pairs={"original": 1234, **{a: 10 for a in augment}})
    done(run, "rewriter", tune={})
    return run


def evaluate(key: str, runs) -> R.RowResult:
    return R.evaluate_row(ROWS[key], [Path(r) for r in runs])


# ----------------------------------------------------------------------------- the declaration


def test_every_row_is_declared_consistently():
    assert len(ROWS) == sum(len(t.rows) for s in R.SEEDS for t in s.tables)  # keys unique
    for row in ROWS.values():
        assert row.reader in R.READERS and row.stage in STAGES, row.key
        for c in row.paper:
            assert any(c == col.key for s in R.SEEDS for t in s.tables for col in t.columns if row in t.rows)


def test_every_command_is_a_runnable_training_command():
    """Each row's command names a real stage and config file, and its overrides load (typed, range-checked);
    the config keys a row expects exist in the resolved config."""
    for row in ROWS.values():
        argv = shlex.split(row.command)
        assert argv[:3] == ["python", "-m", "training"], row.key
        assert argv[3] in STAGES, row.key
        config = None
        if "--config" in argv:
            config = REPO / argv[argv.index("--config") + 1]
            assert config.is_file(), (row.key, config)
        assert "--run-dir" in argv and argv[argv.index("--run-dir") + 1] == f"runs/{row.run}", row.key
        overrides = [a for a in argv[4:] if "=" in a and not a.startswith("-")]
        resolved = load_config(config, overrides).to_dict()
        for dotted, _want in row.expect:
            sec, _, key = dotted.partition(".")
            assert key in resolved[sec], (row.key, dotted)
        assert not R.mismatches(resolved, row.expect), row.key  # the command makes what the row expects


def test_paper_numbers_are_the_anchors():
    anchors = (REPO.parent / "shared" / "docs" / "anchors.md")
    if not anchors.is_file():
        pytest.skip("no ../shared/docs/anchors.md")
    text = anchors.read_text(encoding="utf-8")
    for row in ROWS.values():
        for key, v in row.paper.items():
            shown = f"{100 * v:.2f}" if key in ("probe_f", "pt16_f1", "pt16_f1w") else f"{v:.2f}"
            assert shown in text, (row.key, key, shown)


# ----------------------------------------------------------------------------- rows from run folders


def test_finished_rewriter_row_is_read_from_its_files(tmp_path):
    finished_rewriter(tmp_path)
    r = evaluate("1.1", [tmp_path])
    assert r.status == "measured", r.why
    m = r.measured
    assert m.values == {"em": 61.23, "fr": 66.5}
    assert (m.hours, m.hours_kind) == (1.25, "CPU")
    assert m.params == 100 * 50 + 50
    assert "1,234" in m.data
    page = render([tmp_path])
    line = next(x for x in page.splitlines() if x.startswith("| 1.1 |"))
    assert "| 61.23 | 66.50 | 69.44 | 74.19 |" in line
    assert "smaller than the paper" in line and "model 5.05k vs the paper's 54M" in line
    assert "1.25 CPU h (cpu)" in line  # DONE.json names the device
    assert f"`{ROWS['1.1'].command}`" in page


def test_a_run_note_is_printed_with_its_row_and_archived(tmp_path):
    run = finished_rewriter(tmp_path / "runs")
    note = run / "rewriter" / "NOTE.md"
    note.write_text("Shared the CPU with evaluation jobs\nfrom 11:44 to 12:22.\n", encoding="utf-8")
    page = render([tmp_path / "runs"])
    details = next(x for x in page.splitlines() if x.startswith("- **1.1**"))
    assert details.endswith("; Shared the CPU with evaluation jobs from 11:44 to 12:22.")
    archive = tmp_path / "archive"
    assert R.main(["--runs", str(tmp_path / "runs"), "--archive", str(archive)]) == 0
    assert (archive / run.name / "rewriter" / "NOTE.md").read_text(encoding="utf-8").startswith("Shared the CPU")
    note.write_bytes(b"\xff\xfe")
    assert evaluate("1.1", [tmp_path / "runs"]).status == "unreadable"
    note.write_text("x" * 2000, encoding="utf-8")
    assert "more than a note" in evaluate("1.1", [tmp_path / "runs"]).why


def test_ptft_row_sums_the_cpu_hours_of_both_phases(tmp_path):
    finished_rewriter(tmp_path, "seed1-ptft", "ptft", ("bt", "fdis", "mtask"), phases=("finetune", "pretrain"))
    r = evaluate("1.5", [tmp_path])
    assert r.status == "measured", r.why
    assert r.measured.hours == pytest.approx(1.25 + 2.25)
    assert "bt 10" in r.measured.data


def test_an_unfinished_ptft_run_shows_its_fine_tuning_point(tmp_path):
    run = make_run(tmp_path, "seed1-ptft-mtask", ["rewriter.mode=ptft", "rewriter.augment=mtask", *R.PTFT])
    curve(run / "rewriter" / "pretrain" / "curve.jsonl",
          {"step": 876, "epochs": 3, "em": 36.38, "fr": 44.35, "mean": 40.37, "elapsed_s": 9, "cpu_hours": 0.48})
    curve(run / "rewriter" / "finetune" / "curve.jsonl",
          {"step": 3000, "epochs": 5.2, "em": 62.38, "fr": 70.82, "mean": 66.6, "elapsed_s": 9, "cpu_hours": 1.5})
    r = evaluate("2.3", [tmp_path])
    assert r.status == "unfinished" and r.measured.values == {"em": 62.38, "fr": 70.82}
    assert r.measured.hours == pytest.approx(1.98)


def test_a_ptft_run_with_other_budgets_does_not_match_its_row(tmp_path):
    run = make_run(tmp_path, "seed1-ptft-mtask", ["rewriter.mode=ptft", "rewriter.augment=mtask"])
    curve(run / "rewriter" / "finetune" / "curve.jsonl",
          {"step": 500, "epochs": 1.0, "em": 40.0, "fr": 45.0, "mean": 42.5, "elapsed_s": 10, "cpu_hours": 0.5})
    r = evaluate("2.3", [tmp_path])
    assert r.status == "does not match" and "pretrain_epochs" in r.why


def test_a_gpu_run_of_a_ptft_row_with_its_own_minutes_fills_the_row_in_wall_clock_hours(tmp_path):
    """The minutes are a budget, not the recipe: a GPU run with shorter ones is the row, and the page states its
    budgets; a GPU process's CPU time is not what it cost, so the row gives wall-clock hours."""
    run = make_run(tmp_path, "seed1-ptft-mtask", ["rewriter.mode=ptft", "rewriter.augment=mtask", *R.PTFT,
                                                  "rewriter.pretrain_minutes=2", "rewriter.finetune_minutes=5"])
    for ph in ("pretrain", "finetune"):
        curve(run / "rewriter" / ph / "curve.jsonl",
              {"step": 500, "epochs": 1.0, "em": 40.0, "fr": 45.0, "mean": 42.5, "elapsed_s": 10, "cpu_hours": 0.5})
    rewriter_report(run, em=67.0, fr=72.3, pairs={"original": 1234, "mtask": 10})
    done(run, "rewriter", elapsed=720.0, device="cuda")
    r = evaluate("2.3", [tmp_path])
    assert r.status == "measured", r.why
    assert (r.measured.hours, r.measured.hours_kind) == (pytest.approx(0.2), "wall-clock")
    assert "time budget: pretrain 2 min, finetune 5 min (rewriter.*_minutes)" in r.measured.notes
    line = next(x for x in render([tmp_path]).splitlines() if x.startswith("| 2.3 |"))
    assert "0.20 wall-clock h (cuda)" in line


def test_unfinished_rewriter_shows_its_latest_point_marked_partial(tmp_path):
    run = make_run(tmp_path, "rewriter-cpu-long", ["rewriter.mode=original", "rewriter.augment="])
    curve(run / "rewriter" / "train" / "curve.jsonl",
          {"step": 500, "epochs": 0.9, "em": 24.89, "fr": 34.56, "mean": 29.7, "elapsed_s": 1, "cpu_hours": 0.59})
    with open(run / "rewriter" / "train" / "curve.jsonl", "a", encoding="utf-8") as fh:
        fh.write('{"step": 1000, "em": 3')  # torn: the trainer is writing it right now
    progress(run, "rewriter", (0, 7200), device="cuda:0")
    r = evaluate("1.1", [tmp_path])
    assert r.status == "unfinished"
    assert r.measured.values == {"em": 24.89, "fr": 34.56} and r.measured.partial
    line = next(x for x in render([tmp_path]).splitlines() if x.startswith("| 1.1 |"))
    assert "*24.89* (partial)" in line and "**unfinished**" in line
    # on a GPU the process's CPU time is not the cost: wall-clock from the events; the device from the start event
    assert "2.00 wall-clock h (cuda:0)" in line


def test_rows_without_a_run_folder_say_not_run_and_why(tmp_path):
    r = evaluate("1.5", [tmp_path])
    assert r.status == "not run" and r.why == ROWS["1.5"].not_run
    page = render([tmp_path])
    line = next(x for x in page.splitlines() if x.startswith("| 1.5 |"))
    assert f"**not run**: {R.AFTER_TABLE2}" in line
    assert "| 72.63 | 77.01 |" in line  # the paper's numbers stand beside the empty cells
    assert "not quoted" in next(x for x in page.splitlines() if x.startswith("| 1.4 |"))


def test_a_run_with_other_settings_does_not_fill_the_row(tmp_path):
    finished_rewriter(tmp_path, "seed1-ptft", mode="original")
    r = evaluate("1.5", [tmp_path])
    assert r.status == "does not match"
    assert "rewriter.mode is 'original', the row needs 'ptft'" in r.why
    assert r.measured is None


def test_a_later_stage_of_another_rows_folder_is_not_run_until_it_starts(tmp_path):
    """7.2's consistency stage runs in 7.1's folder: before it starts the folder holds 7.1's settings, which is
    no mismatch but a row waiting its turn; once it has started, other settings do not fill the row."""
    run = make_run(tmp_path, "seed2-low-100", ["rewriter.mode=original", "rewriter.train_limit=100"])
    (run / "rewriter").mkdir()
    assert evaluate("7.1", [tmp_path]).status != "does not match"
    assert evaluate("7.2", [tmp_path]).status == "not run"
    assert evaluate("7.2", [tmp_path]).why == ROWS["7.2"].not_run
    (run / "consistency").mkdir()
    r = evaluate("7.2", [tmp_path])
    assert r.status == "does not match" and "consistency.max_pairs" in r.why


def test_low_resource_rows_from_the_pre_trained_model_are_ours_and_name_their_start(tmp_path):
    for key, n in (("7.9", 100), ("7.10", 1000), ("7.11", 5000), ("7.12", 20000)):
        row = ROWS[key]
        assert not row.in_paper and dict(row.expect)["rewriter.train_limit"] == n
        assert dict(row.expect)["rewriter.base_model"] in row.command
    # a run of the from-scratch row does not fill the pre-trained one
    make_run(tmp_path, "seed2-low-100-pre", ["rewriter.train_limit=100"])
    r = evaluate("7.9", [tmp_path])
    assert r.status == "does not match" and "rewriter.base_model" in r.why


def test_the_first_runs_folder_that_has_the_run_wins(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    finished_rewriter(b)
    finished_rewriter(a)
    rewriter_report(a / "rewriter-cpu-long", em=11.0, fr=12.0)
    assert evaluate("1.1", [a, b]).measured.values["em"] == 11.0
    assert evaluate("1.1", [tmp_path / "none", b]).measured.values["em"] == 61.23


def test_wall_clock_hours_are_summed_over_resumes(tmp_path):
    run = make_run(tmp_path, "seed4-adnet-gyafc", ["adnet.data=gyafc"])
    progress(run, "jfc", (0, 50))
    progress(run, "adnet", (100, 1900), (5000, 6800))  # stopped, then resumed
    adnet_report(run)
    done(run, "adnet", elapsed=1800)  # the last invocation only
    r = evaluate("A.1", [tmp_path])
    assert r.status == "measured", r.why
    assert r.measured.hours == pytest.approx(1.0) and r.measured.hours_kind == "wall-clock"


def test_a_finished_stage_skipped_by_a_later_run_adds_no_hours(tmp_path):
    """A queue run again logs "adnet already finished; skipped" hours after the stage's "done": no time it ran."""
    run = make_run(tmp_path, "seed4-adnet-gyafc", ["adnet.data=gyafc"])
    progress(run, "adnet", (100, 1900))
    with open(run / "progress.jsonl", "a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(rec) + "\n" for rec in (
            {"event": "start", "stage": "adnet", "time": 5000},
            {"event": "done", "stage": "adnet", "time": 6800},
            {"event": "log", "stage": "adnet", "message": "adnet already finished; skipped", "time": 90000}))
    assert R.stage_wall_seconds(run, "adnet") == pytest.approx(3600)
    compact = R.compact_progress([json.loads(x) for x in (run / "progress.jsonl").read_text().splitlines()])
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "progress.jsonl").write_text("".join(json.dumps(r) + "\n" for r in compact))
    assert R.stage_wall_seconds(tmp_path / "c", "adnet") == pytest.approx(3600)


def adnet_report(run: Path, name="gyafc_tune") -> None:
    s = {"n": 400, "formal": 200, "majority_baseline": 0.5, "probe_style_accuracy": 0.8865,
         "probe_meaning_accuracy": 0.71, "probe_both_accuracy": 0.9, "motivator_accuracy": 0.8}
    write_json(run / "adnet" / "report.json", {"settings": {"parameters": 123456, "hidden": 128, "style_dim": 16,
                                                            "meaning_dim": 64, "epochs": 4},
                                               "data": ["gyafc/em train (10 pairs, both sides)"],
                                               "train_sentences": 40, "sets": {name: s}})


def test_adnet_row_in_percent_beside_the_paper(tmp_path):
    run = make_run(tmp_path, "seed4-adnet-gyafc", ["adnet.data=gyafc", "adnet.train_limit=20000"])
    adnet_report(run)
    done(run, "adnet")
    line = next(x for x in render([tmp_path]).splitlines() if x.startswith("| A.1 |"))
    assert "| 88.65 | 71.00 | 50.00 | 96.38 |" in line
    assert "training sentences: 20,000 (adnet.train_limit)" in line  # smaller than the paper, said so


def test_classifier_row_and_our_own_row_beside_the_papers(tmp_path):
    run = make_run(tmp_path, ROWS["J.3"].run, ["classifier.recipe=gyafc", "classifier.pt16=true"])
    metrics = {"gyafc_tune": {"all": {"accuracy": 0.8906}}, "pt16_tune": {"f1": 0.5377},
               "jfc_heldout": {"accuracy": 0.5028}}
    write_json(run / "classifier" / "report.json", {"rows": [
        {"classifier": "transformer:all-MiniLM-L6-v2", "recipe": "gyafc+pt16", "variant": "pytorch",
         "metrics": metrics},
        {"classifier": "transformer:all-MiniLM-L6-v2", "variant": "onnx-fp32",
         "metrics": {"gyafc_tune": {"all": {"accuracy": 0.1}}}}]})
    checkpoint(run / "classifier" / "checkpoint.safetensors", (1000, 1000))
    done(run, "classifier")
    line = next(x for x in render([tmp_path]).splitlines() if x.startswith("| J.3 |"))
    assert "| 53.77 | 89.06 | 50.28 | no paper row |" in line
    assert "transformer:all-MiniLM-L6-v2, 1M" in line


def test_consistency_rows_read_result_json(tmp_path):
    run = make_run(tmp_path, "seed2-pert-spell", ["consistency.perturbation=spell", "consistency.filters="])
    write_json(run / "consistency" / "result.json", {
        "tune_bleu_full": {"start": {"em": 60.0, "fr": 65.0, "mean": 62.5}, "best": {"em": 61.5, "fr": 65.5}},
        "improved": True, "init": str(tmp_path / "gone"), "best_step": 200})
    checkpoint(run / "consistency" / "best" / "model.safetensors")
    done(run, "consistency")
    start, spell = evaluate("3.0", [tmp_path]), evaluate("3.2", [tmp_path])
    assert start.measured.values == {"em": 60.0, "fr": 65.0}
    assert spell.measured.values == {"em": 61.5, "fr": 65.5} and spell.measured.params == 5050
    assert any("scored greedily, as is its start: 60.00 / 65.00" in n for n in spell.measured.notes)
    assert not any("supervised warm-up" in n for n in spell.measured.notes)  # best step 200, no warm-up setting
    write_json(run / "consistency" / "result.json", {
        "tune_bleu_full": {"start": {"em": 60.0, "fr": 65.0, "mean": 62.5}, "best": {"em": 61.5, "fr": 65.5}},
        "improved": True, "init": str(tmp_path / "gone"), "best_step": 2000, "settings": {"warmup_steps": 2000}})
    notes = evaluate("3.2", [tmp_path]).measured.notes
    assert any("best checkpoint (step 2000) is from the supervised warm-up" in n for n in notes)
    assert any(n.endswith("filters none, 4 steps at most") for n in notes)  # no count, no time budget (tiny.toml)
    assert evaluate("4.1", [tmp_path]).measured.values == spell.measured.values  # the same run, two tables
    # a run that stopped at its time budget says how many steps it ran
    write_json(run / "consistency" / "result.json", {
        "tune_bleu_full": {"start": {"em": 60.0, "fr": 65.0, "mean": 62.5}, "best": {"em": 60.0, "fr": 65.0}},
        "improved": False, "init": str(tmp_path / "gone"), "best_step": 0, "steps": 3})
    (run / CONFIG_TOML).write_text(load_config(TINY, ["consistency.perturbation=spell", "consistency.filters=",
                                                      "consistency.max_minutes=5.5"]).to_toml(), encoding="utf-8")
    notes = evaluate("3.2", [tmp_path]).measured.notes
    assert "did not improve on its start: the best checkpoint is the start" in notes
    assert any(n.endswith("3 steps run of 4 at most (a 5.5-minute budget)") for n in notes), notes
    # a run its patience stopped, well inside its budget, says so
    write_json(run / "consistency" / "result.json", {
        "tune_bleu_full": {"start": {"em": 60.0, "fr": 65.0, "mean": 62.5}, "best": {"em": 60.0, "fr": 65.0}},
        "improved": False, "init": str(tmp_path / "gone"), "best_step": 0, "steps": 3,
        "history": [{"step": 2, "mean": 50.0, "elapsed_s": 30.0}]})
    notes = evaluate("3.2", [tmp_path]).measured.notes
    assert any(n.endswith("(a 5.5-minute budget); stopped early, after 5 validations without a gain") for n in notes), notes
    # filter aliases name the same filter: "bleu" is the content filter
    other = make_run(tmp_path, "seed2-filter-content", ["consistency.perturbation=spell", "consistency.filters=bleu"])
    assert evaluate("4.2", [tmp_path]).status == "unfinished"
    assert (other / CONFIG_TOML).is_file()


def test_fdis_rows_per_pivot_and_a_skipped_stage(tmp_path):
    run = make_run(tmp_path, "seed1-ptft-fdis", ["rewriter.mode=ptft", "rewriter.augment=fdis",
                                                  "fdis.max_sources=5000"])
    write_json(run / "fdis" / "report.json", {"pairs": 3, "sources": {"gyafc": 5000}, "sigma": 0.6,
                                             "per_pivot": {"spa": {"round_trips": 2896, "changed": 2000,
                                                                   "kept": 104, "kept_percent": 3.59,
                                                                   "mean_gain": 0.7123}},
                                             "scorer": "/x/scorer"})
    done(run, "fdis")
    page = render([tmp_path])
    line = next(x for x in page.splitlines() if x.startswith("| 5.1 |"))
    assert "| 2,896 | 2,000 | 104 | 3.59 | 0.7123 |" in line
    assert "informal sentences per source: 5,000 (fdis.max_sources)" in line
    assert "pivot 'cat' was not run" in next(x for x in page.splitlines() if x.startswith("| 5.2 |"))
    write_json(run / "fdis" / "report.json", {"pairs": 0, "skipped": "Apertium is not installed", "samples": []})
    r = evaluate("5.1", [tmp_path])
    assert r.status == "not run" and "Apertium is not installed" in r.why


def test_pos_row(tmp_path):
    run = make_run(tmp_path, "seed3-pos", ["rewriter.mode=ptft", "rewriter.augment=pos",
                                           "rewriter.lr_finetune=1e-3", "rewriter.pretrain_epochs=3"])
    write_json(run / "pos" / "report.json", {"pairs": 5, "rewriter_tune_bleu": {"em": 33.3, "fr": 44.4},
                                            "formal_sources": {"gyafc": 100}, "lr_heldout_accuracy": 0.833,
                                            "fill_model": {"training_pairs": 90, "steps": 3}})
    curve(run / "pos" / "fill_model" / "curve.jsonl",
          {"step": 3, "em": 1.0, "fr": 2.0, "mean": 1.5, "cpu_hours": 0.02})
    # still generating its pairs: the latest validation, marked partial; then the score kept before the pairs
    r = evaluate("P.1", [tmp_path])
    assert r.status == "unfinished" and r.measured.values == {"em": 1.0, "fr": 2.0} and r.measured.partial
    write_json(run / "pos" / "tune_bleu.json", {"rewriter_tune_bleu": {"em": 33.3, "fr": 44.4}})
    r = evaluate("P.1", [tmp_path])
    assert r.status == "unfinished" and r.measured.values == {"em": 33.3, "fr": 44.4} and not r.measured.partial
    # how far the generation has gone, from its resume store (a torn last line counts for nothing)
    (run / "pos" / "generated.partial.jsonl").write_text(
        '{"key": "k", "total": 12000}\n{"start": 0, "outs": ["a", "b"]}\n{"start": 2, "outs": ["c"]}\n{"start": 3, "ou',
        encoding="utf-8")
    assert "(3 of 12,000 sentences so far)" in " ".join(evaluate("P.1", [tmp_path]).measured.notes)
    (run / "pos" / "generated.partial.jsonl").write_bytes(b"\xff junk")
    assert "so far" not in " ".join(evaluate("P.1", [tmp_path]).measured.notes)
    (run / "pos" / "generated.partial.jsonl").unlink()
    done(run, "pos")
    r = evaluate("P.1", [tmp_path])
    assert r.measured.values == {"em": 33.3, "fr": 44.4}
    assert (r.measured.hours, r.measured.hours_kind) == (0.02, "CPU")
    assert "90 tagged pairs" in r.measured.data
    assert evaluate("P.2", [tmp_path]).status == "unfinished"  # the rewriter stage has not started


# ----------------------------------------------------------------------------- bad files: a mark, never a crash


@pytest.mark.parametrize("damage, expect", [
    (lambda run: (run / "rewriter" / "report.json").write_text("{not json", encoding="utf-8"), "not JSON"),
    (lambda run: (run / "rewriter" / "report.json").unlink(), "report.json: missing"),
    (lambda run: (run / "rewriter" / "report.json").write_bytes(b"\xff\xfe{}"), "not UTF-8"),
    (lambda run: write_json(run / "rewriter" / "report.json", {"tune": {"em": {"bleu": 1}}}), "'tune.fr.bleu'"),
    (lambda run: write_json(run / "rewriter" / "report.json", {"tune": {"em": {"bleu": "high"}, "fr": {}}}),
     "is 'high', not a number"),
    (lambda run: (run / "rewriter" / "report.json").write_text('{"tune": {"em": {"bleu": NaN}}}'), "not a number"),
    (lambda run: write_json(run / "rewriter" / "report.json", ["a", "list"]), "no 'tune.em.bleu'"),
    (lambda run: (run / "rewriter" / "DONE.json").write_text('{"stage": "rewri', encoding="utf-8"), "DONE.json"),
    (lambda run: write_json(run / "rewriter" / "DONE.json", {"stage": "other"}), "not a DONE record"),
    (lambda run: (run / CONFIG_TOML).write_text("[rewriter\nmode = ", encoding="utf-8"), "config.toml"),
    (lambda run: (run / CONFIG_TOML).unlink(), "not a training run folder"),
    (lambda run: (run / "rewriter" / "train" / "curve.jsonl").write_text("garbage\n{}\n", encoding="utf-8"),
     "curve.jsonl line 1: not JSON"),
    (lambda run: (run / "rewriter" / "train" / "curve.jsonl").write_text('{"step": 1}\n', encoding="utf-8"),
     "'cpu_hours'"),
    (lambda run: (run / "rewriter" / "train" / "best" / "model.safetensors").write_bytes(b"\x05"),
     "not a safetensors file"),
    (lambda run: (run / "rewriter" / "train" / "best" / "model.safetensors").write_bytes(
        (12).to_bytes(8, "little") + b'{"w": {}}   '), "no valid shape"),
])
def test_damaged_run_files_mark_the_row_unreadable(tmp_path, damage, expect):
    run = finished_rewriter(tmp_path)
    damage(run)
    r = evaluate("1.1", [tmp_path])
    assert r.status == "unreadable" and expect in r.why, r.why
    line = next(x for x in render([tmp_path]).splitlines() if x.startswith("| 1.1 |"))
    assert "**unreadable**" in line


def test_a_damaged_progress_log_marks_only_its_rows(tmp_path):
    run = make_run(tmp_path, "seed4-adnet-gyafc", ["adnet.data=gyafc"])
    adnet_report(run)
    done(run, "adnet")
    (run / "progress.jsonl").write_text('[1, 2]\n{"event": "start"}\n', encoding="utf-8")
    assert evaluate("A.1", [tmp_path]).status == "unreadable"
    finished_rewriter(tmp_path)
    assert evaluate("1.1", [tmp_path]).status == "measured"


# ----------------------------------------------------------------------------- the command


def render(runs) -> str:
    return R.render_page(R.SEEDS, [Path(r) for r in runs], "python -m training results --runs X")[0]


def test_command_writes_the_page(tmp_path, capsys):
    finished_rewriter(tmp_path / "runs")
    out = tmp_path / "docs" / "results.md"
    out.parent.mkdir()
    assert R.main(["--runs", str(tmp_path / "runs"), "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("# The seeds' results")
    assert f"python -m training results --runs {tmp_path / 'runs'} --out {out}" in page
    for seed in R.SEEDS:
        assert f"## {seed.title}" in page
        for table in seed.tables:
            assert f"### {table.title}" in page
    assert "2 measured" in capsys.readouterr().err  # rows 1.1 and P.3 read the same run
    assert R.main(["--runs", str(tmp_path / "runs")]) == 0
    assert capsys.readouterr().out == page.replace(f" --out {out}", "")  # the same page on standard output


def test_the_archive_rebuilds_the_page_without_the_runs(tmp_path, capsys):
    """--archive keeps what the page read, without checkpoints' weights or corpus sentences; the page built from
    the archive alone is the page built from the live runs."""
    runs, archive = tmp_path / "runs", tmp_path / "docs" / "runs"
    run = finished_rewriter(runs)
    write_json(run / "fdis" / "report.json", {"pairs": 3, "samples": [["he could fly ha ha", "He could fly."]]})
    adnet = make_run(runs, "seed4-adnet-gyafc", ["adnet.data=gyafc"])
    progress(adnet, "adnet", (100, 1900), (5000, 6800))  # stopped, then resumed: 1.00 wall-clock h
    adnet_report(adnet)
    done(adnet, "adnet", elapsed=1800)
    archive.mkdir(parents=True)
    assert R.main(["--runs", str(runs), "--runs", str(archive), "--archive", str(archive)]) == 0
    live = capsys.readouterr().out
    kept = {p.relative_to(archive).as_posix() for p in archive.rglob("*") if p.is_file()}
    assert "rewriter-cpu-long/rewriter/report.json" in kept and "rewriter-cpu-long/config.toml" in kept
    assert "rewriter-cpu-long/rewriter/train/best/model.safetensors.header.json" in kept
    assert not any(k.endswith(".safetensors") for k in kept)            # no weights in the repository
    assert "rewriter-cpu-long/fdis/report.json" not in kept              # only what a row read
    # the progress log keeps only what the hours need: the starts and each run's last event
    events = [json.loads(x) for x in (archive / "seed4-adnet-gyafc" / "progress.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "stopped", "start", "stopped"]
    shutil.rmtree(runs)
    runs.mkdir()
    assert R.main(["--runs", str(runs), "--runs", str(archive)]) == 0
    again = capsys.readouterr().out
    # the same page, the rows naming the archive as their run folder
    assert again.replace(f" --runs {archive}", "").replace(str(archive), str(runs)) == \
        live.replace(f" --runs {archive} --archive {archive}", "")
    assert "61.23" in again and "1.00 wall-clock h" in again
    # the archive is never archived into itself, and an archived run's files stay as they are
    before = {p: p.read_bytes() for p in archive.rglob("*") if p.is_file()}
    assert R.main(["--runs", str(archive), "--archive", str(archive)]) == 0
    assert {p: p.read_bytes() for p in archive.rglob("*") if p.is_file()} == before


def test_a_live_run_started_again_does_not_hide_the_archived_measurement(tmp_path, capsys):
    """A row's folder started afresh under runs/ (its stage not begun, or unfinished) leaves the page showing the
    archived measurement, and the archive's files as they were, until the new run measures the row itself."""
    runs, archive = tmp_path / "runs", tmp_path / "docs" / "runs"
    finished_rewriter(archive)
    before = {p: p.read_bytes() for p in archive.rglob("*") if p.is_file()}
    make_run(runs, "rewriter-cpu-long", ["rewriter.mode=original", "rewriter.augment="])  # started again
    assert R.main(["--runs", str(runs), "--runs", str(archive), "--archive", str(archive)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("| 1.1 |"))
    assert "| 61.23 | 66.50 |" in line and "unfinished" not in line
    assert {p: p.read_bytes() for p in archive.rglob("*") if p.is_file()} == before
    finished_rewriter(tmp_path / "new")  # ... and once it measures the row, the new numbers win
    shutil.rmtree(runs / "rewriter-cpu-long")
    shutil.copytree(tmp_path / "new" / "rewriter-cpu-long", runs / "rewriter-cpu-long")
    rewriter_report(runs / "rewriter-cpu-long", em=70.5, fr=71.5)
    assert R.main(["--runs", str(runs), "--runs", str(archive)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("| 1.1 |"))
    assert "| 70.50 | 71.50 |" in line


def test_archived_reports_lose_their_sample_sentences(tmp_path):
    run = make_run(tmp_path / "runs", "r")
    write_json(run / "fdis" / "report.json", {"pairs": 3, "per_pivot": [{"samples": ["text"], "kept": 2}],
                                              "samples": [["a", "b"]]})
    out = R.archive_run_files(run, [run / "fdis" / "report.json"], tmp_path / "archive")
    assert json.loads(out[0].read_text()) == {"pairs": 3, "per_pivot": [{"kept": 2}]}


def test_compact_progress_keeps_what_the_hours_need():
    recs = [{"event": "progress", "stage": "a", "time": 5},                       # before any start: unused
            {"event": "start", "stage": "a", "time": 10, "device": "cpu"},
            {"event": "progress", "stage": "a", "time": 12},
            {"event": "start", "stage": "b", "time": 13},
            {"event": "progress", "stage": "a", "time": 20},
            {"event": "progress", "stage": "b", "time": 15},
            {"event": "start", "stage": "a", "time": 30, "device": "cuda"},
            {"event": "done", "stage": "a", "time": 31},
            {"event": "note", "time": 40}]
    got = R.compact_progress(recs)
    assert got == [recs[1], recs[3], recs[4], recs[5], recs[6], recs[7]]


def test_command_through_python_m_training(tmp_path, capsys):
    from training.cli import main

    assert main(["results", "--runs", str(tmp_path)]) == 0
    assert "**not run**" in capsys.readouterr().out


@pytest.mark.parametrize("argv, code, msg", [
    ([], 2, "--runs"),
    (["--runs"], 2, "--runs"),
    (["--runs", "{missing}"], 4, "not a folder"),
    (["--runs", "{file}"], 4, "not a folder"),
    (["--runs", "{tmp}", "--out", "{tmp}"], 4, "cannot write"),
    (["--runs", "{tmp}", "--bogus"], 2, "--bogus"),
])
def test_bad_command_lines(tmp_path, capsys, argv, code, msg):
    (tmp_path / "f").write_text("x")
    argv = [a.format(missing=tmp_path / "nope", file=tmp_path / "f", tmp=tmp_path) for a in argv]
    assert R.main(argv) == code
    assert msg in capsys.readouterr().err


# ----------------------------------------------------------------------------- folders the real stages wrote


@pytest.mark.slow
def test_reads_what_the_tiny_stages_write(tmp_path, fixture_data, capsys):
    """The readers against real tiny runs: rewriter (curve.jsonl, report.json, best checkpoint), consistency
    (result.json), jfc + adnet, classifier; every row they fill is measured with finite numbers."""
    pytest.importorskip("torch")
    pytest.importorskip("optimum")
    from training.cli import main

    scorer = REPO / "tests" / "fixtures" / "models" / "scorer"
    run = tmp_path / "runs" / "tiny"
    common = ["--config", str(TINY), "--run-dir", str(run), f"data.root={fixture_data}", "rewriter.mode=original",
              "rewriter.augment=", "rewriter.export=false", f"rewriter.scorer={scorer}",
              f"consistency.scorer={scorer}", "consistency.final_eval=true", "adnet.data=jfc"]
    for stage in ("rewriter", "consistency", "adnet", "classifier"):
        rc = main([stage, *common])
        assert rc == 0, (stage, capsys.readouterr().out[-2000:])
    capsys.readouterr()
    rows = [replace(ROWS["1.1"], run="tiny"), replace(ROWS["A.2"], run="tiny", expect=()),
            replace(ROWS["J.3"], run="tiny", expect=()), replace(ROWS["7.2"], run="tiny", expect=())]
    for row in rows:
        r = R.evaluate_row(row, [tmp_path / "runs"])
        assert r.status == "measured", (row.key, r.why)
        assert r.measured.values and all(math.isfinite(v) for v in r.measured.values.values()), row.key
        assert r.measured.hours is not None and r.measured.hours >= 0, row.key
    rw = R.evaluate_row(rows[0], [tmp_path / "runs"]).measured
    assert rw.hours_kind == "CPU" and rw.params and rw.params > 0


def _tiny_safetensors(path, n):
    """A safetensors file of one float32 tensor of ``n`` values (the header is all the page reads)."""
    import struct
    header = json.dumps({"w": {"dtype": "F32", "shape": [n], "data_offsets": [0, 4 * n]}}).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(struct.pack("<Q", len(header)) + header + b"\0" * (4 * n))


def test_a_consistency_runs_size_outlives_its_init_folder(tmp_path, monkeypatch):
    """A consistency row's model size came from its init checkpoint alone, at a path of one machine: on another the
    size fell off the page. The run's own best checkpoint is read first (its header is archived with the run); the
    init it continued is archived as consistency/init, and found again from there."""
    monkeypatch.chdir(tmp_path)
    run = tmp_path / "runs" / "c"
    _tiny_safetensors(run / "consistency" / "best" / "model.safetensors", 7)
    assert R._consistency_params(run, "/elsewhere/base") == 7
    out = R.archive_run_files(run, [run / "consistency" / "best" / "model.safetensors"], tmp_path / "archive")
    assert out == [tmp_path / "archive" / "c" / "consistency" / "best" / "model.safetensors.header.json"]
    assert R._consistency_params(tmp_path / "archive" / "c", "/elsewhere/base") == 7
    # a run without a best checkpoint of its own: its init, where it is, under runs/ by name, or archived
    bare = tmp_path / "runs" / "d"
    bare.mkdir(parents=True)
    _tiny_safetensors(tmp_path / "runs" / "base" / "model.safetensors", 5)
    assert R._consistency_params(bare, "/old/machine/base") == 5
    R.archive_run_files(bare, [tmp_path / "runs" / "base" / "model.safetensors"], tmp_path / "archive")
    assert (tmp_path / "archive" / "d" / "consistency" / "init" / "model.safetensors.header.json").is_file()
    (tmp_path / "runs" / "base" / "model.safetensors").unlink()
    assert R._consistency_params(bare, "/old/machine/base") is None
    assert R._consistency_params(tmp_path / "archive" / "d", "/old/machine/base") == 5
