"""Loading and warming models for the GUI (these run in a worker, never on the GUI thread), and describing them."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from engine.degree import shown_scores
from engine.errors import KeigoError, ModelError, ModelNotInstalled
from engine.faithful import make_safe
from engine.model_summary import summary_text
from engine.reasons import default_vocabulary
from engine.rules import RuleFormalizer

WARM_SENTENCES = ("hey, can u send me the file?", "I would be grateful if you could send me the file.")
LIVE_SCORER_ROLE = "scorer"
REWRITER_ROLE = "rewriter"


@dataclass
class LoadedModels:
    scorer: object | None
    rewriter: object | None
    notes: list[str] = field(default_factory=list)  # user-facing: what is missing or failed, and the fallback


def _short(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if isinstance(exc, KeigoError) else f"{type(exc).__name__}: {text}"


def warm_scorer(scorer) -> None:
    """A first run allocates ORT's buffers; doing it here keeps that pause off the first keystroke."""
    values = shown_scores(scorer, list(WARM_SENTENCES))
    if len(values) != len(WARM_SENTENCES):
        raise ModelError(f"the scorer returned {len(values)} scores for {len(WARM_SENTENCES)} sentences")
    scorer.explain(WARM_SENTENCES[0])
    # the underline rule's word list and lexicons (engine.reasons), read here in the loading thread rather than
    # on the GUI thread at the first underline
    default_vocabulary()


def warm_rewriter(rewriter) -> None:
    out = rewriter.rewrite([WARM_SENTENCES[0]], beam=1, nbest=1)
    if len(out) != 1:
        raise ModelError(f"the rewriter returned {len(out)} rewrites for 1 sentence")
    wordlist = getattr(rewriter, "wordlist", None)
    for table in ("names", "cased", "common", "capitalised"):  # worked out on first use: here, not at a rewrite
        getattr(wordlist, table, None)


def load_scorer(registry, role: str = LIVE_SCORER_ROLE, version: str | None = None):
    """A scorer (the named version, or the current one), warmed."""
    scorer = registry.load_scorer(role, version)
    warm_scorer(scorer)
    return scorer


def load_rewriter(registry, version: str | None = None, scorer=None):
    """The rewriter (the named version, or the current one), reranked with its faithfulness checks
    (engine.faithful) when it is a neural model, warmed."""
    rewriter = make_safe(registry.load_rewriter(REWRITER_ROLE, version), scorer)
    warm_rewriter(rewriter)
    return rewriter


def load_models(registry) -> LoadedModels:
    """Everything the editor needs; a missing or broken model becomes a note and a working fallback."""
    notes: list[str] = []
    scorer = rewriter = None
    if registry is None:
        notes.append("The model registry is unavailable (engine.registry failed to import).")
    else:
        try:
            scorer = load_scorer(registry)
        except ModelNotInstalled:
            notes.append("No formality scorer installed: sentences are not scored. Rewriting still works.")
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            notes.append(f"The formality scorer failed to load ({_short(exc)}); sentences are not scored.")
        try:
            rewriter = load_rewriter(registry, scorer=scorer)
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            notes.append(f"The rewriter failed to load ({_short(exc)}); using the rule-based formalizer.")
    if rewriter is None:
        try:
            rewriter = RuleFormalizer()
        except Exception as exc:  # noqa: BLE001 (a boundary: reported to the user, the app keeps running)
            notes.append(f"The rule-based formalizer failed to load ({_short(exc)}); no rewrites are available.")
    return LoadedModels(scorer, rewriter, notes)


class WordFixer:
    """The lexicons' formal form of one word in its sentence (engine.rules), for the editor's word cards; the
    rule formalizer is loaded on first use, and a missing lexicon means no word fixes, never an error."""

    def __init__(self):
        self._rules: RuleFormalizer | None = None
        self._failed = False

    def __call__(self, sentence: str, start: int, end: int) -> str | None:
        if self._rules is None and not self._failed:
            try:
                self._rules = RuleFormalizer()
            except (KeigoError, OSError):
                self._failed = True
        return None if self._rules is None else self._rules.word_replacement(sentence, start, end)


def prepare(registry, role: str, version: str | None, scorer=None) -> tuple[str, object]:
    """The first half of a hot swap: load and warm a version (None: the one a rollback goes to) beside the
    live models. Nothing is switched here; the caller switches its reference, then the pointer.
    `scorer` is the live scorer a new rewriter checks its rewrites with."""
    if version is None:
        back = registry.previous(role)
        if back is None:
            raise ModelError(f"no earlier version of {role} to roll back to")
        version = back.version
    if role == REWRITER_ROLE:
        return version, load_rewriter(registry, version, scorer)
    # The live scorer, or a role the command line uses (the accurate scorer): either way it must load and run.
    return version, load_scorer(registry, role, version)


def provider_summary(*models) -> str:
    """"GPU (CUDAExecutionProvider)" when any live model runs on an accelerator, else "CPU"."""
    providers = [getattr(getattr(m, "info", None), "provider", "") for m in models if m is not None]
    accel = [p for p in providers if p and not p.startswith("CPU")]
    return f"GPU ({', '.join(sorted(set(accel)))})" if accel else "CPU (no GPU used)"


def describe_short(model) -> str:
    """For the status bar: which kind of model, and which version when it is not the bundled one."""
    info = getattr(model, "info", None)
    if info is None:
        return "none"
    if info.kind == "rules":
        return "rule-based formalizer"
    if info.version == "bundled":
        return f"bundled {info.kind}"
    version = info.version if len(info.version) <= 24 else info.version[:23] + "…"
    return f"{info.kind} {version}"


def describe(model) -> str:
    info = getattr(model, "info", None)
    if info is None:
        return "none"
    if info.kind == "rules":
        return "rule-based formalizer"
    if info.version == "bundled" and info.path is not None:
        # "bundled" says where it came from; the manifest's own version says which model it is.
        real = (read_manifest(Path(info.path)) or {}).get("version")
        if real and real != "bundled":
            return f"bundled {real} ({info.kind})"
    return f"{info.version} ({info.kind})"


# -------------------------------------------------------------------------- manifests, model cards, licences


def read_manifest(model_dir: Path) -> dict | None:
    try:
        data = json.loads((Path(model_dir) / "manifest.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


def licence_lines(model_dir: Path) -> list[str]:
    """The licence section of a model card (## Data licences / ## License), else its data/terms sections."""
    try:
        card = (Path(model_dir) / "MODEL_CARD.md").read_text(encoding="utf-8")
    except OSError:
        return []
    sections: dict[str, list[str]] = {}
    head = ""
    for line in card.splitlines():
        if line.startswith("#"):
            head = line.lstrip("#").strip().lower()
            continue
        if line.strip():
            sections.setdefault(head, []).append(line.strip().removeprefix("- ").removeprefix("* "))
    for keys in (("licen",), ("terms", "data")):
        out = [x for h, lines in sections.items() if any(k in h for k in keys) for x in lines]
        if out:
            return out[:20]
    return [line.strip() for line in card.splitlines() if "licen" in line.lower()][:20]


def bundled_models(bundled_root: Path) -> list[tuple[str, Path, dict | None]]:
    root = Path(bundled_root)
    if not root.is_dir():
        return []
    return [(d.name, d, read_manifest(d)) for d in sorted(root.iterdir()) if d.is_dir() and not d.name.startswith(".")]


def metrics_text(metrics: dict | None, limit: int = 6, role: str = "", sep: str = "; ") -> str:
    """The manifest metrics in plain words (engine.model_summary): "Accuracy on GYAFC tune: 90.7 %; ..."."""
    return summary_text(role, metrics, limit=limit, sep=sep)
