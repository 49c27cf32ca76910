"""Inference off the GUI thread: debounced scoring dispatcher, rewrite dispatcher and one-shot QRunnables.

House style (novelWriter): a single-shot debounce timer after typing stops, then one QRunnable per job
carrying a job id and the document revision; results for an older revision are dropped; at most one
scoring job in flight; edited paragraphs first. The GUI thread never calls processEvents(): workers hand
results over through queued signals, and a scoring job waits for the GUI to acknowledge each chunk, so a
1 MB paste fills in progressively without flooding the event queue.
"""
from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from engine.degree import shown_scores
from engine.faithful import SafeRewriter
from engine.reasons import informal_words
from engine.segment import SPACE_CHARS, line_continues
from engine.types import Rewrite, Segment, WordWeight

DEBOUNCE_MS = 300
CHUNK_SENTENCES = 64  # one scorer batch and one GUI update per chunk: small enough to keep a GUI update short
CHUNK_SECONDS = 0.25  # also flush after this long, so a slow model still shows progress
MAX_EXPLAIN_CHARS = 2000  # occlusion costs one scorer row per word: a run-on "sentence" is scored, not explained
CACHE_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class ScoredSentence:
    """A sentence as stored on one line (QTextBlock). A sentence hard-wrapped over several lines is stored as
    one piece per line: start/end bound the piece in that line, `offset` is where the piece begins in `text`
    (the whole sentence, its line breaks read as spaces); the piece with offset 0 (the head) counts it."""

    start: int  # Python offsets inside the line (block) text
    end: int
    text: str
    score: float | None  # the degree shown (engine/degree.py; P(formal) for a scorer without one); None: no scorer
    words: tuple[WordWeight, ...] = ()  # explained only for sentences below the target; offsets inside text
    offset: int = 0

    @property
    def pulling_words(self) -> list[WordWeight]:
        """The words worth underlining: a strong pull towards informal, never a function word (engine.reasons)."""
        return informal_words(self.words)


@dataclass(frozen=True, slots=True)
class BlockResult:
    number: int
    text: str
    sentences: tuple[ScoredSentence, ...]
    explained: bool = True  # False: scored only; its informal words are found once it scrolls into view
    # The paragraph this line was scored in: an id shared by its lines, this line's index, how many lines.
    group: tuple[int, int] = (0, 0)
    index: int = 0
    count: int = 1


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    job_id: int
    revision: int
    epoch: int
    target: float
    # (first block number, the paragraph's lines): lines joined by hard wrapping (continues_line) are scored
    # as one text; edited paragraphs first
    paragraphs: tuple[tuple[int, tuple[str, ...]], ...]
    headings: frozenset[int] = frozenset()  # first block numbers of titles, not sentences: left unscored
    # Explaining costs a scorer row per word, so only paragraphs near the writer (edited, on screen) get it.
    explain: frozenset[int] | None = None  # None: every paragraph (by first block number)


_TERMINAL = ".!?…:;,\"')]}»”’"


def is_heading(text: str, standalone: bool) -> bool:
    """A title rather than prose: a Markdown heading, or a short capitalised line without final
    punctuation standing alone (blank lines around it). Scorers read those as informal fragments."""
    t = text.strip()
    if not t:
        return False
    if t[0] == "#" or (t[0] in "=-" and len(t) >= 3 and set(t) <= set("=-")):  # ATX heading, setext underline
        return True
    if not standalone or t[-1] in _TERMINAL or len(t) > 80:
        return False
    return 1 <= len(t.split()) <= 8 and (t[0].isupper() or t[0].isdigit())


def continues_line(line: str, next_line: str) -> bool:
    """Whether next_line carries on the sentence line ends in, so the two are scored as one text (joined with a
    space; the document keeps its line breaks). The rule is the engine's (engine.segment.line_continues: a
    lowercase letter or comma before the break and a lowercase letter after it, or a capital after "with",
    "the", ...), so the editor finds the sentences split_sentences finds in the same text. A blank line, a
    Markdown heading, a list item ("- ", "1. ", "a) ") or a line after sentence-final punctuation starts anew."""
    return line_continues(line, next_line) and not is_heading(line, False)


_SPACES = "".join(sorted(SPACE_CHARS))


def split_pieces(lines: Sequence[str], segments: Sequence[Segment]) -> list[list[tuple[int, int, int, Segment]]]:
    """The sentences of a paragraph's joined text (its lines joined with one space each) cut at the line ends:
    per line, (start, end, offset, segment) with start/end inside that line, trimmed of spaces, and offset
    where the piece begins in segment.text."""
    if len(lines) == 1:
        return [[(s.start, s.end, 0, s) for s in segments]]
    out: list[list[tuple[int, int, int, Segment]]] = [[] for _ in lines]
    bases, b = [], 0
    for line in lines:
        bases.append(b)
        b += len(line) + 1
    i = 0
    for s in segments:
        while bases[i] + len(lines[i]) <= s.start:
            i += 1
        j = i
        while True:
            lo, hi = max(s.start, bases[j]) - bases[j], min(s.end, bases[j] + len(lines[j])) - bases[j]
            piece = lines[j][lo:hi]
            core = piece.strip(_SPACES)
            if core:
                a = lo + len(piece) - len(piece.lstrip(_SPACES))
                out[j].append((a, a + len(core), bases[j] + a - s.start, s))
            if s.end <= bases[j] + len(lines[j]):
                break
            j += 1
        i = j
    return out


@dataclass(frozen=True, slots=True)
class EngineRefs:
    """The live model references; replaced as a whole on the GUI thread (hot swap), never mutated."""

    segment: Callable[[str], list[Segment]]
    scorer: object | None
    rewriter: object | None
    epoch: int = 0


class _Token:
    def __init__(self):
        self.cancelled = threading.Event()
        self.ack = threading.Event()

    def cancel(self) -> None:
        self.cancelled.set()
        self.ack.set()


class ScoreCache:
    """Scores and explanations by sentence text: a re-run after an edit only scores what changed."""

    def __init__(self):
        self.scores: dict[str, float] = {}
        self.words: dict[str, tuple[WordWeight, ...]] = {}

    def trim(self) -> None:
        if len(self.scores) > CACHE_LIMIT:
            self.scores.clear()
        if len(self.words) > CACHE_LIMIT:
            self.words.clear()


class _Signals(QObject):
    chunk = Signal(object)
    finished = Signal(object)


class ScoreWorker(QRunnable):
    """Segments paragraphs, scores new sentences, explains informal ones; emits results chunk by chunk."""

    def __init__(self, request: ScoreRequest, engine: EngineRefs, cache: ScoreCache, signals: _Signals, token):
        super().__init__()
        self.setAutoDelete(True)
        self.request, self.engine, self.cache, self.signals, self.token = request, engine, cache, signals, token

    def run(self) -> None:
        error = None
        try:
            self._run()
        except Exception as exc:  # noqa: BLE001 (reported on the GUI thread; the app keeps running)
            error = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
        finally:
            self.signals.finished.emit((self.request.job_id, self.request.revision, error))

    def _run(self) -> None:
        req, token = self.request, self.token
        pending: list[tuple[int, int, int, str, list]] = []  # (first block, index, lines, line text, pieces)
        n_sentences, done, total = 0, 0, len(req.paragraphs)
        started = time.monotonic()
        for first, lines in req.paragraphs:
            if token.cancelled.is_set():
                return
            segs = [] if first in req.headings else self.engine.segment(" ".join(lines))
            for index, (text, pieces) in enumerate(zip(lines, split_pieces(lines, segs))):
                pending.append((first, index, len(lines), text, pieces))
                n_sentences += len(pieces)
                # A long paragraph is handed over line by line, so its first lines show while the rest is scored.
                if n_sentences >= CHUNK_SENTENCES or time.monotonic() - started > CHUNK_SECONDS:
                    if not self._flush(pending, done + (index == len(lines) - 1), total):
                        return
                    pending, n_sentences, started = [], 0, time.monotonic()
            done += 1
        self._flush(pending, done, total)

    def _flush(self, pending, done: int, total: int) -> bool:
        scorer, cache, target, token = self.engine.scorer, self.cache, self.request.target, self.token
        wanted = self.request.explain
        if scorer is not None:
            todo = list(dict.fromkeys(p[3].text for *_, pieces in pending for p in pieces
                                      if p[3].text not in cache.scores))
            if todo:
                scores = shown_scores(scorer, todo)
                for text, value in zip(todo, scores):
                    cache.scores[text] = float(value)
            for first, *_, pieces in pending:
                if wanted is not None and first not in wanted:
                    continue
                for *_, seg in pieces:
                    t = seg.text
                    if cache.scores[t] < target and t not in cache.words and len(t) <= MAX_EXPLAIN_CHARS:
                        if token.cancelled.is_set():
                            return False
                        cache.words[t] = tuple(scorer.explain(t))
        results = []
        group = self.request.job_id
        for first, index, count, text, pieces in pending:
            sentences = tuple(
                ScoredSentence(
                    start,
                    end,
                    seg.text,
                    cache.scores.get(seg.text) if scorer is not None else None,
                    cache.words.get(seg.text, ()) if scorer is not None else (),
                    offset,
                )
                for start, end, offset, seg in pieces
            )
            explained = scorer is None or wanted is None or first in wanted
            results.append(BlockResult(first + index, text, sentences, explained, (group, first), index, count))
        cache.trim()
        if token.cancelled.is_set():
            return False
        token.ack.clear()
        self.signals.chunk.emit((self.request.job_id, self.request.revision, results, done, total))
        # Back-pressure: wait until the GUI has applied this chunk (or the job was cancelled).
        while not token.ack.wait(0.05):
            pass
        return not token.cancelled.is_set()


class ScoringDispatcher(QObject):
    """Debounces edits into scoring jobs; one job in flight; results for an older revision are dropped."""

    progress = Signal(int, int)  # paragraphs done, paragraphs in this job (hard-wrapped lines: one paragraph)
    applied = Signal()
    idle = Signal()  # nothing in flight and nothing pending: the document is fully scored
    failed = Signal(str)

    def __init__(
        self,
        collect: Callable[[int, int, float], ScoreRequest | None],
        apply: Callable[[list[BlockResult]], None],
        revision: Callable[[], int],
        target: Callable[[], float],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._collect, self._apply, self._revision, self._target = collect, apply, revision, target
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.engine: EngineRefs | None = None
        self.cache = ScoreCache()
        self._job_id = 0
        self._inflight: tuple[int, _Token, tuple] | None = None
        self._rerun = False
        self._closed = False
        self._last_key = None
        self._signals = _Signals(self)
        self._signals.chunk.connect(self._on_chunk)
        self._signals.finished.connect(self._on_finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start)
        self.stale_chunks_dropped = 0  # for tests and the self-test: proof that stale results are not applied

    @property
    def busy(self) -> bool:
        return self._inflight is not None or self._timer.isActive()

    def set_engine(self, engine: EngineRefs) -> None:
        """Swap models: the old job is cancelled and the document is re-scored by the new one."""
        if self.engine is None or engine.scorer is not self.engine.scorer or engine.segment is not self.engine.segment:
            self.cache = ScoreCache()
        self.engine = engine
        self.schedule(immediate=True)

    def schedule(self, immediate: bool = False) -> None:
        if self._closed:
            return
        self._timer.start(0 if immediate else DEBOUNCE_MS)

    @Slot()
    def _start(self) -> None:
        if self._closed or self.engine is None:
            return
        if self._inflight is not None:
            self._rerun = True
            self._inflight[1].cancel()
            return
        self._job_id += 1
        request = self._collect(self._job_id, self.engine.epoch, self._target())
        if request is None or not request.paragraphs:
            self.idle.emit()
            return
        key = (request.revision, request.epoch, request.target, request.paragraphs)
        if key == self._last_key:
            # The same paragraphs came back pending after a completed pass (nothing could be applied to
            # them): stop here instead of looping; the next edit schedules a fresh pass.
            self.idle.emit()
            return
        token = _Token()
        self._inflight = (request.job_id, token, key)
        self._rerun = False
        self.pool.start(ScoreWorker(request, self.engine, self.cache, self._signals, token))

    @Slot(object)
    def _on_chunk(self, payload) -> None:
        job_id, revision, results, done, total = payload
        try:
            current = self._inflight is not None and self._inflight[0] == job_id
            if current and not self._inflight[1].cancelled.is_set() and revision == self._revision():
                self._apply(results)
                self.progress.emit(done, total)
                self.applied.emit()
            else:
                self.stale_chunks_dropped += 1
        finally:
            if self._inflight is not None and self._inflight[0] == job_id:
                self._inflight[1].ack.set()

    @Slot(object)
    def _on_finished(self, payload) -> None:
        job_id, revision, error = payload
        if self._inflight is None or self._inflight[0] != job_id:
            return
        _, token, key = self._inflight
        self._inflight = None
        if not token.cancelled.is_set():
            # Also after an error: the same request would fail the same way, so it waits for an edit.
            self._last_key = key
        if error:
            self.failed.emit(error)
        if self._closed:
            return
        if self._rerun or revision != self._revision():
            self._rerun = False
            if not self._timer.isActive():
                self._timer.start(0)
        else:
            # One more pass collects paragraphs edited during the job; it ends in idle when none are left.
            self._timer.start(0)

    def shutdown(self) -> None:
        self._closed = True
        self._timer.stop()
        if self._inflight is not None:
            self._inflight[1].cancel()
        self.pool.clear()
        self.pool.waitForDone(10_000)


# ------------------------------------------------------------------------------------------------ rewriting


class _RewriteSignals(QObject):
    done = Signal(object)


class RewriteWorker(QRunnable):
    def __init__(self, tag, sentences: Sequence[str], rewriter, beam: int, nbest: int, signals, still_wanted,
                 options: dict | None = None):
        super().__init__()
        self.setAutoDelete(True)
        self.tag, self.sentences, self.rewriter = tag, list(sentences), rewriter
        self.beam, self.nbest, self.signals, self.still_wanted = beam, nbest, signals, still_wanted
        self.options = options or {}

    def run(self) -> None:
        if not self.still_wanted():  # a newer request superseded this one while it waited in the queue
            self.signals.done.emit((self.tag, None, None))
            return
        try:
            out = self.rewriter.rewrite(self.sentences, beam=self.beam, nbest=self.nbest, **self.options)
            self.signals.done.emit((self.tag, list(out), None))
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            traceback.print_exc()
            self.signals.done.emit((self.tag, None, f"{type(exc).__name__}: {exc}"))


class RewriteDispatcher(QObject):
    """Rewrites for the sentence at the cursor (latest request wins) and, in batches, for the informal list."""

    cursorReady = Signal(int, object)  # request id, Rewrite
    listReady = Signal(object)  # list[Rewrite]
    listProgress = Signal(int, int)
    failed = Signal(str)

    BATCH = 8

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)  # the cursor's suggestion never waits behind the list batches
        self.rewriter = None
        self.epoch = 0
        self.beam, self.nbest = 4, 3
        self.target: float | None = None   # the writer's formality target (None: the model's own)
        self._cache: dict[str, Rewrite] = {}
        self._cursor_id = 0
        self._queue: list[str] = []
        self._list_total = 0
        self._batch_running = False
        self._closed = False
        self._signals = _RewriteSignals(self)
        self._signals.done.connect(self._on_done)

    def set_engine(self, rewriter, epoch: int) -> None:
        self.rewriter, self.epoch = rewriter, epoch
        self._cache.clear()
        self._cursor_id += 1  # results of the old model are dropped
        self._queue.clear()

    def set_params(self, beam: int, nbest: int, target: float | None = None) -> None:
        if (beam, nbest, target) != (self.beam, self.nbest, self.target):
            self.beam, self.nbest, self.target = beam, nbest, target
            self._cache.clear()

    def cached(self, text: str) -> Rewrite | None:
        return self._cache.get(text)

    def _options(self, force: bool = False) -> dict:
        """The reranked rewriter decides "already formal" by the writer's target, and F7 forces a rewrite."""
        if not isinstance(self.rewriter, SafeRewriter):
            return {}
        return {"force": force, "target": self.target}

    def request_cursor(self, text: str, force: bool = False) -> int:
        self._cursor_id += 1
        rid = self._cursor_id
        if self.rewriter is None or self._closed:
            return rid
        epoch = self.epoch
        self.pool.start(
            RewriteWorker(("cursor", rid, epoch), [text], self.rewriter, self.beam, self.nbest, self._signals,
                          lambda: rid == self._cursor_id, self._options(force)),
            10,
        )
        return rid

    def request_list(self, texts: Sequence[str]) -> None:
        self._queue = [t for t in dict.fromkeys(texts) if t not in self._cache]
        self._list_total = len(self._queue)
        self._next_batch()

    def _next_batch(self) -> None:
        if self._batch_running or not self._queue or self.rewriter is None or self._closed:
            if not self._queue and not self._batch_running:
                self.listProgress.emit(self._list_total, self._list_total)
            return
        batch, self._queue = self._queue[: self.BATCH], self._queue[self.BATCH:]
        self._batch_running = True
        epoch = self.epoch
        self.pool.start(
            RewriteWorker(("list", 0, epoch), batch, self.rewriter, self.beam, self.nbest, self._signals,
                          lambda: not self._closed and epoch == self.epoch, self._options()),
            0,
        )

    @Slot(object)
    def _on_done(self, payload) -> None:
        (kind, rid, epoch), rewrites, error = payload
        if kind == "list":
            self._batch_running = False
        if error:
            self.failed.emit(error)
        if rewrites is not None and epoch == self.epoch:
            for rw in rewrites:
                self._cache[rw.source] = rw
            if kind == "cursor":
                if rid == self._cursor_id and rewrites:
                    self.cursorReady.emit(rid, rewrites[0])
            else:
                self.listReady.emit(rewrites)
                self.listProgress.emit(self._list_total - len(self._queue), self._list_total)
        if kind == "list" and not self._closed:
            self._next_batch()

    def shutdown(self) -> None:
        self._closed = True
        self._queue.clear()
        self._cursor_id += 1
        self.pool.clear()
        self.pool.waitForDone(30_000)


# ------------------------------------------------------------------------------------------- one-shot tasks


class _TaskSignals(QObject):
    done = Signal(object)


class TaskWorker(QRunnable):
    def __init__(self, tag: int, fn: Callable[[], object], signals: _TaskSignals):
        super().__init__()
        self.setAutoDelete(True)
        self.tag, self.fn, self.signals = tag, fn, signals

    def run(self) -> None:
        try:
            self.signals.done.emit((self.tag, self.fn(), None))
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            self.signals.done.emit((self.tag, None, exc))


class TaskRunner(QObject):
    """Runs one slow call (loading and warming a model) at a time off the GUI thread; callbacks on the GUI thread."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._callbacks: dict[int, tuple[Callable, Callable]] = {}
        self._next = 0
        self._signals = _TaskSignals(self)
        self._signals.done.connect(self._on_done)

    @property
    def busy(self) -> bool:
        return bool(self._callbacks)

    def run(self, fn: Callable[[], object], on_done: Callable[[object], None], on_error: Callable[[Exception], None]):
        self._next += 1
        self._callbacks[self._next] = (on_done, on_error)
        self.pool.start(TaskWorker(self._next, fn, self._signals))

    @Slot(object)
    def _on_done(self, payload) -> None:
        tag, result, error = payload
        on_done, on_error = self._callbacks.pop(tag, (None, None))
        if on_done is None:
            return
        if error is not None:
            on_error(error)
        else:
            on_done(result)

    def shutdown(self) -> None:
        self.pool.clear()
        self.pool.waitForDone(60_000)
        self._callbacks.clear()
