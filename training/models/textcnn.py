"""TextCNN formality classifier (Kim 2014 as used by the first two seeds) and its word-level tokenizer.

Filters of widths 3/4/5 with 100 maps each, ReLU, max over time, dropout 0.5, a binary head and an
optional graded (PT16-scale) head. Padding never changes a sentence's score: the model pads every
sentence by (width - 1) internally and max-pools only over windows that start on a real token.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import torch
import torch.nn.functional as F
from tokenizers import Tokenizer, normalizers, pre_tokenizers
from tokenizers.models import WordLevel
from tokenizers.trainers import WordLevelTrainer
from torch import nn

PAD, UNK = "[PAD]", "[UNK]"
PAD_ID, UNK_ID = 0, 1


def build_tokenizer(texts: Iterable[str], vocab_size: int = 30000, min_freq: int = 2, lowercase: bool = False):
    """A Hugging Face `tokenizers` WordLevel tokenizer: NFKC (+ lowercase), split on whitespace and punctuation.

    Case is kept by default: on GYAFC tune a lowercased TextCNN reached 83.2 % and a lowercased bag of words
    85.5 % vs 89.6 % cased ("i", an uncapitalised first word and ALL CAPS are informal cues).
    """
    tok = Tokenizer(WordLevel(unk_token=UNK))
    tok.normalizer = normalizers.Sequence([normalizers.NFKC()] + ([normalizers.Lowercase()] if lowercase else []))
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Punctuation()])
    trainer = WordLevelTrainer(vocab_size=vocab_size, min_frequency=min_freq, special_tokens=[PAD, UNK])
    tok.train_from_iterator(texts, trainer=trainer)
    assert tok.token_to_id(PAD) == PAD_ID and tok.token_to_id(UNK) == UNK_ID
    return tok


class TextCNN(nn.Module):
    def __init__(self, vocab_size: int, emb_dim: int = 128, widths: Sequence[int] = (3, 4, 5), maps: int = 100,
                 dropout: float = 0.5, graded: bool = False, pad_id: int = PAD_ID, sparse: bool = True):
        super().__init__()
        self.pad_id = pad_id
        self.widths = tuple(widths)
        # sparse gradients: a dense Adam step over a 30k x 128 table costs more than the whole forward pass
        self.embed = nn.Embedding(vocab_size, emb_dim, padding_idx=pad_id, sparse=sparse)
        self.convs = nn.ModuleList(nn.Conv1d(emb_dim, maps, w) for w in self.widths)
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(maps * len(self.widths), 2)
        self.graded_head = nn.Linear(maps * len(self.widths), 1) if graded else None

    def features(self, input_ids: torch.Tensor) -> torch.Tensor:
        valid = input_ids != self.pad_id  # [B, T]
        x = self.embed(input_ids).transpose(1, 2)  # [B, E, T]
        pooled = []
        for w, conv in zip(self.widths, self.convs):
            h = F.relu(conv(F.pad(x, (0, w - 1))))  # [B, M, T]: one window per start position
            h = h.masked_fill(~valid.unsqueeze(1), -1e4)
            pooled.append(h.max(dim=2).values)
        return torch.cat(pooled, dim=1)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor | None = None):
        feats = self.dropout(self.features(input_ids))
        logits = self.head(feats)
        graded = self.graded_head(feats).squeeze(-1) * 3.0 if self.graded_head is not None else None
        return logits, graded
