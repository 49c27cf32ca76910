"""Consistency training (Liu et al. 2022): dynamic thresholds, pseudo-pair filters and the n-gram LM they use."""
