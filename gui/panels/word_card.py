"""The hover card of an underlined word: why it is underlined, its formal replacement when the lexicons know one,
and a one-click fix that replaces only that word."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QTextCursor
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout

HIDE_CHECK_MS = 400  # how often the card checks that the mouse is still on the word or on the card


@dataclass(frozen=True)
class WordHit:
    """An underlined word located in the document (Qt positions) and what it could become."""

    start: int
    end: int
    word: str
    sentence: str
    score: float
    replacement: str | None  # None: no word-level replacement known; "": the word is best left out

    def fix_label(self) -> str:
        if self.replacement is None:
            return ""
        if self.replacement == "":
            return f"Remove “{self.word}”"
        return f"Replace with “{self.replacement}”"


class WordCard(QFrame):
    fixRequested = Signal(object)  # WordHit

    def __init__(self, parent=None):
        super().__init__(parent, Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
        self.setObjectName("word_card")
        self.setAccessibleName("Word suggestion")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.detail = QLabel()
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setWordWrap(True)
        self.fix_button = QPushButton()
        self.fix_button.setObjectName("word_fix")
        self.fix_button.clicked.connect(self._fix)
        lay.addWidget(self.title)
        lay.addWidget(self.detail)
        lay.addWidget(self.fix_button)
        self.setMaximumWidth(360)
        self.hit: WordHit | None = None
        self._word_area = None  # (QRect in global coordinates) the word the card is about
        self._away = 0
        self._timer = QTimer(self, interval=HIDE_CHECK_MS)
        self._timer.timeout.connect(self._check_mouse)

    def show_for(self, hit: WordHit, word_area, at: QPoint) -> None:
        self.hit, self._word_area, self._away = hit, word_area, 0
        self.title.setText(f"“{hit.word}” makes this sentence read as informal")
        if hit.replacement is None:
            self.detail.setText("No single-word replacement is known; right-click the sentence for its rewrites.")
        elif hit.replacement == "":
            self.detail.setText(f"“{hit.word}” adds nothing in formal writing; leave it out.")
        else:
            self.detail.setText(f"Formal: “{hit.replacement}”. Right-click for the whole sentence's rewrites.")
        self.fix_button.setText(hit.fix_label())
        self.fix_button.setAccessibleName(hit.fix_label())
        self.fix_button.setVisible(hit.replacement is not None)
        self.adjustSize()
        self.move(at)
        self.show()
        self.raise_()
        self._timer.start()

    def _fix(self) -> None:
        hit = self.hit
        self.dismiss()
        if hit is not None:
            self.fixRequested.emit(hit)

    def dismiss(self) -> None:
        self._timer.stop()
        self.hit = None
        self.hide()

    def _check_mouse(self) -> None:
        pos = QCursor.pos()
        on_word = self._word_area is not None and self._word_area.adjusted(-4, -4, 4, 4).contains(pos)
        if on_word or self.frameGeometry().adjusted(-8, -8, 8, 8).contains(pos):
            self._away = 0
            return
        self._away += 1
        if self._away >= 2:  # a moment's grace to travel from the word to the card
            self.dismiss()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.dismiss()
            return
        super().keyPressEvent(event)


def replace_word(document, hit: WordHit) -> bool:
    """Replace only the word of a hit (a filler: remove it and one space beside it), one undo step; False when
    the document no longer holds that word there."""
    if hit.replacement is None:
        return False
    c = QTextCursor(document)
    c.setPosition(hit.start)
    c.setPosition(min(hit.end, document.characterCount() - 1), QTextCursor.MoveMode.KeepAnchor)
    if c.selectedText() != hit.word:
        return False
    if hit.replacement == "":
        after, before = QTextCursor(document), QTextCursor(document)
        after.setPosition(hit.end)
        after.movePosition(QTextCursor.MoveOperation.NextCharacter, QTextCursor.MoveMode.KeepAnchor)
        before.setPosition(hit.start)
        before.movePosition(QTextCursor.MoveOperation.PreviousCharacter, QTextCursor.MoveMode.KeepAnchor)
        if after.selectedText() == " ":
            c.setPosition(hit.start)
            c.setPosition(hit.end + 1, QTextCursor.MoveMode.KeepAnchor)
        elif before.selectedText() == " ":
            c.setPosition(hit.start - 1)
            c.setPosition(hit.end, QTextCursor.MoveMode.KeepAnchor)
    c.beginEditBlock()
    c.insertText(hit.replacement)
    c.endEditBlock()
    return True


def line_rects(editor, start: int, end: int) -> list[QRectF]:
    """Viewport rectangles covering document positions [start, end) of a QPlainTextEdit, one per visual line
    (what the editor outlines for the sentence at the cursor); only the visible part is measured."""
    rects: list[QRectF] = []
    block, offset, bottom = editor.document().findBlock(start), editor.contentOffset(), editor.viewport().height()
    while block.isValid() and block.position() <= end:
        top = editor.blockBoundingGeometry(block).translated(offset)
        if top.top() > bottom:
            break
        layout = block.layout()
        a, b = max(start - block.position(), 0), min(end - block.position(), block.length() - 1)
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            lo, hi = max(a, line.textStart()), min(b, line.textStart() + line.textLength())
            if lo >= hi:
                continue
            x1, x2 = line.cursorToX(lo)[0], line.cursorToX(hi)[0]
            rects.append(QRectF(top.left() + x1 - 2, top.top() + line.y(), x2 - x1 + 4, line.height()))
        block = block.next()
    return rects
