"""Typed training configuration: frozen dataclass sections, TOML files and dotted command-line overrides.

``core`` is the machinery (registry, range checks, ``load_config``); ``sections`` the built-in sections,
imported here so that every one is registered as soon as ``training.config`` is, without importing a stage.
"""
from __future__ import annotations

from training.config.core import (
    Config,
    check_ranges,
    default_config_path,
    load_config,
    parse_overrides,
    registered_sections,
    section,
)
from training.config.sections import (
    AdnetConfig,
    BtConfig,
    ClassifierConfig,
    ConsistencyConfig,
    DataConfig,
    FdisConfig,
    JfcConfig,
    MtaskConfig,
    PosConfig,
    RewriterConfig,
    RunConfig,
    Seq2SeqPhase,
    Seq2SeqTraining,
    TokenizerConfig,
)

__all__ = [
    "AdnetConfig", "BtConfig", "ClassifierConfig", "Config", "ConsistencyConfig", "DataConfig", "FdisConfig",
    "JfcConfig", "MtaskConfig", "PosConfig", "RewriterConfig", "RunConfig", "Seq2SeqPhase", "Seq2SeqTraining",
    "TokenizerConfig", "check_ranges", "default_config_path", "load_config", "parse_overrides",
    "registered_sections", "section",
]
