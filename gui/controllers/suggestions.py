"""Suggestions: a formal rewrite of the sentence at the cursor and of every informal sentence (the list);
accept (one undo step each, or all of them as one), dismiss, jump between informal sentences."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtGui import QTextCursor

from engine.types import Rewrite

from ..panels.review import ReviewItem
from ..panels.suggestions import ListEntry, caution_text
from ..workers import EngineRefs, RewriteDispatcher

LIST_LIMIT = 300  # informal sentences listed at once; the count in the gauge is always complete
CURSOR_DEBOUNCE_MS = 350


@dataclass
class CursorSuggestion:
    tracker: QTextCursor  # selects the sentence; Qt keeps it on the same characters while the text changes
    source: str
    score: float | None
    request_id: int = 0
    rewrite: Rewrite | None = None

    def still_valid(self) -> bool:
        return span_text(self.tracker) == self.source

    def lines(self) -> int:
        """How many lines the sentence is hard-wrapped over in the document."""
        return self.tracker.selectedText().count("\u2029") + 1


def _best_flags(rewrite: Rewrite | None) -> tuple[str, ...]:
    """The faithfulness flags of the rewrite the list offers (its best candidate)."""
    return rewrite.candidates[0].flags if rewrite is not None and rewrite.candidates else ()


def span_text(cursor: QTextCursor) -> str:
    """The text a cursor selects as the scorer read it: the line breaks of a sentence hard-wrapped over lines
    read as the spaces its lines were joined with (gui.workers.continues_line)."""
    return cursor.selectedText().replace("\u2029", " ")


def apply_rewrite(tracker: QTextCursor, source: str, replacement: str) -> bool:
    """Replace a sentence, one undo step, only if the document still holds exactly the source there. A sentence
    hard-wrapped over lines is replaced as a whole: the rewrite takes its place on its first line, so its line
    breaks go (what follows it on its last line joins that line); Ctrl+Z brings them back."""
    if span_text(tracker) != source:
        return False
    c = QTextCursor(tracker)
    c.beginEditBlock()
    c.insertText(replacement)
    c.endEditBlock()
    return True


class SuggestionsController(QObject):
    suggestionShown = Signal()
    reviewRequested = Signal(list)  # [ReviewItem]: the window opens the review dialog (accept all)
    listUpdated = Signal()
    message = Signal(str, int)

    def __init__(self, editor, panel, settings, parent: QObject | None = None):
        super().__init__(parent)
        self.editor, self.panel, self.settings = editor, panel, settings
        self.engine: EngineRefs | None = None  # None until the first models arrive
        self.current: CursorSuggestion | None = None
        self.entries: list[tuple[ListEntry, QTextCursor]] = []
        self.dismissed: set[str] = set()
        self._awaiting_score = False
        self._review: list[tuple[str, str, QTextCursor]] = []  # what the open review dialog shows
        self._closed = False
        self.dispatcher = RewriteDispatcher(self)
        self.dispatcher.set_params(settings.beam, settings.nbest, settings.target)
        self.dispatcher.cursorReady.connect(self._on_cursor_rewrite)
        self.dispatcher.listReady.connect(self._on_list_rewrites)
        self.dispatcher.listProgress.connect(self._on_list_progress)
        self.dispatcher.failed.connect(lambda text: self.message.emit(f"Rewriting failed: {text}", 8000))
        self._cursor_timer = QTimer(self, singleShot=True, interval=CURSOR_DEBOUNCE_MS)
        self._cursor_timer.timeout.connect(self.refresh)
        editor.textEdited.connect(self._cursor_timer.start)
        editor.cursorPositionChanged.connect(self._cursor_timer.start)
        panel.acceptRequested.connect(self.accept)
        panel.dismissRequested.connect(self.dismiss)
        panel.listActivated.connect(self.go_to_entry)
        panel.listAcceptRequested.connect(self.accept_entry)
        panel.listDismissRequested.connect(self.dismiss_entry)
        panel.acceptAllRequested.connect(self.accept_all)

    @property
    def _scorer(self):
        return None if self.engine is None else self.engine.scorer

    def _target(self) -> float | None:
        return self.editor.target if self._scorer is not None else None

    def _say(self, text: str) -> None:
        self.message.emit(text, 8000)

    # ------------------------------------------------------------------ what changes the suggestions

    def set_engine(self, engine: EngineRefs) -> None:
        self.engine = engine
        self.dispatcher.set_engine(engine.rewriter, engine.epoch)
        self.reset()

    def set_params(self, beam: int | None = None, nbest: int | None = None) -> None:
        if beam is not None:
            self.settings.beam = beam
        if nbest is not None:
            self.settings.nbest = nbest
        self.dispatcher.set_params(self.settings.beam, self.settings.nbest, self.settings.target)
        self.reset()
        self.rebuild_list()

    def set_target(self, value: float) -> None:
        self.dispatcher.set_params(self.settings.beam, self.settings.nbest, value)
        self.reset()

    def new_document(self) -> None:
        self.dismissed.clear()
        self.current = None

    def reset(self) -> None:
        """Forget the suggestion shown and ask again (models, target, theme or parameters changed)."""
        self.current = None
        self.refresh()

    # ------------------------------------------------------------------ the sentence at the cursor

    def refresh(self, force: bool = False) -> None:
        if self._closed:
            return
        ref = self.editor.sentence_at(self.editor.textCursor().position())
        panel = self.panel
        if ref is None:
            self.current = None
            panel.show_message("Place the cursor in a sentence to see a formal rewrite.")
            return
        self._follow_in_list(ref.start)
        s = self.current
        if (s is not None and s.source == ref.text and s.tracker.selectionStart() == ref.start and s.still_valid()
                and s.score == ref.score):
            return  # same sentence, nothing changed
        target = self._target()
        if not force and target is not None and ref.score is None:
            # Its score has not arrived: whether it needs a rewrite at all is not known yet. Wait for it
            # (score_arrived asks again) instead of rewriting a sentence that may well be formal.
            self.current = None
            self._awaiting_score = True
            panel.show_message("Scoring this sentence…", ref.text)
            return
        self._awaiting_score = False
        if not force and target is not None and ref.score is not None and ref.score >= target:
            # Rewriting every formal sentence the cursor passes would keep a neural rewriter busy for nothing.
            self.current = None
            panel.show_message("Formal enough for your target. Press F7 to get a rewrite anyway.",
                               ref.text, ref.score, target)
            return
        if ref.text in self.dismissed:
            self.current = None
            panel.show_message("Suggestion dismissed for this sentence.", ref.text, ref.score, target)
            return
        if self.engine is None or self.engine.rewriter is None:
            self.current = None
            panel.show_message("Loading models…" if self.engine is None else "No rewriter is available.",
                               ref.text, ref.score, target)
            return
        self.current = CursorSuggestion(ref.cursor(self.editor.document()), ref.text, ref.score)
        cached = self.dispatcher.cached(ref.text)
        if cached is not None and not (force and "already_formal" in cached.flags):
            self._show(cached)
            return
        self.current.request_id = self.dispatcher.request_cursor(ref.text, force=force)
        panel.show_pending(ref.text, ref.score, target)

    def score_arrived(self) -> None:
        """Scores came in (the scoring went idle): the sentence at the cursor may have been waiting for its own."""
        if self._awaiting_score or (self.current is not None and self.current.score is None):
            self.refresh()

    def _follow_in_list(self, position: int) -> None:
        """The informal list selects the sentence the cursor is in (or nothing), without moving the cursor."""
        row = next((i for i, (_, t) in enumerate(self.entries)
                    if t.selectionStart() <= position <= t.selectionEnd()), -1)
        self.panel.select_row(row)

    def _show(self, rewrite: Rewrite) -> None:
        s = self.current
        s.rewrite = rewrite
        lines = s.lines()
        offered = any(c.text.strip() and c.text != s.source for c in rewrite.candidates)
        note = (f"This sentence is wrapped over {lines} lines: accepting a rewrite replaces all of it and puts it "
                "on one line." if lines > 1 and offered else "")
        self.panel.show_suggestion(s.source, rewrite, s.score, self._target(), note=note)
        self.suggestionShown.emit()

    @Slot(int, object)
    def _on_cursor_rewrite(self, request_id: int, rewrite: Rewrite) -> None:
        s = self.current
        if s is None or s.request_id != request_id or rewrite.source != s.source:
            return  # the cursor moved on; the rewrite stays cached for when it comes back
        if not s.still_valid():
            self.reset()
            return
        self._show(rewrite)

    def accept(self, index: int = 0) -> bool:
        s = self.current
        if s is None or s.rewrite is None:
            self._say("No suggestion to accept.")
            return False
        cands = [c for c in s.rewrite.candidates if c.text.strip() and c.text != s.source]
        if index >= len(s.rewrite.candidates) or s.rewrite.candidates[index] not in cands:
            self._say("There is no such rewrite for this sentence.")
            return False
        if not apply_rewrite(s.tracker, s.source, s.rewrite.candidates[index].text):
            self._say("The sentence changed after this suggestion was made, so it was not applied.")
            self.reset()
            return False
        self._say("Rewrite applied (Ctrl+Z undoes it).")
        self.current = None
        self._cursor_timer.start()
        return True

    def fill_context_menu(self, menu, position: int, before=None) -> None:
        """The right-click menu's top: the rewrites of the sentence clicked (one click applies one, one undo
        step), or a way to ask for them."""
        ref = self.editor.sentence_at(position)
        if ref is None or self._closed:
            return
        first = before if before is not None else (menu.actions()[0] if menu.actions() else None)
        cached = self.dispatcher.cached(ref.text)
        cands = [] if cached is None else [c.text for c in cached.candidates if c.text.strip() and c.text != ref.text]
        added = []
        lines = ref.cursor(self.editor.document()).selectedText().count("\u2029") + 1
        joins = f"\n(The sentence is wrapped over {lines} lines: this puts it on one line.)" if lines > 1 else ""
        for text in cands[:5]:
            label = text if len(text) <= 70 else text[:69] + "…"
            act = menu.addAction(f"→ {label}".replace("&", "&&"))
            act.setToolTip(text + joins)
            act.triggered.connect(lambda _=False, r=ref, t=text: self._apply_from_menu(r, t))
            added.append(act)
        if not cands and self.engine is not None and self.engine.rewriter is not None:
            act = menu.addAction("Suggest a formal rewrite of this sentence (F7)")
            act.triggered.connect(lambda _=False, p=ref.start: self._rewrite_at(p))
            added.append(act)
        for act in added:
            menu.insertAction(first, act)
        if added:
            menu.insertSeparator(first)

    def _apply_from_menu(self, ref, text: str) -> None:
        if apply_rewrite(ref.cursor(self.editor.document()), ref.text, text):
            self._say("Rewrite applied (Ctrl+Z undoes it).")
            self.current = None
            self._cursor_timer.start()
        else:
            self._say("The sentence changed after this suggestion was made, so it was not applied.")

    def _rewrite_at(self, position: int) -> None:
        c = self.editor.textCursor()
        c.setPosition(position)
        self.editor.setTextCursor(c)
        self.refresh(force=True)

    def dismiss(self) -> None:
        s = self.current
        if s is None:
            return
        self.dismissed.add(s.source)
        self.reset()
        self.rebuild_list()

    # ------------------------------------------------------------------ the informal list

    def rebuild_list(self) -> None:
        self.panel.set_list_available(self._scorer is not None)
        if self._scorer is None:
            self.entries = []
            self.panel.set_list([], note="No formality scorer installed, so informal sentences cannot be "
                                         "listed. The sentence at the cursor still gets a rewrite.")
            self.listUpdated.emit()
            return
        doc = self.editor.document()
        shown = self.editor.informal_sentences(self.editor.target, LIST_LIMIT + 1, self.dismissed)
        more = len(shown) > LIST_LIMIT
        self.entries = []
        for ref in shown[:LIST_LIMIT]:
            cached = self.dispatcher.cached(ref.text)
            entry = ListEntry(ref.text, ref.score, cached.best if cached else None, _best_flags(cached))
            self.entries.append((entry, ref.cursor(doc)))
        note = f"Showing the first {LIST_LIMIT}; accept or dismiss some to see more." if more else ""
        self.panel.set_list([e for e, _ in self.entries], note=note)
        self._follow_in_list(self.editor.textCursor().position())
        self.dispatcher.request_list([e.source for e, _ in self.entries if e.best is None])
        self.listUpdated.emit()

    def _on_list_rewrites(self, rewrites: list[Rewrite]) -> None:
        by_source = {r.source: r for r in rewrites}
        for i, (entry, _) in enumerate(self.entries):
            if entry.source in by_source:
                entry.best = by_source[entry.source].best
                entry.flags = _best_flags(by_source[entry.source])
                self.panel.update_entry(i, entry)
        self.listUpdated.emit()

    def _on_list_progress(self, done: int, total: int) -> None:
        extra = f"Showing the first {LIST_LIMIT}. " if len(self.entries) >= LIST_LIMIT else ""
        self.panel.set_list_note(extra + (f"Rewriting {done} of {total}…" if done < total else ""))

    def go_to_entry(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            c = self.editor.textCursor()
            c.setPosition(self.entries[index][1].selectionStart())
            self.editor.setTextCursor(c)
            self.editor.ensureCursorVisible()

    def accept_entry(self, index: int) -> bool:
        if not 0 <= index < len(self.entries):
            return False
        entry, tracker = self.entries[index]
        if entry.best is None:
            self._say("This sentence is still being rewritten.")
            return False
        if entry.best == entry.source:
            self._say("The rewriter suggests no change for this sentence.")
            return False
        if not apply_rewrite(tracker, entry.source, entry.best):
            self._say("The sentence changed after this suggestion was made, so it was not applied.")
            return False
        self._say("Rewrite applied (Ctrl+Z undoes it).")
        return True

    def dismiss_entry(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            self.dismissed.add(self.entries[index][0].source)
            self.rebuild_list()

    def accept_all(self) -> int:
        """Offer every ready rewrite of the list for review (reviewRequested); nothing changes until the
        writer applies the ones they keep (apply_reviewed). Returns how many were offered."""
        ready = [(e, t) for e, t in self.entries if e.best is not None and e.best != e.source]
        if not ready:
            self._say("No rewrites are ready to accept.")
            return 0
        # a snapshot: the list may be rebuilt while the dialog is open, the trackers follow the text
        self._review = [(e.source, e.best, t) for e, t in ready]
        self.reviewRequested.emit([ReviewItem(e.source, e.best, caution_text(e.flags)) for e, _ in ready])
        return len(ready)

    def apply_reviewed(self, chosen: list[int]) -> int:
        """Apply the reviewed rewrites the writer kept, as one undo step; a sentence edited meanwhile is skipped."""
        review, self._review = self._review, []
        picked = [review[i] for i in chosen if 0 <= i < len(review)]
        if not picked:
            self._say("No rewrites applied.")
            return 0
        group = QTextCursor(self.editor.document())
        applied = skipped = 0
        group.beginEditBlock()  # the whole batch is one undo step
        try:
            for source, best, tracker in picked:
                if span_text(tracker) == source:
                    QTextCursor(tracker).insertText(best)
                    applied += 1
                else:
                    skipped += 1
        finally:
            group.endEditBlock()
        waiting = sum(1 for e, _ in self.entries if e.best is None)
        parts = [f"Applied {applied} rewrite{'s' if applied != 1 else ''} (one Ctrl+Z undoes them all)."]
        if skipped:
            parts.append(f"{skipped} skipped because the text changed.")
        if waiting:
            parts.append(f"{waiting} still being rewritten.")
        self._say(" ".join(parts))
        return applied

    def jump_informal(self, direction: int) -> None:
        if not self.entries:
            self._say("No informal sentences.")
            return
        pos = self.editor.textCursor().position()
        starts = [t.selectionStart() for _, t in self.entries]
        if direction > 0:
            nxt = next((i for i, s in enumerate(starts) if s > pos), 0)
        else:
            nxt = next((i for i in range(len(starts) - 1, -1, -1) if starts[i] < pos), len(starts) - 1)
        self.panel.list.setCurrentRow(nxt)
        self.go_to_entry(nxt)

    def shutdown(self) -> None:
        self._closed = True
        self._cursor_timer.stop()
        self.dispatcher.shutdown()
