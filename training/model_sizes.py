"""Seq2seq model sizes by name (torch free: config validation reads them without importing a model)."""
from __future__ import annotations

# "base" is the first seed's Transformer (Zhang et al. 2020).
MODEL_SIZES: dict[str, dict] = {
    "tiny": {"d_model": 32, "encoder_layers": 1, "decoder_layers": 1, "encoder_attention_heads": 2,
                 "decoder_attention_heads": 2, "encoder_ffn_dim": 64, "decoder_ffn_dim": 64, "dropout": 0.0},
    # "small": what a shared 2-core CPU can train in about an hour (measured: ~4x cheaper per token than "cpu")
    "small": {"d_model": 128, "encoder_layers": 2, "decoder_layers": 2, "encoder_attention_heads": 4,
                  "decoder_attention_heads": 4, "encoder_ffn_dim": 512, "decoder_ffn_dim": 512, "dropout": 0.1},
    "cpu": {"d_model": 256, "encoder_layers": 3, "decoder_layers": 3, "encoder_attention_heads": 4,
                "decoder_attention_heads": 4, "encoder_ffn_dim": 1024, "decoder_ffn_dim": 1024, "dropout": 0.1},
    # "mid": between the two, for the long quiet runs (issue 12): ~2.5x the "cpu" size's parameters
    "mid": {"d_model": 384, "encoder_layers": 4, "decoder_layers": 4, "encoder_attention_heads": 6,
                "decoder_attention_heads": 6, "encoder_ffn_dim": 1536, "decoder_ffn_dim": 1536, "dropout": 0.1},
    "base": {"d_model": 512, "encoder_layers": 6, "decoder_layers": 6, "encoder_attention_heads": 8,
                 "decoder_attention_heads": 8, "encoder_ffn_dim": 2048, "decoder_ffn_dim": 2048, "dropout": 0.1},
}
