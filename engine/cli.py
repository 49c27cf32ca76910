"""The engine's command-line subcommands: keigo score, keigo rewrite, keigo models (run in-process by keigo.cli).

The line contract (stable; scripts and evaluations rely on it):
  * input is read as lines separated by "\\n" ("\\r\\n" also ends a line); output has exactly one line per
    input line, in the same order, flushed batch by batch while stdin is still being read;
  * ``score`` prints ``<P(formal) with 4 decimals>\\t<line>``; an empty or whitespace-only line prints
    ``nan\\t<line>``; ``--json`` prints ``{"score": float|null, "text": line, "words": [...]}``;
  * ``rewrite`` prints the best rewrite (with ``--nbest K``, the K candidates separated by tabs), keeping
    the line's leading/trailing whitespace; an empty line gives an empty line; ``--json`` prints
    ``{"source": line, "candidates": [{"text", "score"}], "flags": [...]}``;
  * bytes that are not UTF-8 are replaced by U+FFFD (with a warning on stderr), never dropped.
Exit codes: 0 ok, 2 usage, 3 model problem, 4 input problem, 130 interrupted.
"""
from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from engine.errors import InputError, KeigoError, ModelError

EXIT_OK, EXIT_USAGE, EXIT_MODEL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 2, 3, 4, 130
_PROGRESS_MIN_LINES = 1000


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit; the caller maps this to exit code 2
        raise _UsageError(f"{self.prog}: {message}")


def _err(msg: str) -> None:
    print(f"keigo: error: {msg}", file=sys.stderr, flush=True)


def _warn(msg: str) -> None:
    print(f"keigo: warning: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------- input/output


class LineReader:
    """Lines of a file or stdin, decoded as UTF-8 with replacement (warned once), without their line ends."""

    def __init__(self, spec: str):
        self.spec = spec
        self.name = "stdin" if spec == "-" else spec
        self.interactive = False
        self.total: int | None = None
        if spec == "-":
            stream = getattr(sys.stdin, "buffer", None)
            self._bytes = stream is not None
            self._stream = stream if stream is not None else sys.stdin
            try:
                self.interactive = sys.stdin.isatty()
            except (AttributeError, ValueError):
                self.interactive = False
            self._owned = False
        else:
            path = Path(spec)
            try:
                if path.is_dir():
                    raise InputError(f"{spec} is a directory, not a text file")
                self._stream = open(path, "rb")  # noqa: SIM115 - closed when iteration ends
            except InputError:
                raise
            except OSError as e:
                raise InputError(f"cannot read {spec}: {e.strerror or e}") from e
            self._bytes = True
            self._owned = True
        self._warned = False

    def count_lines(self) -> int | None:
        """Number of lines of a file (for the progress bar); None for stdin."""
        if self.spec == "-":
            return None
        n, last = 0, b"\n"
        with open(self.spec, "rb") as f:
            while chunk := f.read(1 << 20):
                n += chunk.count(b"\n")
                last = chunk[-1:]
        return n + (0 if last == b"\n" else 1)

    def __iter__(self) -> Iterator[str]:
        lineno = 0
        try:
            for raw in self._stream:
                lineno += 1
                if self._bytes:
                    if raw.endswith(b"\n"):
                        raw = raw[:-1]
                        if raw.endswith(b"\r"):
                            raw = raw[:-1]
                    if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                        raw = raw[3:]
                    try:
                        line = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        line = raw.decode("utf-8", errors="replace")
                        if not self._warned:
                            self._warned = True
                            _warn(f"{self.name} line {lineno} is not valid UTF-8; undecodable bytes were "
                                  "replaced with U+FFFD (reported once)")
                else:
                    line = raw.removesuffix("\n")
                    line = line.removesuffix("\r")
                yield line
        except OSError as e:
            raise InputError(f"cannot read {self.name}: {e}") from e
        finally:
            if self._owned:
                self._stream.close()


def _batches(reader: LineReader, size: int) -> Iterator[list[str]]:
    # An interactive terminal gets an answer per line; pipes and files are batched for throughput.
    size = 1 if reader.interactive else max(1, size)
    batch: list[str] = []
    for line in reader:
        batch.append(line)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _setup_stdout() -> None:
    # Output is UTF-8 whatever the locale says, so no input character can make writing fail.
    try:
        sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    except (AttributeError, ValueError, OSError):
        pass


def _one_line(text: str) -> str:
    """Keep the one-line-per-input contract even if a model generates a line break."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def _json_line(obj) -> str:
    s = json.dumps(obj, ensure_ascii=False)
    # JSON allows these raw; some line splitters do not, so they are escaped.
    return s.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\u0085", "\\u0085")


class _Progress:
    def __init__(self, reader: LineReader, desc: str):
        self.bar = None
        if reader.spec == "-":
            return
        try:
            tty = sys.stderr.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:
            return
        total = reader.count_lines()
        if total and total > _PROGRESS_MIN_LINES:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="line", file=sys.stderr, leave=False)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------------------------------- commands


def _registry():
    from engine.registry import ModelRegistry

    return ModelRegistry()


def cmd_score(args) -> int:
    reader = LineReader(args.input)
    scorer = _registry().load_scorer(args.role, providers=args.device)
    out = sys.stdout
    progress = _Progress(reader, "score")
    try:
        for batch in _batches(reader, args.batch_size):
            scores = scorer.score(batch, batch_size=args.batch_size)
            lines = []
            for line, p in zip(batch, scores):
                p = float(p)
                if args.json:
                    words = [] if math.isnan(p) else [
                        {"word": w.word, "start": w.start, "end": w.end, "weight": round(w.weight, 6)}
                        for w in scorer.explain(line)]
                    lines.append(_json_line({"score": None if math.isnan(p) else round(p, 6), "text": line,
                                             "words": words}))
                else:
                    lines.append(("nan" if math.isnan(p) else f"{p:.4f}") + "\t" + line)
            out.write("\n".join(lines) + "\n")
            out.flush()
            progress.update(len(batch))
    finally:
        progress.close()
    return EXIT_OK


def _rewrite_batch(rewriter, batch: list[str], beam: int, nbest: int, **options):
    """Rewrites of the stripped lines, put back between each line's own leading/trailing whitespace."""
    from engine.types import Candidate, Rewrite

    todo = [i for i, line in enumerate(batch) if line.strip()]
    results: list = [Rewrite(line, (Candidate(line, 0.0),), ("empty",)) for line in batch]
    if todo:
        cores = [batch[i].strip() for i in todo]
        done = rewriter.rewrite(cores, beam=beam, nbest=nbest, **options)
        for i, core, rw in zip(todo, cores, done):
            line = batch[i]
            lead = line[: len(line) - len(line.lstrip())]
            trail = line[len(line.rstrip()):]
            cands = tuple(Candidate(lead + _one_line(c.text) + trail, c.score, c.flags) for c in rw.candidates) or (
                Candidate(line, 0.0),)
            results[i] = Rewrite(line, cands, tuple(rw.flags))
    return results


def cmd_rewrite(args) -> int:
    if not (1 <= args.beam <= MAX_BEAM and 1 <= args.nbest <= MAX_BEAM):
        raise _UsageError(f"keigo rewrite: --beam and --nbest must be whole numbers from 1 to {MAX_BEAM}")
    reader = LineReader(args.input)
    options = {}
    if args.rules_only:
        from engine.rules import RuleFormalizer

        rewriter = RuleFormalizer()
    else:
        registry = _registry()
        rewriter = registry.load_rewriter(providers=args.device)
        if rewriter.info.kind == "rules":
            _warn("no rewriter model is installed; using the rule-based formalizer")
        else:
            from engine.faithful import make_safe

            try:
                scorer = registry.load_scorer("scorer", providers=args.device)
            except ModelError as exc:
                scorer = None
                _warn(f"no formality scorer ({exc}); formal lines are rewritten too and candidates are not "
                      "ranked by formality")
            rewriter = make_safe(rewriter, scorer)
            options = {"force": args.force}
    out = sys.stdout
    progress = _Progress(reader, "rewrite")
    beam = max(args.beam, args.nbest)
    lineno, unchanged = 0, 0
    try:
        for batch in _batches(reader, args.batch_size):
            results = _rewrite_batch(rewriter, batch, beam, args.nbest, **options)
            lines = []
            for rw in results:
                lineno += 1
                if "too_long" in rw.flags or "no_output" in rw.flags:
                    # The line is printed unchanged; say so, since plain output cannot carry the flag.
                    unchanged += 1
                    if unchanged <= 10:
                        why = "is longer than the rewriter's input limit" if "too_long" in rw.flags else \
                            "got no output from the model"
                        _warn(f"{reader.name} line {lineno} {why}; it is printed unchanged")
                cands = list(rw.candidates)[: args.nbest]
                if args.json:
                    lines.append(_json_line({"source": rw.source,
                                             "candidates": [{"text": c.text, "score": round(float(c.score), 6),
                                                             "flags": list(c.flags)} for c in cands],
                                             "flags": list(rw.flags)}))
                else:
                    lines.append("\t".join(c.text for c in cands) if cands else rw.source)
            out.write("\n".join(lines) + "\n")
            out.flush()
            progress.update(len(batch))
    finally:
        progress.close()
    if unchanged > 10:
        _warn(f"{unchanged} lines in all were printed unchanged")
    return EXIT_OK


def _fmt_metrics(metrics: dict, limit: int = 4) -> str:
    parts = []
    for k, v in list(metrics.items()):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        parts.append(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}")
        if len(parts) >= limit:
            break
    return " ".join(parts)


def cmd_models(args) -> int:
    reg = _registry()
    if args.models_cmd == "list":
        rows = [("ROLE", "VERSION", "CUR", "CREATED", "KIND", "METRICS")]
        roles = [args.role] if args.role else reg.roles()
        for role in roles:
            versions = reg.list(role)
            for v in versions:
                rows.append((role, v.version, "*" if v.current else "", v.created or "-",
                             v.kind if not v.problem else "INVALID",
                             _fmt_metrics(v.metrics) if not v.problem else v.problem[:60]))
            if not versions or reg.current(role) is None:
                fallback = "rules" if role == "rewriter" else "-"
                note = "no model installed: rule-based formalizer" if role == "rewriter" else "no model installed"
                rows.append((role, fallback, "*" if role == "rewriter" else "", "-", fallback, note))
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        for r in rows:
            print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
        return EXIT_OK
    if args.models_cmd == "use":
        v = reg.use(args.role, args.version)
        print(f"{v.role}: now using {v.version}")
        return EXIT_OK
    if args.models_cmd == "rollback":
        v = reg.rollback(args.role)
        print(f"{v.role}: rolled back to {v.version}")
        return EXIT_OK
    if args.models_cmd == "install":
        v = reg.install(args.role, Path(args.directory), version=args.version, activate=args.activate)
        print(f"{v.role}: installed {v.version} at {v.path}" + (" (now in use)" if args.activate else ""))
        return EXIT_OK
    if args.models_cmd == "verify":
        bad = 0
        roles = [args.role] if args.role else reg.roles()
        for role in roles:
            results = reg.verify(role)
            for res in results:
                if res.ok:
                    print(f"ok      {role}/{res.version}  {res.path}")
                else:
                    bad += 1
                    print(f"FAILED  {role}/{res.version}  {res.path}")
                    for p in res.problems:
                        print(f"        {p}")
            if role == "rewriter" and reg.current(role) is None:
                try:
                    from engine.rules import RuleFormalizer

                    rf = RuleFormalizer()
                    rf.formalize("hello")
                    print(f"ok      rewriter/rules  {rf.lexicon_dir}  (no model installed: rule-based formalizer)")
                except (KeigoError, OSError) as e:
                    bad += 1
                    print(f"FAILED  rewriter/rules  {e}")
            elif not results:
                print(f"-       {role}: no model installed")
        if bad:
            _err(f"{bad} model version(s) failed verification")
            return EXIT_MODEL
        return EXIT_OK
    raise _UsageError("keigo models: choose one of list, use, rollback, verify, install")


# ---------------------------------------------------------------------------------------- parser


MAX_BEAM = 16  # beam search memory grows with beam x vocabulary x length: a hard ceiling, not a hint


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="keigo", description="Keigo: English formality scores and formal rewrites, offline.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    def _common(sp):
        sp.add_argument("input", nargs="?", default="-", help="a UTF-8 text file, one sentence per line; - for stdin")
        sp.add_argument("--json", action="store_true", help="one JSON object per line")
        sp.add_argument("--batch-size", type=int, default=64, help="lines per model batch (default 64)")
        sp.add_argument("--device", default=None, help="cpu (default), cuda or auto")

    sc = sub.add_parser("score", help="P(formal) per line: '0.1234<TAB>line'")
    _common(sc)
    sc.add_argument("--role", default="scorer", help="scorer role: scorer (default) or scorer-accurate")

    rw = sub.add_parser("rewrite", help="a formal rewrite per line")
    _common(rw)
    rw.add_argument("--beam", type=int, default=4, help="beam size (1 = greedy; default 4)")
    rw.add_argument("--nbest", type=int, default=1, help="candidates per line (tab-separated; default 1)")
    rw.add_argument("--rules-only", action="store_true", help="use the rule-based formalizer, not a model")
    rw.add_argument("--force", action="store_true",
                    help="rewrite lines the scorer already finds formal (only candidates that pass the checks)")

    md = sub.add_parser("models", help="list, switch, roll back and verify installed models")
    msub = md.add_subparsers(dest="models_cmd", parser_class=_Parser)
    ls = msub.add_parser("list", help="installed versions per role")
    ls.add_argument("role", nargs="?")
    us = msub.add_parser("use", help="switch a role to a version (verified first)")
    us.add_argument("role")
    us.add_argument("version")
    rb = msub.add_parser("rollback", help="go back to the previously used version")
    rb.add_argument("role")
    vf = msub.add_parser("verify", help="check checksums and that every ONNX file loads (exit 3 on any problem)")
    vf.add_argument("role", nargs="?")
    ins = msub.add_parser("install", help="install a finished model directory (verified, then renamed in)")
    ins.add_argument("role")
    ins.add_argument("directory")
    ins.add_argument("--version", default=None)
    ins.add_argument("--activate", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one engine subcommand; returns the exit code (never raises for user-facing problems)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # --help
            return int(e.code or 0)
        if args.command is None:
            raise _UsageError("keigo: choose a command: score, rewrite, models")
        if getattr(args, "batch_size", 1) < 1:
            raise _UsageError("keigo: --batch-size must be at least 1")
        if args.command == "models" and not args.models_cmd:
            raise _UsageError("keigo models: choose one of list, use, rollback, verify, install")
        _setup_stdout()
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("keigo: warning: %(message)s"))
        logger = logging.getLogger("keigo")
        logger.addHandler(handler)
        logger.propagate = False
        try:
            return {"score": cmd_score, "rewrite": cmd_rewrite, "models": cmd_models}[args.command](args)
        finally:
            logger.removeHandler(handler)
            logger.propagate = True
    except _UsageError as e:
        print(str(e), file=sys.stderr)
        print("usage: keigo {score,rewrite,models} ...  (keigo -h for help)", file=sys.stderr)
        return EXIT_USAGE
    except ModelError as e:
        _err(str(e))
        return EXIT_MODEL
    except InputError as e:
        _err(str(e))
        return EXIT_INPUT
    except KeigoError as e:
        _err(str(e))
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("keigo: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (keigo score f | head): stop quietly, and keep Python from complaining at exit.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_OK
