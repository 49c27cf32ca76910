"""The engine's command-line subcommands: keigo score, keigo rewrite, keigo models (run in-process by keigo.cli).

The line contract (stable; scripts and evaluations rely on it):
  * input is read as lines separated by "\\n" ("\\r\\n" also ends a line); output has exactly one line per
    input line, in the same order, written as soon as the line is complete (batches hold only the lines
    already at hand, so a client writing one line and waiting gets its answer);
  * ``score`` prints ``<P(formal) with 4 decimals>\\t<line>``; an empty or whitespace-only line prints
    ``nan\\t<line>``; ``--degree`` prints the graded degree the app shows instead; ``--json`` prints
    ``{"score": float|null, "degree": float|null, "text": line, "words": [...]}``;
  * ``rewrite`` prints the best rewrite (with ``--nbest K``, the K candidates separated by tabs), keeping
    the line's leading/trailing whitespace; an empty line gives an empty line; ``--json`` prints
    ``{"source": line, "candidates": [{"text", "score"}], "flags": [...]}``;
  * bytes that are not UTF-8 are replaced by U+FFFD (with a warning on stderr), never dropped; input with a
    UTF-16 or UTF-32 byte-order mark is decoded as such;
  * limits (docs/reliability.md): a line of more than MAX_LINE_BYTES stops the command with exit 4 after every
    earlier line was written; rewrite returns a line over MAX_REWRITE_CHARS unchanged (flag too_long).
Exit codes: 0 ok, 2 usage, 3 model problem, 4 input problem (or output that cannot be written), 130 interrupted.
"""
from __future__ import annotations

import argparse
import codecs
import json
import logging
import math
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from engine.errors import EXIT_INPUT, EXIT_MODEL, EXIT_OK, EXIT_USAGE, InputError, KeigoError, ModelError
from engine.errors import EXIT_STOPPED as EXIT_INTERRUPTED
from engine.model_summary import summary_text

# Limits (docs/reliability.md). One line is held whole in memory while it is scored, so its size is capped;
# beyond the cap the command stops with exit 4 after writing every earlier line (never a MemoryError).
MAX_LINE_BYTES = 16 * 2**20
# A rewriter reads at most a few hundred tokens; a line this long can only come back unchanged ("too_long"),
# so it is not tokenized at all (tokenizing megabytes costs far more memory than the line itself).
MAX_REWRITE_CHARS = 64 * 1024
MAX_BATCH_SIZE = 1024  # lines per model batch: memory grows with it, throughput stops growing long before
_READ_CHUNK = 1 << 18
_PROGRESS_MIN_BYTES = 1 << 16
_BOMS = (  # longest first: the UTF-32 LE mark starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class _UsageError(Exception):
    def __init__(self, message: str, parser: argparse.ArgumentParser | None = None, full_help: bool = False):
        super().__init__(message)
        self.parser, self.full_help = parser, full_help  # whose usage to show: the one `--help` shows


class OutputError(KeigoError):
    """Standard output cannot be written (closed, disk full): exit 4, like unreadable input."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit; the caller maps this to exit code 2
        raise _UsageError(f"{self.prog}: {message}", self)


def _err(msg: str) -> None:
    print(f"keigo: error: {msg}", file=sys.stderr, flush=True)


def _warn(msg: str) -> None:
    print(f"keigo: warning: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------- input/output


class LineReader:
    """Lines of a file or stdin, without their line ends, handed out in batches as soon as they are complete.

    Bytes are read with one ``read`` of whatever is available (``os.read`` on the descriptor), never by
    waiting for a full buffer: a client that writes one line and waits for its answer gets it (the line
    contract says streaming). A UTF-8 byte-order mark is dropped; a UTF-16 or UTF-32 one switches decoding
    to that encoding. Bytes that are not valid UTF-8 become U+FFFD (warned once). A line longer than
    ``MAX_LINE_BYTES`` raises InputError once every line before it has been handed out, so input with no
    line ends (``/dev/zero``) can never exhaust memory.
    """

    def __init__(self, spec: str, max_line_bytes: int | None = None):
        self.spec = spec
        self.name = "stdin" if spec == "-" else spec
        self.max_line_bytes = max_line_bytes or MAX_LINE_BYTES
        self.size: int | None = None   # bytes of a regular file (for the progress bar), else None
        self.consumed = 0              # raw bytes read so far
        self._fd: int | None = None
        self._stream = None
        if spec == "-":
            stream = sys.stdin
            if stream is None:
                raise InputError("standard input is closed")
            self._stream = getattr(stream, "buffer", stream)
            self._owned = False
        else:
            path = Path(spec)
            try:
                if path.is_dir():
                    raise InputError(f"{spec} is a directory, not a text file")
                # Opened once, never reopened: a pipe (<(cat f)) or a FIFO can be read only once.
                self._stream = open(path, "rb", buffering=0)  # noqa: SIM115 - closed by close()
            except InputError:
                raise
            except OSError as e:
                raise InputError(f"cannot read {spec}: {e.strerror or e}") from e
            self._owned = True
        try:
            self._fd = self._stream.fileno()
        except (AttributeError, OSError, ValueError):
            self._fd = None  # an in-memory stream (tests, embedding): read it through its own methods
        if self._fd is not None:
            try:
                st = os.fstat(self._fd)
                if stat.S_ISREG(st.st_mode):
                    self.size = st.st_size
            except OSError:
                pass
        self._warned = False
        self._lineno = 0

    def _read(self) -> bytes:
        try:
            if self._fd is not None:
                return os.read(self._fd, _READ_CHUNK)
            read1 = getattr(self._stream, "read1", None)
            data = read1(_READ_CHUNK) if read1 is not None else self._stream.read(_READ_CHUNK)
            return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        except OSError as e:
            raise InputError(f"cannot read {self.name}: {e.strerror or e}") from e

    def _chunks(self) -> Iterator[bytes]:
        """Raw chunks as UTF-8 bytes: the BOM looked at first, UTF-16/32 input decoded and re-encoded."""
        head = b""
        while True:  # read until the first bytes can no longer be the start of a byte-order mark
            data = self._read()
            self.consumed += len(data)
            head += data
            if not data or not any(mark.startswith(head) and len(head) < len(mark) for mark, _ in _BOMS):
                break
        encoding = None
        for mark, enc in _BOMS:
            if head.startswith(mark):
                encoding, head = enc, head[len(mark):]
                break
        if encoding in (None, "utf-8"):
            if head:
                yield head
            while data:
                data = self._read()
                self.consumed += len(data)
                if data:
                    yield data
            return
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        final = not data
        while True:
            text = decoder.decode(head, final=final)
            if text:
                yield text.encode("utf-8", "surrogatepass")
            if final:
                return
            head = self._read()
            self.consumed += len(head)
            final = not head

    def _decode(self, raw: bytes) -> str:
        self._lineno += 1
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            if not self._warned:
                self._warned = True
                _warn(f"{self.name} line {self._lineno} is not valid UTF-8; undecodable bytes were "
                      "replaced with U+FFFD (reported once)")
            return raw.decode("utf-8", errors="replace")

    def batches(self, size: int) -> Iterator[list[str]]:
        """Lists of at most ``size`` lines; a partial list goes out whenever no more input is at hand yet."""
        size = max(1, size)
        buf = bytearray()
        batch: list[str] = []
        try:
            for chunk in self._chunks():
                # buf holds only the unfinished line; it has no "\n", so the search starts at the new bytes.
                scan = len(buf)
                buf += chunk
                pos = 0
                while (nl := buf.find(b"\n", scan)) >= 0:
                    if nl - pos > self.max_line_bytes:
                        break
                    batch.append(self._decode(bytes(buf[pos:nl])))
                    pos = scan = nl + 1
                    if len(batch) >= size:
                        yield batch
                        batch = []
                del buf[:pos]
                if batch:
                    # Everything available has been split into lines: answer them before waiting for more.
                    yield batch
                    batch = []
                if len(buf) > self.max_line_bytes:
                    raise self._too_long()
            if buf:
                batch.append(self._decode(bytes(buf)))
            if batch:
                yield batch
        finally:
            self.close()

    def _too_long(self) -> InputError:
        limit = self.max_line_bytes
        size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"
        return InputError(f"{self.name} line {self._lineno + 1} is longer than {size} (the limit for one line); "
                          "every line before it was written")

    def __iter__(self) -> Iterator[str]:
        for batch in self.batches(1 << 10):
            yield from batch

    def close(self) -> None:
        if self._owned and self._stream is not None:
            self._stream.close()
            self._stream = None


def _setup_stdout() -> None:
    # Python sets sys.stdout to None when descriptor 1 is closed; every command's result would be lost.
    if sys.stdout is None:
        raise OutputError("standard output is closed; nothing could be written")
    # Output is UTF-8 whatever the locale says, so no input character can make writing fail.
    try:
        sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    except (AttributeError, ValueError, OSError):
        pass


def _write(text: str) -> None:
    """Write and flush one batch of output lines; a full disk or a closed descriptor is an OutputError."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:
        raise OutputError(f"cannot write to standard output: {getattr(e, 'strerror', None) or e}") from e


def _print(text: str = "") -> None:
    _write(text + "\n")


def _silence_stdout() -> None:
    # After a failed write, Python would flush the rest at exit and print a traceback-like complaint:
    # point descriptor 1 at the null device so that last flush succeeds quietly.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _one_line(text: str) -> str:
    """Keep the one-line-per-input contract even if a model generates a line break."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def _json_line(obj) -> str:
    s = json.dumps(obj, ensure_ascii=False)
    # JSON allows these raw; some line splitters do not, so they are escaped.
    return s.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\u0085", "\\u0085")


class _Progress:
    """A bar over the bytes of a regular file, read as they are consumed (the input is never reopened:
    counting lines first would drain a pipe or a FIFO before it is scored)."""

    def __init__(self, reader: LineReader, desc: str):
        self.bar = None
        self.reader = reader
        self.lines = 0
        if reader.size is None or reader.size < _PROGRESS_MIN_BYTES:
            return
        try:
            tty = sys.stderr is not None and sys.stderr.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:
            return
        from tqdm import tqdm

        self.bar = tqdm(total=reader.size, desc=desc, unit="B", unit_scale=True, file=sys.stderr, leave=False)

    def update(self, n: int) -> None:
        if self.bar is not None:
            first = self.lines == 0
            self.lines += n
            # drawn at once the first time, then at tqdm's pace (a fast run would otherwise never show it)
            self.bar.set_postfix_str(f"{self.lines} lines", refresh=first)
            self.bar.update(min(self.reader.consumed, self.bar.total) - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------------------------------- commands


def _hint_if_typing(spec: str, command: str) -> None:
    """With no file and a terminal on stdin, say what keigo waits for instead of waiting silently."""
    if spec != "-":
        return
    try:
        typing = sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):
        typing = False
    if typing:
        end = "Ctrl+Z then Enter" if os.name == "nt" else "Ctrl+D"
        print(f"keigo {command}: reading sentences from the keyboard, one a line; {end} ends the input "
              f"(or give a file: keigo {command} FILE)", file=sys.stderr, flush=True)


def _registry():
    from engine.registry import ModelRegistry

    return ModelRegistry()


def cmd_score(args) -> int:
    _hint_if_typing(args.input, "score")
    reader = LineReader(args.input)
    try:
        scorer = _registry().load_scorer(args.role, providers=args.device)
    except BaseException:
        reader.close()
        raise
    progress = _Progress(reader, "score")
    try:
        for batch in reader.batches(args.batch_size):
            if args.degree or args.json:
                scores, graded = scorer.score_both(batch, batch_size=args.batch_size)
                shown = scorer.display.apply(scores, graded) if scorer.display is not None else scores
            else:
                scores = shown = scorer.score(batch, batch_size=args.batch_size)
            lines = []
            for line, p, d in zip(batch, scores, shown):
                p, d = float(p), float(d)
                if args.json:
                    words = [] if math.isnan(p) else [
                        {"word": w.word, "start": w.start, "end": w.end, "weight": round(w.weight, 6)}
                        for w in scorer.explain(line)]
                    lines.append(_json_line({"score": None if math.isnan(p) else round(p, 6),
                                             "degree": None if math.isnan(d) else round(d, 6), "text": line,
                                             "words": words}))
                else:
                    v = d if args.degree else p
                    lines.append(("nan" if math.isnan(v) else f"{v:.4f}") + "\t" + line)
            _write("\n".join(lines) + "\n")
            progress.update(len(batch))
    finally:
        progress.close()
    return EXIT_OK


def _rewrite_batch(rewriter, batch: list[str], beam: int, nbest: int, **options):
    """Rewrites of the stripped lines, put back between each line's own leading/trailing whitespace."""
    from engine.types import Candidate, Rewrite

    todo = [i for i, line in enumerate(batch) if line.strip() and len(line) <= MAX_REWRITE_CHARS]
    results: list = [Rewrite(line, (Candidate(line, 0.0),), ("too_long",) if line.strip() else ("empty",))
                     for line in batch]
    if todo:
        cores = [batch[i].strip() for i in todo]
        done = rewriter.rewrite(cores, beam=beam, nbest=nbest, **options)
        for i, rw in zip(todo, done):
            line = batch[i]
            lead = line[: len(line) - len(line.lstrip())]
            trail = line[len(line.rstrip()):]
            cands = tuple(Candidate(lead + _one_line(c.text) + trail, c.score, c.flags) for c in rw.candidates) or (
                Candidate(line, 0.0),)
            results[i] = Rewrite(line, cands, tuple(rw.flags))
    return results


def _load_rewriter(args):
    """The rewriter `keigo rewrite` runs and the options its rewrite() takes."""
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
    return rewriter, options


def cmd_rewrite(args) -> int:
    if not (1 <= args.beam <= MAX_BEAM and 1 <= args.nbest <= MAX_BEAM):
        raise _UsageError(f"keigo rewrite: --beam and --nbest must be whole numbers from 1 to {MAX_BEAM}")
    _hint_if_typing(args.input, "rewrite")
    reader = LineReader(args.input)
    try:
        rewriter, options = _load_rewriter(args)
    except BaseException:
        reader.close()
        raise
    progress = _Progress(reader, "rewrite")
    beam = max(args.beam, args.nbest)
    lineno, unchanged = 0, 0
    try:
        for batch in reader.batches(args.batch_size):
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
            _write("\n".join(lines) + "\n")
            progress.update(len(batch))
    finally:
        progress.close()
    if unchanged > 10:
        _warn(f"{unchanged} lines in all were printed unchanged")
    return EXIT_OK


def cmd_models(args) -> int:
    reg = _registry()
    if args.models_cmd == "list":
        rows = [("ROLE", "VERSION", "CUR", "CREATED", "KIND", "QUALITY (see the model card)")]
        roles = [args.role] if args.role else reg.roles()
        for role in roles:
            versions = reg.list(role)
            for v in versions:
                rows.append((role, v.version, "*" if v.current else "", v.created or "-",
                             v.kind if not v.problem else "INVALID",
                             summary_text(role, v.metrics, limit=2) if not v.problem else v.problem[:60]))
            if not versions or reg.current(role) is None:
                fallback = "rules" if role == "rewriter" else "-"
                note = "no model installed: rule-based formalizer" if role == "rewriter" else "no model installed"
                rows.append((role, fallback, "*" if role == "rewriter" else "", "-", fallback, note))
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        for r in rows:
            _print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
        return EXIT_OK
    if args.models_cmd == "use":
        v = reg.switch(args.role, args.version)
        _print(f"{v.role}: now using {v.version}")
        return EXIT_OK
    if args.models_cmd == "rollback":
        v = reg.switch(args.role)
        _print(f"{v.role}: rolled back to {v.version}")
        return EXIT_OK
    if args.models_cmd == "install":
        v = reg.install(args.role, Path(args.directory), version=args.version, activate=args.activate)
        _print(f"{v.role}: installed {v.version} at {v.path}" + (" (now in use)" if args.activate else ""))
        return EXIT_OK
    if args.models_cmd == "verify":
        bad = 0
        roles = [args.role] if args.role else reg.roles()
        for role in roles:
            results = reg.verify(role)
            for res in results:
                if res.ok:
                    _print(f"ok      {role}/{res.version}  {res.path}")
                else:
                    bad += 1
                    _print(f"FAILED  {role}/{res.version}  {res.path}")
                    for p in res.problems:
                        _print(f"        {p}")
            if role == "rewriter" and reg.current(role) is None:
                try:
                    from engine.rules import RuleFormalizer

                    rf = RuleFormalizer()
                    rf.formalize("hello")
                    _print(f"ok      rewriter/rules  {rf.lexicon_dir}  (no model installed: rule-based formalizer)")
                except (KeigoError, OSError) as e:
                    bad += 1
                    _print(f"FAILED  rewriter/rules  {e}")
            elif not results:
                _print(f"-       {role}: no model installed")
        if bad:
            _err(f"{bad} model version(s) failed verification")
            return EXIT_MODEL
        return EXIT_OK
    raise _UsageError("keigo models: choose one of list, use, rollback, verify, install", args.models_parser, True)


# ---------------------------------------------------------------------------------------- parser


MAX_BEAM = 16  # beam search memory grows with beam x vocabulary x length: a hard ceiling, not a hint


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="keigo", description="Keigo: English formality scores and formal rewrites, offline.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    def _common(sp):
        sp.add_argument("input", nargs="?", default="-", help="a UTF-8 text file, one sentence per line; - for stdin")
        sp.add_argument("--json", action="store_true", help="one JSON object per line")
        sp.add_argument("--batch-size", type=int, default=64,
                        help=f"lines per model batch, 1 to {MAX_BATCH_SIZE} (default 64)")
        sp.add_argument("--device", default=None, help="cpu (default), cuda or auto")

    sc = sub.add_parser("score", help="P(formal) per line: '0.1234<TAB>line'")
    _common(sc)
    sc.add_argument("--role", default="scorer", help="scorer role: scorer (default) or scorer-accurate")
    sc.add_argument("--degree", action="store_true",
                    help="print the graded degree the app shows (0 very informal .. 1 very formal) instead of P(formal)")

    rw = sub.add_parser("rewrite", help="a formal rewrite per line")
    _common(rw)
    rw.add_argument("--beam", type=int, default=4, help="beam size (1 = greedy; default 4)")
    rw.add_argument("--nbest", type=int, default=1, help="candidates per line (tab-separated; default 1)")
    rw.add_argument("--rules-only", action="store_true", help="use the rule-based formalizer, not a model")
    rw.add_argument("--force", action="store_true",
                    help="rewrite lines the scorer already finds formal (only candidates that pass the checks)")

    md = sub.add_parser("models", help="list, switch, roll back and verify installed models")
    md.set_defaults(models_parser=md)
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
            raise _UsageError("keigo: choose a command: score, rewrite, models", parser)
        if not 1 <= getattr(args, "batch_size", 1) <= MAX_BATCH_SIZE:
            raise _UsageError(f"keigo: --batch-size must be a whole number from 1 to {MAX_BATCH_SIZE}")
        if args.command == "models" and not args.models_cmd:
            # the same text `keigo models --help` prints, so the two never disagree
            raise _UsageError("keigo models: choose one of list, use, rollback, verify, install",
                              args.models_parser, True)
        _setup_stdout()
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("keigo: warning: %(message)s"))
        logger = logging.getLogger("keigo")
        logger.addHandler(handler)
        logger.propagate = False
        try:
            code = {"score": cmd_score, "rewrite": cmd_rewrite, "models": cmd_models}[args.command](args)
            _write("")  # what print() buffered must fail here, as exit 4, not in Python's exit-time flush
            return code
        finally:
            logger.removeHandler(handler)
            logger.propagate = True
    except _UsageError as e:
        print(str(e), file=sys.stderr)
        shown = e.parser or parser
        print((shown.format_help() if e.full_help else shown.format_usage()).rstrip(), file=sys.stderr)
        if not e.full_help:
            print(f"(`{shown.prog} --help` for more)", file=sys.stderr)
        return EXIT_USAGE
    except ModelError as e:
        _err(str(e))
        return EXIT_MODEL
    except InputError as e:
        _err(str(e))
        return EXIT_INPUT
    except OutputError as e:
        _err(str(e))
        _silence_stdout()
        return EXIT_INPUT
    except KeigoError as e:
        _err(str(e))
        return EXIT_INPUT
    except MemoryError:
        # The limits above keep memory bounded; should a machine still run out, say so instead of a traceback.
        _err("out of memory; split the input into smaller files or lines")
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
    except OSError as e:
        # An operating-system failure outside the model store and the input (which report their own): the
        # message names the file, never a traceback.
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        _err(f"{e.strerror or e}{where}")
        return EXIT_INPUT
