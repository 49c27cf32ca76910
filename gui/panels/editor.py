"""The writing surface: sentences tinted by formality, informal-pulling words underlined, tooltips, file drops.

Lines are scored by paragraph: consecutive lines that hard-wrap one sentence (workers.continues_line) are joined
with a space for scoring, and each sentence's tint, underlines and score come back to the characters it covers
on each line (BlockData per QTextBlock, one ScoredSentence piece per line). The document text never changes.
"""
from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPen, QSyntaxHighlighter, QTextBlock, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QToolTip

from engine.reasons import informal_words
from engine.types import Segment

from ..theme import LEVEL_LABELS, Theme, level_for
from ..workers import BlockResult, ScoredSentence, ScoreRequest, continues_line, is_heading
from .word_card import WordCard, WordHit, line_rects, replace_word

# Qt re-lays out a whole paragraph whenever its formats change; beyond this size that takes most of a
# second, so such a paragraph (pasted junk, a log line) is scored and counted but not tinted.
HUGE_PARAGRAPH = 20_000


class Utf16Map:
    """Python offsets <-> Qt (UTF-16) offsets for one text: characters beyond the BMP (emoji) take two units.

    Built once per paragraph, then O(log n) per lookup, so a 1 MB paragraph full of emoji stays linear.
    """

    def __init__(self, text: str):
        if text.isascii() or max(text) <= "\uffff":
            self.astral: list[int] = []
        else:
            self.astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]
        self.length = len(text)

    def qt(self, i: int) -> int:
        return i + bisect.bisect_left(self.astral, i) if self.astral else i

    def py(self, q: int) -> int:
        if not self.astral:
            return q
        lo, hi = 0, self.length  # the smallest i with qt(i) >= q
        while lo < hi:
            mid = (lo + hi) // 2
            if self.qt(mid) < q:
                lo = mid + 1
            else:
                hi = mid
        return lo


def utf16_len(text: str) -> int:
    """Qt's length of a text (characters beyond the BMP take two units)."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


@dataclass(frozen=True)
class BlockData:
    text: str  # the line (block) text these results belong to; results are ignored once it changes
    sentences: tuple[ScoredSentence, ...]  # pieces on this line (ScoredSentence.offset)
    view: tuple  # (target, theme name) the paragraph was last painted for
    epoch: int
    # Precomputed for the gauge, so a 1 MB document's totals cost one pass over paragraphs, not sentences.
    # A sentence wrapped over lines is counted on the line it starts on.
    sum_ws: float = 0.0
    sum_w: float = 0.0
    scored: int = 0
    informal: int = 0
    explained: bool = True
    # The paragraph the line was scored in (BlockResult.group/index/count): the results hold only while the
    # document still joins the same lines into it.
    group: tuple = (0, 0)
    index: int = 0
    count: int = 1

    @classmethod
    def build(cls, text, sentences, view, epoch, explained: bool = True, group: tuple = (0, 0), index: int = 0,
              count: int = 1) -> BlockData:
        target = view[0]
        sum_ws = sum_w = 0.0
        scored = informal = 0
        for s in sentences:
            if s.score is None or s.offset:
                continue
            w = max(1, len(s.text))
            sum_ws += s.score * w
            sum_w += w
            scored += 1
            informal += s.score < target
        return cls(text, sentences, view, epoch, sum_ws, sum_w, scored, informal, explained, group, index, count)


@dataclass(frozen=True)
class SentenceRef:
    """A sentence located in the document: Qt positions plus what was there when it was located."""

    start: int
    end: int
    text: str
    score: float | None
    words: tuple = ()

    def cursor(self, document) -> QTextCursor:
        """A cursor selecting the sentence; Qt keeps it on the same text while the document is edited."""
        c = QTextCursor(document)
        c.setPosition(self.start)
        c.setPosition(self.end, QTextCursor.MoveMode.KeepAnchor)
        return c


def surviving_sentences(data: BlockData, text: str) -> tuple[ScoredSentence, ...]:
    """The scored sentences of a paragraph that are untouched by an edit, moved to their new offsets.

    While the writer types in a paragraph its other sentences keep their colour; only the sentence being
    edited loses it until the new score arrives.
    """
    old = data.text
    if old == text:
        return data.sentences
    limit = min(len(old), len(text))
    p = 0
    while p < limit and old[p] == text[p]:
        p += 1
    q = 0
    while q < limit - p and old[-1 - q] == text[-1 - q]:
        q += 1
    delta = len(text) - len(old)
    kept = []
    for s in data.sentences:
        if s.end < p:  # strictly before the edit: an edit touching a sentence's end changes that sentence
            kept.append(s)
        elif s.start > len(old) - q:
            kept.append(replace(s, start=s.start + delta, end=s.end + delta))
    return tuple(kept)


def paragraphs(document) -> Iterator[tuple[list[QTextBlock], list[str]]]:
    """(blocks, their texts) of each paragraph in document order: a line joins the one before it when that one
    continues into it (hard wrapping); a blank line is a paragraph of its own."""
    blocks: list[QTextBlock] = []
    texts: list[str] = []
    block = document.begin()
    while block.isValid():
        text = block.text()
        if blocks and not continues_line(texts[-1], text):
            yield blocks, texts
            blocks, texts = [], []
        blocks.append(block)
        texts.append(text)
        block = block.next()
    if blocks:
        yield blocks, texts


def paragraph_around(block: QTextBlock) -> tuple[list[QTextBlock], list[str], int]:
    """The paragraph a line belongs to: (blocks, texts, the line's index in it)."""
    before_b, before_t = [], []
    text = block.text()
    b, t = block.previous(), text
    while b.isValid():
        bt = b.text()
        if not continues_line(bt, t):
            break
        before_b.append(b)
        before_t.append(bt)
        b, t = b.previous(), bt
    blocks, texts = [*reversed(before_b), block], [*reversed(before_t), text]
    index = len(blocks) - 1
    b, t = block.next(), text
    while b.isValid():
        bt = b.text()
        if not continues_line(t, bt):
            break
        blocks.append(b)
        texts.append(bt)
        b, t = b.next(), bt
    return blocks, texts, index


def paragraph_data(store: dict, blocks: list[QTextBlock], texts: list[str]) -> list[BlockData] | None:
    """The stored results of each line of a paragraph, or None when any is missing or was scored as part of a
    different paragraph (a line edited, joined or split since)."""
    out = []
    group = None
    for i, (block, text) in enumerate(zip(blocks, texts)):
        data = store.get(block.userState())
        if data is None or data.text != text or data.index != i or data.count != len(blocks):
            return None
        if group is None:
            group = data.group
        elif data.group != group:
            return None
        out.append(data)
    return out


def heads(data: BlockData, block: QTextBlock) -> Iterator[tuple[int, ScoredSentence]]:
    """(document position of its start, sentence) of each sentence starting on this line."""
    umap = None
    for s in data.sentences:
        if s.offset == 0:
            umap = umap or Utf16Map(data.text)
            yield block.position() + umap.qt(s.start), s


def unscored_sentence_at(segment, blocks, texts, index: int, rel: int) -> SentenceRef | None:
    """The sentence at offset rel of line index of a paragraph whose results are missing: by segmenting it."""
    joined = " ".join(texts)
    if not joined.strip():
        return None
    rel += sum(len(t) + 1 for t in texts[:index])
    chosen = None
    for s in segment(joined):
        if s.start <= rel <= s.end:
            chosen = s
            break
        if s.start > rel:
            break
        chosen = s  # in the gap after a sentence: that sentence is still the one being written
    if chosen is None:
        return None
    # the joined text maps one to one onto the document (a line break is one position, as the space is)
    start = blocks[0].position() + utf16_len(joined[:chosen.start])
    return SentenceRef(start, start + utf16_len(chosen.text), chosen.text, None)


class SentenceHighlighter(QSyntaxHighlighter):
    def __init__(self, editor: EditorPanel):
        super().__init__(editor.document())
        self.editor = editor

    def highlightBlock(self, text: str) -> None:
        data = self.editor.raw_block_data(self.currentBlock())
        if data is None or len(text) > HUGE_PARAGRAPH:
            return
        theme, target = self.editor.theme, self.editor.target
        umap = Utf16Map(text)
        for s in surviving_sentences(data, text):
            if s.score is None:
                continue
            start, end = umap.qt(s.start), umap.qt(s.end)
            fmt = QTextCharFormat()
            fmt.setBackground(theme.tint(level_for(s.score, target)))
            self.setFormat(start, end - start, fmt)
            if s.score < target:
                for w in s.pulling_words:
                    # the sentence's words on this line only (a wrapped sentence's words are on several lines)
                    a, b = max(w.start - s.offset, 0), min(w.end - s.offset, s.end - s.start)
                    if a >= b:
                        continue
                    ws, we = umap.qt(s.start + a), umap.qt(s.start + b)
                    under = QTextCharFormat(fmt)
                    under.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
                    under.setUnderlineColor(theme.underline)
                    self.setFormat(ws, we - ws, under)


class EditorPanel(QPlainTextEdit):
    """Holds per-paragraph results keyed by the block's userState, so Qt moves them along with the text."""

    textEdited = Signal()
    fileDropped = Signal(str)
    # (QMenu, document position) just before the right-click menu opens: the suggestions add the sentence's
    # rewrites (a direct connection, so they are in the menu when it shows)
    contextMenuAboutToShow = Signal(object, int, object)  # + the action to insert before (the standard ones)

    def __init__(self, theme: Theme, target: float, segment: Callable[[str], list[Segment]], parent=None):
        super().__init__(parent)
        self.theme, self.target, self.segment = theme, target, segment
        self.epoch = 0
        self.revision = 0
        self._store: dict[int, BlockData] = {}
        self._next_id = 1
        self._edited: list[int] = []
        self.setObjectName("editor")
        self.setAccessibleName("Document text")
        self.setAccessibleDescription(
            "Sentences are tinted by formality; words pulling a sentence towards informal are underlined."
        )
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTabChangesFocus(False)
        font = QFont(self.font())
        font.setPointSizeF(max(12.0, font.pointSizeF()))
        self.setFont(font)
        self.document().setDocumentMargin(18)
        self.setPlaceholderText("Start writing, paste text, or open a .txt or .md file (Ctrl+O).")
        self.setAcceptDrops(True)
        self.highlighter = SentenceHighlighter(self)
        # (sentence, start, end) -> the lexicons' formal form of that one word (engine.rules), set by assemble()
        self.word_fix: Callable[[str, int, int], str | None] | None = None
        self.word_card = WordCard(self)
        self.word_card.fixRequested.connect(self.fix_word)
        self._outline: QTextCursor | None = None  # the sentence at the cursor, outlined
        self.cursorPositionChanged.connect(self.update_outline)
        self.document().contentsChange.connect(self._on_contents_change)
        self.document().setModified(False)  # the margin and font set above count as edits to Qt

    # ------------------------------------------------------------------------------------------- text

    def text(self) -> str:
        """The exact text: toPlainText() would turn no-break spaces into spaces."""
        return self.document().toRawText().replace("\u2029", "\n")

    def load_text(self, text: str) -> None:
        self._store.clear()
        self.setPlainText(text)
        self.document().setModified(False)

    def _on_contents_change(self, pos: int, removed: int, added: int) -> None:
        if not (removed or added):
            return
        self.revision += 1
        doc = self.document()
        first = doc.findBlock(pos).blockNumber()
        last = doc.findBlock(pos + added).blockNumber()
        if last - first < 50:  # a big paste is handled in document order; small edits jump the queue
            self._edited.extend(range(first, last + 1))
            del self._edited[:-200]
        self.word_card.dismiss()
        self.textEdited.emit()

    # ------------------------------------------------------------------------------------------- results

    def raw_block_data(self, block: QTextBlock) -> BlockData | None:
        """Results last stored for this paragraph, possibly for an older version of its text."""
        return self._store.get(block.userState())

    def block_data(self, block: QTextBlock) -> BlockData | None:
        """Current results of a line: its text and its paragraph's lines are as they were scored."""
        blocks, texts, index = paragraph_around(block)
        datas = paragraph_data(self._store, blocks, texts)
        # Results of a previous model stay visible until the new model's arrive: no flicker on a swap.
        return None if datas is None else datas[index]

    def collect(self, job_id: int, epoch: int, target: float) -> ScoreRequest | None:
        """Paragraphs whose results are missing or out of date: edited first, then visible, then the rest."""
        doc = self.document()
        pending: dict[int, tuple[str, ...]] = {}  # first block number -> the paragraph's lines
        owner: dict[int, int] = {}  # block number -> first block number of its pending paragraph
        headings, explain = set(), set()
        view = (target, self.theme.name)
        first_visible = self.firstVisibleBlock().blockNumber()
        near = set(self._edited) | set(range(max(0, first_visible - 10), first_visible + 80))
        for blocks, texts in paragraphs(doc):
            if len(texts) == 1 and (not texts[0] or texts[0].isspace()):
                continue
            first = blocks[0].blockNumber()
            numbers = range(first, first + len(blocks))
            datas = paragraph_data(self._store, blocks, texts)
            if datas is None or any(d.epoch != epoch or d.view != view for d in datas):
                pass
            elif not any(not d.explained and d.informal for d in datas) or not any(n in near for n in numbers):
                continue  # up to date (or scrolled out of view with informal words still to find)
            pending[first] = tuple(texts)
            owner.update((n, first) for n in numbers)
            if any(n in near for n in numbers):
                explain.add(first)
            if len(texts) == 1:
                prev, nxt = blocks[0].previous(), blocks[0].next()
                standalone = (not prev.isValid() or not prev.text().strip()) and (not nxt.isValid() or not nxt.text().strip())
                if is_heading(texts[0], standalone):
                    headings.add(first)
        if not pending:
            self._edited.clear()
            return None
        order: list[int] = []
        seen: set[int] = set()
        for n in [*reversed(self._edited), *range(first_visible, first_visible + 80), *pending]:
            first = owner.get(n)
            if first is not None and first not in seen:
                seen.add(first)
                order.append(first)
        self._edited.clear()
        return ScoreRequest(job_id, self.revision, epoch, target, tuple((n, pending[n]) for n in order),
                            frozenset(headings), frozenset(explain))

    def apply_results(self, results: list[BlockResult], target: float, epoch: int) -> int:
        doc, applied, at_cursor = self.document(), 0, False
        cursor_line = self.textCursor().blockNumber()
        for r in results:
            block = doc.findBlockByNumber(r.number)
            if not block.isValid() or block.text() != r.text:
                continue
            old = block.userState()
            if old in self._store:
                del self._store[old]
            sid = self._next_id
            self._next_id += 1
            self._store[sid] = BlockData.build(r.text, r.sentences, (target, self.theme.name), epoch, r.explained,
                                               r.group, r.index, r.count)
            block.setUserState(sid)
            if len(r.text) <= HUGE_PARAGRAPH:
                self.highlighter.rehighlightBlock(block)
            applied += 1
            at_cursor = at_cursor or r.number == cursor_line
        if len(self._store) > 2 * doc.blockCount() + 1000:
            live = set()
            block = doc.begin()
            while block.isValid():
                live.add(block.userState())
                block = block.next()
            self._store = {k: v for k, v in self._store.items() if k in live}
        if at_cursor:
            # the sentence at the cursor may have new bounds (a heading has none once known); its paragraph
            # may be long, so only when its own line changed
            self.update_outline()
        return applied

    def set_view(self, theme: Theme, target: float) -> None:
        """New colours apply at once to what is visible; the dispatcher re-tints the rest progressively."""
        self.theme, self.target = theme, target
        block = self.firstVisibleBlock()
        for _ in range(120):
            if not block.isValid():
                break
            self.highlighter.rehighlightBlock(block)
            block = block.next()

    def invalidate_all(self, epoch: int) -> None:
        self.epoch = epoch

    # ------------------------------------------------------------------------------------------- queries

    def sentence_at(self, position: int) -> SentenceRef | None:
        """The sentence at a document position; one hard-wrapped over lines is located as a whole."""
        block = self.document().findBlock(position)
        if not block.isValid():
            return None
        blocks, texts, index = paragraph_around(block)
        rel = Utf16Map(texts[index]).py(position - block.position())
        datas = paragraph_data(self._store, blocks, texts)
        if datas is None:
            return unscored_sentence_at(self.segment, blocks, texts, index, rel)
        # In the gap after a sentence, that sentence is still the one being written: the last piece that starts
        # at or before the position, on this line or, failing that, on the lines before it.
        line, piece = index, None
        for s in datas[index].sentences:
            if s.start <= rel <= s.end:
                piece = s
                break
            if s.start > rel:
                break
            piece = s
        while piece is None and line > 0:
            line -= 1
            piece = datas[line].sentences[-1] if datas[line].sentences else None
        if piece is None:
            return None
        start = (blocks[line].position() + Utf16Map(texts[line]).qt(piece.start)
                 - utf16_len(piece.text[:piece.offset]))
        return SentenceRef(start, start + utf16_len(piece.text), piece.text, piece.score, piece.words)

    def _current(self) -> Iterator[tuple[list[QTextBlock], list[BlockData]]]:
        """(blocks, results) of every paragraph whose results are current, in document order."""
        for blocks, texts in paragraphs(self.document()):
            datas = paragraph_data(self._store, blocks, texts)
            if datas is not None:
                yield blocks, datas

    def scored_sentences(self):
        """(SentenceRef) for every sentence with a current score, in document order."""
        for blocks, datas in self._current():
            for block, data in zip(blocks, datas):
                for start, s in heads(data, block):
                    if s.score is not None:
                        yield SentenceRef(start, start + utf16_len(s.text), s.text, s.score, s.words)

    def informal_sentences(self, target: float, limit: int, exclude: set[str]) -> list[SentenceRef]:
        out: list[SentenceRef] = []
        for blocks, datas in self._current():
            if len(out) >= limit:
                break
            for block, data in zip(blocks, datas):
                if data.informal or data.view[0] != target:
                    for start, s in heads(data, block):
                        if s.score is not None and s.score < target and s.text not in exclude:
                            out.append(SentenceRef(start, start + utf16_len(s.text), s.text, s.score, s.words))
        return out[:limit]

    def stats(self, target: float) -> tuple[float | None, int, int]:
        """(length-weighted mean shown score, informal sentences, scored sentences); a wrapped sentence counts once."""
        total_w = total = 0.0
        informal = n = 0
        for _, datas in self._current():
            for data in datas:
                if not data.scored:
                    continue
                total += data.sum_ws
                total_w += data.sum_w
                n += data.scored
                if data.view[0] == target:
                    informal += data.informal
                else:
                    informal += sum(1 for s in data.sentences if s.score is not None and not s.offset and s.score < target)
        return (total / total_w if total_w else None), informal, n

    def tooltip_for(self, ref: SentenceRef | None) -> str:
        if ref is None or ref.score is None:
            return ""
        label = LEVEL_LABELS[level_for(ref.score, self.target)]
        verdict = "informal" if ref.score < self.target else "formal enough"
        lines = [f"Formality {ref.score:.2f} ({label}): {verdict} for your target {self.target:.2f}"]
        pulling = [w.word for w in informal_words(ref.words)]
        if ref.score < self.target and pulling:
            lines.append("Pulling towards informal: " + ", ".join(dict.fromkeys(pulling)))
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------------- words

    def underlined_word_at(self, position: int) -> WordHit | None:
        """The underlined word at a document position (an informal sentence's pulling word), with its fix."""
        ref = self.sentence_at(position)
        if ref is None or ref.score is None or ref.score >= self.target:
            return None
        umap = Utf16Map(ref.text)
        for w in informal_words(ref.words):
            start, end = ref.start + umap.qt(w.start), ref.start + umap.qt(w.end)
            if start <= position <= end:
                fix = self.word_fix(ref.text, w.start, w.end) if self.word_fix is not None else None
                if fix and w.word[:1].isupper():
                    fix = fix[:1].upper() + fix[1:]
                return WordHit(start, end, ref.text[w.start:w.end], ref.text, ref.score, fix)
        return None

    def fix_word(self, hit: WordHit) -> bool:
        """Replace only that word, one undo step; refused when the text there changed since it was offered."""
        return replace_word(self.document(), hit)

    def show_word_card(self, hit: WordHit, at: QPoint) -> None:
        c = QTextCursor(self.document())
        c.setPosition(hit.start)
        left = self.cursorRect(c)
        c.setPosition(hit.end)
        right = self.cursorRect(c)
        area = QRect(self.viewport().mapToGlobal(left.topLeft()), self.viewport().mapToGlobal(right.bottomRight()))
        self.word_card.show_for(hit, area.normalized(), at)

    # ------------------------------------------------------------------------------------------- the outline

    def update_outline(self) -> None:
        ref = self.sentence_at(self.textCursor().position())
        self._outline = ref.cursor(self.document()) if ref is not None else None
        self.viewport().update()

    def outlined_range(self) -> tuple[int, int] | None:
        c = self._outline
        return None if c is None or not c.hasSelection() else (c.selectionStart(), c.selectionEnd())

    def outline_rects(self) -> list[QRectF]:
        """Viewport rectangles of the sentence at the cursor, one per visual line it spans."""
        span = self.outlined_range()
        return [] if span is None else line_rects(self, *span)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        rects = self.outline_rects()
        if not rects:
            return
        p = QPainter(self.viewport())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(self.theme.outline, 1.5))
        for r in rects:
            p.drawRoundedRect(r, 3, 3)
        p.end()

    # ------------------------------------------------------------------------------------------- events

    def contextMenuEvent(self, event) -> None:
        menu = self.createStandardContextMenu(event.pos())
        position = self.cursorForPosition(event.pos()).position()
        first = menu.actions()[0] if menu.actions() else None
        hit = self.underlined_word_at(position)
        if hit is not None and hit.replacement is not None:
            act = menu.addAction(hit.fix_label())
            act.triggered.connect(lambda _=False, h=hit: self.fix_word(h))
            menu.insertAction(first, act)
            menu.insertSeparator(first)
        self.contextMenuAboutToShow.emit(menu, position, first)
        self.last_menu = menu  # tests read what was offered
        menu.popup(event.globalPos())

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            cursor = self.cursorForPosition(event.pos())
            rect = self.cursorRect(cursor)
            near = abs(rect.center().y() - event.pos().y()) < rect.height()
            hit = self.underlined_word_at(cursor.position()) if near else None
            if hit is not None:
                QToolTip.hideText()
                self.show_word_card(hit, event.globalPos() + QPoint(8, 16))
                return True
            ref = self.sentence_at(cursor.position()) if near else None
            tip = self.tooltip_for(ref)
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def _local_files(self, mime) -> list[str]:
        if not mime.hasUrls():
            return []
        return [u.toLocalFile() for u in mime.urls() if u.isLocalFile()]

    def dragEnterEvent(self, event) -> None:
        if self._local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        if self._local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        files = self._local_files(event.mimeData())
        if files:
            event.acceptProposedAction()
            self.fileDropped.emit(files[0])
        else:
            super().dropEvent(event)

    def keyPressEvent(self, event) -> None:
        # Keep Ctrl+Return free for "accept suggestion" (QPlainTextEdit would insert a line break).
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.ignore()
            return
        super().keyPressEvent(event)
