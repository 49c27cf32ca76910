"""Config: TOML sections, dotted overrides typed by the dataclass fields, unknown keys rejected, round trip."""
from __future__ import annotations

import tomllib
from dataclasses import FrozenInstanceError, dataclass

import pytest

from engine.errors import InputError
from training.config import Config, load_config, parse_overrides, section


@section("test_cfg_section")
@dataclass(frozen=True)
class _DemoConfig:
    lr: float = 1e-3
    steps: int = 2
    name: str = "x"
    flag: bool = False
    widths: tuple[int, ...] = (3, 4, 5)
    keys: tuple[str, ...] = ("a",)
    maybe: int | None = None


def test_defaults_without_file():
    cfg = load_config(None)
    assert cfg.section("run").seed == 13
    assert cfg.section("run").device == "auto"
    assert cfg.section("data").max_sentences == 0


def test_toml_and_typed_overrides(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('[test_cfg_section]\nlr = 1\nname = "toml"\n[run]\nseed = 5\n', encoding="utf-8")
    cfg = load_config(p, ["test_cfg_section.lr=3e-5", "test_cfg_section.steps=7", "test_cfg_section.flag=true",
                          "test_cfg_section.widths=2,3", "test_cfg_section.keys=[\"です\", \"ます\"]",
                          "test_cfg_section.maybe=none", "run.threads=1"])
    s = cfg.section("test_cfg_section")
    assert s.lr == pytest.approx(3e-5) and isinstance(s.lr, float)
    assert s.steps == 7 and s.flag is True and s.name == "toml"
    assert s.widths == (2, 3) and s.keys == ("です", "ます") and s.maybe is None
    assert cfg.section("run").seed == 5 and cfg.section("run").threads == 1
    with pytest.raises(FrozenInstanceError):
        s.lr = 1.0  # type: ignore[misc]


def test_toml_int_for_float_is_accepted_but_wrong_types_are_not(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('[test_cfg_section]\nlr = 2\n', encoding="utf-8")
    assert load_config(p).section("test_cfg_section").lr == 2.0
    p.write_text('[test_cfg_section]\nsteps = "many"\n', encoding="utf-8")
    with pytest.raises(InputError, match="test_cfg_section.steps"):
        load_config(p)
    with pytest.raises(InputError, match="test_cfg_section.steps"):
        load_config(None, ["test_cfg_section.steps=1.5"])
    with pytest.raises(InputError, match="test_cfg_section.flag"):
        load_config(None, ["test_cfg_section.flag=maybe"])


def test_unknown_keys_and_sections_are_rejected(tmp_path):
    with pytest.raises(InputError, match=r"unknown key\(s\) lrr.*known keys: .*lr"):
        load_config(None, ["test_cfg_section.lrr=1"])
    p = tmp_path / "c.toml"
    p.write_text("[no_such_section]\nx = 1\n", encoding="utf-8")
    with pytest.raises(InputError, match="unknown config section.*no_such_section"):
        load_config(p)
    with pytest.raises(InputError, match="section.key"):
        parse_overrides(["lr=1"])
    with pytest.raises(InputError, match="section.key=value"):
        parse_overrides(["run.seed"])


def test_bad_files(tmp_path):
    with pytest.raises(InputError, match="not found"):
        load_config(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[run\nseed = 1", encoding="utf-8")
    with pytest.raises(InputError, match="not valid TOML"):
        load_config(bad)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(InputError, match="not valid TOML"):
        load_config(binary)
    with pytest.raises(InputError, match="run.device"):
        load_config(None, ["run.device=tpu"])


def test_to_dict_round_trip(tmp_path):
    cfg = load_config(None, ["test_cfg_section.widths=7,8", "run.seed=99"])
    d = cfg.to_dict()
    assert d["test_cfg_section"]["widths"] == [7, 8] and d["run"]["seed"] == 99 and "data" in d
    p = tmp_path / "resolved.toml"
    p.write_text(cfg.to_toml(), encoding="utf-8")
    assert tomllib.loads(p.read_text(encoding="utf-8"))["run"]["seed"] == 99
    again = load_config(p)
    assert again.to_dict() == {k: v for k, v in d.items()} | {
        "test_cfg_section": {**d["test_cfg_section"], "maybe": None}}


def test_shipped_configs_load():
    from training.config import default_config_path

    for name in ("default", "cpu", "tiny"):
        cfg = load_config(default_config_path(name))
        assert isinstance(cfg, Config)
        assert cfg.section("classifier").widths == (3, 4, 5)
        assert cfg.section("jfc").keys
    assert load_config(default_config_path("tiny")).section("run").device == "cpu"
