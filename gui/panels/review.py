"""Review before a bulk accept: every rewrite of the informal list as a diff with its own checkbox; the ones the
faithfulness checks flagged start unchecked; nothing changes until Apply, and Apply is one undo step."""
from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..diff import diff_html
from ..theme import Theme


@dataclass(frozen=True)
class ReviewItem:
    source: str
    target: str
    caution: str = ""  # plain words from the faithfulness flags (panels.suggestions.caution_text); "" = none

    @property
    def flagged(self) -> bool:
        return bool(self.caution)


class ReviewDialog(QDialog):
    applyRequested = Signal(list)  # indices of the checked items, in order

    def __init__(self, items: list[ReviewItem], theme: Theme, parent=None):
        super().__init__(parent)
        self.items = list(items)
        self.setWindowTitle("Review rewrites")
        self.setObjectName("review_dialog")
        self.setAccessibleName("Review rewrites before applying them")
        self.resize(720, 560)
        lay = QVBoxLayout(self)
        flagged = sum(item.flagged for item in self.items)
        intro = QLabel(
            f"{len(self.items)} rewrite{'s' if len(self.items) != 1 else ''} ready. Checked ones are applied together "
            "(one Ctrl+Z undoes them all); unchecked sentences stay as they are."
            + (f" {flagged} may change the meaning and start unchecked: read them first." if flagged else "")
        )
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        rows = QWidget()
        col = QVBoxLayout(rows)
        col.setSpacing(8)
        self.boxes: list[QCheckBox] = []
        for i, item in enumerate(self.items):
            col.addWidget(self._row(i, item, theme))
        col.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("review_rows")
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        pick = QHBoxLayout()
        self.all_button = QPushButton("Check &all")
        self.none_button = QPushButton("Check &none")
        self.all_button.clicked.connect(lambda: self.set_all(True))
        self.none_button.clicked.connect(lambda: self.set_all(False))
        pick.addWidget(self.all_button)
        pick.addWidget(self.none_button)
        pick.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton("Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setObjectName("review_apply")
        self.apply_button.setDefault(True)
        self.buttons.accepted.connect(self._apply)
        self.buttons.rejected.connect(self.reject)
        pick.addWidget(self.buttons)
        lay.addWidget(intro)
        lay.addWidget(scroll, 1)
        lay.addLayout(pick)
        self._update_apply()

    def _row(self, i: int, item: ReviewItem, theme: Theme) -> QFrame:
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(frame)
        row.setContentsMargins(8, 6, 8, 6)
        box = QCheckBox()
        box.setChecked(not item.flagged)
        box.setAccessibleName(f"Apply rewrite {i + 1}: {item.target}")
        box.toggled.connect(self._update_apply)
        self.boxes.append(box)
        text = QVBoxLayout()
        diff = QLabel(diff_html(item.source, item.target, del_bg=theme.del_bg, ins_bg=theme.ins_bg))
        diff.setTextFormat(Qt.TextFormat.RichText)
        diff.setWordWrap(True)
        diff.setAccessibleName(f"{item.source} becomes {item.target}")
        diff.setBuddy(box)
        text.addWidget(diff)
        if item.caution:
            why = QLabel(f'<span style="color:{theme.underline.name()}">⚠ {html.escape(item.caution)}</span>')
            why.setTextFormat(Qt.TextFormat.RichText)
            why.setWordWrap(True)
            why.setAccessibleName(f"Caution: {item.caution}")
            text.addWidget(why)
        row.addWidget(box, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)
        return frame

    def checked(self) -> list[int]:
        return [i for i, box in enumerate(self.boxes) if box.isChecked()]

    def set_all(self, value: bool) -> None:
        for box in self.boxes:
            box.setChecked(value)

    def _update_apply(self, *_) -> None:
        n = len(self.checked())
        self.apply_button.setText(f"Apply {n} rewrite{'s' if n != 1 else ''}")
        self.apply_button.setEnabled(n > 0)

    def _apply(self) -> None:
        chosen = self.checked()
        self.accept()
        self.applyRequested.emit(chosen)
