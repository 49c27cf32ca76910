"""`python -m training all`: the whole research pipeline end to end on the tiny config, then resumed."""
import json
import subprocess
import sys
from pathlib import Path

from training.cli import DEFAULT_PIPELINE
from training.stages import STAGES

REPO = Path(__file__).resolve().parents[2]


def _run(run_dir, *extra):
    proc = subprocess.run(
        [sys.executable, "-m", "training", "all", "--config", "assets/configs/tiny.toml",
         "--run-dir", str(run_dir), *extra],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False,
    )
    events = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return proc.returncode, events, proc.stderr


def test_default_pipeline_names_real_stages_in_dependency_order():
    assert set(DEFAULT_PIPELINE) <= set(STAGES)
    # the scorer is trained before the stages that use it as their discriminator
    order = list(DEFAULT_PIPELINE)
    assert order.index("classifier") < order.index("fdis") < order.index("rewriter") < order.index("consistency")


def test_all_runs_every_stage_then_resumes_without_rerunning(tmp_path):
    rc, events, err = _run(tmp_path / "run")
    assert rc == 0, err[-2000:]
    done = [e["stage"] for e in events if e["event"] == "done"]
    assert done == list(DEFAULT_PIPELINE)
    for name in DEFAULT_PIPELINE:
        assert (tmp_path / "run" / name / "DONE.json").is_file(), name
    rc, events, err = _run(tmp_path / "run")
    assert rc == 0, err[-2000:]
    assert not [e for e in events if e["event"] == "done"]  # every stage skipped: resume, not redo


def test_all_with_a_bad_override_is_a_usage_error(tmp_path):
    rc, _, err = _run(tmp_path / "run", "nosuchsection.key=1")
    assert rc in (2, 4) and "nosuchsection" in err
