

def test_metric_labels_in_words():
    from engine.model_summary import metric_label

    assert metric_label("gyafc_tune.accuracy", "pytorch") == "GYAFC tune accuracy (PyTorch)"
    assert metric_label("pt16_tune.spearman", "onnx-int8") == "PT16 tune Spearman (ONNX int8)"
    assert metric_label("jfc_heldout.accuracy") == "JFC held-out accuracy"
    assert metric_label("") == ""


def test_the_shown_degree_is_summarised_when_fitted():
    from engine.model_summary import summary

    base = {"gyafc_tune_accuracy": 0.9016, "pt16_tune_spearman": 0.679}
    rows = dict(summary("scorer", {**base, "display": {"pt16_B_spearman": {"degree": 0.6781}}}))
    assert rows["Shown score's agreement with human ratings"] == "0.678"
    assert "Shown score's agreement with human ratings" not in dict(summary("scorer", base))
    # a damaged value is left out, never shown as text
    assert "Shown score's agreement with human ratings" not in dict(
        summary("scorer", {**base, "display": {"pt16_B_spearman": {"degree": "high"}}}))


def test_beam4_bleu_is_read_under_the_export_keys():
    from engine.model_summary import summary

    """export_rewriter and make-ensemble write tune_bleu_em_beam4: the summary showed greedy BLEU only."""
    pairs = dict(summary("rewriter", {"tune_bleu_em": 63.3, "tune_bleu_fr": 71.0, "tune_bleu_em_beam4": 67.69,
                                      "tune_bleu_fr_beam4": 73.27}))
    assert pairs["BLEU on GYAFC tune, greedy"] == "E&M 63.3, F&R 71.0"
    assert pairs["BLEU on GYAFC tune, beam 4"] == "E&M 67.7, F&R 73.3"
