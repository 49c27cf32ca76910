"""make-ensemble: an ensemble rewriter directory (members as subfolders) that the engine, the registry and the
faithful rewriter load like any rewriter; bad members and bad ensemble specs are refused with clear errors."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.errors import InputError, ModelError
from engine.manifest import build_manifest, load_manifest, verify_dir, write_manifest
from engine.registry import ModelRegistry
from engine.rewriter import FormalRewriter
from training.make_ensemble import build, main

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MEMBER = FIX / "models" / "rewriter"
SENTENCES = ["hey u there", "i dont know what 2 do lol", "Thanks for the help."]


def _texts(rw, beam=2, nbest=2):
    return [[c.text for c in r.candidates] for r in rw.rewrite(SENTENCES, beam=beam, nbest=nbest)]


def test_an_ensemble_directory_loads_verifies_and_installs(tmp_path):
    target = tmp_path / "ens"
    manifest = build([MEMBER, MEMBER], target, version="ens-test", weights=[2, 1])
    assert manifest["kind"] == "ensemble" and verify_dir(target) == []
    assert sorted(p.name for p in target.iterdir() if p.is_dir()) == ["member-1", "member-2"]
    assert not (target / "member-1" / "manifest.json").exists()  # one manifest covers every file
    options = json.loads((target / "rewriter.json").read_text(encoding="utf-8"))
    assert options["ensemble"] == {"members": ["member-1", "member-2"], "weights": [2.0, 1.0]}
    ens = FormalRewriter.from_dir(target, threads=1)
    assert ens.info.kind == "ensemble" and Path(ens.info.path) == target
    # a model ensembled with itself searches exactly as the model does
    assert _texts(ens) == _texts(FormalRewriter.from_dir(MEMBER, threads=1))
    reg = ModelRegistry(root=tmp_path / "user", bundled_root=tmp_path / "bundled")
    v = reg.install("rewriter", target, activate=True)
    assert v.version == "ens-test"
    loaded = reg.load_rewriter()
    assert loaded.info.kind == "ensemble" and _texts(loaded, 1, 1) == _texts(ens, 1, 1)


def test_the_faithful_rewriter_reads_the_top_directory(tmp_path):
    from engine.faithful import SafeRewriter

    target = tmp_path / "ens"
    build([MEMBER, MEMBER], target, version="ens-test")
    safe = SafeRewriter.for_model(FormalRewriter.from_dir(target, threads=1))
    out = safe.rewrite(["u r right lol"], beam=2, force=True)
    assert out[0].candidates and out[0].candidates[0].text


def test_measurement_compares_the_ensemble_with_each_member(tmp_path):
    target = tmp_path / "ens"
    manifest = build([MEMBER, MEMBER], target, version="ens-test", data_root=FIX / "data", subset=3, beams=[1],
                     latency=2)
    m = manifest["metrics"]["ensemble_comparison"]
    assert set(m["bleu"]) == {"ensemble", "member-1", "member-2"}
    assert m["bleu"]["ensemble"] == m["bleu"]["member-1"]  # itself twice: the same search
    assert all(v["beam1"] > 0 for v in m["p50_ms"].values())
    card = (target / "MODEL_CARD.md").read_text(encoding="utf-8")
    assert "| ensemble |" in card and "p50 ms beam 1" in card and "the first 3 sentences of each domain" in card
    # the ensemble's own numbers under an export's keys, so the app's model summary shows them
    top = manifest["metrics"]
    assert (top["tune_bleu_em"], top["tune_bleu_fr"]) == (m["bleu"]["ensemble"]["em_beam1"],
                                                          m["bleu"]["ensemble"]["fr_beam1"])
    assert top["tune_sentences"] == {"em": 3, "fr": 3}
    from engine.model_summary import summary

    assert summary("rewriter", top)[0][0] == "BLEU on GYAFC tune (3 sentences per domain), greedy"


def test_card_notes_go_in_their_own_section_before_the_configuration(tmp_path):
    target = tmp_path / "ens"
    main([str(MEMBER), str(MEMBER), "--out", str(target), "--version", "ens-test",
          "--note", "Data: GYAFC train (both domains).", "--note", "Licence terms: research use only."])
    card = (target / "MODEL_CARD.md").read_text(encoding="utf-8")
    section = card.index("## Data, training, licence and cost")
    assert section < card.index("## Configuration")
    assert "- Data: GYAFC train (both domains).\n- Licence terms: research use only.\n" in card[section:]
    assert verify_dir(target) == []  # the manifest covers the card as written
    build([MEMBER, MEMBER], tmp_path / "plain", version="ens-test")
    assert "## Data, training" not in (tmp_path / "plain" / "MODEL_CARD.md").read_text(encoding="utf-8")


def test_bad_members_are_refused_and_nothing_is_left(tmp_path):
    target = tmp_path / "ens"
    with pytest.raises(InputError, match="at least two"):
        build([MEMBER], target, version="x")
    with pytest.raises(InputError, match="weights"):
        build([MEMBER, MEMBER], target, version="x", weights=[1, 0])
    with pytest.raises(InputError, match="does not exist"):
        build([MEMBER, tmp_path / "missing"], target, version="x")
    other = tmp_path / "other"
    shutil.copytree(MEMBER, other)
    opts = json.loads((other / "rewriter.json").read_text(encoding="utf-8"))
    opts["preprocess"] = "rules"
    (other / "rewriter.json").write_text(json.dumps(opts), encoding="utf-8")
    m = load_manifest(MEMBER)
    write_manifest(other, build_manifest(other, role="rewriter", version="other", kind=m["kind"],
                                         config={}, metrics={}, data=[]))
    with pytest.raises(InputError, match="preprocess"):
        build([MEMBER, other], target, version="x")
    corrupt = tmp_path / "corrupt"
    shutil.copytree(MEMBER, corrupt)
    (corrupt / "encoder_model.onnx").write_bytes(b"\x00junk")
    with pytest.raises(InputError, match="checksum|bytes"):
        build([MEMBER, corrupt], target, version="x")
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".staging-")]
    assert main([str(MEMBER), "--out", str(target), "--version", "x"]) == 4  # one member: a clear error, exit 4


@pytest.mark.parametrize("spec, match", [
    ({"members": ["member-1"]}, "two or more"),
    ({"members": ["member-1", "../elsewhere"]}, "subfolder"),
    ({"members": ["member-1", "gone"]}, "gone"),
    ({"members": ["member-1", "member-2"], "weights": "heavy"}, "weights"),
    ({"members": ["member-1", "member-2"], "weights": [1, -1]}, "weights"),
    ("member-1,member-2", "members"),
])
def test_a_bad_ensemble_spec_is_a_model_error(tmp_path, spec, match):
    target = tmp_path / "ens"
    build([MEMBER, MEMBER], target, version="ens-test")
    opts = json.loads((target / "rewriter.json").read_text(encoding="utf-8"))
    opts["ensemble"] = spec
    (target / "rewriter.json").write_text(json.dumps(opts), encoding="utf-8")
    with pytest.raises(ModelError, match=match):
        FormalRewriter.from_dir(target, threads=1)


def test_a_member_that_is_an_ensemble_is_refused(tmp_path):
    target = tmp_path / "ens"
    build([MEMBER, MEMBER], target, version="ens-test")
    with pytest.raises(InputError, match="itself an ensemble"):
        build([target, MEMBER], tmp_path / "nested", version="x")
    shutil.copyfile(target / "rewriter.json", target / "member-2" / "rewriter.json")
    with pytest.raises(ModelError, match="single rewriters"):
        FormalRewriter.from_dir(target, threads=1)
