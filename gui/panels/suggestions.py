"""Suggestions: n-best formal rewrites of the sentence at the cursor with an inline diff, and the list of informal sentences."""
from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from engine.faithful import (
    CONDITION,
    INVENTED,
    NEGATED,
    OPINION,
    QUESTION,
    QUESTION_ADDED,
    QUOTED,
    SENSE,
    SWAPPED,
    WORDS_ADDED,
)
from engine.rules import verbatim_spans
from engine.types import Rewrite

from ..diff import diff_html
from ..theme import LEVEL_LABELS, Theme, level_for

_BE = frozenset(["am", "is", "are", "was", "were", "be", "been", "being"])
ACCEPT_KEYS = ("Ctrl+Return", "Alt+2", "Alt+3", "Alt+4", "Alt+5")


def caution_text(flags) -> str:
    """Plain words for why a rewrite was ranked lower (engine.faithful's candidate flags)."""
    def words_of(prefix):
        return [f[len(prefix):] for f in flags if f.startswith(prefix)]
    parts = []
    if words_of("nonword:"):
        parts.append("has a word not in the dictionary: " + ", ".join(f"“{w}”" for w in words_of("nonword:")))
    dropped = words_of("dropped:")
    # a link, handle, file name or code, or somebody's words in quotes, changed
    exact = [w for w in dropped if verbatim_spans(w) == [w] or (len(w) > 1 and w[0] in "\"“" and w[-1] in "\"”")]
    # "+60 years": a unit added to a number; "+your", "+i": a possessive or a subject the writer did not name
    invented = [w[len(INVENTED):].split(" ", 1) for w in dropped if w.startswith(INVENTED) and " " in w]
    added = [w[len(INVENTED):] for w in dropped if w.startswith(INVENTED) and " " not in w and w != WORDS_ADDED]
    sensed = [w[len(SENSE):].split(" ") for w in dropped if w.startswith(SENSE) and " " in w]
    # "~touch the base": an article inside a fixed phrase; "~are offered": an active verb made passive; "~edit said":
    # a label made a speaker; the rest ("~approve of") a word turned into a phrase
    articled = [p for p in sensed if len(p) == 3 and p[1] in ("the", "a", "an")]
    passive = [p for p in sensed if len(p) == 2 and p[0] in _BE]
    speaker = [p for p in sensed if p[-1] == "said" and p not in passive]
    turned = [[p[0], " ".join(p[1:])] for p in sensed if p not in articled + passive + speaker]
    lost = [w for w in dropped if w != QUOTED and w not in exact and not w.startswith((INVENTED, SENSE, SWAPPED))]
    if lost:
        parts.append("leaves out " + ", ".join("the question" if w == QUESTION else f"“{w}”" for w in lost))
    if exact:
        parts.append("does not copy " + ", ".join(w if w[0] in "\"“" else f"“{w}”" for w in exact) + " exactly")
    if QUOTED in dropped:
        parts.append("puts your words in quotation marks")
    for number, unit in invented:
        parts.append(f"adds “{unit}” to your “{number}”")
    if added:
        parts.append("names someone you did not: " + ", ".join("“I”" if w == "i" else f"“{w}”" for w in added))
    if WORDS_ADDED in dropped:
        parts.append("says something your text does not")
    for verb, prep in turned:
        parts.append(f"turns your “{verb}” into “{verb} {prep}”")
    for pair in (w[len(SWAPPED):].split(" ", 1) for w in dropped if w.startswith(SWAPPED) and " " in w):
        parts.append(f"swaps your “{pair[0]} {pair[1]}” to “{pair[1]} {pair[0]}”")
    for a, art, b in articled:
        parts.append(f"puts “{art}” inside your “{a} {b}”, which changes what it means")
    for be, verb in passive:
        parts.append(f"makes your “{verb}” passive (“{be} {verb}”): who did it to whom changes")
    for p in speaker:
        parts.append(f"makes your “{' '.join(p[:-1])}:” someone who speaks")
    for word in (w[len(SENSE):-1] for w in dropped if w.startswith(SENSE) and w.endswith("!") and len(w) > 2):
        parts.append(f"turns your “{word}!” into praise of what follows")
    for typed, past in (w[len(SENSE):].split(">", 1) for w in dropped if w.startswith(SENSE) and ">" in w):
        parts.append(f"puts your “{typed}” in the past (“{past}”)")
    for verb in (w[len(SENSE) + 1:] for w in dropped if w.startswith(SENSE + ",")):
        parts.append(f"drops your comma before “{verb}”, which changes what the sentence says")
    for verb in (w[len(SENSE):-1] for w in dropped if w.startswith(SENSE) and w.endswith(",") and len(w) > 2):
        parts.append(f"puts a comma after your “{verb}”, which makes a quotation of what follows")
    if QUESTION_ADDED in dropped:
        parts.append("makes a question of what you stated")
    if CONDITION in dropped:
        parts.append("makes a condition (“if”) of what you said")
    if NEGATED in dropped:
        parts.append("adds a “not” you did not write, which turns what you say around")
    if OPINION in dropped:
        parts.append("adds “in my opinion”, which makes what you state an opinion")
    if f"{SENSE}but" in dropped:
        parts.append("turns your “but” (except) into a contrast")
    if words_of("inserted:"):
        parts.append("adds " + ", ".join(f"“{w}”" for w in words_of("inserted:")))
    if not parts:
        return ""
    text = "; ".join(parts)
    return "Check the meaning: this rewrite " + text + "."


@dataclass
class ListEntry:
    source: str
    score: float
    best: str | None = None  # the best rewrite once the background rewriter has produced it
    flags: tuple[str, ...] = ()  # its faithfulness flags (engine.faithful): a review starts them unchecked


class SuggestionsPanel(QWidget):
    acceptRequested = Signal(int)  # candidate index of the suggestion for the sentence at the cursor
    dismissRequested = Signal()
    listActivated = Signal(int)
    listAcceptRequested = Signal(int)
    listDismissRequested = Signal(int)
    acceptAllRequested = Signal()

    def __init__(self, theme: Theme, parent=None):
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("suggestions")
        self.setAccessibleName("Suggestions")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(10)

        self.cursor_box = QGroupBox("Sentence at the cursor")
        self.cursor_box.setAccessibleName("Suggestion for the sentence at the cursor")
        # The sentence and its rewrite cards scroll inside the box: a long sentence or five rewrites wrap
        # at any width and never push the window taller (a QLabel's wrapped height would otherwise become
        # the window's minimum height).
        card = QWidget()
        card.setObjectName("cursor_card")
        box = QVBoxLayout(card)
        box.setContentsMargins(0, 0, 4, 0)
        box.setSpacing(8)
        self.source_label = QLabel()
        self.source_label.setWordWrap(True)
        self.source_label.setTextFormat(Qt.TextFormat.RichText)  # never guessed: "nobody&#x27;s" stays "nobody's"
        self.source_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.source_label.setAccessibleName("Sentence")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setAccessibleName("Suggestion status")
        self.candidates = QVBoxLayout()
        self.candidates.setSpacing(6)
        box.addWidget(self.source_label)
        box.addWidget(self.status_label)
        box.addLayout(self.candidates)
        box.addStretch(1)
        self.cursor_scroll = QScrollArea()
        self.cursor_scroll.setObjectName("cursor_scroll")
        self.cursor_scroll.setWidget(card)
        self.cursor_scroll.setWidgetResizable(True)
        self.cursor_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.cursor_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.dismiss_button = QPushButton("Dismiss")
        self.dismiss_button.setToolTip("Hide this suggestion (Ctrl+D)")
        self.dismiss_button.setAccessibleName("Dismiss suggestion")
        self.dismiss_button.clicked.connect(self.dismissRequested)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.dismiss_button)
        outer_box = QVBoxLayout(self.cursor_box)
        outer_box.setSpacing(6)
        outer_box.addWidget(self.cursor_scroll, 1)
        outer_box.addLayout(row)

        self.list_box = QGroupBox("Informal sentences")
        self.list_box.setAccessibleName("Informal sentences")
        lay = QVBoxLayout(self.list_box)
        self.list = QListWidget()
        self.list.setObjectName("informal_list")
        self.list.setAccessibleName("Informal sentences in the document")
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setSpacing(3)
        self.list.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.list.itemActivated.connect(lambda item: self.listActivated.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.list.itemClicked.connect(lambda item: self.listActivated.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.list.setToolTip("Enter: go to the sentence (its rewrites appear above; Ctrl+Enter accepts). Delete: dismiss.")
        dismiss_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.list)
        dismiss_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        dismiss_key.activated.connect(lambda: self._emit_selected(self.listDismissRequested))
        self.list_status = QLabel()

        self.list_status.setWordWrap(True)
        self.list_status.setAccessibleName("Informal sentences status")
        buttons = QHBoxLayout()
        self.list_accept = QPushButton("Accept")
        self.list_accept.setToolTip("Apply the best rewrite of the selected sentence")
        self.list_accept.setAccessibleName("Accept the selected sentence's rewrite")
        self.list_dismiss = QPushButton("Dismiss")
        self.list_dismiss.setAccessibleName("Dismiss the selected sentence")
        self.accept_all = QPushButton("Accept all…")
        self.accept_all.setToolTip("Review every ready rewrite, then apply the ones you keep in one undo step "
                                   "(Ctrl+Shift+Return)")
        self.accept_all.setAccessibleName("Accept all rewrites")
        self.list_accept.clicked.connect(lambda: self._emit_selected(self.listAcceptRequested))
        self.list_dismiss.clicked.connect(lambda: self._emit_selected(self.listDismissRequested))
        self.accept_all.clicked.connect(self.acceptAllRequested)
        for b in (self.list_accept, self.list_dismiss):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.accept_all)
        lay.addWidget(self.list_status)
        lay.addWidget(self.list, 1)
        lay.addLayout(buttons)

        outer.addWidget(self.cursor_box, 3)
        outer.addWidget(self.list_box, 2)
        outer.addStretch(0)  # takes the list's space when there is no list
        self.candidate_buttons: list[QPushButton] = []
        self.show_message("Place the cursor in a sentence to see a formal rewrite.")
        self.set_list([], note="")

    # ---------------------------------------------------------------------------------------- cursor

    def take_focus(self) -> None:
        """Focus the first rewrite, or the list when there is none."""
        if self.candidate_buttons:
            self.candidate_buttons[0].setFocus()
        else:
            self.list.setFocus()

    def _clear_candidates(self) -> None:
        while self.candidates.count():
            item = self.candidates.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.candidate_buttons = []

    def _set_source(self, source: str | None, score: float | None, target: float | None) -> None:
        if source is None:
            self.source_label.clear()
            self.source_label.hide()
            return
        meta = ""
        if score is not None and target is not None:
            # the same words as the sentence's colour in the editor and the legend
            side = "below" if score < target else "at or above"
            verdict = f"{LEVEL_LABELS[level_for(score, target)]}, {side} the target {target:.2f}"
            meta = f'<br><span style="color:{self.theme.muted_hex}">Formality {score:.2f}: {verdict}</span>'
        self.source_label.setText(f"{html.escape(source)}{meta}")
        self.source_label.show()

    def show_message(self, text: str, source: str | None = None, score=None, target=None) -> None:
        self._clear_candidates()
        self._set_source(source, score, target)
        self.status_label.setText(text)
        self.status_label.show()
        self.dismiss_button.setEnabled(False)

    def show_pending(self, source: str, score=None, target=None) -> None:
        self.show_message("Rewriting…", source, score, target)

    def show_suggestion(self, source: str, rewrite: Rewrite, score=None, target=None, note: str = "") -> None:
        """`note`: what the controller adds about accepting (a sentence wrapped over lines goes onto one)."""
        self._clear_candidates()
        self._set_source(source, score, target)
        changed = [c for c in rewrite.candidates if c.text.strip() and c.text != source]
        notes = [note] if note else []
        if "too_long" in rewrite.flags:
            notes.append("This sentence is longer than the rewriter accepts; split it to get a suggestion.")
        if "rules" in rewrite.flags:
            notes.append("Rule-based formalizer (no neural rewriter installed).")
        if "forced" in rewrite.flags:
            notes.append("Rewritten on request: only rewrites that keep every content word are offered.")
        if "guarded" in rewrite.flags:
            notes.append("The model's rewrite dropped too much of the sentence: the safer rewrite comes first.")
        if not changed:
            self.status_label.setText(" ".join(["No formal rewrite suggested: the rewriter keeps this sentence as it is."] + notes))
            self.dismiss_button.setEnabled(False)
            return
        self.status_label.setText(" ".join(notes))
        self.status_label.setVisible(bool(notes))
        for i, cand in enumerate(rewrite.candidates):
            if not cand.text.strip() or cand.text == source or i >= len(ACCEPT_KEYS):
                continue
            frame = QFrame()
            frame.setFrameShape(QFrame.Shape.StyledPanel)
            frame.setAccessibleName(f"Rewrite {i + 1}")
            # its height follows the wrapped text (never capped at the one-line size hint)
            frame.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            col = QVBoxLayout(frame)
            col.setContentsMargins(10, 8, 8, 8)
            col.setSpacing(4)
            label = QLabel(diff_html(source, cand.text, del_bg=self.theme.del_bg, ins_bg=self.theme.ins_bg))
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAccessibleName(f"Rewrite {i + 1}: {cand.text}")
            caution = caution_text(cand.flags)
            hint = QLabel(f'<span style="color:{self.theme.muted_hex}">{ACCEPT_KEYS[i].replace("Return", "Enter")}</span>')
            button = QPushButton("Accept")
            button.setToolTip(f"Replace the sentence with this rewrite ({ACCEPT_KEYS[i]})")
            button.setAccessibleName(f"Accept rewrite {i + 1}")
            button.clicked.connect(lambda _=False, idx=i: self.acceptRequested.emit(idx))
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(hint)
            row.addWidget(button)
            col.addWidget(label)
            if caution:
                why = QLabel(f'<span style="color:{self.theme.muted_hex}">{html.escape(caution)}</span>')
                why.setWordWrap(True)
                why.setAccessibleName(f"Rewrite {i + 1} caution: {caution}")
                col.addWidget(why)
            col.addLayout(row)
            self.candidates.addWidget(frame)
            self.candidate_buttons.append(button)
        self.dismiss_button.setEnabled(True)

    # ---------------------------------------------------------------------------------------- list

    def _emit_selected(self, signal) -> None:
        item = self.list.currentItem()
        if item is not None:
            signal.emit(item.data(Qt.ItemDataRole.UserRole))

    @staticmethod
    def _item_text(entry: ListEntry) -> str:
        def short(t: str) -> str:
            return t if len(t) <= 240 else t[:239] + "…"

        text = f"{entry.score:.2f}  {short(entry.source)}"
        if entry.best is not None:
            text += f"\n  → {short(entry.best)}" if entry.best != entry.source else "\n  (no rewrite suggested)"
        return text

    def set_list(self, entries: list[ListEntry], note: str) -> None:
        current = self.list.currentRow()
        self.list.clear()
        for i, entry in enumerate(entries):
            item = QListWidgetItem(self._item_text(entry))
            item.setData(Qt.ItemDataRole.UserRole, i)
            item.setToolTip(entry.source if entry.best is None else f"{entry.source}\n→ {entry.best}")
            self.list.addItem(item)
        if 0 <= current < self.list.count():
            self.list.setCurrentRow(current)
        self.list_box.setTitle(f"Informal sentences ({len(entries)})" if entries else "Informal sentences")
        self.list_status.setText(note)
        self.list_status.setVisible(bool(note))
        has = bool(entries)
        for b in (self.list_accept, self.list_dismiss, self.accept_all):
            b.setEnabled(has)

    def set_list_available(self, available: bool) -> None:
        """Without a scorer there is no list to show: keep only the note, not an empty box."""
        for w in (self.list, self.list_accept, self.list_dismiss, self.accept_all):
            w.setVisible(available)
        layout = self.layout()
        layout.setStretch(1, 2 if available else 0)
        layout.setStretch(2, 0 if available else 1)

    def update_entry(self, index: int, entry: ListEntry) -> None:
        item = self.list.item(index)
        if item is not None:
            item.setText(self._item_text(entry))
            item.setToolTip(entry.source if entry.best is None else f"{entry.source}\n→ {entry.best}")

    def select_row(self, row: int) -> None:
        """Select a row (-1: none) without telling anyone: the cursor moved there, nothing was activated."""
        blocked = self.list.blockSignals(True)
        try:
            if 0 <= row < self.list.count():
                self.list.setCurrentRow(row)
                self.list.scrollToItem(self.list.item(row))
            else:
                self.list.clearSelection()
                self.list.setCurrentRow(-1)
        finally:
            self.list.blockSignals(blocked)
        self.list.viewport().update()

    def set_list_note(self, note: str) -> None:
        self.list_status.setText(note)
        self.list_status.setVisible(bool(note))
