"""`python -m training STAGE [--config FILE] [--run-dir DIR] [--force] [--max-minutes N] [key=value ...]`.

JSON lines on stdout. `--max-minutes N` stops cleanly after N minutes without marking the stage done, so the
same command (or `--run-dir DIR` alone: the run's saved config is reused) resumes from the last checkpoint.

Also `python -m training list` (the stages) and `python -m training eval-classifier --model DIR`.
Exit codes: 0 ok, 2 usage, 3 model problem, 4 input problem, 130 stopped, 1 crash (with an "error" event).
The run folder layout, the events and the exit codes are the run contract in training/protocol.py.
"""
from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError, KeigoError, ModelError
from training.protocol import (
    CONFIG_TOML,
    EXIT_CRASH,
    EXIT_INPUT,
    EXIT_MODEL,
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_USAGE,
    OverrideError,
    encode_event,
    new_run_dir,
    parse_override,
)

# commands that are not stages: name -> "module:function(argv) -> int"
COMMANDS = {
    "eval-classifier": "training.evaluate_classifier:main",
    "eval": "training.cli:eval_command",
    "eval-faithfulness": "training.faithfulness:main",
    "formal-lm": "training.formal_lm:main",
    "markers": "training.markers:main",
    "recover-rewriter": "training.recover_rewriter:main",
    "equivalents": "training.equivalents:main",
    "attach-rerank": "training.attach_rerank:main",
    "attach-canonical": "training.attach_canonical:main",
    "attach-display": "training.attach_display:main",
    "make-ensemble": "training.make_ensemble:main",
    "jfc-row": "training.jfc_row:main",
    "eval-scores": "training.eval_scores:main",
    "curves": "training.curves:main",
    "results": "training.results:main",
}


def eval_command(argv: Sequence[str]) -> int:
    """`eval classifier --model DIR ...` scores classifiers; other evaluations live in training.evaluate."""
    argv = list(argv)
    if argv and argv[0] == "classifier":
        from training.evaluate_classifier import main as eval_classifier

        return eval_classifier(argv[1:])
    import importlib.util

    if importlib.util.find_spec("training.evaluate") is None:
        sys.stderr.write("keigo: error: eval: use `eval classifier --model DIR` (training.evaluate is not installed)\n")
        return EXIT_USAGE
    from training import evaluate

    return int(evaluate.main(argv) or 0)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _UsageError(message)


def _print_json(obj) -> None:
    sys.stdout.write(encode_event(obj) + "\n")
    sys.stdout.flush()


def _cmd_list() -> int:
    from training.stages import STAGES, load_stage

    for name, target in STAGES.items():
        rec = {"event": "stage", "stage": name, "entry": target}
        try:
            cls = load_stage(name)
            doc = (cls.description or (cls.__doc__ or "")).strip().splitlines()
            rec["description"] = doc[0] if doc else ""
            rec["requires"] = list(cls.requires)
        except Exception as exc:  # noqa: BLE001 - list what exists even when one stage is broken
            rec["import_error"] = f"{type(exc).__name__}: {exc}"
        _print_json(rec)
    for name, target in COMMANDS.items():
        _print_json({"event": "command", "command": name, "entry": target})
    return EXIT_OK


def default_run_dir(stage: str) -> Path:
    from engine.paths import runs_dir

    return new_run_dir(stage, runs_dir())


def build_context(config_path, overrides, run_dir, stage_hint: str):
    """Load the config (a resumed run reuses its saved config.toml when no --config is given)."""
    from training.config import load_config
    from training.context import RunContext

    if run_dir is None:
        base = load_config(config_path, overrides)
        configured = base.section("run").run_dir
        run_dir = Path(configured) if configured else default_run_dir(stage_hint)
    run_dir = Path(run_dir).expanduser()
    if config_path is None and (run_dir / CONFIG_TOML).is_file():
        config_path = run_dir / CONFIG_TOML
    config = load_config(config_path, overrides)
    return RunContext(run_dir, config)


# `python -m training all`: the full research pipeline in dependency order (finished stages are skipped,
# so a stopped run resumes where it ended). The scorer comes first: F-Dis and the consistency filters
# use it as their discriminator.
DEFAULT_PIPELINE = ("jfc", "classifier", "adnet", "tokenizer", "mtask", "bt", "fdis", "pos", "rewriter", "consistency")


def run_stage_command(argv: Sequence[str]) -> int:
    parser = _Parser(prog="python -m training", add_help=False)
    parser.add_argument("stage")
    parser.add_argument("--config")
    parser.add_argument("--run-dir")
    parser.add_argument("--force", action="store_true", help="re-run the named stage even when finished")
    parser.add_argument("--max-minutes", type=float, default=0.0,
                        help="stop cleanly after this many minutes (not marked done: the same command resumes)")
    parser.add_argument("-h", "--help", action="store_true")
    parser.add_argument("overrides", nargs="*")
    try:
        args = parser.parse_intermixed_args(argv)
    except _UsageError as exc:
        sys.stderr.write(f"keigo: error: {exc}\n")
        return EXIT_USAGE
    from training.stages import STAGES

    names = list(DEFAULT_PIPELINE) if args.stage == "all" else [args.stage]
    unknown = [n for n in names if n not in STAGES]
    if unknown:
        sys.stderr.write(f"keigo: error: unknown stage {unknown[0]!r}; known: all, {', '.join(sorted(STAGES))}\n")
        return EXIT_USAGE
    for o in args.overrides:
        try:
            parse_override(o)
        except OverrideError as exc:
            sys.stderr.write(f"keigo: error: unexpected argument {o!r}: {exc}\n")
            return EXIT_USAGE

    from training.pipeline import StageStopped, run_pipeline, save_resolved_config

    ctx = None
    try:
        ctx = build_context(args.config, args.overrides, args.run_dir, args.stage)
        ctx.stop.set_budget(args.max_minutes)
        ctx.stop.install()
        save_resolved_config(ctx)
        ctx.emit("log", message=f"device: {ctx.device}", device=str(ctx.device), run_dir=str(ctx.run_dir))
        run_pipeline(names, ctx, force=names if args.force else ())
        return EXIT_OK
    except StageStopped:
        return EXIT_STOPPED
    except KeyboardInterrupt:
        _event_or_print(ctx, "stopped", "interrupted")
        return EXIT_STOPPED
    except InputError as exc:
        _event_or_print(ctx, "error", str(exc), kind="input")
        sys.stderr.write(f"keigo: error: {exc}\n")
        return EXIT_INPUT
    except ModelError as exc:
        _event_or_print(ctx, "error", str(exc), kind="model")
        sys.stderr.write(f"keigo: error: {exc}\n")
        return EXIT_MODEL
    except KeigoError as exc:
        _event_or_print(ctx, "error", str(exc), kind="keigo")
        sys.stderr.write(f"keigo: error: {exc}\n")
        return EXIT_CRASH
    except Exception as exc:  # noqa: BLE001 - a crash still ends with an "error" event for the GUI
        _event_or_print(ctx, "error", f"{type(exc).__name__}: {exc}", kind="crash")
        traceback.print_exc(file=sys.stderr)
        return EXIT_CRASH
    finally:
        if ctx is not None:
            ctx.stop.uninstall()


def _event_or_print(ctx, event: str, message: str, **fields) -> None:
    if ctx is not None:
        try:
            ctx.emit(event, message=message, **fields)
            return
        except OSError:
            pass
    _print_json({"event": event, "message": message, **fields})


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stderr.write(__doc__ + "\nRun `python -m training list` for the stages.\n")
        return EXIT_OK if argv else EXIT_USAGE
    if argv[0] == "list":
        return _cmd_list()
    if argv[0] in COMMANDS:
        import importlib

        module, _, func = COMMANDS[argv[0]].partition(":")
        try:
            return int(getattr(importlib.import_module(module), func)(argv[1:]) or 0)
        except KeyboardInterrupt:
            _print_json({"event": "stopped", "message": "interrupted"})
            return EXIT_STOPPED
    return run_stage_command(argv)
