

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
