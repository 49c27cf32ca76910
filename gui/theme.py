"""Colours: light and dark palettes following the system, and the colour-blind-safe graded formality scale."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

# Blue/orange is the diverging pair that stays distinct under protanopia, deuteranopia and
# tritanopia; orange = below the writer's target (informal), blue = at or above it (formal).
SCALE_HEX = ("#b35806", "#e98a2c", "#fcc68a", "#9cc5e6", "#5b9bd0", "#1f5fa8")
LEVEL_LABELS = ("very informal", "informal", "slightly informal", "slightly formal", "formal", "very formal")
# Background tints stay light enough for black text in the light theme (and dark enough for light text
# in the dark theme): the strength grows towards the informal end, where the writer should look.
_TINT_ALPHA_LIGHT = (0.58, 0.48, 0.45, 0.26, 0.20, 0.17)
_TINT_ALPHA_DARK = (0.58, 0.46, 0.36, 0.30, 0.26, 0.22)
THEME_CHOICES = ("system", "light", "dark")


def scale_position(score: float, target: float) -> float:
    """Map the shown score (degree or P(formal)) onto [0, 1] so that the target lands on the middle of the diverging scale."""
    score = min(1.0, max(0.0, float(score)))
    target = min(0.99, max(0.01, float(target)))
    if score < target:
        return 0.5 * score / target
    return 0.5 + 0.5 * (score - target) / (1.0 - target)


def level_for(score: float, target: float) -> int:
    """Which of the six graded colours a sentence with this score gets (0 = very informal)."""
    return min(len(SCALE_HEX) - 1, int(scale_position(score, target) * len(SCALE_HEX)))


def _luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _mix(base: QColor, top: QColor, alpha: float) -> QColor:
    return QColor(
        round(base.red() * (1 - alpha) + top.red() * alpha),
        round(base.green() * (1 - alpha) + top.green() * alpha),
        round(base.blue() * (1 - alpha) + top.blue() * alpha),
    )


@dataclass(frozen=True)
class Theme:
    name: str  # "light" or "dark"
    palette: QPalette

    @property
    def dark(self) -> bool:
        return self.name == "dark"

    @property
    def base(self) -> QColor:
        return self.palette.color(QPalette.ColorRole.Base)

    @property
    def text(self) -> QColor:
        return self.palette.color(QPalette.ColorRole.Text)

    def tint(self, level: int) -> QColor:
        alphas = _TINT_ALPHA_DARK if self.dark else _TINT_ALPHA_LIGHT
        return _mix(self.base, QColor(SCALE_HEX[level]), alphas[level])

    @property
    def underline(self) -> QColor:
        # Not another orange: a deep indigo on the light tints and a warm yellow on the dark ones stand out
        # from every tint of the scale at 4.5:1 or more (tests/gui check contrast_ratio on all six).
        return QColor("#ffe066") if self.dark else QColor("#4b0082")

    @property
    def outline(self) -> QColor:
        """The frame around the sentence at the cursor."""
        return QColor("#7fb2f0") if self.dark else QColor("#2f6db5")

    # Inline diff: deletions are struck through and insertions underlined, so colour is never the only cue.
    @property
    def del_bg(self) -> str:
        return "#5a3210" if self.dark else "#fde0c2"

    @property
    def ins_bg(self) -> str:
        return "#173a5e" if self.dark else "#d3e6f7"

    @property
    def muted_hex(self) -> str:
        return self.palette.color(QPalette.ColorRole.PlaceholderText).name()


def _dark_palette() -> QPalette:
    p = QPalette()
    window, base, text = QColor("#26282b"), QColor("#1d1f21"), QColor("#e6e6e6")
    for role, colour in (
        (QPalette.ColorRole.Window, window),
        (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base),
        (QPalette.ColorRole.AlternateBase, QColor("#2c2f33")),
        (QPalette.ColorRole.ToolTipBase, QColor("#33363a")),
        (QPalette.ColorRole.ToolTipText, text),
        (QPalette.ColorRole.PlaceholderText, QColor("#9a9ea5")),
        (QPalette.ColorRole.Text, text),
        (QPalette.ColorRole.Button, QColor("#313438")),
        (QPalette.ColorRole.ButtonText, text),
        (QPalette.ColorRole.BrightText, QColor("#ffffff")),
        (QPalette.ColorRole.Highlight, QColor("#3d6fb0")),
        (QPalette.ColorRole.HighlightedText, QColor("#ffffff")),
        (QPalette.ColorRole.Link, QColor("#7fb2f0")),
        (QPalette.ColorRole.Mid, QColor("#45494e")),
        (QPalette.ColorRole.Dark, QColor("#151618")),
        (QPalette.ColorRole.Light, QColor("#505459")),
    ):
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7c8086"))
    return p


def _light_palette() -> QPalette:
    p = QPalette()
    window, base, text = QColor("#f3f3f3"), QColor("#ffffff"), QColor("#1b1b1b")
    for role, colour in (
        (QPalette.ColorRole.Window, window),
        (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base),
        (QPalette.ColorRole.AlternateBase, QColor("#f7f7f7")),
        (QPalette.ColorRole.ToolTipBase, QColor("#ffffe8")),
        (QPalette.ColorRole.ToolTipText, text),
        (QPalette.ColorRole.PlaceholderText, QColor("#6b6b6b")),
        (QPalette.ColorRole.Text, text),
        (QPalette.ColorRole.Button, QColor("#ececec")),
        (QPalette.ColorRole.ButtonText, text),
        (QPalette.ColorRole.Highlight, QColor("#2f6db5")),
        (QPalette.ColorRole.HighlightedText, QColor("#ffffff")),
        (QPalette.ColorRole.Link, QColor("#1f5fa8")),
    ):
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#9a9a9a"))
    return p


def system_prefers_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def resolve_theme(choice: str) -> Theme:
    """The theme for a settings choice: "system" follows the desktop's light/dark preference."""
    dark = system_prefers_dark() if choice not in ("light", "dark") else choice == "dark"
    return Theme("dark", _dark_palette()) if dark else Theme("light", _light_palette())


def apply_theme(app, theme: Theme) -> None:
    app.setStyle("Fusion")  # the one style whose palette is honoured the same way on every platform
    app.setPalette(theme.palette)
