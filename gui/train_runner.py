"""Runs the training CLI (`python -m training ...`, what `keigo train` runs) in a QProcess and turns its JSON lines into Qt signals.

The GUI never imports torch or training: everything it learns about a run comes from the child's stdout (one JSON
object per line), its stderr (kept as a bounded tail plus a log file in the run folder) and its exit code.
Stopping is cooperative (a STOP file in the run folder, which every stage polls), then terminate, then kill.
"""
from __future__ import annotations

import math
import re
import sys
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal, Slot

from training.protocol import (
    EXIT_INPUT,
    EXIT_MODEL,
    EXIT_OK,
    EXIT_STOPPED,
    EXIT_USAGE,
    STDERR_LOG,
    TrainRequest,
    clear_stop,
    decode_line,
    is_done,
    launch_env,
    request_stop,
    training_python,
)

__all__ = ["JsonLinesParser", "ProgressUpdate", "RunResult", "StageInfo", "StageLister", "TailBuffer", "TrainRequest",
           "TrainRunner", "install_hint", "missing_training_dependency", "training_python"]

MAX_LINE_BYTES = 1 << 20  # a JSON line longer than this is skipped, never buffered whole
STDERR_TAIL_LINES = 200
STDERR_LINE_CHARS = 2000
STDERR_LOG_NAME = STDERR_LOG
STDERR_LOG_MAX_BYTES = 20 << 20  # the log file stops growing here (a runaway warning loop must not fill the disk)
STOP_GRACE_S = 30.0  # a stage checks the STOP file every step; past this the process is terminated
KILL_AFTER_S = 5.0
TRAIN_EXTRA_HINT = "pip install 'keigo[train]'"
# Imports that only the training side needs; "No module named X" for one of them means the train extra is missing.
TRAINING_DEPS = ("torch", "transformers", "optimum", "sklearn", "nlpaug", "safetensors", "sacrebleu", "tqdm",
                 "accelerate", "datasets", "onnx", "sentencepiece")
_MISSING_RE = re.compile(r"No module named '([A-Za-z0-9_.]+)'")


# ---------------------------------------------------------------------------------------------- parsing


class JsonLinesParser:
    """Splits a byte stream into lines and parses each: dict records (with an "event") or text lines.

    Chunks may end anywhere (mid-line, mid-character: lines are split on the newline byte, which never occurs
    inside a UTF-8 sequence). A line over ``max_line_bytes`` is dropped as it arrives and reported once.
    """

    def __init__(self, max_line_bytes: int = MAX_LINE_BYTES):
        self.max_line_bytes = max_line_bytes
        self._buf = bytearray()
        self._skipping = 0  # bytes dropped so far of an over-long line (0: not skipping)

    def feed(self, data: bytes) -> list[dict | str]:
        out: list[dict | str] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                self._append(data[start:], out)
                return out
            piece = data[start:nl]
            start = nl + 1
            if self._skipping:
                out.append(f"[a line of {self._skipping + len(piece) + 1} bytes was too long to read and was skipped]")
                self._skipping = 0
                continue
            if len(self._buf) + len(piece) > self.max_line_bytes:
                out.append(f"[a line of {len(self._buf) + len(piece) + 1} bytes was too long to read and was skipped]")
                self._buf.clear()
                continue
            self._buf += piece
            line = bytes(self._buf)
            self._buf.clear()
            item = self.parse_line(line)
            if item is not None:
                out.append(item)

    def _append(self, rest: bytes, out: list) -> None:
        if self._skipping:
            self._skipping += len(rest)
            return
        if len(self._buf) + len(rest) > self.max_line_bytes:
            self._skipping = len(self._buf) + len(rest)
            self._buf.clear()
            return
        self._buf += rest

    def flush(self) -> list[dict | str]:
        """The last line when the stream ended without a newline."""
        if self._skipping:
            n, self._skipping = self._skipping, 0
            return [f"[a line of {n} bytes was too long to read and was skipped]"]
        line = bytes(self._buf)
        self._buf.clear()
        item = self.parse_line(line)
        return [item] if item is not None else []

    @staticmethod
    def parse_line(line: bytes) -> dict | str | None:
        text = line.decode("utf-8", errors="replace").rstrip("\r")
        if not text.strip():
            return None
        record = decode_line(text)
        return record if record is not None else text


class TailBuffer:
    """The last lines of a stream (tqdm's carriage-return updates overwrite the current line), bounded in memory."""

    def __init__(self, max_lines: int = STDERR_TAIL_LINES, max_chars: int = STDERR_LINE_CHARS):
        self.lines: deque[str] = deque(maxlen=max_lines)
        self.max_chars = max_chars
        self._partial = ""

    def feed(self, text: str) -> None:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if "\r" in part:
                # keep what follows the last non-empty carriage return: that is what a terminal would show
                segments = [s for s in part.split("\r") if s]
                self._partial = segments[-1] if segments else ""
            else:
                self._partial += part
            if len(self._partial) > self.max_chars:
                self._partial = self._partial[: self.max_chars] + "…"
            if i < len(parts) - 1:
                self.lines.append(self._partial)
                self._partial = ""

    def tail(self, n: int = 20) -> list[str]:
        lines = list(self.lines) + ([self._partial] if self._partial.strip() else [])
        return [line for line in lines if line.strip()][-n:]


def missing_training_dependency(text: str) -> str | None:
    """The training-only module a message says is missing ("No module named 'torch'"), if any."""
    if "keigo[train]" in text or "the train extra" in text:
        m = _MISSING_RE.search(text)
        return m.group(1) if m else "torch"
    for m in _MISSING_RE.finditer(text):
        if m.group(1).split(".")[0] in TRAINING_DEPS:
            return m.group(1)
    return None


def install_hint(module: str, python: str) -> str:
    if getattr(sys, "frozen", False):
        return (f"Training runs in a separate Python with Keigo's `train` extra; {python} does not have it "
                f"(No module named '{module}'). Install Python 3.11+, then in a terminal: {TRAIN_EXTRA_HINT}, "
                "and set KEIGO_TRAIN_PYTHON to that Python if it is not the first python3 on PATH.")
    return (f"Training needs the `train` extra, which is not installed for {python} (No module named '{module}'). "
            f"Install it in a terminal with: {TRAIN_EXTRA_HINT}  (for CPU-only torch first: "
            "pip install torch --index-url https://download.pytorch.org/whl/cpu), then start the run again.")


# ---------------------------------------------------------------------------------------------- data types


@dataclass(frozen=True)
class ProgressUpdate:
    stage: str
    step: int
    total: int | None
    loss: float | None = None
    eta_s: float | None = None
    phase: str = ""
    fields: dict = field(default_factory=dict)  # the rest of the record (epoch, set, metrics...)

    @property
    def fraction(self) -> float | None:
        if not self.total or self.total <= 0:
            return None
        return max(0.0, min(1.0, self.step / self.total))


@dataclass(frozen=True)
class RunResult:
    exit_code: int
    outcome: str  # finished | stopped | killed | failed | usage | missing-deps | crashed | not-started
    message: str  # user-facing; "" when the run finished
    stderr_tail: tuple[str, ...] = ()
    elapsed_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.outcome == "finished"


def _num(value) -> float | None:
    try:
        f = float(value)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None  # NaN arrives as the string "nan"; keep it out of the display


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def progress_from(record: dict) -> ProgressUpdate | None:
    step = _int(record.get("step"))
    if step is None:
        return None
    known = {"event", "stage", "step", "total", "loss", "eta_s", "phase", "time"}
    return ProgressUpdate(
        stage=str(record.get("stage") or ""),
        step=step,
        total=_int(record.get("total")),
        loss=_num(record.get("loss")),
        eta_s=_num(record.get("eta_s")),
        phase=str(record.get("phase") or ""),
        fields={k: v for k, v in record.items() if k not in known},
    )


def stage_done(run_dir: Path, stage: str) -> bool:
    """The pipeline's own rule (training.protocol): a stage is finished when <run>/<stage>/DONE.json names it."""
    return is_done(run_dir, stage)


# ---------------------------------------------------------------------------------------------- the runner


def _process_env(extra: dict[str, str]) -> QProcessEnvironment:
    """The child's environment as training.protocol describes it (checkout on PYTHONPATH, unbuffered UTF-8)."""
    env = QProcessEnvironment()
    for key, value in launch_env(None, extra).items():
        env.insert(key, value)
    return env


class TrainRunner(QObject):
    """One training process at a time; every signal is emitted on the GUI thread (QProcess is event driven)."""

    started = Signal(object)  # TrainRequest
    record = Signal(dict)  # every JSON record, as parsed
    stageStarted = Signal(str, dict)  # stage, the "start" record (device, run_dir, seed)
    stageFinished = Signal(str, str)  # stage, "done" | "skipped" | "stopped" | "failed"
    progress = Signal(object)  # ProgressUpdate
    metric = Signal(str, str, object, dict)  # stage, name, value, the other fields (variant...)
    logMessage = Signal(str)
    error = Signal(str)  # an "error" event's message or a problem of the runner itself
    stopping = Signal(str)  # what is being done to stop ("Stopping…", "Terminating…")
    finished = Signal(object)  # RunResult

    def __init__(self, python: str | None = None, env: dict[str, str] | None = None, *,
                 stop_grace_s: float = STOP_GRACE_S, kill_after_s: float = KILL_AFTER_S,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.python = python or training_python()
        self.extra_env = dict(env or {})
        self.stop_grace_s, self.kill_after_s = stop_grace_s, kill_after_s
        self.request: TrainRequest | None = None
        self.stderr = TailBuffer()
        self._proc: QProcess | None = None
        self._parser = JsonLinesParser()
        self._log = None
        self._log_bytes = 0
        self._created_dir = False
        self._stop_requested = False
        self._escalated: str | None = None
        self._last_error: str | None = None
        self._started_stages: set[str] = set()
        self._seen_stages: set[str] = set()
        self._t0 = 0.0
        self._finishing = False
        self._term_timer = QTimer(self, singleShot=True)
        self._term_timer.timeout.connect(self._terminate)
        self._kill_timer = QTimer(self, singleShot=True)
        self._kill_timer.timeout.connect(self._kill)

    # -------------------------------------------------------------------------------- public

    @property
    def running(self) -> bool:
        return self._proc is not None

    @property
    def stop_requested(self) -> bool:
        return self._stop_requested

    def elapsed_s(self) -> float:
        return time.monotonic() - self._t0 if self._t0 else 0.0

    def command(self, request: TrainRequest) -> list[str]:
        return [self.python, *request.arguments()]

    def start(self, request: TrainRequest) -> None:
        """Start a run; a second start while one runs is refused (error signal)."""
        if self._proc is not None:
            self.error.emit("A training run is already in progress; stop it first.")
            return
        self.request = request
        self.stderr = TailBuffer()
        self._parser = JsonLinesParser()
        self._stop_requested, self._escalated, self._last_error, self._finishing = False, None, None, False
        self._started_stages, self._seen_stages = set(), set()
        self._t0 = time.monotonic()
        run_dir = Path(request.run_dir)
        self._created_dir = not run_dir.exists()
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
            clear_stop(run_dir)  # a stopped run left it; resuming must not stop at once
            self._log = open(run_dir / STDERR_LOG_NAME, "ab")  # noqa: SIM115 (closed when the process ends)
            self._log_bytes = 0
        except OSError as exc:
            self._log = None
            self._finish(RunResult(-1, "not-started", f"Cannot use the run folder {run_dir}: {exc}"))
            return
        proc = QProcess(self)
        proc.setProcessEnvironment(_process_env(self.extra_env))
        proc.setProgram(self.python)
        proc.setArguments(request.arguments())
        proc.readyReadStandardOutput.connect(self._on_stdout)
        proc.readyReadStandardError.connect(self._on_stderr)
        proc.finished.connect(self._on_finished)
        proc.errorOccurred.connect(self._on_process_error)
        self._proc = proc
        self.started.emit(request)
        proc.start()

    def stop(self) -> None:
        """Ask the run to stop: a STOP file first (the stage saves what it has), then terminate, then kill."""
        if self._proc is None or self._stop_requested:
            return
        self._stop_requested = True
        assert self.request is not None
        try:
            request_stop(self.request.run_dir, "stop requested by the Keigo app")
        except OSError as exc:
            self.logMessage.emit(f"Could not write the STOP file ({exc}); terminating the process instead.")
            self._terminate()
            return
        self.stopping.emit("Stopping… (the current stage saves its progress first)")
        self._term_timer.start(int(self.stop_grace_s * 1000))

    def kill_now(self, wait_ms: int = 5000) -> None:
        """Shutdown path (the app is quitting): end the process at once and wait for it."""
        proc = self._proc
        if proc is None:
            return
        self._escalated = "killed"
        proc.kill()
        proc.waitForFinished(wait_ms)

    def stderr_tail(self, n: int = 20) -> list[str]:
        return self.stderr.tail(n)

    # -------------------------------------------------------------------------------- process events

    @Slot()
    def _terminate(self) -> None:
        if self._proc is None:
            return
        self._escalated = "terminated"
        self.stopping.emit(f"The run did not stop within {self.stop_grace_s:.0f} s; terminating it…")
        self._proc.terminate()
        self._kill_timer.start(int(self.kill_after_s * 1000))

    @Slot()
    def _kill(self) -> None:
        if self._proc is None:
            return
        self._escalated = "killed"
        self.stopping.emit("Killing the training process…")
        self._proc.kill()

    @Slot()
    def _on_stdout(self) -> None:
        if self._proc is None:
            return
        data = bytes(self._proc.readAllStandardOutput())
        for item in self._parser.feed(data):
            self._handle(item)

    @Slot()
    def _on_stderr(self) -> None:
        if self._proc is None:
            return
        data = bytes(self._proc.readAllStandardError())
        self._stderr_bytes(data)

    def _stderr_bytes(self, data: bytes) -> None:
        if not data:
            return
        self.stderr.feed(data.decode("utf-8", errors="replace"))
        if self._log is not None and self._log_bytes < STDERR_LOG_MAX_BYTES:
            try:
                self._log.write(data)
                self._log.flush()
                self._log_bytes += len(data)
                if self._log_bytes >= STDERR_LOG_MAX_BYTES:
                    self._log.write(b"\n[log truncated: it reached its size limit]\n")
            except OSError:
                self._log = None

    def _handle(self, item: dict | str) -> None:
        if isinstance(item, str):
            self.logMessage.emit(item)
            return
        self.record.emit(item)
        event, stage = item.get("event"), str(item.get("stage") or "")
        message = str(item.get("message") or "")
        if event == "start" and stage:
            self._started_stages.add(stage)
            self._seen_stages.add(stage)
            self.stageStarted.emit(stage, item)
        elif event == "progress":
            update = progress_from(item)
            if update is not None:
                self.progress.emit(update)
        elif event == "metric":
            rest = {k: v for k, v in item.items() if k not in ("event", "stage", "name", "value", "time")}
            self.metric.emit(stage, str(item.get("name") or "?"), item.get("value"), rest)
        elif event == "done" and stage:
            self.stageFinished.emit(stage, "done")
        elif event == "stopped":
            if stage:
                self.stageFinished.emit(stage, "stopped")
            self.logMessage.emit(message or "stopped")
        elif event == "error":
            self._last_error = message or "unknown error"
            if stage and stage in self._started_stages:
                self.stageFinished.emit(stage, "failed")
            self.error.emit(self._last_error)
        else:  # "log" and events this GUI does not know yet
            if stage and stage not in self._seen_stages and self.request is not None:
                self._seen_stages.add(stage)
                if stage_done(self.request.run_dir, stage):  # resume: the pipeline skips finished stages
                    self.stageFinished.emit(stage, "skipped")
            if message:
                self.logMessage.emit(f"{stage}: {message}" if stage else message)

    @Slot(QProcess.ProcessError)
    def _on_process_error(self, err: QProcess.ProcessError) -> None:
        if err == QProcess.ProcessError.FailedToStart and self._proc is not None:
            reason = self._proc.errorString()
            self._drop_process()
            self._finish(RunResult(-1, "not-started", f"Cannot start the training process {self.python}: {reason}"))

    @Slot(int, QProcess.ExitStatus)
    def _on_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        if self._proc is None:
            return
        self._on_stdout()
        self._on_stderr()
        for item in self._parser.flush():
            self._handle(item)
        crashed = status == QProcess.ExitStatus.CrashExit
        self._drop_process()
        self._finish(self._result(code, crashed))

    def _drop_process(self) -> None:
        self._term_timer.stop()
        self._kill_timer.stop()
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.deleteLater()

    def _result(self, code: int, crashed: bool) -> RunResult:
        tail = tuple(self.stderr.tail(20))
        said = self._last_error or next((line.removeprefix("keigo: error: ") for line in reversed(tail)
                                         if line.startswith("keigo: error: ")), "")
        missing = missing_training_dependency("\n".join([said, *tail]))
        if self._escalated and (crashed or code != EXIT_OK):
            how = "was killed" if self._escalated == "killed" else "was terminated"
            return RunResult(code, "killed", f"The run did not stop in time and {how}; the stage in progress "
                             "may not have saved its outputs. Finished stages are kept.", tail)
        if missing and code != EXIT_OK:
            return RunResult(code, "missing-deps", install_hint(missing, self.python), tail)
        if crashed:
            return RunResult(code, "crashed", "The training process crashed. Its last messages are shown below.", tail)
        if code == EXIT_OK:
            return RunResult(code, "finished", "", tail)
        if code == EXIT_STOPPED:
            return RunResult(code, "stopped", "Stopped. Finished stages are kept; start the run again to resume.",
                             tail)
        if code == EXIT_USAGE:
            return RunResult(code, "usage", f"The training command was refused: {said or 'usage error'}", tail)
        if code in (EXIT_INPUT, EXIT_MODEL):
            what = "input" if code == EXIT_INPUT else "model"
            return RunResult(code, "failed", said or f"training stopped on a {what} problem (exit code {code})", tail)
        first = said or "no message"
        return RunResult(code, "crashed", f"The training process failed (exit code {code}): {first}", tail)

    def _finish(self, result: RunResult) -> None:
        if self._finishing:
            return
        self._finishing = True
        result = RunResult(result.exit_code, result.outcome, result.message, result.stderr_tail, self.elapsed_s())
        request = self.request
        if self._log is not None:
            try:
                self._log.close()
            except OSError:
                pass
            self._log = None
        if request is not None:
            run_dir = Path(request.run_dir)
            try:
                clear_stop(run_dir)
            except OSError:
                pass  # the folder itself is the problem; the result already says so
            if result.outcome in ("usage", "failed", "missing-deps", "not-started"):
                self._tidy_empty_run_dir(run_dir)  # a crash keeps its log for the error report
        self.finished.emit(result)

    def _tidy_empty_run_dir(self, run_dir: Path) -> None:
        """A run refused before it began (bad config) leaves no folder behind when this runner made it."""
        if not self._created_dir:
            return
        try:
            entries = [p.name for p in run_dir.iterdir()]
            if set(entries) <= {STDERR_LOG_NAME}:
                (run_dir / STDERR_LOG_NAME).unlink(missing_ok=True)
                run_dir.rmdir()
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------- stage list


@dataclass(frozen=True)
class StageInfo:
    name: str
    description: str = ""
    requires: tuple[str, ...] = ()
    problem: str = ""  # the stage module failed to import in the child (a missing optional dependency)


def parse_stage_list(lines: Sequence[dict | str]) -> list[StageInfo]:
    out = []
    for item in lines:
        if isinstance(item, dict) and item.get("event") == "stage" and isinstance(item.get("stage"), str):
            out.append(StageInfo(item["stage"], str(item.get("description") or ""),
                                 tuple(str(r) for r in item.get("requires") or ()), str(item.get("import_error") or "")))
    return out


class StageLister(QObject):
    """`python -m training list` in the background: the stage names and descriptions, without importing training."""

    listed = Signal(list, str)  # list[StageInfo], problem ("" when it worked)

    def __init__(self, python: str | None = None, env: dict[str, str] | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.python = python or training_python()
        self.extra_env = dict(env or {})
        self._proc: QProcess | None = None
        self._out = bytearray()
        self._err = TailBuffer(40)

    @property
    def running(self) -> bool:
        return self._proc is not None

    def start(self) -> None:
        if self._proc is not None:
            return
        proc = QProcess(self)
        proc.setProcessEnvironment(_process_env(self.extra_env))
        self._out.clear()
        self._err = TailBuffer(40)
        proc.readyReadStandardOutput.connect(self._read)
        proc.readyReadStandardError.connect(self._read_err)
        proc.finished.connect(self._done)
        proc.errorOccurred.connect(self._failed_to_start)
        self._proc = proc
        proc.start(self.python, ["-m", "training", "list"])

    @Slot()
    def _read(self) -> None:
        if self._proc is None:
            return
        data = bytes(self._proc.readAllStandardOutput())
        if len(self._out) < 4 * MAX_LINE_BYTES:
            self._out += data

    @Slot()
    def _read_err(self) -> None:
        if self._proc is not None:
            self._err.feed(bytes(self._proc.readAllStandardError()).decode("utf-8", "replace"))

    @Slot(int, QProcess.ExitStatus)
    def _done(self, code: int, status: QProcess.ExitStatus) -> None:
        if self._proc is None:
            return
        self._read()
        self._read_err()
        proc, self._proc = self._proc, None
        proc.deleteLater()
        parser = JsonLinesParser()
        stages = parse_stage_list(parser.feed(bytes(self._out)) + parser.flush())
        problem = ""
        if code != 0 or status == QProcess.ExitStatus.CrashExit or not stages:
            text = "\n".join(self._err.tail(12))
            missing = missing_training_dependency(text)
            problem = install_hint(missing, self.python) if missing else (
                f"`python -m training list` failed (exit code {code}): {text or 'no output'}")
        self.listed.emit(stages, problem)

    @Slot(QProcess.ProcessError)
    def _failed_to_start(self, err: QProcess.ProcessError) -> None:
        if self._proc is None or err != QProcess.ProcessError.FailedToStart:
            return
        proc, self._proc = self._proc, None
        reason = proc.errorString()
        proc.deleteLater()
        self.listed.emit([], f"Cannot start {self.python}: {reason}")

    def shutdown(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            proc.waitForFinished(3000)
