"""The config machinery: the section registry, range checks, TOML + dotted overrides, the resolved Config.

Sections register with ``@section("name")``; the built-in ones live in ``training.config.sections`` (torch
free, imported by the package, so loading a config never imports a stage). ``load_config`` reads a TOML
file (one table per section), applies overrides such as ``classifier.lr=3e-5`` typed by the field's
annotation, and rejects unknown sections and keys with a message naming them.
"""
from __future__ import annotations

import dataclasses
import json
import math
import tomllib
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tomli_w

from engine.errors import InputError
from engine.paths import assets_dir
from training import protocol

_SECTIONS: dict[str, type] = {}


def section(name: str):
    """Class decorator: register a frozen dataclass as the config section ``name``."""

    def register(cls):
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"@section({name!r}) needs a dataclass, got {cls!r}")
        prev = _SECTIONS.get(name)
        if prev is not None and (prev.__module__, prev.__qualname__) != (cls.__module__, cls.__qualname__):
            raise TypeError(f"config section {name!r} registered twice: {prev!r} and {cls!r}")
        _SECTIONS[name] = cls
        cls.__config_section__ = name
        return cls

    return register


def registered_sections() -> dict[str, type]:
    return dict(_SECTIONS)


def check_ranges(cfg, *, at_least_1: Sequence[str] = (), at_least_0: Sequence[str] = (),
                 positive: Sequence[str] = (), fraction: Sequence[str] = ()) -> None:
    """Range checks for a section's ``__post_init__``: InputError naming ``section.key`` for the first value out
    of range, before any stage runs (a negative batch size or a NaN learning rate would otherwise fail, or
    silently train nothing, hours into a pipeline). Every float field must also be finite.

    at_least_1 / at_least_0: whole numbers >= 1 / >= 0; positive: numbers > 0; fraction: numbers in [0, 1).
    """
    name = getattr(type(cfg), "__config_section__", type(cfg).__name__)
    for f in dataclasses.fields(cfg):
        value = getattr(cfg, f.name)
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(f"{name}.{f.name} must be a finite number, got {value}")
    rules = [(at_least_1, lambda v: v >= 1, "must be >= 1"), (at_least_0, lambda v: v >= 0, "must be >= 0"),
             (positive, lambda v: v > 0, "must be > 0"), (fraction, lambda v: 0 <= v < 1, "must be in [0, 1)")]
    for keys, ok, what in rules:
        for key in keys:
            value = getattr(cfg, key)
            values = value if isinstance(value, (tuple, list)) else (value,)
            if not all(ok(v) for v in values):
                raise InputError(f"{name}.{key} {what}, got {value!r}")


def _hints(cls) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _strip_optional(tp):
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return tp, False


def _coerce(value: Any, tp, where: str, from_text: bool):
    """Convert ``value`` (TOML value, or override text when from_text) to the field type ``tp``."""
    tp, optional = _strip_optional(tp)
    if optional and (value is None or (from_text and str(value).lower() in ("none", "null"))):
        return None
    origin = typing.get_origin(tp)
    try:
        if tp is bool:
            if isinstance(value, bool):
                return value
            if from_text and str(value).lower() in ("true", "1", "yes", "on"):
                return True
            if from_text and str(value).lower() in ("false", "0", "no", "off"):
                return False
            raise ValueError("expected true or false")
        if tp is int:
            if isinstance(value, bool):
                raise ValueError("expected an integer")
            if isinstance(value, int):
                return value
            if from_text:
                return int(str(value).replace("_", ""))
            raise ValueError("expected an integer")
        if tp is float:
            if isinstance(value, bool):
                raise ValueError("expected a number")
            if isinstance(value, (int, float)) or from_text:
                number = float(value)
                # nan compares false with every bound, so it would slip through each range check
                if not math.isfinite(number):
                    raise ValueError("expected a finite number")
                return number
            raise ValueError("expected a number")
        if tp is str:
            if isinstance(value, str):
                return value
            if from_text:
                return str(value)
            raise ValueError("expected a string")
        if tp is Path:
            return Path(value)
        if origin in (tuple, list):
            args = typing.get_args(tp)
            item_tp = args[0] if args else str
            if from_text and isinstance(value, str):
                text = value.strip()
                if text.startswith("["):
                    value = tomllib.loads("v = " + text)["v"]
                else:
                    value = [v.strip() for v in text.split(",") if v.strip()]
            if not isinstance(value, (list, tuple)):
                raise ValueError("expected a list")
            items = [_coerce(v, item_tp, where, from_text) for v in value]
            return tuple(items) if origin is tuple else items
        if origin is dict or tp is dict:
            if from_text and isinstance(value, str):
                value = json.loads(value)
            if not isinstance(value, dict):
                raise ValueError("expected a table")
            return dict(value)
    except (ValueError, TypeError, tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"config {where}: cannot use {value!r}: {exc}") from None
    return value


def _build(cls, values: dict, name: str, from_text_keys: set[str] = frozenset()):
    hints = _hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - fields)
    if unknown:
        raise InputError(
            f"config section [{name}]: unknown key(s) {', '.join(unknown)}; known keys: {', '.join(sorted(fields))}"
        )
    kwargs = {k: _coerce(v, hints[k], f"{name}.{k}", k in from_text_keys) for k, v in values.items()}
    try:
        return cls(**kwargs)
    except InputError:
        raise
    except (TypeError, ValueError) as exc:
        raise InputError(f"config section [{name}]: {exc}") from None


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Config:
    """The resolved configuration: one frozen dataclass instance per section."""

    def __init__(self, sections: dict[str, Any] | None = None, source: str | None = None):
        self._sections: dict[str, Any] = dict(sections or {})
        self.source = source

    def section(self, name: str):
        """The section instance; a registered section absent from the file gets its defaults."""
        if name not in self._sections:
            cls = _SECTIONS.get(name)
            if cls is None:
                raise InputError(f"unknown config section {name!r}; known: {', '.join(sorted(_SECTIONS))}")
            self._sections[name] = cls()
        return self._sections[name]

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self.section(name)
        except InputError as exc:
            raise AttributeError(str(exc)) from None

    def replace(self, name: str, **changes) -> Config:
        """A copy with one section's fields changed (used by stages that derive a sub-run)."""
        sections = dict(self._sections)
        sections[name] = dataclasses.replace(self.section(name), **changes)
        return Config(sections, self.source)

    def names(self) -> list[str]:
        return sorted(self._sections)

    def to_dict(self) -> dict:
        for name in ("run", "data"):
            self.section(name)
        return {
            name: {k: _plain(v) for k, v in dataclasses.asdict(inst).items()}
            for name, inst in sorted(self._sections.items())
        }

    def to_toml(self) -> str:
        def drop_none(d):
            return {k: (drop_none(v) if isinstance(v, dict) else v) for k, v in d.items() if v is not None}

        return tomli_w.dumps(drop_none(self.to_dict()))


def parse_overrides(overrides: Sequence[str]) -> dict[str, dict[str, str]]:
    """Dotted overrides by section; the rules are the run contract's (training.protocol)."""
    return protocol.parse_overrides(overrides)


def load_config(path: str | Path | None, overrides: Sequence[str] = ()) -> Config:
    """Read a TOML file (None: defaults only) and apply dotted overrides typed by the dataclass fields."""
    raw: dict[str, Any] = {}
    if path is not None:
        p = Path(path)
        try:
            # relative paths in the file are relative to the file's folder, not to the working directory
            raw = protocol.resolve_config_paths(tomllib.loads(p.read_text(encoding="utf-8")), p.parent)
        except FileNotFoundError:
            raise InputError(f"config file not found: {p}") from None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise InputError(f"config file {p} is not valid TOML: {exc}") from None
        except OSError as exc:
            raise InputError(f"config file {p} cannot be read: {exc}") from None
    over = parse_overrides(overrides)
    names = set(raw) | set(over)
    unknown = sorted(names - set(_SECTIONS))
    if unknown:
        raise InputError(f"unknown config section(s) {', '.join(unknown)}; known: {', '.join(sorted(_SECTIONS))}")
    sections = {}
    for name in sorted(names):
        table = raw.get(name, {})
        if not isinstance(table, dict):
            raise InputError(f"config: [{name}] must be a table, got {type(table).__name__}")
        values = dict(table)
        values.update(over.get(name, {}))
        sections[name] = _build(_SECTIONS[name], values, name, set(over.get(name, {})))
    return Config(sections, str(path) if path is not None else None)


def default_config_path(name: str = "default") -> Path:
    return assets_dir() / "configs" / f"{name}.toml"
