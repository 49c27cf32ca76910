"""training.equivalents: the substitution counts behind assets/lexicons/equivalents.tsv."""
from __future__ import annotations

from training.equivalents import count_substitutions, main


def test_one_for_one_substitutions_are_counted():
    pairs = [("my kids are great", "My children are great."),
             ("my kids are great!!", "My children are great."),
             ("the kids and tv are loud", "The children and the television are loud."),  # two swaps: not 1-for-1
             ("same words here", "Same words here.")]
    subs, dropped = count_substitutions(pairs)
    assert subs[("kids", "children")] == 2
    assert ("tv", "television") not in subs
    assert dropped["kids"] == 3 and dropped["tv"] == 1 and dropped["words"] == 0 and dropped["great"] == 0


def test_no_data_is_a_clear_error(tmp_path, capsys):
    assert main(["--data", str(tmp_path)]) == 4
    assert "no data" in capsys.readouterr().out
