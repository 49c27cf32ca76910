"""Evaluation helpers: 4-reference BLEU, source-BLEU, style accuracy, the GYAFC tune reader and `rules` report."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from engine.errors import InputError
from training import evaluate as ev
from training.protocol import shared_data_dir

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "data" / "gyafc_small"
REPO = Path(__file__).resolve().parents[2]


def test_import_is_torch_free():
    code = "import sys, training.evaluate; sys.exit(1 if 'torch' in sys.modules or 'transformers' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO, check=False).returncode == 0


def test_corpus_bleu_matches_sacrebleu_with_reference_streams():
    hyps = ["the cat sat on the mat .", "a dog ran in the park today"]
    refs = [["the cat sat on the mat .", "a cat was on the mat ."],
            ["a dog ran in the park", "the dog was running in a park today"]]
    expected = sacrebleu.corpus_bleu(hyps, [[r[0] for r in refs], [r[1] for r in refs]]).score
    assert ev.corpus_bleu(hyps, refs) == pytest.approx(expected)
    # transposing the wrong way would pair hypothesis 1 with reference set 2
    wrong = sacrebleu.corpus_bleu(hyps, [list(refs[0]), list(refs[1])]).score
    assert ev.corpus_bleu(hyps, refs) != pytest.approx(wrong)


def test_corpus_bleu_is_cased_and_perfect_on_a_reference():
    hyps = ["I do not know what to do here."]
    assert ev.corpus_bleu(hyps, [[hyps[0]] * 4]) == pytest.approx(100.0)
    assert ev.corpus_bleu(["i do not know what to do here."], [[hyps[0]] * 4]) < 100.0


@pytest.mark.parametrize(
    "hyps,refs",
    [([], []), (["a"], []), (["a", "b"], [["a"]]), (["a", "b"], [["a", "x"], ["b"]]), (["a"], [[]])],
)
def test_corpus_bleu_rejects_misshapen_input(hyps, refs):
    with pytest.raises(ValueError):
        ev.corpus_bleu(hyps, refs)


def test_source_bleu():
    src = ["this is a sentence with several words in it", "and here is another one of them"]
    assert ev.source_bleu(src, src) == pytest.approx(100.0)
    assert ev.source_bleu(["something else entirely", "nothing alike at all"], src) < 5.0


def test_sentence_bleu():
    ref = "The quick brown fox jumps over the lazy dog."
    assert ev.sentence_bleu(ref, [ref]) == pytest.approx(100.0)
    assert 0.0 < ev.sentence_bleu("The quick brown fox jumped over a dog.", [ref, "A fox jumps."]) < 100.0
    with pytest.raises(ValueError):
        ev.sentence_bleu("x", [])


def test_harmonic_mean():
    assert ev.harmonic_mean(60.0, 90.0) == pytest.approx(72.0)
    assert ev.harmonic_mean(0.0, 0.0) == 0.0
    assert ev.harmonic_mean(50.0, 0.0) == 0.0
    with pytest.raises(ValueError):
        ev.harmonic_mean(-1.0, 5.0)
    with pytest.raises(ValueError):
        ev.harmonic_mean(float("nan"), 5.0)


def test_style_accuracy():
    assert ev.style_accuracy([0.1, 0.6, 0.5, 0.9]) == pytest.approx(0.75)
    assert ev.style_accuracy([0.1, 0.6, 0.5, 0.9], threshold=0.7) == pytest.approx(0.25)
    import numpy as np

    assert ev.style_accuracy(np.array([0.2, 0.8], dtype=np.float32)) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        ev.style_accuracy([])
    with pytest.raises(ValueError):
        ev.style_accuracy([float("nan")])


def test_read_gyafc_tune_fixture():
    sources, refs = ev.read_gyafc_tune(FIXTURE, "em")
    assert len(sources) == 5 and len(refs) == 5
    assert all(len(r) == 4 for r in refs)
    assert sources[0] == "i dont like that song lol"
    assert refs[0][1] == "I don't like that song."
    assert refs[4][3] == "Perhaps the first one."
    sources, refs = ev.read_gyafc_tune(FIXTURE, "fr")
    assert len(sources) == 4 and refs[2][0] == "Your parents are right, though."


def test_read_gyafc_tune_accepts_the_shared_layout(tmp_path):
    (tmp_path / "gyafc").mkdir()
    (tmp_path / "gyafc" / "fr").symlink_to(FIXTURE / "fr")
    sources, _ = ev.read_gyafc_tune(tmp_path, "fr")
    assert len(sources) == 4


def test_misaligned_files_name_the_file_and_counts():
    with pytest.raises(InputError) as err:
        ev.read_gyafc_tune(FIXTURE / "misaligned", "em")
    msg = str(err.value)
    assert "tune.formal.ref2" in msg and "3 lines" in msg and "5 lines" in msg


def test_bad_domain_and_missing_data(tmp_path):
    with pytest.raises(InputError, match="unknown GYAFC domain"):
        ev.read_gyafc_tune(FIXTURE, "news")
    with pytest.raises(InputError, match="not found"):
        ev.read_gyafc_tune(tmp_path, "em")


def test_missing_reference_file(tmp_path):
    d = tmp_path / "em"
    d.mkdir()
    (d / "tune.informal").write_text("a\nb\n", encoding="utf-8")
    with pytest.raises(InputError, match="tune.formal.ref0: file not found"):
        ev.read_gyafc_tune(tmp_path, "em")


def test_invalid_utf8_empty_file_and_crlf(tmp_path):
    d = tmp_path / "em"
    d.mkdir()
    (d / "tune.informal").write_bytes(b"ok\n\xff\xfe bad\n")
    with pytest.raises(InputError, match=r"tune.informal: not valid UTF-8"):
        ev.read_gyafc_tune(tmp_path, "em")
    (d / "tune.informal").write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        ev.read_gyafc_tune(tmp_path, "em")
    # CRLF line ends and a U+2028 inside a sentence: two lines, not three
    (d / "tune.informal").write_bytes("one\r\ntwo\u2028still two\r\n".encode("utf-8"))
    for i in range(4):
        (d / f"tune.formal.ref{i}").write_bytes(b"One.\r\nTwo.\r\n")
    sources, refs = ev.read_gyafc_tune(tmp_path, "em")
    assert sources == ["one", "two\u2028still two"]
    assert refs[1] == ["Two."] * 4


def test_rules_command_on_the_fixture(capsys, tmp_path):
    assert ev.main(["rules", "--data", str(FIXTURE), "--outputs", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    for domain in ("em", "fr"):
        res = report["results"][domain]
        assert res["rules_bleu"] > res["copy_bleu"]
        assert (tmp_path / f"{domain}.tune.rules").read_text(encoding="utf-8").count("\n") == res["sentences"]


def test_rules_command_reports_bad_data(capsys):
    assert ev.main(["rules", "--data", str(FIXTURE / "misaligned"), "--domain", "em"]) == 4
    assert "tune.formal.ref2" in capsys.readouterr().err


def test_rules_command_without_data(capsys, monkeypatch):
    monkeypatch.setattr("training.evaluate.shared_data_dir", lambda: None)
    assert ev.main(["rules"]) == 4
    assert "no data" in capsys.readouterr().err


@pytest.mark.data
@pytest.mark.slow
@pytest.mark.skipif(shared_data_dir() is None or not (shared_data_dir() / "gyafc" / "em").is_dir(),
                    reason="../shared/data/gyafc is absent")
def test_rules_beat_copying_on_the_real_tune_sets():
    report = ev.evaluate_rules(shared_data_dir())
    for domain in ("em", "fr"):
        res = report["results"][domain]
        assert res["rules_bleu"] > res["copy_bleu"] + 10.0, res


def test_binary_metrics_weighted_f1_by_hand():
    from training.evaluate_classifier import binary_metrics

    y = [1, 1, 0, 0, 0, 0, 0, 0]
    p = [0.9, 0.1, 0.9, 0.1, 0.1, 0.1, 0.1, 0.1]
    m = binary_metrics(p, y)
    assert abs(m["f1"] - 0.5) < 1e-9 and abs(m["f1_informal"] - 5 / 6) < 1e-9
    assert abs(m["f1_macro"] - (0.5 + 5 / 6) / 2) < 1e-9
    assert abs(m["f1_weighted"] - (0.25 * 0.5 + 0.75 * 5 / 6)) < 1e-9
