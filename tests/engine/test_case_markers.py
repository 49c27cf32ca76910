"""Case markers and WordPiece detokenization (engine.case_markers) on a small uncased WordPiece tokenizer built here."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from tokenizers import AddedToken, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

from engine.case_markers import ALLCAPS, CAP, CaseCodec, SourceIndex, apply_case, case_of, fold, join, mark
from engine.errors import ModelError
from engine.rewriter import FormalRewriter

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"
WORDS = [w for line in ("i do not don t know what jose said about the iphone nasa and u s agreed on at send me an e",
                         "mail please hello world mcdonald s it is well known students books are fine we will meet",
                         "in paris ebay costs 3 5 10 30 50 1 000 a b") for w in line.split()]
PUNCT = list(".,!?;:'\"()-$%/")


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    vocab = {t: i for i, t in enumerate(dict.fromkeys(["[PAD]", "[UNK]", "[CLS]", "[SEP]"] + WORDS + PUNCT
                                                        + ["##s", "##e"]))}
    t = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    t.normalizer = normalizers.BertNormalizer(lowercase=True)
    t.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    t.decoder = decoders.WordPiece()
    t.add_special_tokens(["[PAD]", "[UNK]", "[CLS]", "[SEP]"])
    t.add_tokens([AddedToken(m, normalized=False) for m in (CAP, ALLCAPS)])
    t.post_processor = processors.TemplateProcessing(single="[CLS] $A [SEP]",
                                                     special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    return t


@pytest.fixture(scope="module")
def codec(tok) -> CaseCodec:
    return CaseCodec(tok)


def roundtrip(tok, codec, text, source=None):
    ids = tok.encode(mark(text)).ids
    return codec.decode(ids, text if source is None else source)


@pytest.mark.parametrize("text", [
    "I don't know what José said about the iPhone.",
    "NASA and the U.S. agreed on 3.5% at 10:30.",
    "Send me an e-mail, please!",
    "HELLO WORLD",
    "McDonald's is well-known (in Paris).",
    "We will meet in \"Paris\" at 1,000 $5 costs.",
    "eBay and the students' books are fine...",
    "hello😀 world 😀",
    "José and JOSÉ",
])
def test_a_copied_sentence_comes_back_as_written(tok, codec, text):
    assert roundtrip(tok, codec, text) == text


def test_markers_carry_case_the_vocabulary_drops(tok):
    assert mark("I met NASA in Paris, iPhone 3D") == f"{CAP} I met {ALLCAPS} NASA in {CAP} Paris , iPhone {ALLCAPS} 3D"
    tokens = tok.encode(mark("Hello WORLD")).tokens
    assert tokens == ["[CLS]", CAP, "hello", ALLCAPS, "world", "[SEP]"]
    # a writer's literal "[CAP]" is text, never a marker, and comes back as written
    assert tok.encode(mark("say [CAP] now")).tokens.count(CAP) == 0
    assert roundtrip(tok, CaseCodec(tok), "say [CAP] now") == "say [CAP] now"


def test_case_of_words():
    assert [case_of(w) for w in ("hello", "Hello", "HELLO", "iPhone", "McDonald", "I", "A", "3D", "3", "É", "ÉTÉ")] == \
        [None, CAP, ALLCAPS, None, CAP, CAP, CAP, ALLCAPS, None, CAP, ALLCAPS]


def test_the_model_decides_case_and_the_source_the_spelling(tok, codec):
    def out(marked, source):
        return codec.decode(tok.encode(marked).ids, source)

    # the model capitalises the writer's lower-case "i" and "paris"; inner capitals and accents come from the source
    assert out(f"{CAP} i do not know {CAP} jose and the iphone in {CAP} paris .",
               "i dont know josé and the iPhone in paris") == "I do not know José and the iPhone in Paris."
    # all capitals in the source are shouting, not spelling: the model's lower case wins
    assert out(f"{CAP} we will meet .", "WE WILL MEET") == "We will meet."
    assert out(f"{ALLCAPS} nasa said hello .", "nasa said hello") == "NASA said hello."
    # one word written two ways is spelled the way that holds more (accents), with the model's case
    assert out(f"{CAP} jose and {CAP} jose", "jose and José") == "José and José"
    # 'do not' stays two words (WordPiece's own clean-up would contract it)
    assert out("i do not know", "") == "i do not know"


def test_spacing_rules_without_a_source(tok, codec):
    assert join(["e", "-", "mail", "costs", "$", "5", "(", "50", "%", ")", "."]) == "e-mail costs $5 (50%)."
    assert join(["don", "'", "t", "say", '"', "hello", '"', "at", "10", ":", "30", ",", "ok", "!"]) == \
        "don't say \"hello\" at 10:30, ok!"
    assert join(["3", ".", "5", "and", "1", ",", "000", ".", ".", "."]) == "3.5 and 1,000..."
    # the writer's spaced dash stays spaced
    assert join(["a", "-", "b"], SourceIndex("a - b").glued) == "a - b"
    assert join(["a", "-", "b"], SourceIndex("a-b").glued) == "a-b"


def test_unknown_pieces_come_back_from_the_source_in_order(tok, codec):
    ids = tok.encode(mark("hello 😀 world 🎉")).ids
    assert tok.encode(mark("hello 😀 world 🎉")).tokens.count("[UNK]") == 2
    assert codec.decode(ids, "hello 😀 world 🎉") == "hello 😀 world 🎉"
    # an unknown the source cannot give back is dropped rather than shown as [UNK]
    assert codec.decode(ids, "hello world") == "hello world"


def test_apply_case():
    assert apply_case("iphone", None, "iPhone") == "iPhone"
    assert apply_case("iphone", CAP, "iPhone") == "IPhone"
    assert apply_case("jose", CAP, "josé") == "José"
    assert apply_case("jose", ALLCAPS, "José") == "JOSÉ"
    assert apply_case("hello", None, "HELLO") == "hello"
    assert apply_case("hello", CAP, None) == "Hello"
    assert fold("Straße José") == "straße jose"


@pytest.mark.parametrize("text", ["", "   ", "\x00\x01\x02\x7f", "\ufffd\ufffd", "😀😀😀", "\u0301\u0301 é",
                                  "a\u200bb", "\U0010ffff", b"\xff\xfe\x00junk\x9c".decode("latin-1"),
                                  "\n\t\r", "[CAP] [ALLCAPS]", "日本語 text"])
def test_odd_input_never_crashes(tok, codec, text):
    marked = mark(text)
    ids = tok.encode(marked).ids
    out = codec.decode(ids, text)
    assert isinstance(out, str)
    for token in ("[UNK]", CAP, ALLCAPS):
        assert out.count(token) == text.count(token)  # never made up, only the writer's own text
    assert codec.decode([], text) == ""


def test_one_megabyte_of_text(tok, codec):
    unit = "Hello WORLD, I know José in Paris and the iPhone 😀. "
    text = (unit * 20000)[:1_000_000]
    t0 = time.perf_counter()
    marked = mark(text)
    index = SourceIndex(text, codec.is_unknown)
    assert time.perf_counter() - t0 < 20
    assert marked.count(ALLCAPS) == text.count("WORLD")
    assert index.spelling["jose"] == "José" and index.spelling["iphone"] == "iPhone"
    chunk = unit * 30
    assert codec.decode(tok.encode(mark(chunk)).ids, text) == chunk.strip()


def test_a_tokenizer_without_markers_is_refused():
    t = Tokenizer(models.WordPiece({"[UNK]": 0, "a": 1}, unk_token="[UNK]"))
    with pytest.raises(ValueError, match=r"\[CAP\]"):
        CaseCodec(t)


def _rewriter_dir(tmp_path, **options) -> Path:
    d = tmp_path / "rewriter"
    shutil.copytree(FIXTURES / "rewriter", d)
    opts = json.loads((d / "rewriter.json").read_text())
    opts.update(options)
    (d / "rewriter.json").write_text(json.dumps(opts))
    return d


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_a_bad_case_markers_value_names_the_file(tmp_path, bad):
    d = _rewriter_dir(tmp_path, case_markers=bad)
    with pytest.raises(ModelError, match=r"rewriter\.json.*case_markers"):
        FormalRewriter.from_dir(d, threads=1)


def test_case_markers_need_the_marker_tokens(tmp_path):
    d = _rewriter_dir(tmp_path, case_markers=True)   # the fixture's BPE has no marker tokens
    with pytest.raises(ModelError, match="tokenizer.json"):
        FormalRewriter.from_dir(d, threads=1)


def test_case_markers_off_is_the_default(tmp_path):
    rw = FormalRewriter.from_dir(_rewriter_dir(tmp_path, case_markers=False), threads=1)
    assert rw.case_markers is False and rw._prepare("Hello") == "Hello"
