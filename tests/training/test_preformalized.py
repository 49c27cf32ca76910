"""The rule pass over a run's training sources is kept in the run folder (training.seq2seq.preformalized)."""
import json

from training import seq2seq as S


def _counting(calls):
    def pre(s):
        calls.append(s)
        return s.upper()
    return pre


def test_the_rule_pass_is_made_once_and_kept(tmp_path):
    calls, cache = [], tmp_path / "pre.jsonl"
    srcs = ["u ok?", "tab\there", "line\nbreak", "émoji 🎉"]
    assert S.preformalized(_counting(calls), srcs, cache, resuming=False) == [s.upper() for s in srcs]
    assert len(calls) == 4
    assert S.preformalized(_counting(calls), srcs, cache, resuming=False) == [s.upper() for s in srcs]
    assert len(calls) == 4  # read back, not made again


def test_other_sources_or_other_rules_make_it_again(tmp_path, monkeypatch):
    calls, cache = [], tmp_path / "pre.jsonl"
    S.preformalized(_counting(calls), ["a", "b"], cache, resuming=False)
    assert S.preformalized(_counting(calls), ["a", "c"], cache, resuming=False) == ["A", "C"]
    assert len(calls) == 4
    monkeypatch.setattr(S, "rules_fingerprint", lambda: "other rules")
    S.preformalized(_counting(calls), ["a", "c"], cache, resuming=False)
    assert len(calls) == 6


def test_a_resumed_run_keeps_the_sources_it_began_with(tmp_path, monkeypatch):
    calls, logs, cache = [], [], tmp_path / "pre.jsonl"
    S.preformalized(_counting(calls), ["a", "b"], cache, resuming=False)
    monkeypatch.setattr(S, "rules_fingerprint", lambda: "rules of a later session")
    assert S.preformalized(lambda s: "changed", ["a", "b"], cache, resuming=True, log=logs.append) == ["A", "B"]
    assert logs and "rules changed" in logs[0]
    # ... but not other sources
    assert S.preformalized(lambda s: "new", ["a", "x"], cache, resuming=True) == ["new", "new"]


def test_a_damaged_or_cut_cache_is_made_again(tmp_path):
    cache = tmp_path / "pre.jsonl"
    S.preformalized(str.upper, ["a", "b"], cache, resuming=False)
    cache.write_text('"A"\n', encoding="utf-8")  # cut short
    assert S.preformalized(str.upper, ["a", "b"], cache, resuming=False) == ["A", "B"]
    cache.write_bytes(b"\x00\xff junk")
    assert S.preformalized(str.upper, ["a", "b"], cache, resuming=False) == ["A", "B"]
    (tmp_path / "pre.jsonl.json").write_text("not json", encoding="utf-8")
    assert S.preformalized(str.upper, ["a", "b"], cache, resuming=False) == ["A", "B"]
    assert json.loads((tmp_path / "pre.jsonl.json").read_text(encoding="utf-8"))["count"] == 2


def test_the_rules_fingerprint_follows_the_lexicons(tmp_path, monkeypatch):
    import engine.paths

    lex = tmp_path / "lexicons"
    lex.mkdir()
    (lex / "slang.tsv").write_text("u\tyou\n", encoding="utf-8")
    monkeypatch.setattr(engine.paths, "assets_dir", lambda: tmp_path)
    a = S.rules_fingerprint()
    (lex / "slang.tsv").write_text("u\tyou\nr\tare\n", encoding="utf-8")
    assert S.rules_fingerprint() != a
