"""Model definitions for the training stages (PyTorch; exported to ONNX for the engine)."""
