

def test_metric_labels_in_words():
    from engine.model_summary import metric_label

    assert metric_label("gyafc_tune.accuracy", "pytorch") == "GYAFC tune accuracy (PyTorch)"
    assert metric_label("pt16_tune.spearman", "onnx-int8") == "PT16 tune Spearman (ONNX int8)"
    assert metric_label("jfc_heldout.accuracy") == "JFC held-out accuracy"
    assert metric_label("") == ""
