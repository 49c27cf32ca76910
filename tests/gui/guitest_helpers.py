"""Fake engine for GUI tests, built from the engine's own protocols (house style), plus small helpers."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any Qt import

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engine.errors import ModelError, ModelNotInstalled
from engine.registry import VerifyResult
from engine.types import Candidate, ModelInfo, Rewrite, Rewriter, Scorer, WordWeight

REPO = Path(__file__).resolve().parents[2]
FIXTURE_MODELS = REPO / "tests" / "fixtures" / "models"

INFORMAL = {"hey", "u", "gonna", "wanna", "lol", "thx", "tmrw", "dont", "ya", "yeah", "kinda", "gotta", "cuz"}
FORMAL_FOR = {"hey": "Hello", "u": "you", "gonna": "going to", "wanna": "want to", "thx": "thank you",
              "tmrw": "tomorrow", "dont": "do not", "ya": "you", "yeah": "yes", "kinda": "somewhat",
              "gotta": "have to", "cuz": "because", "lol": ""}
_WORD = re.compile(r"\w+(?:'\w+)?")


class FakeScorer:
    """Deterministic scorer: P(formal) falls with each informal marker; explain() blames exactly those words."""

    def __init__(self, version: str = "fake-1", provider: str = "CPUExecutionProvider", delay: float = 0.0):
        self.info = ModelInfo("scorer", version, None, "fake", provider)
        self.delay = delay
        self.calls = 0

    def score(self, sentences, batch_size: int = 64) -> np.ndarray:
        import time

        self.calls += 1
        if self.delay:
            time.sleep(self.delay)
        out = []
        for s in sentences:
            n = sum(1 for w in _WORD.findall(s) if w.lower() in INFORMAL) + s.count("!!") + s.count("??")
            out.append(0.92 if n == 0 else max(0.04, 0.42 - 0.12 * (n - 1)))
        return np.asarray(out, dtype=np.float32)

    def explain(self, sentence: str, only=None) -> list[WordWeight]:
        return [
            WordWeight(m.start(), m.end(), m.group(), -1.5 if m.group().lower() in INFORMAL else 0.01)
            for m in _WORD.finditer(sentence) if only is None or m.group().lower() in only
        ]


class FakeRewriter:
    """Replaces informal words (n-best: the plain replacement, then a politer variant)."""

    def __init__(self, version: str = "fake-1", delay: float = 0.0):
        self.info = ModelInfo("rewriter", version, None, "fake")
        self.delay = delay

    def _formal(self, s: str) -> str:
        out = _WORD.sub(lambda m: FORMAL_FOR.get(m.group().lower(), m.group()), s)
        out = re.sub(r"\s{2,}", " ", out).strip().replace("??", "?").replace("!!", "!")
        return out[:1].upper() + out[1:] if out else out

    def rewrite(self, sentences, beam: int = 4, nbest: int = 1) -> list[Rewrite]:
        import time

        if self.delay:
            time.sleep(self.delay)
        out = []
        for s in sentences:
            first = self._formal(s)
            cands = [Candidate(first, -0.1)]
            if nbest > 1:
                cands.append(Candidate("Kindly note: " + first[:1].lower() + first[1:], -0.4))
            out.append(Rewrite(s, tuple(cands[:nbest])))
        return out


assert isinstance(FakeScorer(), Scorer) and isinstance(FakeRewriter(), Rewriter)


@dataclass
class FakeVersion:
    role: str
    version: str
    kind: str = "fake"
    created: str = "2026-11-22T10:00:00+00:00"
    metrics: dict = field(default_factory=dict)
    factory: Callable | None = None  # builds the model; None = files corrupt
    path: Path | None = None


class FakeRegistry:
    """The ModelRegistry surface the GUI uses, over in-memory versions; corrupt versions raise ModelError."""

    def __init__(self, scorer: bool = True, rewriter: bool = True, corrupt_current_scorer: bool = False):
        self.versions: dict[str, list[FakeVersion]] = {"scorer": [], "rewriter": []}
        self.pointer: dict[str, list[str]] = {"scorer": [], "rewriter": []}
        self.switches: list[tuple[str, str, bool]] = []  # (role, version, loaded) of each pointer write
        if scorer:
            self.add("scorer", "bundled", None if corrupt_current_scorer else FakeScorer, {"accuracy": 0.95})
        if rewriter:
            self.add("rewriter", "bundled", FakeRewriter, {"bleu": 70.1})

    def add(self, role: str, version: str, factory, metrics=None, activate: bool = True) -> FakeVersion:
        mv = FakeVersion(role, version, metrics=metrics or {}, factory=factory)
        self.versions.setdefault(role, []).append(mv)
        if activate:
            self.pointer.setdefault(role, []).append(version)
        return mv

    def roles(self):
        return list(self.versions)

    def list(self, role=None):
        return [v for r, vs in self.versions.items() if role in (None, r) for v in vs]

    def current(self, role):
        hist = self.pointer.get(role) or []
        return next((v for v in self.versions[role] if hist and v.version == hist[-1]), None)

    def _get(self, role, version):
        mv = next((v for v in self.versions.get(role, []) if v.version == version), None)
        if mv is None:
            raise ModelError(f"no {role} version {version}")
        return mv

    def resolve(self, role, version=None):
        if version is None:
            return self.current(role)
        return self._get(role, version)

    def verify(self, role=None, version=None):
        mv = self._get(role, version)
        problems = () if mv.factory else (f"{role}/{version}/model.onnx: sha256 mismatch",)
        return [VerifyResult(role, version, Path(role) / version, problems)]

    def previous(self, role):
        hist = self.pointer.get(role) or []
        return self._get(role, hist[-2]) if len(hist) >= 2 else None

    def switch(self, role, version=None, *, loaded=False):
        back = self.previous(role)
        if version is None:
            if back is None:
                raise ModelError(f"no earlier version of {role} to roll back to")
            version = back.version
        mv = self._get(role, version)
        if mv.factory is None:
            raise ModelError(f"refusing {role}/{version}: model.onnx: sha256 mismatch (file corrupt)")
        self.switches.append((role, version, loaded))
        if back is not None and version == back.version:
            self.pointer[role].pop()
        elif self.current(role) is not mv:
            self.pointer[role].append(version)
        return mv

    def _load(self, role, version=None):
        mv = self.current(role) if version is None else self._get(role, version)
        if mv is None:
            raise ModelNotInstalled(f"no {role} installed")
        if mv.factory is None:
            raise ModelError(f"{role}/{mv.version}/model.onnx: sha256 mismatch (file corrupt)")
        model = mv.factory()
        model.info = ModelInfo(role, mv.version, None, "fake", model.info.provider, mv.metrics)
        return model

    def load_scorer(self, role="scorer", version=None):
        return self._load(role, version)

    def load_rewriter(self, role="rewriter", version=None):
        try:
            return self._load(role, version)
        except ModelNotInstalled:
            from engine.rules import RuleFormalizer

            return RuleFormalizer()


def type_text(qtbot, window, text: str) -> None:
    window.editor.setFocus()
    qtbot.keyClicks(window.editor, text)


def wait_scored(qtbot, window, timeout: int = 15_000) -> None:
    qtbot.waitUntil(lambda: not window.scoring.busy and window.models.loaded, timeout=timeout)


def block_formats(window, number: int = 0):
    """(start, end, QTextCharFormat) in Qt (UTF-16) offsets, copied out of the layout's temporaries."""
    from PySide6.QtGui import QTextCharFormat

    block = window.editor.document().findBlockByNumber(number)
    return [(f.start, f.start + f.length, QTextCharFormat(f.format)) for f in block.layout().formats()]
