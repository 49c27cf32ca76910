"""Shared fixtures for the training tests: the tiny config, the made-up corpora, a tiny local BERT."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURE_DATA = REPO / "tests" / "fixtures" / "data"
TINY = REPO / "assets" / "configs" / "tiny.toml"


@pytest.fixture
def fixture_data() -> Path:
    return FIXTURE_DATA


@pytest.fixture
def tiny_config() -> Path:
    return TINY


def _sentences() -> list[str]:
    out = []
    for p in sorted(FIXTURE_DATA.rglob("*")):
        if p.is_file() and p.suffix in ("", ".informal", ".formal", ".en", ".ref0") or p.name.startswith("train."):
            out += p.read_text(encoding="utf-8").splitlines()
    return out


@pytest.fixture(scope="session")
def tiny_bert(tmp_path_factory) -> Path:
    """A randomly initialised 2-layer BERT (hidden 32) with a WordPiece tokenizer trained on the fixtures."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from tokenizers import BertWordPieceTokenizer
    from transformers import BertConfig, BertModel, BertTokenizerFast

    d = tmp_path_factory.mktemp("tiny_bert")
    wp = BertWordPieceTokenizer(lowercase=True)
    wp.train_from_iterator(_sentences(), vocab_size=300, min_frequency=1)
    wp.save_model(str(d))
    tok = BertTokenizerFast(vocab_file=str(d / "vocab.txt"), do_lower_case=True)
    tok.save_pretrained(str(d))
    cfg = BertConfig(vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=64)
    import torch

    torch.manual_seed(0)
    BertModel(cfg).save_pretrained(str(d))
    return d


@pytest.fixture(scope="session")
def tiny_mpnet(tmp_path_factory) -> Path:
    """A randomly initialised 2-layer MPNet (hidden 32; like all-mpnet-base-v2 it has no token type embedding)
    with an uncased WordPiece tokenizer trained on the fixtures."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from tokenizers import BertWordPieceTokenizer
    from transformers import MPNetConfig, MPNetModel, MPNetTokenizerFast

    d = tmp_path_factory.mktemp("tiny_mpnet")
    wp = BertWordPieceTokenizer(lowercase=True)
    wp.train_from_iterator(_sentences(), vocab_size=300, min_frequency=1,
                           special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"])
    wp.save_model(str(d))
    tok = MPNetTokenizerFast(vocab_file=str(d / "vocab.txt"), do_lower_case=True)
    tok.save_pretrained(str(d))
    cfg = MPNetConfig(vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                      intermediate_size=64, max_position_embeddings=80, pad_token_id=tok.pad_token_id)
    import torch

    torch.manual_seed(0)
    MPNetModel(cfg).save_pretrained(str(d))
    return d
