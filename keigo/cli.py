"""The one `keigo` command: dispatches to the engine (in-process), the desktop app (lazily) or training (subprocess).

`keigo score|rewrite|models` never import Qt or torch; `keigo` / `keigo gui` / `keigo --self-test` import the
GUI only then; `keigo train|eval` run `python -m training ...` in a child process, exactly as the Train panel does.
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence

# a missing extra (gui, train) is "something to install", the exit code of a missing model
from engine.errors import EXIT_MODEL as EXIT_MISSING
from engine.errors import EXIT_STOPPED as EXIT_INTERRUPTED
from engine.errors import EXIT_USAGE
from keigo import qt_check

USAGE = """usage: keigo [gui | --self-test]                 the desktop app
       keigo score [FILE|-] [--json]             P(formal) per line: '0.1234<TAB>line'
       keigo rewrite [FILE|-] [--beam N] [--nbest K] [--rules-only] [--json]
       keigo models list | use ROLE VERSION | rollback ROLE | verify [ROLE] | install ROLE DIR
       keigo train STAGE --config FILE [--run-dir DIR] [--force] [--max-minutes N] [key=value ...]
       keigo eval ...
exit codes: 0 ok, 2 usage error, 3 model problem or something to install, 4 input problem, 130 interrupted"""

ENGINE_COMMANDS = ("score", "rewrite", "models")


def _run_gui(argv: list[str]) -> int:
    try:
        if importlib.util.find_spec("PySide6") is None:
            raise ImportError("PySide6")
    except ImportError as e:
        print(f"keigo: error: the desktop app needs the gui extra: pip install 'keigo[gui]' ({e})", file=sys.stderr)
        return EXIT_MISSING
    # Before Qt is imported: without a display or its platform libraries Qt aborts the process (SIGABRT).
    problem = qt_check.problem(argv)
    if problem:
        print(f"keigo: error: {problem}", file=sys.stderr)
        return EXIT_MISSING
    try:
        from gui.app import main as gui_main
    except ImportError as e:
        print(f"keigo: error: the desktop app cannot load ({e}); reinstall the gui extra: "
              "pip install 'keigo[gui]'", file=sys.stderr)
        return EXIT_MISSING
    return int(gui_main(argv) or 0)


# CPU-only PyTorch (the default torch wheel on Linux carries gigabytes of CUDA libraries).
CPU_TORCH = "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu"

_PROBE = ("import importlib.util as u; "
          "print(' '.join(m for m in ('training', 'torch', 'transformers') if u.find_spec(m) is None))")


def _lacking_in(python: str, env: dict[str, str]) -> list[str]:
    """The training modules another interpreter cannot find (found without importing them: fast)."""
    try:
        proc = subprocess.run([python, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=60,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ["a working Python"]
    if proc.returncode != 0:
        return ["a working Python"]
    return proc.stdout.split()


def _run_training(argv: list[str]) -> int:
    # The run contract is standard library only: importing it costs `keigo score` nothing (it is not imported there).
    from training.protocol import launch_command, launch_env, training_python

    python = training_python()
    env = launch_env()
    if python == sys.executable:
        lacking = [m for m in ("torch", "transformers") if importlib.util.find_spec(m) is None]
    elif getattr(sys, "frozen", False) and not os.environ.get("KEIGO_TRAIN_PYTHON"):
        # The desktop bundle has no Python of its own: the python3 found on PATH must have the train extra.
        lacking = _lacking_in(python, env)
    else:
        lacking = []  # an interpreter the user chose (KEIGO_TRAIN_PYTHON) says itself what it lacks
    if lacking:
        print(f"keigo: error: training needs the train extra ({python} lacks {', '.join(lacking)}): "
              f"pip install 'keigo[train]' (install CPU torch first: {CPU_TORCH}); "
              "KEIGO_TRAIN_PYTHON picks another Python", file=sys.stderr)
        return EXIT_MISSING
    cmd = launch_command(["-m", "training", *argv], python)
    try:
        proc = subprocess.Popen(cmd, env=env)
    except OSError as e:
        print(f"keigo: error: cannot start {' '.join(cmd[:3])}: {e}", file=sys.stderr)
        return EXIT_MISSING
    try:
        return proc.wait()
    except KeyboardInterrupt:
        # The child got the same SIGINT from the terminal: give it time to save and stop cleanly.
        try:
            proc.wait(timeout=30)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            proc.kill()
            proc.wait()
        return EXIT_INTERRUPTED


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(argv)
    except BrokenPipeError:
        # `keigo --help | head`: the reader left; stop quietly instead of a traceback at exit.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 0


def _dispatch(argv: list[str]) -> int:
    if not argv or argv[0] == "--self-test":
        return _run_gui(argv)
    cmd, rest = argv[0], argv[1:]
    if cmd == "gui":
        return _run_gui(rest)
    if cmd in ENGINE_COMMANDS:
        from engine.cli import main as engine_main

        return engine_main(argv)
    if cmd == "train":
        return _run_training(rest)
    if cmd == "eval":
        return _run_training(argv)
    if cmd in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if cmd == "--version":
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"keigo {version('keigo')}")
        except PackageNotFoundError:
            print("keigo (not installed; running from a checkout)")
        return 0
    print(f"keigo: error: unknown command {cmd!r}\n{USAGE}", file=sys.stderr)
    return EXIT_USAGE
