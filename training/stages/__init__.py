"""The training stages by name, imported lazily ("module:Class") so `python -m training list` stays fast.

Each stage adds its line here; its config section lives in training/config/sections.py (torch free), so a
config loads without importing any stage. Stages never import each other: what two share is in the library.
"""
from __future__ import annotations

import importlib

STAGES: dict[str, str] = {
    "jfc": "training.stages.jfc:JfcStage",
    "classifier": "training.stages.classifier:ClassifierStage",
    "consistency": "training.stages.consistency:ConsistencyStage",
    "tokenizer": "training.stages.tokenizer:TokenizerStage",
    "mtask": "training.stages.augment:MtaskStage",
    "bt": "training.stages.augment:BtStage",
    "fdis": "training.stages.augment:FdisStage",
    "pos": "training.stages.augment:PosStage",
    "rewriter": "training.stages.rewriter:RewriterStage",
    "adnet": "training.stages.adnet:AdnetStage",
}


def load_stage(name: str):
    """The Stage class for ``name``; KeyError with the known names when there is none."""
    try:
        target = STAGES[name]
    except KeyError:
        raise KeyError(f"unknown stage {name!r}; known: {', '.join(sorted(STAGES))}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)
