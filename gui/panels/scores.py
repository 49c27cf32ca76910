"""Document gauge (overall formality, informal sentence count), the colour legend and the target-formality control."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSlider, QVBoxLayout, QWidget

from ..theme import LEVEL_LABELS, SCALE_HEX, Theme, level_for, scale_position


class GaugeWidget(QWidget):
    """The graded scale with a marker at the document's formality and a line at the target."""

    def __init__(self, theme: Theme, parent=None):
        super().__init__(parent)
        self.theme = theme
        self.value: float | None = None
        self.target = 0.5
        self.setMinimumHeight(34)
        self.setAccessibleName("Document formality gauge")

    def set_state(self, value: float | None, target: float) -> None:
        self.value, self.target = value, target
        self.setAccessibleDescription(
            "no score" if value is None else f"document formality {value:.2f}, target {target:.2f}"
        )
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        bar = QRectF(6, 12, w - 12, h - 20)
        n = len(SCALE_HEX)
        for i, hexcol in enumerate(SCALE_HEX):
            seg = QRectF(bar.left() + bar.width() * i / n, bar.top(), bar.width() / n + 0.5, bar.height())
            colour = QColor(hexcol)
            if self.value is None:
                colour.setAlphaF(0.25)
            p.fillRect(seg, colour)
        p.setPen(QPen(self.theme.text, 1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(bar)
        mid = bar.left() + bar.width() / 2  # the target sits in the middle of the scale by construction
        p.setPen(QPen(self.theme.text, 2, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(mid, bar.top() - 3), QPointF(mid, bar.bottom() + 3))
        if self.value is not None:
            x = bar.left() + bar.width() * scale_position(self.value, self.target)
            p.setPen(QPen(self.theme.palette.color(self.theme.palette.ColorRole.Base), 1.5))
            p.setBrush(self.theme.text)
            p.drawPolygon(QPolygonF([QPointF(x - 7, 1), QPointF(x + 7, 1), QPointF(x, 12)]))
            p.setPen(QPen(self.theme.text, 2))
            p.drawLine(QPointF(x, 12), QPointF(x, bar.bottom()))
        p.end()


class ScoresPanel(QWidget):
    targetChanged = Signal(float)

    def __init__(self, theme: Theme, target: float, parent=None):
        super().__init__(parent)
        self.theme = theme
        self.setObjectName("scores")
        self.setAccessibleName("Document formality")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.headline = QLabel()
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setAccessibleName("Document formality summary")
        self.headline.setWordWrap(True)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setAccessibleName("Informal sentence count")
        self.gauge = GaugeWidget(theme)
        ends = QHBoxLayout()
        self.left_end, self.right_end = QLabel("← informal"), QLabel("formal →")
        self.mid_end = QLabel()
        self.mid_end.setAlignment(Qt.AlignmentFlag.AlignCenter)
        ends.addWidget(self.left_end)
        ends.addWidget(self.mid_end, 1)
        ends.addWidget(self.right_end)

        self.legend = QWidget()
        self.legend.setAccessibleName("Colour legend")
        grid = QGridLayout(self.legend)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        self.legend_swatches = []
        for i, label in enumerate(LEVEL_LABELS):
            sw = QLabel()
            sw.setFixedSize(16, 12)
            self.legend_swatches.append(sw)
            text = QLabel(label)
            grid.addWidget(sw, i % 3, (i // 3) * 2)
            grid.addWidget(text, i % 3, (i // 3) * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.underline_note = QLabel()
        self.underline_note.setWordWrap(True)

        target_row = QHBoxLayout()
        self.target_label = QLabel()
        self.target_slider = QSlider(Qt.Orientation.Horizontal)
        self.target_slider.setRange(5, 95)
        self.target_slider.setSingleStep(5)
        self.target_slider.setPageStep(10)
        self.target_slider.setValue(round(target * 100))
        self.target_slider.setAccessibleName("Target formality")
        self.target_slider.setToolTip(
            "Sentences scoring below the target count as informal (Ctrl+] raises it, Ctrl+[ lowers it)"
        )
        self.target_slider.valueChanged.connect(self._on_slider)
        self.target_label.setBuddy(self.target_slider)
        target_row.addWidget(self.target_label)
        target_row.addWidget(self.target_slider, 1)

        for w in (self.headline, self.detail, self.gauge):
            lay.addWidget(w)
        lay.addLayout(ends)
        lay.addLayout(target_row)
        lay.addWidget(self.legend)
        lay.addWidget(self.underline_note)
        self.available = True
        self.set_theme(theme)
        self._on_slider(self.target_slider.value(), emit=False)
        self.set_stats(None, 0, 0)

    @property
    def target(self) -> float:
        return self.target_slider.value() / 100

    def set_target(self, value: float) -> None:
        self.target_slider.setValue(round(value * 100))

    def _on_slider(self, value: int, emit: bool = True) -> None:
        self.target_label.setText(f"&Target formality {value / 100:.2f}")
        self.mid_end.setText(f"target {value / 100:.2f}")
        self.gauge.set_state(self.gauge.value, value / 100)
        if emit:
            self.targetChanged.emit(value / 100)

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.gauge.theme = theme
        for i, sw in enumerate(self.legend_swatches):
            sw.setStyleSheet(f"background:{theme.tint(i).name()}; border:1px solid {SCALE_HEX[i]};")
        self.underline_note.setText(
            f'<span style="text-decoration:underline; color:{theme.underline.name()}">wavy underline</span>'
            f"&nbsp;= a word pulling the sentence towards informal"
        )
        self.gauge.update()

    def set_unavailable(self, message: str) -> None:
        self.available = False
        self.headline.setText("No formality score")
        self.detail.setText(message)
        self.gauge.set_state(None, self.target)

    def set_stats(self, value: float | None, informal: int, scored: int, scoring: bool = False) -> None:
        if not self.available:
            return
        self.gauge.set_state(value, self.target)
        if value is None:
            self.headline.setText("Document formality: —")
            self.detail.setText("Scoring…" if scoring else "Type or open a document to see its formality.")
            return
        label = LEVEL_LABELS[level_for(value, self.target)]
        self.headline.setText(f"Document formality {value:.2f} ({label})")
        plural = "sentence" if scored == 1 else "sentences"
        more = " · scoring…" if scoring else ""
        self.detail.setText(f"{informal} of {scored} {plural} informal (below target {self.target:.2f}){more}")

    def set_available(self) -> None:
        self.available = True
