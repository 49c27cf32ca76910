import torch

from training import seq2seq as S


def test_rolling_and_average(tmp_path):
    m = S.build_model("tiny", 50)
    for step in (1, 2, 3):
        with torch.no_grad():
            for p in m.parameters(): p.fill_(float(step))
        S.save_rolling_checkpoint(m, tmp_path / "train" / "checkpoints", step, keep=2)
    S.save_checkpoint(m, None, tmp_path / "train" / "last")
    names = sorted(p.name for p in (tmp_path / "train" / "checkpoints").iterdir())
    assert names == ["step-0000002.safetensors", "step-0000003.safetensors"]
    used = S.average_checkpoints(tmp_path / "train", tmp_path / "avg", k=5)
    assert len(used) == 2
    a = S.load_model(tmp_path / "avg")
    for p in a.parameters():
        assert torch.allclose(p, torch.full_like(p, 2.5))
