"""ADNet (Romanov et al. 2019, as used by Dugan 2020): a GRU encoder split into a meaning and a style vector.

The encoder's final state is projected into a meaning vector m and a style (form) vector f. A
discriminator predicts the formality label from m and is trained on its own; the encoder is trained to
maximise the entropy of the discriminator's prediction, so m sheds style. A motivator predicts the label
from f and is trained with the encoder, so f carries style. A GRU generator reconstructs the sentence
from [m; f] with teacher forcing, so together they keep the sentence.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F
from torch import nn

BOS, EOS = "[BOS]", "[EOS]"


@dataclass(frozen=True)
class ADNetDims:
    """Everything needed to rebuild the network (saved as adnet.json beside the weights)."""

    vocab_size: int
    emb_dim: int = 128
    hidden: int = 256
    meaning_dim: int = 128
    style_dim: int = 32
    classifier_hidden: int = 64
    n_classes: int = 2
    dropout: float = 0.1
    pad_id: int = 0
    bos_id: int = 2
    eos_id: int = 3

    def to_dict(self) -> dict:
        return asdict(self)


def _classifier(d_in: int, hidden: int, n_classes: int) -> nn.Module:
    return nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, n_classes))


class ADNet(nn.Module):
    def __init__(self, dims: ADNetDims):
        super().__init__()
        self.dims = dims
        d = dims
        self.embed = nn.Embedding(d.vocab_size, d.emb_dim, padding_idx=d.pad_id)
        self.drop = nn.Dropout(d.dropout)
        self.encoder = nn.GRU(d.emb_dim, d.hidden, batch_first=True)
        self.to_meaning = nn.Linear(d.hidden, d.meaning_dim)
        self.to_style = nn.Linear(d.hidden, d.style_dim)
        code = d.meaning_dim + d.style_dim
        self.init_decoder = nn.Linear(code, d.hidden)
        # the code is fed at every step too: a long sentence would otherwise forget it
        self.decoder = nn.GRU(d.emb_dim + code, d.hidden, batch_first=True)
        self.out = nn.Linear(d.hidden, d.vocab_size)
        self.motivator = _classifier(d.style_dim, d.classifier_hidden, d.n_classes)
        self.discriminator = _classifier(d.meaning_dim, d.classifier_hidden, d.n_classes)

    def discriminator_parameters(self):
        return list(self.discriminator.parameters())

    def main_parameters(self):
        skip = {id(p) for p in self.discriminator.parameters()}
        return [p for p in self.parameters() if id(p) not in skip]

    def encode(self, input_ids: torch.Tensor, lengths: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(m [B, meaning_dim], f [B, style_dim]) from token ids [B, T] (right-padded) and their lengths [B]."""
        x = self.drop(self.embed(input_ids))
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths.clamp(min=1).cpu(), batch_first=True,
                                                   enforce_sorted=False)
        _out, h = self.encoder(packed)
        h = h[-1]
        return self.to_meaning(h), self.to_style(h)

    def reconstruction_logits(self, m: torch.Tensor, f: torch.Tensor, decoder_input: torch.Tensor) -> torch.Tensor:
        """Teacher-forced logits [B, T, V] for ``decoder_input`` ([BOS] + tokens) given the code [m; f]."""
        code = torch.cat([m, f], dim=-1)
        h0 = torch.tanh(self.init_decoder(code)).unsqueeze(0)
        x = self.drop(self.embed(decoder_input))
        x = torch.cat([x, code.unsqueeze(1).expand(-1, x.size(1), -1)], dim=-1)
        out, _h = self.decoder(x, h0)
        return self.out(self.drop(out))


def entropy(logits: torch.Tensor) -> torch.Tensor:
    """Mean entropy (nats) of the softmax over the last dimension."""
    logp = F.log_softmax(logits, dim=-1)
    return -(logp.exp() * logp).sum(-1).mean()


def batch_tensors(ids: list[list[int]], pad_id: int, bos_id: int, eos_id: int, device=None):
    """(encoder input [B, T], lengths [B], decoder input [B, T+1] = [BOS] + ids, target [B, T+1] = ids + [EOS])."""
    n = max(1, max((len(x) for x in ids), default=1))
    b = len(ids)
    enc = torch.full((b, n), pad_id, dtype=torch.long)
    dec_in = torch.full((b, n + 1), pad_id, dtype=torch.long)
    target = torch.full((b, n + 1), pad_id, dtype=torch.long)
    lengths = torch.zeros(b, dtype=torch.long)
    for i, seq in enumerate(ids):
        k = len(seq)
        lengths[i] = k
        if k:
            t = torch.tensor(seq, dtype=torch.long)
            enc[i, :k] = t
            dec_in[i, 1:k + 1] = t
            target[i, :k] = t
        dec_in[i, 0] = bos_id
        target[i, k] = eos_id
    if device is not None:
        enc, dec_in, target, lengths = enc.to(device), dec_in.to(device), target.to(device), lengths.to(device)
    return enc, lengths, dec_in, target
