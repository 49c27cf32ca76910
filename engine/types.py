"""Plain value types and protocols shared by the engine, the command line and the GUI (no heavy imports)."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np


@dataclass(frozen=True, slots=True)
class Segment:
    """A sentence of a text by character offsets: text[start:end] == self.text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class WordWeight:
    """How much one word moves P(formal): negative pulls the sentence towards informal."""

    start: int  # character offsets inside the explained sentence
    end: int
    word: str
    weight: float


@dataclass(frozen=True, slots=True)
class Candidate:
    text: str
    score: float  # mean log-probability per generated token (higher is better); 0.0 for rules
    # Why a candidate stands where it does (engine.faithful): "nonword:W", "dropped:W", "inserted:W",
    # "unchanged" (the sentence itself), "rules" (the rule-based rewrite), "already_formal".
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rewrite:
    source: str
    candidates: tuple[Candidate, ...]
    # "too_long": input over the model's limit, returned unchanged; "empty": nothing to rewrite;
    # "rules": produced by the rule-based formalizer; "split": rewritten piecewise; "guarded": the model's best
    # rewrite kept too little of the safe rewrite, which now comes first (FormalRewriter guard_min_bleu);
    # "reranked": ordered by engine.faithful's checks and reranker; "already_formal": scored at or above the
    # formality target, returned unchanged; "forced": rewritten anyway, only candidates that pass the checks;
    # "unscored": no scorer, so neither the formality gain nor the already-formal check was used.
    flags: tuple[str, ...] = ()

    @property
    def best(self) -> str:
        return self.candidates[0].text if self.candidates else self.source


@dataclass(frozen=True, slots=True)
class ModelInfo:
    role: str
    version: str
    path: Path | None
    kind: str
    provider: str = "CPUExecutionProvider"
    metrics: dict = field(default_factory=dict)


@runtime_checkable
class Scorer(Protocol):
    info: ModelInfo

    def score(self, sentences: Sequence[str]) -> np.ndarray: ...

    def explain(self, sentence: str, only: Collection[str] | None = None) -> list[WordWeight]: ...


@runtime_checkable
class Rewriter(Protocol):
    info: ModelInfo

    def rewrite(self, sentences: Sequence[str], beam: int = 4, nbest: int = 1) -> list[Rewrite]: ...
