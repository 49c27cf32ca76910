"""Persistent user settings (QSettings in an INI file under the user's Keigo home, so KEIGO_HOME isolates it)."""
from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from engine.paths import user_home

from .theme import THEME_CHOICES

MAX_RECENT = 10


def _as_float(value, default: float, lo: float, hi: float) -> float:
    try:
        out = float(value)
    except (TypeError, ValueError):
        return default
    return default if math.isnan(out) else min(hi, max(lo, out))


def _as_int(value, default: int, lo: int, hi: int) -> int:
    try:
        out = int(value)
    except (TypeError, ValueError):
        return default
    return min(hi, max(lo, out))


class AppSettings:
    """Typed accessors; a hand-edited or corrupt value falls back to the default instead of crashing."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else user_home() / "settings.ini"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._q = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        self._q.sync()

    # what counts as informal: sentences whose shown degree (engine/degree.py) is below the target
    @property
    def target(self) -> float:
        return _as_float(self._q.value("editor/target", 0.5), 0.5, 0.05, 0.95)

    @target.setter
    def target(self, value: float) -> None:
        self._q.setValue("editor/target", round(float(value), 2))

    @property
    def theme(self) -> str:
        value = str(self._q.value("view/theme", "system"))
        return value if value in THEME_CHOICES else "system"

    @theme.setter
    def theme(self, value: str) -> None:
        self._q.setValue("view/theme", value if value in THEME_CHOICES else "system")

    @property
    def beam(self) -> int:
        return _as_int(self._q.value("rewrite/beam", 4), 4, 1, 16)

    @beam.setter
    def beam(self, value: int) -> None:
        self._q.setValue("rewrite/beam", int(value))

    @property
    def nbest(self) -> int:
        return _as_int(self._q.value("rewrite/nbest", 3), 3, 1, 5)

    @nbest.setter
    def nbest(self, value: int) -> None:
        self._q.setValue("rewrite/nbest", int(value))

    @property
    def autosave_interval_s(self) -> float:
        return _as_float(self._q.value("documents/autosave_interval_s", 3.0), 3.0, 0.2, 300.0)

    @autosave_interval_s.setter
    def autosave_interval_s(self, value: float) -> None:
        self._q.setValue("documents/autosave_interval_s", float(value))

    @property
    def recent_files(self) -> list[str]:
        value = self._q.value("documents/recent", [])
        if isinstance(value, str):  # INI stores a one-element list as a plain string
            value = [value] if value else []
        return [str(v) for v in (value or []) if v][:MAX_RECENT]

    @recent_files.setter
    def recent_files(self, paths: list[str]) -> None:
        self._q.setValue("documents/recent", list(paths)[:MAX_RECENT])

    def add_recent(self, path: str | Path) -> None:
        path = str(Path(path).resolve())
        self.recent_files = [path] + [p for p in self.recent_files if p != path]

    def remove_recent(self, path: str | Path) -> None:
        self.recent_files = [p for p in self.recent_files if p != str(path)]

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._q.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @property
    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._q.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self._q.setValue("window/state", value)

    @property
    def splitter_state(self) -> QByteArray | None:
        return self._bytes("window/splitter")

    @splitter_state.setter
    def splitter_state(self, value: QByteArray) -> None:
        self._q.setValue("window/splitter", value)
