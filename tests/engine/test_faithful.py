"""engine.faithful: the word list, the meaning checks, the rerank config, the ordering and the SafeRewriter."""
from __future__ import annotations

import gzip
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import faithful
from engine.errors import ModelError
from engine.faithful import (
    DEFAULT_WEIGHTS,
    FEATURES,
    QUESTION,
    QUOTED,
    WORDS_ADDED,
    Checks,
    RerankConfig,
    SafeRewriter,
    WordList,
    check,
    default_wordlist,
    is_critical,
    is_question,
    make_safe,
    mbr_scores,
    new_quotation,
    read_equivalents,
    read_past_tense,
    words,
    writer_case,
    writer_spelling,
)
from engine.rewriter import FormalRewriter
from engine.rules import RuleFormalizer
from engine.types import Candidate, ModelInfo, Rewrite

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "models"


@pytest.fixture(scope="module")
def rules():
    return RuleFormalizer()


@pytest.fixture(scope="module")
def wl():
    return default_wordlist()


# ------------------------------------------------------------------------------------------ word list

def test_word_list_knows_real_words_in_any_case(wl):
    for w in ("document", "Committee", "QUARTER", "revenue", "doubled", "patience", "mandolin", "colour", "color"):
        assert wl.known(w), w
    for w in ("futututur", "commite", "libams", "thutous", "doctr"):
        assert not wl.known(w), w


def test_word_list_handles_possessives_and_hyphens(wl):
    assert wl.known("committee's") and wl.known("well-known") and wl.known("state-of-the-art")
    assert not wl.known("well-knwon")


def test_missing_and_corrupt_word_lists_are_named(tmp_path):
    with pytest.raises(ModelError, match="not found"):
        WordList(tmp_path / "nope.txt.gz")
    bad = tmp_path / "bad.txt.gz"
    bad.write_bytes(b"\x00\x01 not gzip")
    with pytest.raises(ModelError, match="not a readable word list"):
        WordList(bad)
    tiny = tmp_path / "tiny.txt.gz"
    tiny.write_bytes(gzip.compress(b"a\nb\n"))
    with pytest.raises(ModelError, match="damaged"):
        WordList(tiny)


def test_words_keeps_apostrophes_and_hyphens_drops_digits():
    assert words("Don't re-send build 8 to O'Brien’s team!") == ["don't", "re-send", "build", "to", "o'brien's", "team"]
    assert words("") == [] and words("😀 ?!") == []


# ------------------------------------------------------------------------------------------ checks

def _check(cand, src, rules, wl):
    return check(cand, src, rules.formalize(src), wl, rules.marker_words())


def test_non_words_are_caught_but_the_writers_own_words_are_not(rules, wl):
    c = _check("I love Futututur and Thousand Foot Krutch.", "i love futurama and thousand foot krutch", rules, wl)
    assert c.nonwords == ("futututur",)
    assert _check("I love Futurama.", "i love futurama", rules, wl).nonwords == ()


def test_dropped_content_but_not_dropped_markers(rules, wl):
    src = "idk if we can ship build 8 by friday tbh."
    c = _check("I do not know if we can build 8 by Friday.", src, rules, wl)
    assert c.dropped == ("ship",)
    ok = _check("I do not know if we can ship build 8 by Friday, to be honest.", src, rules, wl)
    assert ok.dropped == () and ok.nonwords == () and ok.clean
    # "r" and "kinda" are informal markers: replacing them is the job
    assert _check("The numbers are somewhat better.", "the numbers r kinda better", rules, wl).dropped == ()


def test_numbers_and_negations_count_as_content(rules, wl):
    assert "8" in _check("We can ship the build by Friday.", "we can ship build 8 by friday", rules, wl).dropped
    assert "not" in _check("I know the answer.", "i dont know the answer", rules, wl).dropped
    assert "not" not in _check("I do not know the answer.", "i dont know the answer", rules, wl).dropped
    # a misspelt n't is a negation too: spelled out it is kept, lost it is lost
    assert _check("I did not think it was good.", "i didn'r think it was good", rules, wl).dropped == ()
    assert _check("It did not specify the floor.", "it did't specify the floor", rules, wl).dropped == ()
    assert "not" in _check("I got to see it.", "I DID'NT GET TO SEE IT", rules, wl).dropped
    assert "or" in _check("Fix it as soon as the client is upset.", "fix it asap or the client is upset",
                          rules, wl).dropped


def test_an_object_pronoun_names_who_is_involved(rules, wl):
    src = "dont forget to cc me on the email to the bank"
    assert _check("Do not forget to CC on the email to the bank.", src, rules, wl).dropped == ("me",)
    assert _check("Do not forget to copy me on the email to the bank.", src, rules, wl).dropped == ("cc",)
    assert _check("Do not forget to CC me on the email to the bank.", src, rules, wl).dropped == ()
    assert _check("Send the deck.", "send them the deck", rules, wl).dropped == ("them",)
    # a reply: "me too" is said formally without the pronoun ("I agree." says more: a short message's check)
    assert _check("I do too.", "me too", rules, wl).dropped == ()


def test_a_spelled_out_phrase_is_kept_whole_or_said_otherwise(rules, wl):
    """"asap" is "as soon as possible": "as soon as users are complaining" keeps half the phrase and says
    something else; a deadline, a request or not knowing is content, "btw" is not."""
    src = "we gotta fix the login bug asap, users r complaining"
    assert _check("We have to fix the login bug as soon as users are complaining.", src, rules, wl).dropped == ("asap",)
    assert _check("We have to fix the login bug, users are complaining.", src, rules, wl).dropped == ("asap",)
    for kept in ("We have to fix the login bug as soon as possible, users are complaining.",
                 "We have to fix the login bug ASAP, users are complaining.",
                 "We have to fix the login bug immediately, users are complaining."):
        assert _check(kept, src, rules, wl).dropped == (), kept
    assert _check("What time is it?", "idk what time it is", rules, wl).dropped[0] == "idk"
    assert _check("I am not sure what time it is.", "idk what time it is", rules, wl).dropped == ()
    assert _check("The parking lot is closed all week.", "btw the parking lot is closed all week", rules,
                  wl).dropped == ()


def test_addresses_handles_file_names_and_code_are_copied_exactly(rules, wl):
    """The model wrote "https:/example.com/status" and "atjo_b": every word is still there, the link is not."""
    src = "pls check https://example.com/status before 5pm, its down again"
    bad = _check("Please check https:/example.com/status before 5pm. It is down again.", src, rules, wl)
    assert bad.dropped == ("https://example.com/status",) and bad.critical == ("https://example.com/status",)
    assert _check("Please check https://example.com/status before 5pm. It is down again.", src, rules, wl).clean
    src = "ping @jo_b on slack, set MAX_RETRIES in config.yaml"
    bad = _check("Ping atjo_b on Slack, set MAX_RETES in configy.", src, rules, wl)
    assert {"@jo_b", "MAX_RETRIES", "config.yaml"} <= set(bad.critical)
    assert _check("Please ping @jo_b on Slack and set MAX_RETRIES in config.yaml.", src, rules, wl).clean


def test_an_estimate_stays_an_estimate(rules, wl):
    """"up by like 15%" is an estimate (the rules write "about 15%"); "up by 15%" states it as exact."""
    src = "the rent is going up by like 15% next yr"
    bad = _check("The rent is going up by 15% next year.", src, rules, wl)
    assert bad.dropped == ("about 15",) and bad.critical == ("about 15",)
    for kept in ("The rent is going up by approximately 15% next year.",
                 "The rent is going up by roughly fifteen percent next year."):
        assert _check(kept, src, rules, wl).dropped == (), kept
    assert _check("It is five minutes away.", "its about 5 mins away", rules, wl).dropped == ("about 5",)
    assert _check("It is 5 minutes away.", "its 5 mins away", rules, wl).dropped == ()
    # "like 15" where the rules leave it is an estimate as well; "I like 3" and "like 6th grade" are not
    src = "gonna be like 15 min late, train's delayed"
    assert _check("Going to be fifteen minutes late, train is delayed.", src, rules, wl).critical == ("about 15",)
    for kept in ("Going to be like 15 minutes late, train is delayed.",
                 "I am going to be about fifteen minutes late; the train is delayed."):
        assert "about 15" not in _check(kept, src, rules, wl).dropped, kept
    assert _check("I enjoy 3 of them.", "i like 3 of them", rules, wl).dropped == ()
    src = "we went over budget by like 3k on the event"  # a number with a letter after it is still the number
    assert _check(src, src, rules, wl).dropped == () and _check("We went over budget by about 3k on the event.",
                                                               src, rules, wl).dropped == ()
    assert _check("We went over budget by 3k on the event.", src, rules, wl).critical == ("about 3",)
    assert "about 6" not in _check("It is cool when you are in sixth grade.", "its cool when ur in like 6th grade",
                                   rules, wl).dropped


def test_a_bound_on_a_number_is_kept_the_same_way_round(rules, wl):
    """"the payload is > 2mb" is a bound: "is 2mb" states something else, "less than 2mb" the opposite."""
    src = "the API returns a 500 when the payload is > 2mb"
    for lost in ("The API returns a 500 when the payload is 2mb.",
                 "The API returns a 500 when the payload is less than 2mb."):
        c = _check(lost, src, rules, wl)
        assert c.dropped == ("> 2",) and c.critical == ("> 2",), lost
    assert _check("The API returns a 500 when the payload is larger than 2mb.", src, rules, wl).dropped == ()
    assert _check("The API returns a 500 when the payload is over 2 MB.", src, rules, wl).dropped == ()
    for src, kept in (("if ur under 18 u cant sign up", "If you are under the age of eighteen, you cannot sign up."),
                      ("we need at least 3 more devs", "We need a minimum of three more developers."),
                      ("we need at least 3 more devs", "We need at least three more developers."),
                      ("there were over 40 ppl there", "There were more than 40 people there."),
                      ("fines of up to 500 bucks", "Fines of up to 500 dollars.")):
        assert not _check(kept, src, rules, wl).critical, kept
    assert _check("We need three more developers.", "we need at least 3 more devs", rules, wl).critical
    assert _check("At 5 pm.", "-> 5 pm", rules, wl).dropped == ()  # an arrow is no bound


def test_a_token_joining_letters_and_digits_is_kept_as_one_unit(rules, wl):
    """"the q4 forecast" is no "question for forecast", "budgeted 10k" no "budgeted 10.k", "quoted 12k" no "quoted
    twelve": a code or a number with its unit or scale is kept whole, in any case, or its unit said in a word."""
    for bad, src, lost in (
            ("I cannot find the question for forecast anywhere.", "cant find the q4 forecast anywhere", "Q4"),
            ("The vendor quoted 12k, but we only budgeted 10.k.", "the vendor quoted 12k but we only budgeted 10k",
             "10k"),
            ("The vendor quoted twelve, but we only budgeted 10k.", "the vendor quoted 12k but we only budgeted 10k",
             "12k"),
            ("We shipped version two last night.", "we shipped v2.3 last nite", "v2.3"),
            ("Does the two pm still work?", "does the 2pm still work", "2pm"),
            # a number with a point or a range keeps its scale: "1.2m" is no "1.2", "2-3k" no "2-3"
            ("Our target is 1.2 this year.", "our target is 1.2m this year", "1.2m"),
            ("It costs 2-3, give or take.", "it costs 2-3k, give or take", "2-3k")):
        c = _check(bad, src, rules, wl)
        assert lost in c.dropped and lost in c.critical, (bad, c)
    for fine, src in (("I cannot find the Q4 forecast anywhere.", "cant find the q4 forecast anywhere"),
                      ("The vendor quoted 12 thousand, but we only budgeted $10,000.",
                       "the vendor quoted 12k but we only budgeted $10k"),
                      ("The call is at 5 p.m. Eastern time.", "the call is at 5pm est"),
                      ("The call is at 5:00 PM.", "the call is at 5pm"),
                      ("The migration took 45 minutes.", "the migration took 45mins"),
                      ("It is three times faster now.", "its 3x faster now"),
                      ("We will be there at about five.", "we'll be there at 5ish"),
                      ("It was a COVID-19 test.", "it was a covid19 test"),
                      ("We are on the 3rd floor, in the 80s building.", "we r on the 3rd floor in the 80s building"),
                      ("Please open file_v2.txt.", "pls open file_v2.txt"),
                      ("Our target is 1.2 million this year.", "our target is 1.2m this year"),
                      ("It costs 2-3k, give or take.", "it costs 2-3k, give or take")):
        assert _check(fine, src, rules, wl).dropped == (), (fine, _check(fine, src, rules, wl))


def test_by_before_a_number_is_kept(rules, wl):
    """"due by the 15th" is a deadline: "due to the 15th" says something else; "no later than" and "before" keep it."""
    src = "the q3 numbers r due by the 15th"
    bad = _check("The Q3 numbers are due to the 15th.", src, rules, wl)
    assert bad.dropped == ("by 15", "~due to") and bad.critical == ("by 15", "~due to")
    for fine in ("The Q3 numbers are due by the 15th.", "The Q3 numbers are due no later than the 15th."):
        assert _check(fine, src, rules, wl).dropped == (), fine
    assert _check("Sales were cut to 20%.", "sales were cut by 20%", rules, wl).critical == ("by 20",)


def test_a_lettered_label_is_kept(rules, wl):
    """"go w/ option b" was offered as "go with the option": the letter that labels the option is content, whatever
    the scorer makes of a lone "b"."""
    src = "if the client doesnt reply by wed we'll go w/ option b"
    bad = _check("If the client does not reply by Wednesday, we will go with the option.", src, rules, wl)
    assert "option B" in bad.dropped and bad.critical == ("option B",)
    assert _check("If the client does not reply by Wednesday, we will go with option B.", src, rules, wl).dropped == ()
    assert _check("Let us plan the trip.", "lets plan a trip", rules, wl).dropped == ()  # an article, no label


def test_a_verbs_sense_turned_by_a_preposition_is_caught(rules, wl):
    """"pls approve my PTO" was offered as "Please approve of my paid time off": granting leave is not liking it."""
    src = "pls approve my PTO for dec 23-27"
    bad = _check("Please approve of my paid time off for December 23-27.", src, rules, wl)
    assert bad.dropped == ("~approve of",) and bad.critical == ("~approve of",)
    assert _check("Please approve my paid time off for December 23-27.", src, rules, wl).dropped == ()
    assert _check("I do not approve of it.", "i dont approve of it", rules, wl).dropped == ()  # the writer's own


def test_a_unit_added_to_a_bare_number_is_caught_where_the_writer_used_another(rules, wl):
    """"30 days notice, not 60": the 60 is days; a rewrite that writes "60 years old" makes something up. Where the
    writer gave no unit at all ("I am 26") a formal rewrite may say "26 years old"."""
    src = "the contract says 30 days notice, not 60"
    bad = _check("The contract says 30 days notice, not 60 years old.", src, rules, wl)
    assert bad.dropped == ("+60 years",) and bad.critical == ("+60 years",) and not bad.passes(("dropped",))
    for fine in ("The contract says 30 days notice, not 60 days.", "The contract says 30 days' notice, not 60."):
        assert _check(fine, src, rules, wl).dropped == (), fine
    assert _check("I am 26 years old and I waited.", "I am 26 and I waited", rules, wl).dropped == ()
    # a number the writer used with a unit of its own, or in feet and inches, is not bare
    assert _check("I am 13 years old and 5 feet 10 inches.", "i'm 13 years old and 5'10.", rules, wl).dropped == ()
    assert _check("2 multiplied by 2 equals 4.", "2 times 2 is 4", rules, wl).critical == ()
    # a day of a month has no unit; years for a number that reads as no age are made up; a range of ages is one
    src = "the deadline is nov 30 not dec 30"
    assert _check("The deadline is nov 30, not December 30 years old.", src, rules, wl).critical == ("+30 years",)
    assert _check("The deadline is November 30, not December 30.", src, rules, wl).dropped == ()  # "nov" said in full
    assert _check("Our team hit 30 years of growth.", "our team hit 30 this qtr", rules, wl).critical == ("+30 years",)
    for src, fine in (("we're both 15", "We are both 15 years old."), ("girls 12-15 are like that",
                                                                        "Girls 12-15 years old are like that.")):
        assert _check(fine, src, rules, wl).dropped == (), fine
    # a time spelled out gets no years either ("be here at about 8" was offered as "at about eight years old"),
    # nor a rough time ("at like 8ish"); an age spelled out may ("she is about 8" -> "about eight years old")
    for src in ("she'll be here at about 8", "she said she'd be here at like 8ish"):
        c = _check("She will be here at about eight years old.", src, rules, wl)
        assert "+8 years" in c.critical, (src, c)
    assert _check("She will be here at about eight.", "she'll be here at about 8", rules, wl).dropped == ()
    assert _check("She is about eight years old.", "she is about 8", rules, wl).dropped == ()


def test_an_emoji_inside_a_sentence_is_kept_or_said_in_words(rules, wl):
    """"the new UI is 🔥" came out "the new UI is: ourselves"; an emoji at a sentence's edge is decoration."""
    src = "ngl the new UI is 🔥 but the onboarding is confusing"
    assert "🔥" in _check("To be honest, the new UI is: ourselves, but onboarding is confusing.", src, rules, wl).dropped
    assert "🔥" not in _check("To be honest, the new UI is 🔥, but the onboarding is confusing.", src, rules,
                             wl).dropped
    heart = _check("I love this idea.", "i ❤️ this idea", rules, wl)
    assert heart.dropped == () and heart.inserted == ()
    assert "❤" in _check("I like this idea.", "i ❤️ this idea", rules, wl).dropped
    assert _check("Great job, team.", "great job team 🎉", rules, wl).dropped == ()


def test_a_request_in_the_last_clause_stays_a_question(rules, wl):
    src = "dunno if mike got the memo, can someone check w/ him"
    assert rules.formalize(src).endswith("with him?")
    assert _check("I do not know if Mike got the memo, can someone check with him.", src, rules, wl).dropped == (QUESTION,)
    assert _check("I do not know if Mike got the memo. Can someone check with him?", src, rules, wl).dropped == ()
    assert _check(src, src, rules, wl).dropped == ()  # the writer's own sentence always passes


def test_reported_words_are_not_turned_into_a_quotation(rules, wl):
    """'the dr said i need rest' -> 'The dr said, "I need rest."' has the doctor needing rest."""
    src = "the dr said i need 2 weeks rest"
    bad = _check('The dr said, "I need 2 weeks rest."', src, rules, wl)
    assert bad.dropped == (QUOTED,) and bad.critical == (QUOTED,)
    assert _check("The dr said I need 2 weeks rest.", src, rules, wl).dropped == ()
    assert new_quotation('Say, "Hi, like nothing ever happened."', "say hi like nothing ever happened")
    assert new_quotation('He told me, "I quit."', "he told me he quit")
    # the writer marked the quotation, by a comma or colon or by quotes of any kind; a title is no one's words
    assert not new_quotation('No, she said, "I am actually a blonde."', "Well, no she said, I'm actually a blonde.")
    assert not new_quotation('The second girl goes, "have you ever been kissed?"',
                             "the second girl goes 'have you ever been kissed?'")
    assert not new_quotation('"Once in a lifetime" by Michael Bolton.', "once in a lifetime by michael bolton")


def test_chat_digits_are_words_only_where_they_do_not_count_things(rules, wl):
    """"2"/"4" read as "to"/"for" in chat ("need 2 fix"), but before a quantity they count: "2 more laptops"
    must keep "2" or "two", and "to be more laptops" has lost it."""
    src = "the Berlin office wants 2 more laptops asap"
    assert "2" in _check("The Berlin office wants to be more laptops as soon as possible.", src, rules, wl).dropped
    assert "2" not in _check("The Berlin office wants two more laptops as soon as possible.", src, rules, wl).dropped
    assert "2" not in _check("I need to fix the bug.", "i need 2 fix the bug", rules, wl).dropped
    assert "4" in _check("See you in for days.", "see u in 4 days", rules, wl).dropped
    assert "4" not in _check("This is for his birthday.", "this is 4 his birthday", rules, wl).dropped
    assert "2" in _check("To or three people are coming.", "2 or 3 people are coming", rules, wl).dropped


def test_respellings_of_numbers_and_words_are_not_lost_content(rules, wl):
    """What a careful editor writes for the same thing: a run-together word split, a short decade in full, an
    ordinal spelt out, and a list number dropped from the start of a line."""
    c = _check("Undress yourself in front of him.", "undress yourself infront of him", rules, wl)
    assert "infront" not in c.dropped
    assert "80" not in _check("Yes, back in the 1980's.", "Yeah, back in the 80's", rules, wl).dropped
    assert "1" not in _check("My first time was great.", "my 1st time was great", rules, wl).dropped
    assert "1" not in _check("Marriage is not a joke.", "1. marriage is not a joke!", rules, wl).dropped
    # ... but the same digits elsewhere still count
    assert "80" in _check("Yes, back in the day.", "Yeah, back in the 80's", rules, wl).dropped
    assert "1" in _check("Marriage is not a joke.", "marriage is not 1 joke", rules, wl).dropped
    assert "1" in _check("I have two guns for each of you.", "I got 2 guns 1 for each of ya", rules, wl).dropped
    assert "front" in _check("Stand in the room.", "stand in front of the room", rules, wl).dropped
    c = _check("I will email the spread sheet.", "i'll email the spreadsheet", rules, wl)
    assert "spreadsheet" in c.dropped


def test_a_question_must_stay_a_question(rules, wl):
    src = "yo can u send over the updated deck b4 the 10am sync"
    assert "?" in _check("You can send over the updated deck before the 10am sync.", src, rules, wl).dropped
    assert "?" not in _check("Can you send over the updated deck before the 10am sync?", src, rules, wl).dropped
    assert "?" not in _check("Could you send over the updated deck before the sync.", src, rules, wl).dropped
    assert "?" in _check("We are moving the meeting to Thursday.", "can we move the meeting to thurs?", rules,
                         wl).dropped
    # a statement is not a question, whatever its words
    assert "?" not in _check("You can send it later.", "u can send it later", rules, wl).dropped
    assert is_question("hey guys, did anyone see my charger") and not is_question("I can do it.")


def test_inserted_content_words(rules, wl):
    c = _check("Please check the attached doctor.", "pls check the attached doc thx", rules, wl)
    assert "doctor" in c.inserted and "doc" in c.dropped
    assert _check("Please check the attached doc.", "pls check the attached doc thx", rules, wl).inserted == ()


def test_a_formal_equivalent_keeps_the_word(rules, wl):
    """The formal word GYAFC's rewrites use in its place ("kids" -> "children") is the writer's word said
    formally: not lost, not inserted. An ambiguous short word ("doc") has no equivalent: a guess stays lost."""
    c = _check("My children watch television with my mother.", "my kids watch tv with my mom", rules, wl)
    assert c.dropped == () and c.inserted == ()
    assert _check("No one came to the meeting.", "nobody came to the meeting", rules, wl).dropped == ()
    assert _check("Here is a picture of my mother.", "here is a pic of my mom", rules, wl).dropped == ()
    # an equivalent of another word does not stand in ("kids" is not kept by "television")
    assert "kids" in _check("My television is new.", "my kids r new", rules, wl).dropped
    c = _check("Please check the attached doctor.", "pls check the attached doc thx", rules, wl)
    assert "doc" in c.dropped and "doctor" in c.inserted
    # a caller's own table replaces the shipped one
    none = check("My children watch television.", "my kids watch tv", rules.formalize("my kids watch tv"), wl,
                 frozenset(), equivalents={})
    assert set(none.dropped) == {"kids", "tv"}


@pytest.mark.parametrize("read,name,bad_lines,unreadable,missing,good,expected", [
    (read_equivalents, "equivalents.tsv", ("kids\n", "kids\tchildren\textra\n", "\tchildren\n", "kids\tchildren,,\n"),
     "not a readable lexicon", "not found", "Kids\tChildren, youngsters\n", {"kids": frozenset({"children", "youngsters"})}),
    (read_past_tense, "past_tense.tsv", ("go\n", "go\twent\textra\n", "\twent\n", "go\twent 2\n"),
     "not a readable past-tense lexicon", "missing", "Go\tWent\n", {"go": "went"}),
])
def test_bad_lexicons_are_named(tmp_path, read, name, bad_lines, unreadable, missing, good, expected):
    bad = tmp_path / name
    for text in bad_lines:
        bad.write_text("# header\n" + text, encoding="utf-8")
        with pytest.raises(ModelError, match=f"{name} line 2"):
            read(bad)
    bad.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(ModelError, match=unreadable):
        read(bad)
    with pytest.raises(ModelError, match=missing):
        read(tmp_path / "none.tsv")
    bad.write_text("# a comment\n\n" + good, encoding="utf-8")
    assert read(bad) == expected


def test_checks_never_raise_on_odd_text(rules, wl):
    for src in ("", " ", "😀😀", "\x00\x01", "a" * 5000, "ÄÖÜ ß", "مرحبا", "1,000.5 / 3:30"):
        c = _check(src + " x", src, rules, wl)
        assert isinstance(c, Checks)


def test_length_gap_measures_how_far_a_candidate_strays_from_the_rules_length():
    from engine.faithful import length_gap

    rules_text = "I do not know what you are talking about."   # 9 words
    gap = length_gap([rules_text, "I do not know.", "I do not know what you are talking about at all, friend.", ""],
                     rules_text)
    assert gap[0] == 0.0
    assert gap[1] == pytest.approx(5 / 9) and gap[2] == pytest.approx(3 / 9) and gap[3] == 1.0
    assert length_gap(["anything"], "")[0] == 0.0   # no division by zero on an empty rewrite


def test_old_rerank_weights_without_a_feature_load_with_it_off():
    cfg = RerankConfig.from_options({"rerank": {"weights": {"lp": 2.0}}})
    assert cfg.weights["length"] == 0.0 and cfg.weights["lp"] == 2.0


def test_mbr_prefers_the_consensus():
    texts = ["Please send me the file.", "Please send me the file now.", "Send file pls", "Please send the file."]
    s = mbr_scores(texts)
    assert len(s) == 4 and int(np.argmin(s)) == 2
    assert mbr_scores(["only one"]) == [0.0] and mbr_scores([]) == []


# ------------------------------------------------------------------------------------------ config

@pytest.mark.parametrize("rerank, match", [
    ([1, 2], "must be an object"),
    ({"weights": [1]}, "feature: number"),
    ({"weights": {"lp": "high"}}, "finite number"),
    ({"weights": {"lp": float("nan")}}, "finite number"),
    ({"weights": {"lp": True}}, "finite number"),
    ({"weights": {"beauty": 1.0}}, "unknown feature"),
    ({"pool_beam": 0}, "pool_beam"),
    ({"pool_beam": 1000}, "pool_beam"),
    ({"pool_beam": 4.5}, "pool_beam"),
    ({"formal_target": 1.5}, "formal_target"),
    ({"formal_target": "high"}, "formal_target"),
    ({"lm": "../../etc/passwd"}, "inside the model directory"),
    ({"lm": "/abs/lm.npz"}, "inside the model directory"),
    ({"hard": ["nonwords", "vibes"]}, "rerank.hard"),
    ({"hard": ["critical", "meaning"]}, "rerank.hard"),
    ({"hard": "nonwords"}, "rerank.hard"),
])
def test_bad_rerank_options_are_refused(rerank, match):
    with pytest.raises(ModelError, match=match):
        RerankConfig.from_options({"rerank": rerank})


def test_rerank_defaults_and_overrides():
    cfg = RerankConfig.from_options({})
    assert cfg.weights == DEFAULT_WEIGHTS and cfg.pool_beam == 8 and cfg.lm_file is None
    cfg = RerankConfig.from_options({"rerank": {"weights": {"lp": 2}, "pool_beam": 4, "formal_target": 0.7,
                                                "lm": "lm.npz", "hard": ["nonwords"]}})
    assert cfg.weights["lp"] == 2.0 and cfg.weights["mbr"] == DEFAULT_WEIGHTS["mbr"]
    assert (cfg.pool_beam, cfg.formal_target, cfg.lm_file, cfg.hard) == (4, 0.7, "lm.npz", ("nonwords",))


# ------------------------------------------------------------------------------------------ a model fake

class FakeModel:
    """The rewriter's interface with candidates chosen by the test (the real search is tested elsewhere)."""

    def __init__(self, nbest: dict[str, list[tuple[str, float]]]):
        self.nbest = nbest
        self.info = ModelInfo(role="rewriter", version="fake", path=None, kind="seq2seq")
        self.calls = []

    def rewrite(self, sentences, beam=4, nbest=1, max_new_tokens=None):
        self.calls.append((list(sentences), beam, nbest))
        out = []
        for s in sentences:
            if len(s) > 500:
                out.append(Rewrite(s, (Candidate(s, 0.0),), ("too_long",)))
            else:
                out.append(Rewrite(s, tuple(Candidate(t, sc) for t, sc in self.nbest.get(s, [(s, -1.0)])[:nbest])))
        return out

    def score_targets(self, source, targets):
        known = dict(self.nbest.get(source, []))
        return [known.get(t, -3.0) for t in targets]


class FakeScorer:
    """P(formal) by a fixed table; unknown text scores by its share of capitalised words (deterministic)."""

    def __init__(self, table):
        self.table = table

    def score(self, sentences, batch_size=64):
        return np.array([self.table.get(s, 0.5) for s in sentences], dtype=np.float32)

    def explain(self, sentence, only=None):
        return []


SRC = "idk if we can ship build 8 by friday tbh"
GOOD = "I do not know if we can ship build 8 by Friday, to be honest."
DROPS = "I do not know if we can build 8 by Friday."
GARBLED = "I do not know if we can shipp buuild 8 by Friday."


@pytest.fixture
def safe(rules):
    model = FakeModel({SRC: [(DROPS, -0.1), (GARBLED, -0.2), (GOOD, -0.5)],
                       "We are pleased to report that revenue doubled.": [("We are pleased to report that revenue.", -0.2)]})
    scorer = FakeScorer({SRC: 0.01, "We are pleased to report that revenue doubled.": 0.98, GOOD: 0.9, DROPS: 0.95})
    return SafeRewriter(model, rules, scorer=scorer)


def test_faithful_candidate_wins_over_likelier_damaged_ones(safe):
    (r,) = safe.rewrite([SRC], beam=4, nbest=3)
    assert r.best == GOOD and "reranked" in r.flags
    texts = [c.text for c in r.candidates]
    assert texts.index(GOOD) < texts.index(DROPS) and texts.index(GOOD) < texts.index(GARBLED)
    flags = {c.text: c.flags for c in r.candidates}
    assert "dropped:ship" in flags[DROPS] and any(f.startswith("nonword:") for f in flags[GARBLED])
    assert "unchanged" in flags[SRC]
    assert safe.model.calls[0][1] == 8  # the pool is searched with the configured beam, not the caller's


def test_the_writers_own_sentence_always_passes_the_checks(rules):
    """Should a check misread the writer's own sentence ("by like 3k" read as losing the estimate once did), it still
    outranks every rewrite that fails a check: leaving the sentence as it is changes nothing it says."""
    safe = SafeRewriter(FakeModel({}), rules, scorer=None)
    f = np.zeros((3, len(FEATURES)))
    f[:, FEATURES.index("lp")] = [-0.1, -0.2, -5.0]   # the damaged rewrites are likelier...
    f[2, FEATURES.index("is_source")] = 1.0           # ...than the sentence itself
    misread = Checks((), ("about 3",), ())
    assert safe.order(f, [misread, misread, misread]) == [2, 0, 1]
    clean = Checks((), (), ())
    assert safe.order(f, [clean, misread, misread])[0] == 0  # a clean rewrite still comes first by its score


def test_formal_input_is_left_alone_unless_forced(safe):
    formal = "We are pleased to report that revenue doubled."
    (r,) = safe.rewrite([formal], beam=4, nbest=3)
    assert r.flags == ("already_formal",) and r.best == formal and len(safe.model.calls) == 0
    (f,) = safe.rewrite([formal], beam=4, nbest=3, force=True)
    assert "forced" in f.flags
    assert all(not any(x.startswith(("dropped:", "nonword:")) for x in c.flags) for c in f.candidates)
    assert "We are pleased to report that revenue." not in [c.text for c in f.candidates]
    # the writer's own target decides, when given
    (low,) = safe.rewrite([formal], target=0.99)
    assert "already_formal" not in low.flags


def test_a_rewrite_is_offered_with_its_contractions_spelled_out(rules):
    """The model reads rules-first input but may write a contraction back ("Can't do mornings."); the writer's own
    sentence is offered as written, and two candidates that become one are offered once."""
    src = "can u move my appt to tues? cant do mornings"
    back = "Can you move my appointment to Tuesday? Can't do mornings."
    spelled = "Can you move my appointment to Tuesday? Cannot do mornings."
    model = FakeModel({src: [(back, -0.1), (spelled, -0.2)]})
    (r,) = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01})).rewrite([src], beam=4, nbest=4)
    texts = [c.text for c in r.candidates]
    assert r.best == spelled and back not in texts and texts.count(spelled) == 1 and src in texts
    assert rules.expand_contractions("That is a good movie, isn't it?") == "That is a good movie, is it not?"
    assert rules.expand_contractions('The song "Sugar We\'re Going Down", it\'s old.') == \
        'The song "Sugar We\'re Going Down", it is old.'
    assert rules.expand_contractions("My daughter's dog's bowl.") == "My daughter's dog's bowl."


def test_the_word_list_knows_which_words_are_names_alone(wl):
    """A word the list spells only with a capital is a name ("Simon", "Iraq"); one it also spells in lower case
    ("john", "bill", "may", "password") is not."""
    assert {"simon", "iraq", "lisbon", "friday"} <= wl.names
    assert not {"john", "bill", "may", "password", "english", "i"} & wl.names


def test_a_name_another_candidate_capitalises_is_offered_with_its_capital(rules):
    """The model wrote "Simon" in one candidate and "simon" in the likelier one: the name keeps its capital and the
    two are offered once. A capital on an ordinary word ("Password") is not copied, the writer's own sentence is
    offered as written, and a candidate that differs in more than case lends it nothing."""
    src = "that song by simon tore me apart lol"
    low, cap = "That song by simon tore me apart.", "That song by Simon tore me apart."
    model = FakeModel({src: [(low, -0.1), (cap, -0.3)]})
    (r,) = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01})).rewrite([src], beam=4, nbest=4)
    texts = [c.text for c in r.candidates]
    assert r.best == cap and low not in texts and texts.count(cap) == 1 and src in texts

    src2 = "whats the wifi pw for the guest network"
    plain, caps = "What is the wifi password for the guest network?", "What is the wifi Password for the guest network?"
    other = "What is the Simon password for the guest network?"
    model2 = FakeModel({src2: [(plain, -0.1), (caps, -0.2), (other, -0.3)]})
    (r2,) = SafeRewriter(model2, rules, scorer=FakeScorer({src2: 0.01})).rewrite([src2], beam=4, nbest=4)
    assert r2.best == plain.replace("wifi", "WiFi")  # the word list's one spelling; "Password" is no name
    safe = SafeRewriter(model2, rules, scorer=FakeScorer({src2: 0.01}))
    assert safe.offered(src, [src, cap], src) == src  # the writer's own words stay as written
    assert safe.name_capitals("I met simon in lisbon.", ["I met Simon in Lisbon.", "I met simon in Lisbon!"]) == \
        "I met Simon in Lisbon."
    assert safe.name_capitals("I met simon.", ["We met Simon."]) == "I met simon."


def test_names_the_writer_typed_in_lower_case_are_offered_as_names(rules):
    """A word the word list spells only one way, with a capital, and four letters or more is a name ("tokyo" ->
    "Tokyo", "hdmi" -> "HDMI"); shorter ones clash with typos, informal words of the lexicons are no names, a link
    stays as it is, and the writer's own sentence is offered as written."""
    src = "the onsite in tokyo was awesome, bring ur hdmi cable"
    low = "The onsite in tokyo was great, bring your hdmi cable."
    model = FakeModel({src: [(low, -0.1)]})
    safe = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01}))
    (r,) = safe.rewrite([src], beam=4, nbest=4)
    assert r.best == "The onsite in Tokyo was great, bring your HDMI cable." and src in [c.text for c in r.candidates]
    assert safe.offered(src, [src], src) == src
    assert safe.name_capitals("See tokyo.example.com (tokyo) now.", [], "see tokyo.example.com (tokyo) now") == \
        "See tokyo.example.com (Tokyo) now."
    assert safe.name_capitals("I need a lotta noe.", [], "i need a lotta noe") == "I need a lotta noe."
    assert safe.name_capitals("We went to tokyo.", [], "we went there") == "We went to tokyo."  # not the writer's word


def test_an_unknown_word_after_a_verb_that_reaches_a_person_is_their_name(rules):
    """"ask priya if she's free thurs" was offered as "Ask priya if ...": no dictionary knows the name, but the verb
    before it (ask, ping, tell, cc, remind ...) and what follows it (if, re, about, a full stop) make it one. A word one
    letter from a function word ("tell htem") or with a letter typed three times is a slip; a known word, a word
    after another verb or before another word stays as typed."""
    safe = SafeRewriter(FakeModel({}), rules, scorer=FakeScorer({}))
    cases = [
        ("Ask priya if she is free Thursday.", "ask priya if she's free thurs", "Ask Priya if she is free Thursday."),
        ("Ping sanjay re the budget, please.", "ping sanjay re the budget pls", "Ping Sanjay re the budget, please."),
        ("Can you remind siobhan?", "can u remind siobhan?", "Can you remind Siobhan?"),
        ("Tell htem I said hi.", "tell htem i said hi", "Tell htem I said hi."),  # "them", mistyped
        ("Ask dummmy.", "ask dummmy", "Ask dummmy."),
        ("Ask priya.", "ask priya", "Ask Priya."),
        ("Please contact ngozi on 01234 567890.", "pls contact ngozi on 01234 567890",
         "Please contact Ngozi on 01234 567890."),
        ("I met priya.", "i met priya", "I met priya."),  # no verb that reaches a person
        ("Ask priya nicely.", "ask priya nicely", "Ask priya nicely."),  # what follows is no question or topic
        ("Ask priya if she is free.", "ask her if she's free", "Ask priya if she is free."),  # not the writer's word
    ]
    for cand, src, want in cases:
        assert safe.name_capitals(cand, [], src) == want, (cand, src)
    # a name the writer typed with its 's ("liam's leaving" -> "liam is leaving")
    assert safe.name_capitals("Apparently liam is leaving.", [], "apparently liam's leaving") == \
        "Apparently Liam is leaving."
    # a compass point alone is no name ("South Africa" is)
    src = "meet at the north entrance, not the south one"
    assert writer_case("Meet at the North entrance, not the South one.", src, safe.wordlist, rules.formalize(src)) == \
        "Meet at the north entrance, not the south one."
    assert writer_case("We went to South Africa.", "we went to south africa", safe.wordlist, "") == \
        "We went to South Africa."
    # the model gave the verb after a comma the name's capital
    src = "i'm out of office mon-wed, ping tom if urgent"
    assert writer_case("I am out of office Monday-Wednesday, Ping Tom if urgent.", src, safe.wordlist,
                       rules.formalize(src)) == "I am out of office Monday-Wednesday, ping Tom if urgent."


def test_common_words_the_model_capitalised_keep_the_writers_lower_case(rules):
    """"the apt is 2 blocks away" was offered as "The Apt is ...", "allowed max 2 hrs" as "allowed Max 2 hours": a
    capital the model guessed on a common word the writer typed in lower case goes. Months and weekdays keep theirs,
    a name of two words keeps both ("jack black"), names alone stay names, and a word after a sentence's end stays
    capitalised."""
    src = "the apt is 2 blocks away, the kids r allowed max 2 hrs"
    model = FakeModel({src: [("The Apt is 2 blocks away, the kids are allowed Max 2 hours.", -0.1)]})
    safe = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01}))
    (r,) = safe.rewrite([src], beam=4, nbest=4)
    assert r.best == "The apt is 2 blocks away, the kids are allowed max 2 hours."
    wl = safe.wordlist
    assert writer_case("The move is still on for March.", "the move is still on for march", wl) == \
        "The move is still on for March."
    assert writer_case("I saw Jack Black and Sarah.", "i saw jack black and sarah", wl) == "I saw Jack Black and Sarah."
    assert writer_case("Hello. Apt is fine! Max said so.", "hello. apt is fine! max said so", wl) == \
        "Hello. Apt is fine! Max said so."
    assert writer_case("Ask Bill about it.", "ask Bill about it", wl) == "Ask Bill about it."  # the writer's capital
    # a word the rules spelled out for the writer's short one is no part of a name, even beside a capital
    src = "the wifi pw is Guest2024! (capital G)"
    assert writer_case("The Wifi Password is Guest2024! (capital G).", src, wl, rules.formalize(src)) == \
        "The Wifi password is Guest2024! (capital G)."
    # a verb after a name, before the one it reaches ("tom owes me 15"); a title's words are capitals together
    src = "i owe sarah 20 quid and tom owes me 15"
    assert writer_case("I owe Sarah 20 pounds and Tom Owes me 15.", src, wl, rules.formalize(src)) == \
        "I owe Sarah 20 pounds and Tom owes me 15."
    assert writer_case("I love Call Me Maybe.", "i love call me maybe", wl, "") == "I love Call Me Maybe."
    assert writer_case("Keira Knightly, it suits her.", "keira knightly, it suits her", wl, "") == \
        "Keira Knightly, it suits her."  # "it" opens the next clause
    # an acronym the writer typed in capitals keeps them; a name typed in capitals is the model's to case
    assert writer_case("The car is booked in for its Mot on the 9th.", "the car's booked in for its MOT on the 9th",
                       wl, "") == "The car is booked in for its MOT on the 9th."
    assert writer_case("They booted Kevin out.", "they booted KEVIN out", wl, "") == "They booted Kevin out."
    # a label's number the writer typed in digits keeps them ("port 1" was offered as "port one")
    assert writer_spelling("Plug the HDMI into port 2, not port one.", "plug the hdmi into port 2 not port 1") == \
        "Plug the HDMI into port 2, not port 1."
    assert writer_spelling("I need one room.", "i need 1 room") == "I need one room."
    # ... and one end of a range ("between 1 and 5" was offered as "between one and 5")
    assert writer_spelling("The plumber is coming between one and 5.", "the plumber's coming between 1 and 5") == \
        "The plumber is coming between 1 and 5."
    assert writer_spelling("It is between one and two.", "its between one and two") == "It is between one and two."
    # ... its other end ("between 8 and 12" was offered as "between 8 and twelve"), and one of two numbers set against
    # each other ("at 2 not 3" was offered as "at two, not 3")
    assert writer_spelling("The boiler man is coming between 8 and twelve.", "the boiler guy is coming between 8 and 12") \
        == "The boiler man is coming between 8 and 12."
    assert writer_spelling("The meeting is at two, not 3.", "the meeting is at 2 not 3") == "The meeting is at 2, not 3."
    assert writer_spelling("The quote was for two rooms, not 3.", "the quote was for 2 rooms not 3") == \
        "The quote was for 2 rooms, not 3."
    assert writer_spelling("Pick one or 2.", "pick one or 2") == "Pick one or 2."  # as the writer typed it
    assert writer_spelling("Coming between eight and twelve.", "coming between 8 and 12") == "Coming between 8 and 12."
    assert writer_spelling("Open from nine to five.", "open from nine to five") == "Open from nine to five."
    # ... and a number typed in digits, spelled out beside numbers left in digits ("fifteen minutes instead of 30")
    assert writer_spelling("Can we do fifteen minutes instead of 30?", "can we do 15 mins instead of 30") == \
        "Can we do 15 minutes instead of 30?"
    assert writer_spelling("The train was 45 minutes late, not fifteen.", "the train was 45 mins late not 15") == \
        "The train was 45 minutes late, not 15."
    assert writer_spelling("They charged us for three people, not two.", "they charged us for 3 ppl not 2") == \
        "They charged us for three people, not two."  # spelled alike: left as the model wrote them
    assert writer_spelling("I have two children and 3 dogs.", "i have two kids and 3 dogs") == \
        "I have two children and 3 dogs."  # as the writer typed them
    # after a determiner and a code, even a word the list also spells with a capital (Target the shop)
    assert writer_case("Our Q4 Target is 1.2m.", "our q4 target is 1.2m", wl) == "Our Q4 target is 1.2m."
    assert writer_case("I shop at Target.", "i shop at target", wl) == "I shop at Target."
    # a capital the rules gave inside a sentence stays ("on teams" is the app: "on Teams")
    assert writer_case("I am on Teams.", "im on teams", wl, "I am on Teams.") == "I am on Teams."
    assert writer_case("I am on Teams.", "im on teams", wl, "I am on teams.") == "I am on teams."
    # a page or section number keeps the writer's lower-case letter ("on P.12" was offered); "P.12" typed stays
    assert writer_case("The chart on P.12 is missing.", "the chart on p.12 is missing", wl) == "The chart on p.12 is missing."
    assert writer_case("The chart on P.12 is missing.", "the chart on P.12 is missing", wl) == "The chart on P.12 is missing."
    # a family word after someone's possessive is no name ("its jake's mum" was offered as "it is Jake's Mum")
    assert writer_case("Hello, it is Jake's Mum.", "hey its jake's mum", wl) == "Hello, it is Jake's mum."
    assert writer_case("Tell Mum I said hi.", "tell mum i said hi", wl) == "Tell Mum I said hi."
    # ... and the writer's spelling of a word the candidate spells the other side of the Atlantic ("colour" was offered
    # as "color" once the check read the two as one word)
    assert writer_spelling("The florist sent the wrong color roses.", "the florist sent the wrong colour roses") == \
        "The florist sent the wrong colour roses."
    assert writer_spelling("Colour me impressed.", "colour me impressed") == "Colour me impressed."
    assert writer_spelling("Why have you not learned math?", "why havent u learnt math") == \
        "Why have you not learnt math?"
    assert writer_spelling("The color is red.", "the color is red") == "The color is red."
    # a day before it names no one ("the Monday Meeting")
    assert writer_case("The Monday Meeting is cancelled.", "the monday meeting is cancelled", wl) == \
        "The Monday meeting is cancelled."
    # after a determiner and one lower-case word of the writer's: a common noun phrase, though the list spells "Van"
    # with a capital too ("the removal van is booked" was offered as "The removal Van is booked")
    assert writer_case("The removal Van is booked for 8am.", "the removal van is booked for 8am", wl) == \
        "The removal van is booked for 8am."
    assert writer_case("We saw the band Van Halen.", "we saw the band van halen", wl) == "We saw the band Van Halen."
    # a word the list capitalises only inside a longer name, alone ("10k in 52:30, new pb!!" -> "..., New PB.")
    assert writer_case("I ran 10k in 52:30, New PB.", "i ran 10k in 52:30, new pb!!", wl) == "I ran 10k in 52:30, new PB."
    assert writer_case("I flew to New York.", "i flew to new york", wl) == "I flew to New York."
    # a sentence the writer began, joined to the one before by the model's comma, loses the full stop's capital
    assert writer_case("We are expecting, Due in April.", "we're expecting!! due in april", wl,
                       "We are expecting. Due in April.") == "We are expecting, due in April."
    # a capital the rules write too stays ("the best thanksgiving dinner")
    assert writer_case("My mother makes the best Thanksgiving dinner.", "my mom makes the best thanksgiving dinner", wl,
                       "My mom makes the best Thanksgiving dinner.") == "My mother makes the best Thanksgiving dinner."


def test_no_the_noun_made_an_answer_a_state_got_made_received_and_a_numbered_item_given_of():
    """"that's a hard no from me" was offered as "That is a hard, no from me." (an answer, then "from me"), and "got
    sunburnt on day 1" as "I received sunburnt on day one." (a state made a thing handed over). Neither flags any of
    the 22,660 GYAFC tune references against its source."""
    from engine.faithful import _got_state_received, _no_made_answer

    assert _no_made_answer("That is a hard, no from me.", "That is a hard no from me.") == ["~hard no"]
    assert _no_made_answer("That is a hard no from me.", "That is a hard no from me.") == []
    assert _no_made_answer("He would do the same, no matter what.", "he would do the same no matter what") == []
    assert _no_made_answer("That is a difficult situation, no from me.", "That is a hard no from me.") == ["~hard no"]
    # the writer's aside keeps its comma ("veggie options no prob" -> "..., no problem.")
    assert _no_made_answer("The caterer can do the veggie options, no problem.",
                           "The caterer can do veggie options no problem.") == []
    assert _got_state_received("I received sunburnt on day one.", "Got sunburnt on day 1.") == ["got sunburnt"]
    assert _got_state_received("They received married in May.", "They got married in May.") == ["got married"]
    assert _got_state_received("I received two tickets.", "I got 2 tickets.") == []
    assert _got_state_received("I got sunburnt on day one.", "Got sunburnt on day 1.") == []
    # and a numbered item given an "of" ("ep 12 is up" -> "The episode of 12 is up")
    from engine.faithful import _article_on_numbered

    assert _article_on_numbered("The episode of 12 is up.", "ep 12 is up", "Episode 12 is up.") == ["+episode of"]
    assert _article_on_numbered("Episode 12 is up.", "ep 12 is up", "Episode 12 is up.") == []



def test_a_person_named_like_a_word_whom_the_rules_named_stays_a_name():
    """"did hope get back to u?" was offered as "Did I hope you get back to you?" after the rules had read Hope."""
    from engine.faithful import _named_made_word

    assert _named_made_word("Did I hope you get back to you?", "Did Hope get back to you?") == ["~Hope"]
    assert _named_made_word("Has Hope got back to you?", "Did Hope get back to you?") == []
    assert _named_made_word("We hope to see you.", "We hope to see you.") == []  # the rules read no name
    assert _named_made_word("Play a joke on april fools day.", "For April fools day play jokes.") == []  # a month


def test_an_article_on_a_noun_that_takes_none_and_a_short_question_grown(rules):
    """"great news!!!" was offered as "That is a great news.", and "wait, what?" as "Wait, what is it?"."""
    from engine.faithful import _article_on_uncounted

    assert _article_on_uncounted("That is a great news.", "Great news.") == ["+a news"]
    assert _article_on_uncounted("That is great news.", "Great news.") == []
    assert _article_on_uncounted("I need an advice.", "I need an advice.") == []  # the writer's own
    from engine.faithful import _based_given_basis

    assert _based_given_basis("Your take is based on it.", "Your take is based.") == ["~based"]  # a basis invented
    assert _based_given_basis("It is based on a true story.", "It is based on a true story.") == []
    wl = SafeRewriter(FakeModel({}), rules, scorer=None).wordlist
    markers = frozenset()
    assert check("Wait, what is it?", "wait, what?", "Wait, what?", wl, markers).dropped
    assert not check("Wait, what?", "wait, what?", "Wait, what?", wl, markers).dropped


def test_a_hedge_on_what_the_writer_states_of_their_own_doing_is_an_opinion_added():
    """"i factory reset it and lost all my pics" was offered as "I believe the factory reset it and lost all of my
    pictures.": a fact the writer stated made a guess. A writer who guesses in words of their own keeps it open."""
    from engine.faithful import OPINION, _opinion_added

    src = "i factory reset it and lost all my pics"
    assert _opinion_added("I believe the factory reset it and lost all of my pictures.", src,
                          "I factory reset it and lost all my pictures.") == [OPINION]
    assert _opinion_added("I factory reset it and lost all of my pictures.", src,
                          "I factory reset it and lost all my pictures.") == []
    assert _opinion_added("I think you just fried my brain.", "i think you just fried my brain",
                          "I think you just fried my brain.") == []
    assert _opinion_added("I think it was Robotech.", "i cant remember, maybe robotech", "I cannot remember, maybe "
                          "Robotech.") == []


def test_a_capital_after_be_or_on_an_ed_or_ing_word_the_writer_typed_in_lower_case_goes(rules):
    """"the printer on floor 2 is jammed AGAIN" was offered as "... is Jammed again.": after a form of "be", or on a
    word ending in -ed or -ing that the word list spells only in lower case, the model's capital is no name."""
    wl = SafeRewriter(FakeModel({}), rules, scorer=None).wordlist
    assert writer_case("The printer on floor 2 is Jammed again.", "lol the printer on floor 2 is jammed AGAIN",
                       wl) == "The printer on floor 2 is jammed again."
    assert writer_case("The build kept Crashing.", "the build kept crashing", wl) == "The build kept crashing."
    assert writer_case("This is Sarah.", "this is sarah", wl) == "This is Sarah."  # a name after "is" stays one
    assert writer_case("I watched Breaking Bad.", "i watched breaking bad", wl) == "I watched Breaking Bad."
    assert writer_case("We moved to Reading.", "we moved to reading", wl) == "We moved to Reading."  # a town too
    assert writer_case("It is Jammed.", "it is Jammed", wl) == "It is Jammed."  # the writer's own capital


def test_a_logical_word_typed_as_chat_is_content(rules, wl):
    """"stuck in Denver till fri" was offered as "stuck in Denver Friday": the rules spell "till" and "b4" out,
    which made them markers; what they say is content, and losing it is critical."""
    src = "my flight got cancelled so i'm stuck in Denver till fri"
    c = _check("My flight was cancelled, so I am stuck in Denver Friday.", src, rules, wl)
    assert "until" in c.dropped and "until" in c.critical
    for fine in ("My flight was cancelled, so I am stuck in Denver until Friday.",
                 "My flight was cancelled, so I am stuck in Denver through Friday.",
                 "My flight got cancelled so I am stuck in Denver till Friday."):
        assert "until" not in _check(fine, src, rules, wl).dropped, fine
    assert "before" in _check("I will send it at lunch.", "ill send it b4 lunch", rules, wl).critical
    assert _check("I will send it prior to lunch.", "ill send it b4 lunch", rules, wl).dropped == ()
    assert "until" in _check("I was there at 5.", "i was there until 5", rules, wl).critical  # typed in full too
    assert "because" not in _check("I left as I was tired.", "i left because i was tired", rules, wl).dropped


def test_an_estimate_of_one_unit_stays_an_estimate(rules, wl):
    """"dies after like an hour" was offered as "dies after an hour": "like" made it an estimate, as "like 5 days"
    does; "about", "roughly" or "or so" keep it, and a likeness ("feels like an hour") is no estimate."""
    src = "my laptop battery dies after like an hour"
    assert "about an hour" in _check("My laptop battery dies after an hour.", src, rules, wl).dropped
    for fine in ("My laptop battery dies after about an hour.", "My laptop battery dies after roughly an hour.",
                 "My laptop battery dies after an hour or so."):
        assert _check(fine, src, rules, wl).dropped == (), fine
    assert _check("It feels as if an hour has passed.", "it feels like an hour already", rules, wl).dropped == ()


def test_a_number_with_its_sign_is_not_spelled_out_without_it(rules, wl):
    """"costs only dropped 2%" was offered as "dropped two%": spelled out, a percentage or a dollar amount says its
    sign in a word too."""
    src = "costs only dropped 2% last qtr, not the 5% we hoped"
    assert "2" in _check("Costs only dropped two% last quarter, not the 5% we hoped.", src, rules, wl).critical
    assert _check("Costs only dropped two percent last quarter, not the 5% we hoped.", src, rules, wl).dropped == ()
    assert _check("Costs only dropped 2% last quarter, not the 5% we hoped.", src, rules, wl).dropped == ()
    assert "5" in _check("It only costs $five.", "it only costs $5 lol", rules, wl).critical
    for fine in ("It only costs five dollars.", "It only costs $5.", "It only costs 5 dollars."):
        assert _check(fine, "it only costs $5 lol", rules, wl).dropped == (), fine


def test_empty_too_long_and_unscored(rules):
    model = FakeModel({})
    s = SafeRewriter(model, rules, scorer=None)
    long = "word " * 200
    out = s.rewrite(["", "   ", long, "hey u there"], beam=4)
    assert out[0].flags == ("empty",) and out[1].flags == ("empty",)
    assert out[2].flags == ("too_long",) and out[2].best == long
    assert "unscored" in out[3].flags and out[3].candidates
    with pytest.raises(TypeError):
        s.rewrite("a string")


def test_critical_drops_are_the_ones_that_always_change_the_meaning(rules, wl):
    assert [w for w in ("not", "or", "because", "8", "9am", "?", "more", "nothing", "nobody") if is_critical(w)] == \
        ["not", "or", "because", "8", "9am", "?", "more", "nothing", "nobody"]
    assert not any(is_critical(w) for w in ("ship", "mad", "standup", "kids"))
    c = _check("I do not know if we can build by Friday.", "idk if we can ship build 8 by friday tbh", rules, wl)
    assert set(c.dropped) == {"ship", "8"} and c.critical == ("8",)
    assert c.passes(("nonwords",)) and not c.passes(("nonwords", "critical"))
    assert _check("I know the answer.", "i dont know the answer", rules, wl).critical == ("not",)
    paraphrase = _check("The client is truly irritated.", "the client is really annoyed", rules, wl)
    assert paraphrase.dropped == ("annoyed",) and paraphrase.critical == ()
    assert paraphrase.passes(("nonwords", "critical")) and not paraphrase.passes(("nonwords", "dropped"))


def test_with_only_critical_drops_hard_a_paraphrase_may_win_but_a_lost_negation_never(rules):
    src = "i dont think the client is really annoyed"
    para = "I do not think the client is truly irritated."   # "annoyed" dropped (a paraphrase the checks cannot see)
    negation_lost = "I think the client is truly irritated."  # "not" lost
    model = FakeModel({src: [(negation_lost, -0.05), (para, -0.1)]})
    scorer = FakeScorer({src: 0.01, para: 0.9, negation_lost: 0.95})
    cfg = RerankConfig.from_options({"rerank": {"weights": {"lp": 10.0, "dropped": -0.1, "gain": 1.0},
                                                "hard": ["nonwords", "critical"]}})
    (r,) = SafeRewriter(model, rules, scorer=scorer, config=cfg).rewrite([src], beam=4, nbest=3)
    assert r.best == para
    texts = [c.text for c in r.candidates]
    assert texts.index(negation_lost) > texts.index(src)   # after the writer's own sentence
    # with every drop hard (the default), the paraphrase goes after the safe candidates too
    cfg_all = RerankConfig.from_options({"rerank": {"weights": {"lp": 10.0, "dropped": -0.1, "gain": 1.0}}})
    (strict,) = SafeRewriter(model, rules, scorer=scorer, config=cfg_all).rewrite([src], beam=4, nbest=3)
    assert strict.best != para and strict.best != negation_lost


def test_greedy_uses_the_cheap_pool(safe):
    safe.rewrite([SRC], beam=1, nbest=1)
    assert safe.model.calls[-1][1] == 1


def test_make_safe_wraps_models_only(rules):
    assert make_safe(rules) is rules
    m = FakeModel({})
    s = make_safe(m, FakeScorer({}))
    assert isinstance(s, SafeRewriter) and make_safe(s) is s


# ------------------------------------------------------------------------------------------ properties

_feature_rows = st.lists(st.lists(st.floats(-50, 50, allow_nan=False), min_size=len(FEATURES),
                                  max_size=len(FEATURES)), min_size=1, max_size=10)


@settings(max_examples=150, deadline=None)
@given(rows=_feature_rows, data=st.data())
def test_a_candidate_failing_a_check_never_outranks_a_passing_one(rules, rows, data):
    weights = {k: data.draw(st.floats(-100, 100, allow_nan=False)) for k in FEATURES}
    s = SafeRewriter(FakeModel({}), rules, config=RerankConfig(weights))
    checks = [Checks(tuple(data.draw(st.lists(st.just("xq"), max_size=1))),
                     tuple(data.draw(st.lists(st.just("ship"), max_size=1))), ()) for _ in rows]
    f = np.array(rows)
    order = s.order(f, checks)
    assert sorted(order) == list(range(len(rows)))
    passed = [checks[k].clean or f[k, FEATURES.index("is_source")] == 1 for k in order]  # the sentence always passes
    assert passed == sorted(passed, reverse=True)


@settings(max_examples=100, deadline=None)
@given(base=st.lists(st.floats(-5, 5, allow_nan=False), min_size=len(FEATURES), max_size=len(FEATURES)),
       nonwords=st.integers(1, 3))
def test_a_non_word_candidate_never_outranks_a_clean_one_with_the_same_content(rules, base, nonwords):
    s = SafeRewriter(FakeModel({}), rules)
    base[FEATURES.index("is_source")] = 0.0  # neither is the writer's own sentence, which always passes
    clean = list(base)
    garbled = list(base)
    garbled[FEATURES.index("lp")] += 10.0  # even when the model likes it far more
    garbled[FEATURES.index("nonwords")] = nonwords
    checks = [Checks(("futututur",) * nonwords, (), ()), Checks((), (), ())]
    assert s.order(np.array([garbled, clean]), checks)[0] == 1


# ------------------------------------------------------------------------------------------ the real model

def test_teacher_forced_scores_match_the_search(tmp_path):
    m = FormalRewriter.from_dir(FIXTURES / "rewriter", threads=1)
    src = ["thank you for your prompt reply.", "hey can u send me the report lol"]
    for r in m.rewrite(src, beam=4, nbest=3):
        tf = m.score_targets(r.source, [c.text for c in r.candidates])
        np.testing.assert_allclose(tf, [c.score for c in r.candidates], atol=2e-3)
    assert m.score_targets("", ["x"]) is None and m.score_targets("x", []) is None
    assert m.score_targets("word " * 400, ["x"]) is None


def test_safe_rewriter_runs_on_the_fixture_model(rules):
    m = FormalRewriter.from_dir(FIXTURES / "rewriter", threads=1)
    s = SafeRewriter.for_model(m)
    out = s.rewrite(["thank you for your prompt reply.", "", "😀 ok"], beam=4, nbest=3)
    assert [r.source for r in out] == ["thank you for your prompt reply.", "", "😀 ok"]
    assert out[0].best == "thank you for your prompt reply." or "rules" in out[0].candidates[0].flags
    assert all(r.candidates for r in out)


@pytest.mark.parametrize("source, candidate", [
    ("But for me I am glad it was not ACE!!!", "For me, I am glad it wasn't ACE."),      # contraction keeps "not"
    ("when she not asking you for any more!", "When she isn't asking you for any more."),
    ("Don't have nothing else to do!", "I do not have anything else to do."),          # a double negative is one
    ("i ain't got no money", "I do not have any money."),
])
def test_a_negation_said_another_way_is_kept(rules, wl, source, candidate):
    c = _check(candidate, source, rules, wl)
    assert "not" not in c.dropped and "nothing" not in c.dropped and "no" not in c.dropped, c


@pytest.mark.parametrize("source, candidate", [
    ("it's huge and i've never not found a song i want", "It is huge and I have never found a song I want."),
    ("if u dont want to u dont have to", "If you do not want to, you."),
    ("You no you ask the dumbest questions!", "You do not ask the dumbest questions."),   # "no" is "know"
    ("SHE IS JELOUS OF HILARY DUFF AND I NO IT!", "She is jealous of Hilary Duff and I do not know it."),
    ("just because everyone is dating and you aren't doesn't mean anything is wrong",
     "Just because everyone is dating and you are not mean that anything is wrong."),
    ("i have no idea", "I have any idea."),
])
def test_a_lost_or_added_negation_is_caught(rules, wl, source, candidate):
    assert set(_check(candidate, source, rules, wl).dropped) & {"not", "no", "~not"}


def test_spelling_fixes_and_interjections_are_not_lost_content(rules, wl):
    assert _check("Are you planning on it?", "are you plannin on it", rules, wl).dropped == ()
    assert _check("Not in the religion.", "not in hte religion", rules, wl).dropped == ()
    assert _check("I cannot eat another bite.", "ooh i cant eat another bite", rules, wl).dropped == ()
    # two words written as one real word are kept; an unrelated compound is not
    assert _check("I asked her to be my girlfriend twice.", "i asked her to be my girl friend twice", rules,
                  wl).dropped == ()
    assert "girl" in _check("I asked her to be my friend twice.", "i asked her to be my girl friend twice", rules,
                            wl).dropped
    # a non-word one letter short of the candidate's word is respelt, not guessed ("mayb" -> "maybe")
    assert _check("Maybe it is because you are doing something wrong.", "mayb its cuz ur doin something wrong",
                  rules, wl).dropped == ()
    # a real word one letter off is a different word
    assert "ship" in _check("We can shop the build.", "we can ship the build", rules, wl).dropped


def test_a_guessed_expansion_of_a_short_word_is_lost_content(rules, wl):
    # "doc" could be a doctor or a document: a guess is not the writer's word
    assert "doc" in _check("Please check the attached doctor.", "pls check the attached doc", rules, wl,
                           ).dropped
    # an expansion the rules give ("qtr" -> "quarter") is not a guess
    assert _check("The numbers are better this quarter.", "the numbers r better this qtr", rules, wl).dropped == ()


@pytest.mark.parametrize("candidate, lost", [
    ("The children recital is at 6.", ("kids'",)),       # the formal word, the possessive gone
    ("The kids recital is at 6.", ("kids'",)),           # the apostrophe gone
    ("The children's recital is at 6.", ()),
    ("The kids' recital is at 6.", ()),
    ("The recital of the children is at 6.", ()),
])
def test_a_possessive_said_with_its_word_stays_a_possessive(rules, wl, candidate, lost):
    assert _check(candidate, "the kids' recital is at 6", rules, wl).dropped == lost


def test_a_possessive_of_an_irregular_plural_and_a_verbs_s_are_read_right(rules, wl):
    assert _check("The men' lunch is on me.", "the guys' lunch is on me", rules, wl).dropped == ("guys'",)
    assert _check("The men's lunch is on me.", "the guys' lunch is on me", rules, wl).dropped == ()
    # "kid's" is "kid is" here (the rules spell it out): no possessive to keep
    assert _check("Her child is sick.", "her kid's sick", rules, wl).dropped == ()


def test_a_possessive_the_candidate_adds_is_caught_but_a_misspelt_one_is_the_writers(rules, wl):
    # whose mother: the writer's "mom" became the reader's
    assert "+your" in _check("Your mother says dinner is at 7.", "mom says dinner's at 7", rules, wl).dropped
    assert _check("Mom says dinner is at 7.", "mom says dinner's at 7", rules, wl).dropped == ()
    assert _check("My mother says dinner is at 7.", "mom says dinner's at 7", rules, wl).dropped == ()
    # a possessive typed as "there", "yo", "he's" is the writer's own
    assert _check("Put yourself in their shoes.", "put yourself in there shoes", rules, wl).dropped == ()
    assert "+your" not in _check("Scratch the skin off your hide.", "scratch the skin off yo hide", rules, wl).dropped
    assert _check("He decided to grow his hair.", "he decided to grow he's hair", rules, wl).dropped == ()
    assert _check("Your mother is not an answer.", "'Your mom' is not an answer!", rules, wl).dropped == ()


def test_a_marker_left_out_with_nothing_in_its_place_is_dropped(rules, wl):
    """"prof, can i get an extension on the essay? been sick all wk" was offered as "... Been all week.": "sick" is an
    informal marker (GYAFC's slang "sick" is "great"), but a marker said informally is not said emptily. Said
    another way it is kept; an intensifier or an interjection may go."""
    src = "prof, can i get an extension on the essay? been sick all wk"
    markers = rules.marker_words() | {"sick", "cheap", "totally"}

    def dropped(cand, source):
        return check(cand, source, rules.formalize(source), wl, markers).dropped

    assert "sick" in dropped("Prof, can I get an extension on the essay? Been all week.", src)
    # the whole clause left out, "sick" with it
    assert "sick" in dropped("Prof, can I get an extension on the essay?", src)
    assert "sick" not in dropped("Prof, can I get an extension on the essay? I have been ill all week.", src)
    assert dropped("Prof, can I get an extension on the essay? Been sick all week.", src) == ()
    assert "cheap" in dropped("The one is fine.", "the cheap one is fine")
    assert dropped("The inexpensive one is fine.", "the cheap one is fine") == ()
    assert dropped("It was good.", "it was totally good") == ()
    # a contraction keeps its words' places; a kept word moved elsewhere does not fill the marker's place
    assert "sick" in dropped("I'm all week.", "im sick all week")
    assert "sick" in dropped("At home, been.", "been sick at home")


def test_words_added_to_a_text_of_fillers_alone_are_invented(rules, wl):
    """"lol" was offered as "I would say to say that I would like to say that.", "omg" as "It is a long time to get
    married.": a text with nothing but fillers has nothing for a candidate to add to."""
    for src, invented in (("lol", "I would say to say that I would like to say that."), ("smh", "That is very funny."),
                          ("smh", "Oh, smh."),
                          ("omg", "It is a long time to get married."), ("haha", "That is funny.")):
        assert WORDS_ADDED in _check(invented, src, rules, wl).dropped
    for src, fine in (("lmao ok", "Okay."), ("me too", "Me too."), ("thx!!", "Thank you."), ("lol", "lol")):
        assert _check(fine, src, rules, wl).dropped == (), (src, fine)
    # a sign-off is said as the rules say it, or as typed
    assert WORDS_ADDED in _check("It is the best Sam.", "Best, Sam", rules, wl).dropped
    assert _check("Best, Sam.", "Best, Sam", rules, wl).dropped == ()
    assert _check("Cheers, Sam", "Cheers, Sam", rules, wl).dropped == ()


def test_only_and_an_excepting_but_are_logical_words(rules, wl):
    """"up to 50% off this wknd only" was offered as "Up to 50% off this weekend.", "nobody but sarah knows the pw"
    as "No one, but Sarah knows the password.": "only" limits, and "but" after "nobody" means "except"."""
    assert "only" in _check("Up to 50% off this weekend.", "up to 50% off this wknd only", rules, wl).critical
    assert _check("Up to 50% off this weekend only.", "up to 50% off this wknd only", rules, wl).dropped == ()
    assert _check("We just need two of them.", "we only need 2 of them", rules, wl).dropped == ()
    assert "~but" in _check("No one, but Sarah knows the password.", "nobody but sarah knows the pw", rules,
                            wl).critical
    assert _check("No one but Sarah knows the password.", "nobody but sarah knows the pw", rules, wl).dropped == ()
    assert _check("I tried, but it failed.", "i tried but it failed", rules, wl).dropped == ()
    # "due to" is a cause, "due on" a date
    assert "~due to" in _check("It is due to the 15th.", "it's due on the 15th", rules, wl).critical
    assert _check("It was due to the rain.", "it was due to the rain", rules, wl).dropped == ()


def test_a_subject_the_candidate_adds_to_a_sentence_opened_on_its_own_subject_is_caught(rules, wl):
    """"the client hated v2, loved v1 tho" was offered as "The client hated v2. I loved V1 though.": the client's
    opinion became the writer's. A sentence that opens without a subject may get "I"."""
    assert "+i" in _check("The client hated v2. I loved v1 though.", "the client hated v2, loved v1 tho", rules,
                          wl).dropped
    assert _check("The client hated v2, but loved v1.", "the client hated v2, loved v1 tho", rules, wl).dropped == ()
    assert _check("I cannot talk right now.", "can't talk rn", rules, wl).dropped == ()
    # the writer's own subject in another spelling is no addition
    assert _check("He said that his car broke down.", "he said his car broke down", rules, wl).dropped == ()
    assert _check("The kids said they are tired.", "the kids said there tired", rules, wl).dropped == ()


class _PullingScorer(FakeScorer):
    """Explains by a fixed set of words that pull towards informal, and records which words it was asked about."""

    def __init__(self, table, pulling):
        super().__init__(table)
        self.pulling = pulling
        self.weight = -2.0
        self.asked = []

    def explain(self, sentence, only=None):
        from engine.types import WordWeight

        self.asked.append(None if only is None else set(only))
        return [WordWeight(m.start(), m.end(), m.group(), self.weight if m.group().lower() in self.pulling else 0.1)
                for m in re.finditer(r"\w+", sentence) if only is None or m.group().lower() in only]


@pytest.mark.parametrize("pulling", [set(), {"ship"}, {"ship", "build", "friday"}])
def test_the_scorer_is_asked_only_about_dropped_words_and_the_checks_stay_the_same(rules, pulling):
    """features() explains only the words some candidate drops; its checks equal those made with every word the
    scorer says pulls informal counted as a marker."""
    model = FakeModel({SRC: [(DROPS, -0.1), (GARBLED, -0.2), (GOOD, -0.5)]})
    scorer = _PullingScorer({SRC: 0.01}, pulling)
    safe = SafeRewriter(model, rules, scorer=scorer)
    (r,) = model.rewrite([SRC], beam=8, nbest=8)
    texts, rules_text = safe.pool(r)
    _, checks = safe.features(SRC, texts, rules_text, {c.text: c.score for c in r.candidates}, 0.01)
    full = safe.source_markers(SRC)
    assert checks == [check(t, SRC, rules_text, safe.wordlist, full) for t in texts]
    dropped_somewhere = {w for t in texts for w in check(t, SRC, rules_text, safe.wordlist, safe.markers).dropped}
    assert scorer.asked[0] == dropped_somewhere and "ship" in dropped_somewhere
    assert not ({"idk", "tbh", "if", "we"} & scorer.asked[0])


def test_a_tense_the_writer_did_not_use_is_caught(rules, wl):
    """"she go to the office every day" was offered as "She went to the office every day": a habit moved into the
    past. Where the writer's text has a past of its own, the candidate's past is the writer's tense."""
    assert "~go>went" in _check("She went to the office every day.", "she go to the office every day", rules,
                                wl).dropped
    assert _check("She goes to the office every day.", "she go to the office every day", rules, wl).dropped == ()
    assert "~says>said" in _check("The man said hi and leaves.", "the guy says hi and leaves", rules, wl).dropped
    assert "~happen>happened" in _check("It happened to me.", "it happen to me", rules, wl).dropped
    assert "~is>was" in _check("She was nice.", "she is nice", rules, wl).dropped
    # the writer's own past, in a form or a word of time
    assert _check("It happened to me last year.", "it happen to me last year", rules, wl).dropped == ()
    assert _check("She went there and got lost.", "she go there and got lost", rules, wl).dropped == ()
    # an -ed word after "be", "have" or a determiner is no past tense
    assert _check("The room is cleaned every day.", "the room is clean every day", rules, wl).dropped == ()
    assert _check("I have finished the report now.", "i finish the report now", rules, wl).dropped == ()


def test_somebodys_quoted_words_are_copied_as_they_are(rules, wl):
    """'he asked "why isnt this done" and left' was offered as 'He asked "Why is not this done" and left.': the
    rules keep a quotation as written, and a candidate must too; a capital, an end mark inside it or curly marks
    change nothing."""
    src = 'he asked "why isnt this done" and left'
    assert rules.formalize(src) == 'He asked "why isnt this done" and left.'
    assert '"why isnt this done"' in _check('He asked "Why is not this done" and left.', src, rules, wl).dropped
    for kept in ('He asked "Why isnt this done?" and left.', 'He asked “why isnt this done” and left.'):
        assert _check(kept, src, rules, wl).dropped == ()
    # a quotation that is all the writer typed is formalized like any text
    assert rules.formalize('"i cant come tmrw"') == '"I cannot come tomorrow"'
    assert _check('"I cannot come tomorrow"', '"i cant come tmrw"', rules, wl).dropped == ()


def test_a_comma_dropped_before_a_past_verb_is_caught(rules, wl):
    """"worst customer service ever, waited 2 hrs on hold" was offered as "Worst customer service ever waited two
    hours on hold.": without the comma the service did the waiting."""
    src = "worst customer service ever, waited 2 hrs on hold"
    assert "~,waited" in _check("Worst customer service ever waited 2 hours on hold.", src, rules, wl).dropped
    assert _check("Worst customer service ever, I waited 2 hours on hold.", src, rules, wl).dropped == ()
    assert _check("I got home late and watched television.", "got home late, watched tv", rules, wl).dropped == ()
    # nor before a question ("the form asks for my ssn, is that safe?" -> "... my SSN is that safe?")
    src = "the form asks for my ssn, is that safe?"
    assert "~,is" in _check("The form asks for my SSN is that safe?", src, rules, wl).dropped
    assert _check("The form asks for my SSN. Is that safe?", src, rules, wl).dropped == ()


def test_a_subject_before_a_phrase_that_takes_none_is_caught(rules, wl):
    """"nvm, found it" was offered as "I have never mind, I found it."."""
    assert "+i" in _check("I have never mind, I found it.", "nvm, found it", rules, wl).dropped
    assert _check("Never mind, I found it.", "nvm, found it", rules, wl).dropped == ()
    assert "+we" in _check("We thank you for the help.", "thank you for the help", rules, wl).dropped


def test_a_sign_off_with_a_name_in_lower_case_is_kept_as_typed(rules, wl):
    """"best regards, jen" was offered as "The best regards is Jen."; "Best regards, Jen." is the sign-off with a
    capital. "thanks, appreciate it" is no sign-off: a rewrite may add the "I" it lacks."""
    assert "+words" in _check("The best regards is Jen.", "best regards, jen", rules, wl).dropped
    assert _check("Best regards, Jen.", "best regards, jen", rules, wl).dropped == ()
    assert _check("Thank you, I appreciate it.", "thanks, appreciate it", rules, wl).dropped == ()


def test_an_acronym_the_writer_typed_is_content(rules, wl):
    """"RIP grandpa, gonna miss u" was offered as "My grandpa is going to miss you.": "rip" is a GYAFC marker, but
    what it says is content. A shouted word ("HA") is no acronym."""
    assert "rip" in _check("My grandpa is going to miss you.", "RIP grandpa, gonna miss u", rules, wl).dropped
    assert "rip" in _check("My grandpa is going to miss you.", "rip grandpa, gonna miss u", rules, wl).dropped
    assert _check("Rest in peace, Grandpa, I am going to miss you.", "rip grandpa, gonna miss u", rules,
                  wl).dropped == ()
    assert "ha" not in _check("I would do anything for love.", "I would do anything for looove... HA LOL!", rules,
                              wl).dropped


def test_a_modal_the_writer_typed_is_kept_in_some_form(rules, wl):
    """"if it rains we'll cancel" was offered as "If it rains, we cancel.": the plan became a habit."""
    assert "will" in _check("If it rains, we cancel.", "if it rains we'll cancel", rules, wl).dropped
    assert _check("If it rains, we are going to cancel.", "if it rains we'll cancel", rules, wl).dropped == ()
    assert "must" in _check("You sign it today.", "u must sign it today", rules, wl).dropped
    assert _check("You have to sign it today.", "u must sign it today", rules, wl).dropped == ()
    assert _check("I am able to come tomorrow.", "i can come tmrw", rules, wl).dropped == ()
    # a request may be said with "please"
    assert _check("Please let me know when you get the answer.", "when you get the answer will u please let me know",
                  rules, wl).dropped == ()


def test_a_change_by_an_amount_keeps_its_direction(rules, wl):
    """"sales are up 12% but costs are up 15%" was offered as "Sales are up 12%, but it costs 15%."."""
    src = "sales are up 12% but costs are up 15%"
    assert "up 15" in _check("Sales are up 12%, but it costs 15%.", src, rules, wl).dropped
    assert _check("Sales are up 12%, but costs have risen by 15%.", src, rules, wl).dropped == ()
    assert _check("Revenue is down 5% versus last year.", "revenue's down 5% vs last yr", rules, wl).dropped == ()


def test_a_be_put_in_place_of_the_writers_comma_is_caught(rules, wl):
    """"my bad, wrong file, here's the right one" was offered as "My mistake is wrong file, here is the right
    one."."""
    src = "my bad, wrong file, here's the right one"
    assert "~,wrong" in _check("My mistake is wrong file, here is the right one.", src, rules, wl).dropped
    assert _check("My mistake, wrong file, here is the right one.", src, rules, wl).dropped == ()


def test_two_sentences_run_into_one_are_caught(rules, wl):
    """"long time no see! how've u been?" was offered as "Long time, no see how have you been?" (the rules now say
    "It has been a long time."; the same join in another greeting); an abbreviation's dot ends no sentence."""
    src = "so good to see you! how've u been?"
    assert "~,how" in _check("So good to see you how have you been?", src, rules, wl).dropped
    assert _check("It is so good to see you. How have you been?", src, rules, wl).dropped == ()
    assert _check("He was dating a girl in Jr High.", "he was dating a girl in Jr. High", rules, wl).dropped == ()


def test_one_word_said_again_gets_no_words_of_the_models_own(rules, wl):
    """"cool cool cool" was offered as "Cool is cool."."""
    assert "+words" in _check("Cool is cool.", "cool cool cool", rules, wl).dropped
    assert _check("Cool, cool.", "cool cool cool", rules, wl).dropped == ()


@pytest.mark.parametrize("cand, src", [
    ("Wait, do you know what?", "wait what??"),   # offered so (2026-11-26)
    ("Wait for what?", "wait what??"),            # a preposition of the model's own ties the words anew
    ("I agree.", "me too"),                       # "me too" may say "I did it too", not "I agree"
    ("I am sorry, Sir.", "sorry"),
    ("You should get well soon.", "get well soon!!"),  # a modal of the model's own: advice, not a wish
    ("It is the same.", "same"),  # the reply "same" is "me too" (the rules: "Likewise."), not a thing the same
])
def test_a_short_message_gets_no_content_of_the_models_own(rules, wl, cand, src):
    assert "+words" in _check(cand, src, rules, wl).dropped


@pytest.mark.parametrize("cand, src", [
    ("Likewise.", "same"), ("Me as well.", "me too"),
    ("Thank you. Good bye!", "k thx bye"), ("Never mind, I found it.", "nvm, found it"),
    ("It is 5 minutes away.", "its 5 mins away"), ("Thank you in advance.", "thx in advance!"),
    ("I will be right back, grabbing lunch.", "brb, grabbing lunch"),
])
def test_a_short_message_may_become_a_sentence(rules, wl, cand, src):
    """Function words that make a sentence of it, and the formal words for the writer's own, are no addition."""
    assert _check(cand, src, rules, wl).dropped == ()


def test_a_menu_path_keeps_its_steps(rules, wl):
    """"click settings > privacy > clear data" was offered as "Click settings, and privacy, and clear data."."""
    src = "click settings > privacy > clear data"
    assert rules.formalize(src) == "Click settings > privacy > clear data."
    c = _check("Click settings, and privacy, and clear data.", src, rules, wl)
    assert "settings > privacy" in c.dropped and "privacy > clear" in c.dropped
    assert _check("Click Settings > Privacy > Clear data.", src, rules, wl).dropped == ()


def test_a_verbs_particle_is_kept_with_the_verb(rules, wl):
    """"moving in on the 1st" was offered as "moving on the first"; "pick it up" keeps its "up" three words on."""
    assert "moving in" in _check("Just signed the lease, moving on Monday.",
                                 "just signed the lease, moving in on monday", rules, wl).dropped
    assert _check("Just signed the lease, moving into the flat on Monday.",
                  "just signed the lease, moving in on monday", rules, wl).dropped == ()
    assert _check("Can you pick it up?", "can u pick up it", rules, wl).dropped == ()
    # the verb said another way is the content check's business, not this one's
    assert "take on" not in _check("I cannot accept more work.", "cant take on more work", rules, wl).dropped


@pytest.mark.parametrize("src", [
    "i went there... loved it", "we tried but it failed", "she go to the office every day",
    "if it rains we'll cancel", "RIP grandpa, gonna miss u", "sales are up 12% but costs are up 15%",
    "long time no see! how've u been?", "click settings > privacy > clear data", "cool cool cool",
    'he asked "why isnt this done" and left', "best regards, jen", "nvm, found it",
])
def test_the_writers_own_sentence_passes_the_meaning_checks(rules, wl, src):
    """Leaving a sentence as it is changes nothing it says, whatever the rules put in (a comma for "...", "but")."""
    assert _check(src, src, rules, wl).dropped == ()


def test_hardly_ever_keeps_its_ever(rules, wl):
    """"he hardly ever answers his phone" was offered as "He hardly answers his phone." (rarely became barely)."""
    src = "he hardly ever answers his phone"
    assert "ever" in _check("He hardly answers his phone.", src, rules, wl).dropped
    assert _check("He hardly ever answers his phone.", src, rules, wl).dropped == ()


def test_the_word_that_places_a_date_is_kept(rules, wl):
    """"just signed the lease, moving in on the 1st" was offered as "moving in the first"."""
    src = "just signed the lease, moving in on the 1st"
    assert "on" in _check("Just signed the lease, moving in the first.", src, rules, wl).dropped
    assert _check("Just signed the lease, moving in on the first.", src, rules, wl).dropped == ()
    assert "by" in _check("It is due Friday.", "its due by fri", rules, wl).dropped
    assert _check("It is due before Friday.", "its due by fri", rules, wl).dropped == ()
    assert _check("I cannot wait until July.", "I cant wait till july", rules, wl).dropped == ()



def test_a_counted_one_and_a_phrase_of_manner_are_kept(rules, wl):
    """"add eggs one at a time" was offered as "add eggs at a time" (and then "at one time": at once)."""
    src = "preheat oven to 180, then add eggs one at a time"
    assert "one" in _check("Preheat oven to 180, then add eggs at a time.", src, rules, wl).dropped
    assert "one at a time" in _check("Preheat oven to 180, then add eggs at one time.", src, rules, wl).dropped
    assert _check("Preheat the oven to 180, then add the eggs one at a time.", src, rules, wl).dropped == ()
    assert "one" in _check("You do not need all girls to like you.",
                           "you don't need all girls to like you--just one.", rules, wl).dropped
    # after "this", "the right" ... "one" is a pronoun, which a rewrite may leave out
    assert _check("This is better.", "this one is better", rules, wl).dropped == ()


@pytest.mark.parametrize("cand, src, turn", [
    ("Please do not force to push to main.", "pls dont force push to main", "~force to"),
    ("Please find attached to my resume.", "pls find attached my resume", "~attached to"),
    ("Do not ask him to say it on his own.", "don't ask let him say it on his own", "~him to"),
])
def test_a_to_of_the_models_own_between_the_writers_words_is_caught(rules, wl, cand, src, turn):
    assert turn in _check(cand, src, rules, wl).dropped


@pytest.mark.parametrize("cand, src", [
    ("I want to go home.", "i want go home"), ("You should listen to your mother.", "u should listen ur mom"),
    ("Think about how lucky you are not to be with him.", "think about how lucky you are to not be with him"),
    ("Talk to you later.", "talk 2 u later"), ("Please do not force push to main.", "pls dont force push to main"),
])
def test_a_to_the_writer_left_out_or_typed_is_no_turn(rules, wl, cand, src):
    assert not [d for d in _check(cand, src, rules, wl).dropped if d.endswith(" to")]


# Suggestions a writer was offered for sentences of their own (2026-11-26, evening), each with the entry the check
# now gives it, then rewrites of the same sentences that say what the writer said.
CAUGHT = [
    ("If you give me a sec, I will be right back.", "gimme a sec, brb", "~if"),  # a condition the writer did not set
    ("We are short to people on the night shift.", "we're short 2 ppl on the night shift", "2"),
    ("The dog ate my homework.", "the dog ate my homework lol jk", "just kidding"),  # "jk" takes it back
    ("I am at 221baker st, ring the bell twice.", "i'm at 221b baker st, ring the bell twice", "221b"),
    ("My flight lands at 6:45 p.m.", "my flight is AA1234, lands at 6:45pm", "AA1234"),
    ("My mother did not know.", "even my mom didn't know", "even"),  # "even" before whom it reaches
    ("They never said, sorry.", "they never even said sorry", "~said,"),  # an apology of the writer's
    ("I am not yet, but maybe tomorrow.", "not yet, maybe tmrw", "+i"),
    ("Can we get a discount if we order 500 units? Thank you?", "can we get a discount if we order 500 units? thx",
     "~?"),
    ("Can we get a discount if we order 500 units?", "can we get a discount if we order 500 units? thx", "thanks"),
    ("We beat our target by 12% Drinks on me Friday.", "we beat our target by 12%. drinks on me fri", "~,drinks"),
    ("She is right about the budget.", "she's kinda right about the budget tho", "kinda"),  # a hedge left out
    ("He is also too scary.", "hes also kinda scary lol", "kinda"),
    # session 26's sentences
    ("My condolences was a great man.", "my condolences, he was a great guy", "he"),  # the person left out
    ("Let us touch the base next week.", "let's touch base next week", "~touch the base"),
    ("We met in the person last year.", "we met in person last year", "~in the person"),
    ("I am volunteering on Saturday. I want to come?", "i'm volunteering sat, wanna come?", "+i"),
    ("They are offered 65k, but I am going to ask for 70.", "they offered 65k but i'm gonna ask for 70",
     "~are offered"),
    ("Edit said, fixed the typo.", "edit: fixed the typo", "~edit said"),
    ("It is a great meeting that could have been an email.", "oh great, another meeting that could've been an email",
     "~great!"),
    ("You have this.", "u got this!!", "got this"),
    ("We got home, thank you for everything.", "we got home ok, thx for everything", "ok"),
    ("I am certain that we already paid that invoice.", "pretty sure we already paid that invoice", "pretty sure"),
    ("They seemed to be in the idea.", "they seemed into the idea", "into"),
    ("It is on it.", "on it!", "+words"),  # "it" said twice in a message of two words
    ("It's on it.", "on it!", "+words"),
    ("He is totally ghosted me after the date.", "he totally ghosted me after the date", "~is ghosted"),
    ("We can give you a credit store.", "we can give u store credit", "<>store credit"),
    ("Just checking in the invoice I sent.", "just checking in on the invoice i sent", "on"),
    ("Can you fill me in what I missed?", "can u fill me in on what i missed", "on"),
    ("I would like to know a secret.", "wanna know a secret", "+i"),  # the writer offered one
    ("I thought it was that?", "thoughts?", "+words"),
    ("So, what is it that?", "so what", "so what"),
    # GYAFC tune's formal side: a quotation of the model's own after the writer's quoted speech, and the end of a
    # quotation moved over the writer's words
    ('"Thanks again Ma\'am," he replied, " brushing them off."', '"Thanks again Ma\'am," he replied, brushing them off.',
     '"'),
    ("This is a reminder that rent is due on the first one.", "this is a reminder that rent is due on the 1st",
     "+1st one"),  # the date made "the first one"
    ('I suppose it sounds too much like "suck a .  I learn some interesting facts on here."',
     'I suppose it sounds too much like "suck a . . ." I learn some interesting facts on here.', '"suck a . . ."'),
    # session 27's sentences
    ("I thought the deadline was Friday.", "my bad, i thought the deadline was fri", "my bad"),  # the apology
    ("Thank you for the quick reply.", "sorry for the late reply, thx", "sorry"),
    ("I should listen to you.", "i shoulda listened to u", "should have"),  # regret made advice
    ("We could not have won if we had practiced.", "we could've won if we'd practiced", "~not"),
    ("It is not a good song.", "it's a good song", "~not"),
    ("I am Ready. In my opinion, ifreak_films at Brickell.", "I'm Ready! | ifreak_films @ Brickell", "~opinion"),
    ("All of us except Maria voted.", "all of us except maria voted yes", "yes"),
    ("What is your chalet?", "as in where's your chalet!?", "where"),  # another question asked
    ("The doctor are out of date.", "the docs r out of date", "docs"),  # a guess at a plural's word
    ("I owe you a large amount of time.", "i owe u big time", "big time"),  # how much made time
    ("I have it, thank you.", "got it, thx", "got it"),  # understanding made having
    ("Your balance is $40, please top up.", "ur balance is -$40, pls top up", "-$40"),  # the sign lost
    ("Hello Professor, can I get an extension on the essay be sick all week?",
     "hey prof, can i get an extension on the essay? been sick all week", "~,been"),  # the question takes it in
    ("The show is not a big time.", "the show sucks big time", "big time"),
    ("The latency spiked to twos around 3am.", "the latency spiked to 2s around 3am", "2"),  # a number and its unit
    ("Use the,force flag at your own risk.", "use the --force flag at ur own risk", "--force"),  # an option
    # session 28's sentences
    ("Congratulations on the promotion. I deserved.", "congrats on the promotion!! well deserved", "well deserved"),
    ("Well, I could not agree more.", "well said, couldnt agree more", "well said"),  # the praise gone
    ("Just landed. Will call when I get to the hotel?", "just landed!! will call when i get to the hotel", "~?"),
    ("Does anyone have a charger? I could borrow for about an hour.",  # the relative clause cut off
     "does anyone have a charger i could borrow for like an hour", "~charger?I"),
    ("Does anyone have a charger, I could borrow for about an hour?",
     "does anyone have a charger i could borrow for like an hour", "~charger,I"),
    ("Can someone explain the step three?", "can someone explain step 3", "+the step"),  # a numbered item
    ("Can someone explain the step 3?", "can someone explain step 3", "+the step"),
    ("We are going to need more chairs.", "we're def gonna need more chairs", "def"),  # how sure the writer is
    ("The contract expires 12/31, so we need to renew before.", "the contract expires 12/31 so we need to renew b4 then",
     "then"),  # the time the writer set
    ('Can you explain what you meant by "Circle back"?', 'can u explain what u meant by "circle back"',
     '"circle back"'),  # the writer's quoted words
    ("My flight gets in 7:40 pm.", "my flight gets in at 7:40pm", "at 7:40"),
    ("The boss wants us in 8 tomorrow.", "the boss wants us in at 8 tmrw, ugh", "at 8"),  # a bare hour, a day word
    ("Did you see the game last night insane?", "did u guys see the game last nite?? insane", "~,insane"),
    ("Did you see the game last night, insane?", "did u guys see the game last nite?? insane", "~,insane"),
    ("I have been Tokyo last year.", "i have been to tokyo last year", "been to tokyo"),  # the place's "to"
    ("I have been too Tokyo last year.", "i have been to tokyo last year", "been to tokyo"),
    ("The first time I went there was closed.", "the first time i went there it was closed", "it was"),
    ("Looks are good to me, ship it.", "lgtm, ship it", "~looks good"),  # seeming made a noun
    ("Do you wait so are you coming or not?", "wait so r u coming or not", "+do you"),  # asked twice
    ("I am very excited for the conference.", "i'm lowkey excited for the conference", "~lowkey"),  # hedge inverted
    ("The argument is extremely weak.", "the argument is kinda weak", "~kinda"),
    ("It is a good game, you guys never stood a chance.", "gg ez, u guys never stood a chance", "ez"),  # the gloat
    ("The meeting is at 3:30 in conference room.", "the meeting is at 3:30 in conf rm b", "room B"),  # a label
    ("I am very happy for both of you.", "so happy for u both, congrats!!", "congrats"),  # the congratulations
    ("Hello, there is anyone around?", "hello there, anyone around?", "~hello there"),  # a greeting made a subject
    ("I can not make the interview on Monday, is Tuesday?", "i cant make the interview on mon, is tues ok?", "ok"),
    ("Are you?", "r u ok?", "ok"),  # what the question asks, dropped
    ("I am going to be about 10 minutes late and start without me.", "im gonna be like 10 min late, start w/o me",
     "~and start"),  # the writer's instruction made something the writer does
    ("We need to cite more recent work, most of our refs from 2010.",
     "we need to cite more recent work, most of our refs r from 2010", "are"),  # the verb dropped
    ("It would love to catch up sometime, it has been forever.", "would love to catch up sometime, its been forever!",
     "+it"),  # "it" made the one who wants
    ("Tell grandma, I said hi.", "tell grandma i said hi!", "~tell grandma"),  # the one to be told made the one told
    ("My sister and I have not talked about two years.", "my sister and i havent talked in like 2 yrs", "in"),
    ("No, rush, just let me know.", "no rush, just lmk", "~no rush"),  # "no rush" made a call to hurry
    ("The config live in the settings file.", "the config lives in the settings file", "lives"),  # agreement lost
    ("Step 3: plug it back in it.", "step 3: plug it back in", "+it"),  # the object said twice
    ("She is kind of right, but also wrong.", "she's kinda right but also kinda wrong", "kinda"),  # a second hedge
    ("The only two of the 10 applicants showed up.", "only 2 of the 10 applicants showed up", "~only"),
    ("No, I still broken after the update.", "nope, still broken after the update", "+I"),  # a thing's state made mine
    ("No, I am still broken after the update.", "nope, still broken after the update", "+I"),
    ("The United States of the United Nations meeting is next Tuesday.", "the united nations meeting is next tuesday",
     "+United States"),  # a name swapped in beside the one typed
    ("We got a new puppy name. His name is biscuit.", "we got a new puppy!! his name is biscuit", "+name"),  # said twice
    ("The rental car had a scratch on it already, and took pictures.",
     "the rental car had a scratch on it already, took pics", "~and took"),  # the car made the one who took them
    ("Do you gluten free options?", "do u guys do gluten free options?", "do"),  # the verb "do" dropped
    ("We do not refunds on sale items.", "we dont do refunds on sale items", "do"),
    ("We don't refunds on sale items.", "we dont do refunds on sale items", "do"),
    ("We are short goalie for Sunday's game.", "were short a goalie for sundays game", "short a goalie"),
    ("The acting was little lame.", "the acting was a little lame", "a little"),  # some, made hardly any
    ("I have few ideas.", "i have a few ideas", "a few"),
    ("Please do not touch thermostat.", "pls dont touch the thermostat", "touch the thermostat"),  # the article
    ("I need to book table for Friday.", "i need to book a table for fri", "book a table"),
    ("Why is heating on full blast?", "why's the heating on full blast", "is the heating"),  # the subject asked about
    ("I do not have a clue what she is on.", "i aint got a clue what shes on about", "on about"),  # talking about
    ("I do not have a clue what she is about.", "i aint got a clue what shes on about", "on about"),
    ("I received my bloods done this morning.", "got my bloods done this morning", "got my bloods done"),  # had done
    ("It is not that I do not like him, it is just a lot.", "its not that i dont like him, its just hes a lot",
     "he is"),  # who is too much, cut out
    ("He is not answering, I will try again later?", "he's not answering, shall i try again later?", "~shall i"),
    ("He is not answering, will I try again later?", "he's not answering, shall i try again later?", "~shall i"),
    ("He's not answering, I'll try again later?", "he's not answering, shall i try again later?", "~shall i"),
    ("Standup: yesterday finished the login page today, working on tests.",
     "standup: yesterday finished the login page, today working on tests", "~today"),  # the time moved over
    ("Please clock out before you break, not after.", "pls clock out before ur break, not after", "your break"),
    ("I have register 3 is down again.", "register 3 is down again", "+I have"),  # words put before a sentence
    ("I think register 3 is down again.", "register 3 is down again", "+I think"),
    ("It is either Friday or Saturday works, not Sunday.", "either fri or sat works, not sun tho", "+It is"),
    ("My best mate fancies, my sister, awkward.", "my best mate fancies my sister, awkward", "~fancies my"),
    ("Can you meet us at 7?", "can u meet us there at 7", "there"),  # where to meet, dropped
    ("It has been 6 weeks and nothing.", "its been 6 wks & still nothing", "still"),  # the wait, dropped
    ("Please, can someone let the cleaner in 9.", "pls can someone let the cleaner in at 9", "at 9"),  # an hour
    ("Who has a charger, I can borrow?", "who's got a charger i can borrow", "~charger,I"),  # a question cut
    ("If your monitor's own, label it.", "if ur monitor's ur own label it", "your own"),  # whose, dropped
    ("Our neighbour's cat keeps coming in the window.", "our neighbour's cat keeps coming in thru the window", "through"),
    ("The United States of the US office is closed.", "the us office is closed", "+United States"),  # said twice
    ("Does anyone in our group have done the slides yet?", "anyone in our group done the slides yet?", "~have"),
    ("Barbecue at our Saturday from 2.", "bbq at ours sat from 2", "ours"),  # "ours" made the Saturday's owner
    ("Barbecue at ours Saturdays from 2.", "bbq at ours sat from 2", "~Saturdays"),  # one day made every one
    ("He missed an open internet.", "bro missed an open net", "net"),  # a goal's net
    ("Is the final cumulative or the second half?", "is the final cumulative or just the 2nd half?", "just"),
    ("The office hours are still on Thursday at 2.", "are office hrs still on thurs at 2", "?"),  # asked
    ("Please do not reply to this thread.", "pls dont reply all to this thread", "reply all"),  # answering everyone
    ("Please do not reply to all of this thread.", "pls dont reply all to this thread", "reply all"),
    ("It is a great job on the demo today.", "great job on the demo today", "~great job"),  # praise made a job
    ("Load of people turned up to the fete.", "loads of ppl turned up to the fete", "loads of"),  # many, garbled
    ("Loads of people turn up to the fete.", "loads of ppl turned up to the fete", "~turned>now"),  # past made now
    ("You need someone to look at the flaky test.", "need someone to look at the flaky test", "+you"),  # my need
    ("You pushed the fix to the repo.", "pushed the fix to the repo", "+you"),
    ("The bestie you need to see this.", "bestie u need to see this", "~the bestie"),  # the one spoken to
    ("It is a good game, everyone, close game.", "gg everyone, close game", "~great job"),  # praise made a game
    ("This is definitely coming to the leaving party tonight.", "deffo coming to the leaving do tonight", "+it"),
    ("Tickets for the gig on sale Friday at 9.", "tickets for the gig go on sale fri at 9", "go"),  # the verb dropped
    ("Visiting hours are too until eight.", "visiting hours are 2 till 8", "2"),  # a time made "too"
    ("I got rejected from the job and gutted.", "got rejected from the job, gutted", "~,gutted"),  # a feeling
    ("We are potty training this weekend, and wish us luck.", "we're potty training this weekend, wish us luck",
     "~and wish"),  # the writer's request made something they do
    ("She wants to sleepover on Friday.", "she wants a sleepover on friday", "~a sleepover"),  # a thing made doing
    ("I have food poisoning on the last day.", "i got food poisoning on the last day", "~got>have"),  # past made now
    ("I could have sworn. I sent it.", "i could of sworn i sent it", "~sworn."),  # what was sworn, cut off
    ("You should have brought an umbrella.", "should of brought an umbrella lol", "+you"),  # the writer's regret
    ("It should have brought an umbrella.", "should of brought an umbrella lol", "+it"),
    ("It could not have done it without you.", "couldn't have done it without u", "+it"),
    ("We need the room from 9, not as 10 as there is a setup.", "we need the room from 9 not 10 as there's a setup",
     "+as 10 as"),  # a comparison
    ("We need the room from 9, not as ten as there is a setup.", "we need the room from 9 not 10 as there's a setup",
     "+as ten as"),
    ("We have three or four left in stock.", "we have maybe 3 or 4 left in stock", "~maybe"),  # an estimate made sure
    ("Any day, but Friday.", "any day but fri", "~but"),  # "except" made a contrast
    ("I know it is short notice, but there is any chance you could cover my shift on Saturday.",
     "i know it's short notice but is there any chance u could cover my shift on sat", "~is there"),  # asked no more
    ("If you are going past the post office, you could pick up a parcel for me.",
     "if ur going past the post office could u pick up a parcel for me", "~could you"),  # a request made a statement
    ("I will do your return Sunday.", "i'll do ur sunday in return", "~in return"),  # a fixed phrase broken
    ("It only took six months and about 20 months complaints.", "only took 6 months and about 20 complaints lol",
     "+months"),  # a word put between a number and what it counts
    ("It only took six months and about 20 months and complaints.", "only took 6 months and about 20 complaints lol",
     "+months"),
    ("I am absolutely shattered. It was up all night with the dog.", "i'm absolutely shattered, was up all night",
     "+it"),  # the writer's clause given "it"
    ("You should tell Jack the meeting's at 3.", "tell jack the meeting's at 3", "~you should"),  # a request
    ("Can you grab me a coffee on your way?", "can u grab me a coffee on ur way in", "way in"),  # where the way leads
    ("How much is a ticket returning to Leeds?", "how much is a return ticket to leeds", "~return ticket"),
    ("My mother has been on me to sort out my pension.", "my mum's been on at me to sort out my pension", "~on at me"),
    ("We need the cost before we commit anything.", "we need the cost before we commit to anything", "commit to"),
    ("The conference of deadline got extended by a week.", "the conference deadline got extended by a week!!",
     "+conference of deadline"),  # an "of" between two words run together as one thing
    ("The will have not been read yet.", "the will hasn't been read yet", "~will has"),  # the will read as a verb
    ("The will not have been read yet.", "the will hasn't been read yet", "~will has"),
    ("The won't have been read yet.", "the will hasn't been read yet", "~will has"),
    ("The will not be read yet.", "the will hasn't been read yet", "~will has"),
    ("The conference is deadline got extended by a week.", "the conference deadline got extended by a week!!",
     "+conference is deadline"),
    ("Tickets for the gig, go on sale Friday at 9.", "tickets for the gig go on sale fri at 9", "~gig go"),  # a subject
    ("Tickets for the gig. Go on sale Friday at 9.", "tickets for the gig go on sale fri at 9", "~gig go"),  # cut off
    ("Wifi in the room, does not work.", "wifi in the room doesnt work", "~room does"),
    ("The API returns for 404 for /users/42.", "the api returns 404 for /users/42", "+for 404"),  # a stutter
    ("The deadline is the 15th, but I would be aim for the 12th.", "the deadline's the 15th but i'd aim for the 12th",
     "+be aim"),
    ("We tried turning it off and updating it, nothing works.", "we tried turning it off and on, updating it, nothing works",
     "~off and on"),  # a pair cut in half
    ("The men are fixing the WiFi.", "the IT guys are fixing the wifi", "IT"),  # an acronym spelled like a word
    ('School called "Jake" has a temperature of 38.', "school called, jake has a temp of 38", '"'),  # over a comma
    ('School called, "Jake" has a temperature of 38.', "school called, jake has a temp of 38", '"'),
    ("I hope that is starting at the new school Monday.", "hope is starting at the new school monday", "~Hope"),
    ("A 10 minutes, traffic is bad.", "eta 10 mins, traffic is bad", "eta"),  # an acronym with content
    ("I will be off sick, so I am covering.", "will's off sick so i'm covering", "~Will"),  # Will, a person
    ("I wanted to check in the venue for the 14th.", "just wanted to check in about the venue for the 14th",
     "check in about"),  # checked into it
    ("I wanted to check into the venue for the 14th.", "just wanted to check in about the venue for the 14th",
     "check in about"),
    ("I am sorry that guys running ten minutes late.", "sorry guys running 10 mins late", "~guys,"),  # the one
    ("I am sorry, I am all wrong chat.", "sorry all, wrong chat", "~all,"),  # spoken to made the one who did it
    ("No way, I am paying that much.", "no way am i paying that much", "~no way"),  # the opposite
    ("I am paying that much.", "no way am i paying that much", "~no way"),
    ("The river's burst is banks by the bridge.", "the river's burst its banks by the bridge", "~its banks"),
    ("Did 3 sets of 12, new PB on squats?", "did 3 sets of 12, new pb on squats", "~?"),  # asked nothing
    ("Did three sets of 12, new PB on squats?", "did 3 sets of 12, new pb on squats", "~?"),
    ("Without your help, we had never finished.", "without ur help we'd never have finished",
     "~would have finished"),  # what would have been, made what was
    ("Without your help, we have never finished.", "without ur help we'd never have finished",
     "~would have finished"),
    ("I have a good weekend.", "have a good wknd all!", "+I have"),  # a wish made what the writer does
    ("I have fun at the concert.", "have fun at the concert", "+I have"),
    ("The code is 4471, door sticks a bit.", "the code is 4471#, door sticks a bit", "4471#"),  # another code
    ("Check out is at 11, but we can leave bags until three.", "check out is at 11 but can we leave bags till 3",
     "~can we"),  # a request made a statement
    ("Long as it works, I do not care how.", "so long as it works i dont care how", "~so long as"),
    ("The earlier is the better.", "the earlier the better", "~the earlier the better"),
    ("Next time, the next time is the next time.", "oh well, next time", "+next time"),  # a loop
    ("However, you look at it, it is a mess.", "however u look at it, it's a mess", "~however"),  # a contrast
    # session 37's writer sentences
    ("It is the same time tomorrow?", "same time tmrw?", "+It is"),  # a question made a statement
    ("That was the same place as last time?", "same place as last time?", "+That was"),
    ("What is the same place as last time?", "same place as last time?", "+what"),  # whether made what
    ("Is there a round?", "another round?", "another"),  # one more made one
    ("We should book a room.", "we should book another room", "another"),
    ("It was very delighted with how it turned out.", "proper chuffed with how it turned out", "+It was"),
    ("You should get well soon.", "get well soon x", "+You should get"),  # a wish made advice
    ("You will feel better soon.", "feel better soon", "+You will feel"),
    ("Are you looking for a walk later?", "up for a walk later?", "up for"),  # willing made searching
    ("The viva went okay, I think minor corrections.", "the viva went ok i think, minor corrections",
     "~I think"),  # unsure of the viva, not claiming the corrections
    ("Just a heads up, the office is closed on the 25th plan your deliveries around that.",
     "just a heads up the office is closed on the 25th so plan ur deliveries around that", "so"),  # why to plan
    ("Well, yes.", "oh well", "not"),  # resignation ("never mind") made agreement
    ("I do not like that.", "meh", "+words"),  # a shrug made a dislike
    ("There is no problem.", "np", "+words"),
    ("They are threatening to pulling the contract.", "theyre threatening to pull the contract", "~to pull"),
    ("They are threatening to pull the contracting.", "theyre threatening to pull the contract", "~contract"),
    # session 36's writer sentences
    ("I have promoted. I cannot believe it.", "i got promoted!!! cant believe it", "~got promoted"),  # a passive
    ("He has fired.", "he got fired", "~got fired"),
    ("The dentist can fit me on Tuesday at 9.30.", "the dentist can fit me in on tues at 9.30", "fit in"),
    ("Can you add a ref for the claim in 3 section?", "can u add a ref for the claim in section 3", "~section 3"),
    ("Can you add a ref for the claim in three section?", "can u add a ref for the claim in section 3", "~section 3"),
    ("Can you add a ref for the claim section 3?", "can u add a ref for the claim in section 3", "in"),
    ("The numbers section in two do not match.", "the numbers in section 2 dont match", "~section 2"),
    ("He struggles reading.", "he struggles w reading", "with"),
    ("The slides are at example.com/deck and have a look.", "the slides are at example.com/deck, have a look",
     "~and have"),
    ("The dress needs to be taking in a bit.", "the dress needs taking in a bit", "~needs taking"),
    ("Howdy partner is the ranch?", "howdy partner, hows the ranch", "how"),
    ("Does anyone know a decent dentist round?", "anyone know a decent dentist round here?", "round here"),
    ("The Q3 report has last year's figures in table 4.", "the Q3 report still has last yr's figures in table 4", "still"),
    ("The chart is missing legend.", "the chart is missing its legend", "its legend"),
    ("The chart is missing it legend.", "the chart is missing its legend", "its legend"),
    ("The chart is missing it is legend.", "the chart is missing its legend", "~its legend"),

    ("Sure, it is a thing.", "sure thing", "~sure thing"),
    ("Sure, things.", "sure thing", "~sure thing"),
    ("It is on my way.", "omw", "+words"),  # "it" made what the writer is
    ("Sorry, I am sorry.", "soz", "+words"),
    ("No, I do not.", "nah", "+words"),  # a bare answer given a clause of the model's own
    ("What a goal is the best of the season by miles.", "what a goal!! best of the season by miles", "goal. Best"),
    ("The charity run raised over 2k, thank everyone.", "the charity run raised over 2k, thanks everyone!!",
     "~thanks everyone"),
    # session 38's writer sentences
    ("Please bring your own water bottle to training, the fiction is broken.",
     "pls bring ur own water bottle to training, the fountain's broken", "fountain"),  # a word with 's is content
    ("The doctor is on the shared drive under Q3.", "the doc's on the shared drive under Q3", "doc"),  # a guess
    ("I am running ten minutes late, and I start without me.", "im running 10 mins late, start w/o me",
     "+I ... me"),  # the reader was to start
    ("The estate agent reckons will go for over asking.", "the estate agent reckons it'll go for over asking", "-it"),
    ("Solicitor says exchange could end of the month.", "solicitor says exchange could be end of the month", "-be"),
    ("Can you chase the deposit with the letting agent has been six weeks?",
     "can u chase the deposit w/ the letting agent, its been 6 wks", "-it"),  # the agent has been, not the wait
    ("We need a sub for Sunday's game, or anyone else?", "we need a sub for sunday's game, anyone?", "+else"),
    ("We need a sub for Sunday's game, or anyone?", "we need a sub for sunday's game, anyone?", "+or"),
    ("His reading has come on a lot of this term.", "his reading's come on loads this term", "~loads"),
    ("Who is this new phone?", "new phone who dis", "~who is this"),  # the phone asked about, not the writer
    ("It is chucking it down there.", "its chucking it down out there", "~out there"),  # outside made below
    ("The room was tiny, but the spotless.", "the room was tiny but spotless", "+the spotless"),  # a quality made a thing
    ("The queue was insane, but it is worth it.", "the queue was insane but worth it", "~was"),  # it was worth it
    ("Do you need anything to go to the shop?", "gone to the shop, need anything", "~gone"),  # a trip made a purpose
    ("I never said that, maybe.", "i never said that, i said maybe", "~said maybe"),  # the hedge made the writer's
    ("The number is ABC-1234-XY.", "ref no is ABC-1234-XY", "ref"),  # the reference number lost its kind
    ("It is very knackered after that shift.", "proper knackered after that shift", "+It is"),  # the writer's state
    ("It is the best team.", "best, the team", "+words"),  # a sign-off made praise
    ("Can you help me move on Saturday?", "pls pls pls can u help me move on sat", "please"),  # asked less kindly
    ("Temps hitting 30£10.", "temps hitting 30°C this wkd", "+10"),  # a number no one typed
    ("We have been trying to hold of someone for ages.", "we've been trying to get hold of someone for ages",
     "get hold of"),
    ("The estate agent reckons, it will go for over asking.", "the estate agent reckons it'll go for over asking",
     "~reckons it"),
    ("We have been trying to get hold of someone, the phone ring out.",
     "we've been trying to get hold of someone, the phone just rings out", "~phone rings"),
    ("Please sign off my expenses before Friday? It is only £42.", "pls can u sign off my expenses before fri, its only £42",
     "~can you"),  # the request asked as an order, its question mark before a second sentence
    ("Please add a note that I am allergic to nuts?", "pls can u add a note that i'm allergic to nuts",
     "~can you"),  # an order with a question mark
    ("Head up, prod deploy has moved to 3pm, not 11.", "heads up - prod deploy's moved to 3pm, not 11.",
     "heads up"),  # a warning made an order to look up
    ("Please put the bins out, please it is collection day.", "put the bins out pls it's collection day",
     "please please"),
    ("I need a letter confirming. I am a student for council tax.",
     "i need a letter confirming i'm a student for council tax", "~confirming i"),  # the letter's content made a claim
    ("New desk plan is attached, let me know if there is any problems with your sat.",
     "new desk plan's attached, lmk if theres any probs w/ where ur sat", "where"),  # where they sit, lost
    # session 39
    ("The printer on 3rd floor is jammed again, someone call it.",
     "the printer on 3rd floor is jammed again, someone call IT", "~IT"),  # the department made "it"
    ("The us office is closed.", "the US office is closed", "~US"),
    ("The Q3 numbers are out, revenue is up 8%, but it costs up 11%.",
     "the q3 numbers are out, revenue's up 8% but costs are up 11%", "are"),  # costs made a verb
    ("The offers only valid until Sunday.", "the offer's only valid till sunday", "~offer's"),  # its "is" made a plural
    ("Hiya, just checking you. You have my email about the invoice?",
     "hiya, just checking u got my email re the invoice?", "~checking you"),  # what is checked, cut off
    ("We ran out of name badges at the event, you need 50 more.",
     "we ran out of name badges at the event, need 50 more", "+you"),  # the writer's need made the reader's
    ("Ben and Jerry's is on offering at Tesco, 2 for £5.", "ben n jerry's is on offer at tesco, 2 for £5",
     "~on offer"),  # a state made a doing
    ("I have a lot of work on so it might be slow to reply.",
     "i've got loads of work on so might be slow to reply", "+it"),  # the writer's slowness made a thing's
    ("Do not forget it is birthday on Sunday. I have got her a card.",
     "dont forget its mums bday on sun, i've got her a card", "mum"),  # the mother lost
    ("Do not forget it is Mum's birthday on Sunday. I have her a card.",
     "dont forget its mums bday on sun, i've got her a card", "~got"),  # bought for her made had
    ("Has the contracted signed yet, or are we still waiting?",
     "has the contract been signed yet or r we still waiting", "~been"),  # the contract made the signer
    ("Are we still on for drinks Thursday or shall we move it Friday?",
     "hey, r we still on for drinks thurs or shall we move it to fri?", "to"),  # moved to when, lost
    ("We got 5-0 would on Saturday, the ref was useless.", "we got 5-0'd on sat, the ref was useless",
     "~5-0'd"),  # beaten 5-0, spelled as "would"
    ("Thank you for the flowers, they are gorgeous.", "thanks so much for the flowers, they're gorgeous",
     "~so much"),  # thanks said less warmly
    ("I have never paid for the overtime.", "i never got paid for the overtime", "~got paid"),  # paid made payer
    ("The staging env is down, look into it.", "the staging env is down, looking into it",
     "~looking"),  # the writer's doing made an order
    ("Dinner is ready, make a salad.", "dinner's ready, making a salad", "~making"),
    ("Can you tell Jess? I said congratulations.", "can u tell jess i said congrats", "~tell jess"),  # what to tell, cut
    # session 40
    ("Can you send it before legal checked?", "can u send it before legal checked it", "~checked it"),  # object cut
    ("Did you see the match last night? What a goal?", "did u see the match last night? what a goal",
     "~what a"),  # an exclamation made a question
    ("It is not my fault, the server crashed.", "it isn't my fault the server crashed",
     "~fault the"),  # the writer's clause cut off: now the server is blamed
    ("I apologize, I am late. The train was delayed.", "sorry im late, the train was delayed",
     "~sorry i"),  # the lateness apologised for, told as news
    ("I know you are busy, but if you get a second, you can have a look at the contract.",
     "i know ur busy but if u get a sec could u have a look at the contract", "~could you"),  # a request made leave
    ("I know you are busy, but if you get a second could have a look at the contract.",
     "i know ur busy but if u get a sec could u have a look at the contract", "~could you"),  # asking no one
    ("I have already promised my sister. I would help her move.",
     "i've already promised my sister i'd help her move", "~promised sister"),  # what was promised, cut off
    ("Keep the receipt in case, it does not fit.", "keep the receipt in case it doesnt fit", "~case it"),
    ("I just wanted to check you got the invoice. I sent on Monday.",
     "just wanted to check u got the invoice i sent on mon", "~invoice i"),  # the thing cut from what was done to it
    ("The children are asleep and finally.", "the kids r asleep finally", "+and"),  # nothing joined
    ("The meeting overran is so I missed the 5:15.", "the meeting overran so i missed the 5:15", "+is"),
    ("CC, I need it.", "cc me, i need it", "me"),                # the one to copy in, gone
    ("Massive, thank you to everyone who helped out Saturday.", "massive thanks to everyone who helped out sat",
     "~massive thanks"),                                          # how much thanks, cut off
    ("My sister is having a baby in March, I am going to be auntie.",
     "my sister's having a baby in march, i'm gonna be an auntie!", "be an auntie"),  # the role's article dropped
    # session 41
    ("I was cancelled within 14 days, so I want my money back.", "i cancelled within 14 days so i want my money back",
     "~was cancelled"),                                           # the writer's doing made done to them
    ("The live chat is just disconnects.", "the live chat just disconnects", "+is disconnects"),  # no English
    ("I never signed up for this add.", "i never signed up for this add on", "~add on"),  # the add-on cut short
    ("Training moved to 6pm from now.", "training moved to 6pm from now on", "~now on"),  # "from now on" cut short
    ("My meter reading is a way off.", "my meter reading is way off", "+a way off"),  # far off, not wrong
    ("There is a mould all over the bedroom wall.", "theres mould all over the bedroom wall", "+a mould"),
    ("Is the council, included the tax in the rent?", "is the council tax included in the rent",
     "<>tax included"),                                           # the council tax taken apart
    ("My car failed it.", "my car failed its mot", "mot"),          # the test the car failed, gone
    ("You should never date your best friends.", "u should never date ur best friends ex", "ex"),  # the ex, gone
    ("Someone broke up with a mattress on the green.", "someone dumped a mattress on the green",
     "~dumped mattress"),                                         # a thing dumped is no partner left
    ("First, you should pay it.", "first to pay gets it", "~gets"),  # the first buyer made a first step
    ("The manager wants everyone in 8 for a meeting.", "the manager wants everyone in at 8 for a meeting", "at 8"),
    ("Check in 3, key is in the lock box.", "check in is from 3, key's in the lock box", "from 3"),  # when, gone
    ("I am struggling to look after her work and full time.", "im struggling to look after her and work full time",
     "~and work"),                                                # what is joined changed
    ("I am not sure, it is not broken.", "i'm not sure it isnt broken", "~sure it"),  # the doubt made a fact
    ("Just wanted to flag that the numbers in slide 6, do not match the appendix.",
     "just wanted to flag that the numbers in slide 6 dont match the appendix", "~6 do"),  # subject cut from verb
    ("Happy to discuss further if you are helpful.", "happy to discuss further if helpful", "+if helpful"),
    ("The options are: a Tuesday b, Wednesday, c, Friday.", "the options are: a) tues b) weds c) fri", "a)"),
    ("We have no hot water since we had no hot water.", "we've had no hot water since sat", "Saturday"),  # day gone
    ("We would like to renew if the rents the stays the same.", "we'd like to renew if the rent stays the same",
     "+the stays"),                                               # no English
    ("They should have casting someone else.", "they should of cast someone else", "~have cast"),  # no English
    ("Can you jump, start my car?", "can u jump start my car", "~jump start"),  # one doing made two
    ("Can you jump and start my car?", "can u jump start my car", "~jump start"),
    ("The petrol light came on the motorway.", "the petrol light came on on the motorway", "on"),  # it came on there
    ("She was cancelled on me again last minute.", "she cancelled on me again last minute", "~was cancelled"),
    ("The festival line is weak this year.", "the festival line up is pretty weak this year", "~line up"),
    # session 42
    ("Sparky is coming to Tuesday between 8 and 12.", "sparky is coming tues between 8 and 12", "~to Tuesday"),
    ("We are open until Saturday.", "we're open sat", "~until Saturday"),        # a day made a bound
    ("Can anyone lend me their chem notes from 12 year?", "can anyone lend me their chem notes from year 12",
     "~year 12"),                                                 # the school year turned round
    ("He may cry when we leave, but he is settling in 5 minutes.", "he might cry when we leave but he settles in 5 mins",
     "~settles"),                                                 # a habit said as a happening
    ("He may cry when we leave, but he is settled in 5 minutes.", "he might cry when we leave but he settles in 5 mins",
     "~settles"),                                                 # ... or as a state
    ("Can anyone lend me their chem notes from 12 years?", "can anyone lend me their chem notes from year 12",
     "~year 12"),
    ("It is a very good night last night.", "proper good night last night", "~it was"),  # a past said as now
    ("The last season of was a let down.", "the last season of got was a let down", "~of got was"),  # the show, gone
    ("Ed, sheeran is overrated.", "ed sheeran is so overrated", "~Ed sheeran"),  # a name split, one half spoken to
    ("Sorry, I missed your call, in back to meetings.", "sorry i missed ur call, in back to back meetings",
     "~back to back"),
    ("My manager says I need to speak more in meetings.", "my manager says i need to speak up more in meetings",
     "speak up"),                                                 # speaking up is not speaking more
    ("Did a 5k PB this morning?", "did a 5k pb this morning!!", "+?"),  # an exclamation asked
    ("My sister brought it back with a dent and no petrol acted like nothing happened.",
     "my sister brought it back with a dent and no petrol and acted like nothing happened", "~and acted"),
    ("I asked for no onions and they still put on it.", "i asked for no onions and they still put onions on it",
     "~put onions"),                                              # the second onions, gone
    ("They charged me for the extra sauce.", "they charged me extra for the sauce", "~extra for"),
    ("My son got into his first choice, uni, and we are so proud.", "my son got into his first choice uni and were so proud",
     "~choice uni"),
    ("My son got into his first choice, uni and we are so proud.", "my son got into his first choice uni and were so proud",
     "~choice uni"),                                              # the clause's comma, one word early
    ("Imagine what he is going to be in 5 years.", "imagine what hes gonna be like in 5 years", "~be like"),
    ("Everyone keeps asking when we are having children really hurts.",
     "everyone keeps asking when we're having kids which really hurts", "~which hurts"),  # the kids made the subject
    ("He never wanted to meet my friends and in the end, because he was seeing someone else.",
     "he never wanted to meet my friends and in the end it was because he was seeing someone else", "~it was because"),
    ("8 of us, 12th,19th July, it has a pool.", "8 of us, 12th-19th july, its got a pool", "~12th-19th"),  # a range made two
]
FINE = [
    # session 42
    ("Sparky is coming on Tuesday between 8 and 12.", "sparky is coming tues between 8 and 12"),
    ("Evidently this was a song from Sunday school.", "evidently this was a sunday school song"),
    ("Can anyone lend me their chem notes from year 12?", "can anyone lend me their chem notes from year 12"),
    ("He might cry when we leave, but he settles in 5 minutes.", "he might cry when we leave but he settles in 5 mins"),
    ("Now he is ignoring me again.", "now he ignores me again"),      # said of now
    ("It was a very good night last night.", "proper good night last night"),
    ("The last season of Game of Thrones was a let down.", "the last season of got was a let down"),
    ("Ed Sheeran is so overrated.", "ed sheeran is so overrated"),
    ("I did a 5k PB this morning.", "did a 5k pb this morning!!"),
    ("My sister brought it back with a dent and no petrol, and acted like nothing happened.",
     "my sister brought it back with a dent and no petrol and acted like nothing happened"),
    ("I asked for no onions and they still put onions on it.", "i asked for no onions and they still put onions on it"),
    ("They charged me extra for the sauce.", "they charged me extra for the sauce"),
    ("I am sorry, officer, but I am not fishing.", "I'm sorry officer, but I'm not fishing"),
    ("Imagine what he is going to be like in 5 years.", "imagine what hes gonna be like in 5 years"),
    ("Eight of us, 12th to 19th July, it has a pool.", "8 of us, 12th-19th july, its got a pool"),
    ("Everyone keeps asking when we are having children, which really hurts.",
     "everyone keeps asking when we're having kids which really hurts"),
    # the rules' comma before a clause's "but" ("nothing but" reads "only" where no clause follows)
    ("We found a lump on the dog's leg, the vet says it is probably nothing, but they want to do a biopsy.",
     "we found a lump on the dog's leg, vet says its probably nothing but they want to do a biopsy"),
    ("Are you kidding me?", "are you kidding me!!"),
    ("Mum, can you pick me up?", "mum can u pick me up"),            # one spoken to, and a clause after
    ("Sorry, I missed your call; I was in back to back meetings.", "sorry i missed ur call, in back to back meetings"),
    ("That is just like me two years ago.", "just like me 2 years ago"),
    # session 41
    ("I cancelled within 14 days, so I want my money back.", "i cancelled within 14 days so i want my money back"),
    ("I was bored last night.", "i bored last night"),               # a missing verb mended, no object
    ("The live chat simply disconnects.", "the live chat just disconnects"),
    ("Your mom kicked out the wrong person.", "Your mom kicked the wrong person out."),  # the particle moved, kept
    ("There is mould all over the bedroom wall.", "theres mould all over the bedroom wall"),
    ("I like riding a bike.", "i like bike riding"),                  # a doing's compound said with its article
    ("Is the council tax included in the rent?", "is the council tax included in the rent"),
    ("My car failed its MOT.", "my car failed its mot"),
    ("Send your ex-partner a nice Valentine's Day gift.", "Send your ex a nice Valentines day gift."),
    ("Someone dumped a mattress on the green.", "someone dumped a mattress on the green"),
    ("The first person to pay gets it.", "first to pay gets it"),
    ("The manager wants everyone in at 8 for a meeting.", "the manager wants everyone in at 8 for a meeting"),
    ("Check-in is from 3, the key is in the lock box.", "check in is from 3, key's in the lock box"),
    ("I am struggling to look after her and work full-time.", "im struggling to look after her and work full time"),
    ("I am not sure that it is not broken.", "i'm not sure it isnt broken"),
    ("If you are considering taking him back, do not.", "If you're considering taking him back DON'T."),
    ("Happy to discuss further if that would be helpful.", "happy to discuss further if helpful"),
    ("The options are: a) Tuesday b) Wednesday c) Friday.", "the options are: a) tues b) weds c) fri"),
    ("It is option b).", "its option b)"),                            # one label is no list
    ("If you do not know, you never will.", "if you don't know you never will"),
    ("We have had no hot water since Saturday.", "we've had no hot water since sat"),
    ("We would like to renew if the rent stays the same.", "we'd like to renew if the rent stays the same"),
    ("Because the producers like to be evil.", "Because the evil producers like to be evil"),
    ("You can burn 80 minutes on a compact disc.", "you can burn 80 minutes on a cd."),  # the acronym spelled out
    ("They should have cast someone else.", "they should of cast someone else"),
    ("Can you jump-start my car?", "can u jump start my car"),
    ("The petrol light came on while on the motorway.", "the petrol light came on on the motorway"),
    ("She cancelled on me again at the last minute.", "she cancelled on me again last minute"),
    ("The festival lineup is pretty weak this year.", "the festival line up is pretty weak this year"),
    ("I never signed up for this add-on.", "i never signed up for this add on"),     # the writer's words hyphenated
    # session 40
    ("Can you send it before legal has checked it?", "can u send it before legal checked it"),
    ("Did you see the match last night? What a goal!", "did u see the match last night? what a goal"),
    ("What a goal. Who scored it?", "what a goal, who scored it"),
    ("It is not my fault that the server crashed.", "it isn't my fault the server crashed"),
    ("Sure, I can do that.", "sure i can do that"),
    ("I am sorry that I am late.", "sorry im late"),
    ("Sorry, I was on mute.", "sorry i was on mute"),                 # the excuse, said with a comma
    ("If you get a second, could you have a look at the contract?", "if u get a sec could u have a look at the contract"),
    ("I have already promised my sister that I would help her move.", "i've already promised my sister i'd help her move"),
    ("We could have a look at it.", "we could have a look at it"),
    ("Keep the receipt in case it does not fit.", "keep the receipt in case it doesnt fit"),
    ("No, it is her magazine. She brought it out.", "no its her magazine she brought it out"),
    ("The children are asleep, finally.", "the kids r asleep finally"),
    ("I just like to bake.", "But me, I just like to bake."),      # "me" said again as "I"
    ("Have someone give you a call.", "have some one give u a call"),  # two words written as one
    ("Two of the greatest bands.", "2 of the greatest bands"),        # a number said in words
    ("Maybe their husbands are not good enough.", "mayb their hubbys are not good enough...."),
    ("I went shopping and now I am tired.", "i went shopping and now im tired"),
    ("The meeting overran, so I missed the 5:15.", "the meeting overran so i missed the 5:15"),
    ("I am going to be an auntie.", "im gonna be an auntie"),
    ("I am very sorry that I missed it.", "so sorry i missed it"),
    ("Sorry, I missed your call. I was in a meeting.", "sorry i missed ur call, was in a meeting"),
    # session 39: capitals typed for stress are no acronyms
    ("I am a server for Bennagn's and loved it.", "Im a server for Bennagn's and LOVED IT!!"),
    ("Do you want to count that from us?", "u want to count that from US??"),
    ("The printer on the 3rd floor is jammed again; someone call IT.",
     "the printer on 3rd floor is jammed again, someone call IT"),
    ("Hiya, just checking you have received my email about the invoice?",
     "hiya, just checking u got my email re the invoice?"),
    ("I promise you. I promise that.", "And I promise you I promise that."),  # "you" the object
    ("We ran out of name badges at the event and need 50 more.",
     "we ran out of name badges at the event, need 50 more"),
    ("I would never pack my husbands bag.", "I'd never pack my husband's bag!"),  # a possessive's apostrophe only
    ("I made it and you can as well.", "i made it and so can you."),  # the writer's own "you"
    ("I bought the cake and it might be stale.", "i bought the cake and it might be stale"),
    ("I was never paid for the overtime.", "i never got paid for the overtime"),
    ("Simply ask her. She will probably like for you to have some help.",
     "just ask her she'll probably like you to have some help"),  # "her" ends the asking
    ("Do not forget it is Mum's birthday on Sunday. I have got her a card.",
     "dont forget its mums bday on sun, i've got her a card"),
    ("Has the contract been signed yet, or are we still waiting?",
     "has the contract been signed yet or r we still waiting"),
    # session 38: the same sentences said faithfully
    ("Please bring your own water bottle to training; the fountain is broken.",
     "pls bring ur own water bottle to training, the fountain's broken"),
    ("I am running 10 minutes late, please start without me.", "im running 10 mins late, start w/o me"),
    ("I asked her to help me.", "i asked her to help me"),
    ("The estate agent reckons it will go for over the asking price.",
     "the estate agent reckons it'll go for over asking"),
    ("The solicitor says the exchange could be at the end of the month.",
     "solicitor says exchange could be end of the month"),
    ("Can you chase the deposit with the letting agent? It has been six weeks.",
     "can u chase the deposit w/ the letting agent, its been 6 wks"),
    ("We need a sub for Sunday's game. Anyone?", "we need a sub for sunday's game, anyone?"),
    ("His reading has come on a lot this term.", "his reading's come on loads this term"),
    ("There are lots of people here.", "lots of ppl here"),
    ("I have a new phone. Who is this?", "new phone who dis"),
    ("It is raining heavily out there.", "its chucking it down out there"),
    ("It is pouring outside.", "its chucking it down out there"),
    ("The room was tiny but spotless.", "the room was tiny but spotless"),
    ("The queue was insane, but it was worth it.", "the queue was insane but worth it"),
    ("I have gone to the shop. Do you need anything?", "gone to the shop, need anything"),
    ("Heads up: the prod deploy has moved to 3pm, not 11.", "heads up - prod deploy's moved to 3pm, not 11."),
    ("I never said that; I said maybe.", "i never said that, i said maybe"),
    ("It came out in the middle 1980s, I think.", "it came out in the middle 80's i think"),  # the writer's number
    ("Please put the bins out; it is collection day.", "put the bins out pls it's collection day"),
    ("I need a letter confirming that I am a student, for council tax.",
     "i need a letter confirming i'm a student for council tax"),
    ("The new desk plan is attached; let me know if there are any problems with where you are sat.",
     "new desk plan's attached, lmk if theres any probs w/ where ur sat"),
    # an article dropped in a fixed phrase, after a preposition, or before a plural; one kept before an adjective
    ("Play with fire and you will get burned.", "play with the fire and ur gonna get burned"),
    ("Marry her, and then go to court.", "marry her and go to the court"),
    ("It was a quick fix.", "it was a quick fix lol"),
    ("It has been six weeks and nothing yet.", "its been 6 wks & still nothing"),
    # a word spelt the other side of the Atlantic, or a plural's letters made a possessive, is the writer's word
    ("It is the only color that it can be.", "it is the only colour that it can be"),
    ("Why have you not learned primary school math?", "why havent u learnt primary school math?"),
    ("Have a happy Valentine's Day.", "have a happy valentines day"),
    # a question after a comma asks, whatever opens the sentence
    ("First of all, what is your age?", "first of all wat is ur age."),
    ("He is a man, what do you expect?", "He is a guy what do you expect"),
    ("Being with someone is best.", "being with someone is the best"),
    ("I do not know what she is talking about.", "idk what shes on about"),
    ("I play guitar and I love the drums.", "i play guitar and i love drums"),
    ("Many people turned up to the fete.", "loads of ppl turned up to the fete"),
    ("Please do not reply to all on this thread.", "pls dont reply all to this thread"),
    ("Great job on the demo today.", "great job on the demo today"),
    ("I think Green Day is the best.", "green day is the best i think"),  # the writer's own "i think" moved
    ("Has anyone in our group done the slides yet?", "anyone in our group done the slides yet?"),
    ("Standup: yesterday I finished the login page; today I am working on tests.",
     "standup: yesterday finished the login page, today working on tests"),
    ("The contract says 30 days notice, not 60 days.", "the contract says 30 days notice, not 60"),  # the unit said
    ("She called me and said she was sick.", "she called me, said she was sick"),  # the same subject
    ("Do you offer gluten-free options?", "do u guys do gluten free options?"),
    ("I have a few ideas and a little time.", "i have a few ideas and a little time"),
    ("Give me a second, I will be right back.", "gimme a sec, brb"),
    ("If it rains, we will cancel.", "we'll cancel when it rains"),
    ("We are short two people on the night shift.", "we're short 2 ppl on the night shift"),
    ("The dog ate my homework, just kidding.", "the dog ate my homework lol jk"),
    ("The dog ate my homework. I was joking.", "the dog ate my homework lol jk"),
    ("My favourite book is by J.K. Rowling.", "my fav book is by jk rowling"),
    ("I am at 221B Baker St, ring the bell twice.", "i'm at 221b baker st, ring the bell twice"),
    ("Call me before you leave.", "call me b4 u leave"),  # a chat spelling is no code
    ("It costs 5 million.", "it costs 5m"),
    ("R2-D2 is a classic.", "R2-D2's a classic"),
    ("I love the music of the 1980s.", "i love 80s music"),
    ("Even my mother did not know.", "even my mom didn't know"),
    ("I do not know.", "i dont even know"),  # emphasis, not content
    ("They never said sorry.", "they never even said sorry"),
    ("He said, sorry.", "he said, sorry"),
    ("If you have to ask, then you know.", "if u have to ask then u know"),  # the rules' clause comma
    ("Not yet, perhaps tomorrow.", "not yet, maybe tmrw"),
    ("I have not yet finished.", "not yet finished"),
    ("Can we get a discount if we order 500 units? Thank you.", "can we get a discount if we order 500 units? thx"),
    ("Are you coming tonight?", "u coming tonight"),  # a question the writer left unmarked may get its mark
    ("That is cool, right?", "thats cool right"),
    ("We beat our target by 12%. Drinks are on me Friday.", "we beat our target by 12%. drinks on me fri"),
    ("She is somewhat right about the budget.", "she's kinda right about the budget tho"),
    ("The movie was rather boring.", "the movie was sorta boring"),
    ("What music do you like?", "what kinda music do u like"),  # a noun's "kind of", no hedge
    ("My condolences, he was a great man.", "my condolences, he was a great guy"),
    ("He is cute and funny.", "he is cute, he is funny"),  # one of two "he" left out: the person stays
    ("Let us touch base next week.", "let's touch base next week"),
    ("I went to the store.", "i went to store"),  # an article the grammar wants, no fixed phrase
    ("I am volunteering on Saturday. Do you want to come?", "i'm volunteering sat, wanna come?"),
    ("I want to come, is that okay?", "i wanna come, is that ok?"),  # the writer's own wish
    ("They offered 65k, but I am going to ask for 70.", "they offered 65k but i'm gonna ask for 70"),
    ("I am confused about it.", "i confused about it"),  # a missing verb mended, no passive
    ("Edit: fixed the typo.", "edit: fixed the typo"),
    ("He said: I am sorry.", "he said: im sorry"),
    ("Great, another meeting that could have been an email.", "oh great, another meeting that could've been an email"),
    ("That is great, thank you.", "great, thanks!"),
    ("You can do this.", "u got this!!"),
    ("We got home safely, thank you for everything.", "we got home ok, thx for everything"),
    ("I am fairly sure we already paid that invoice.", "pretty sure we already paid that invoice"),
    ("They seemed to like the idea.", "they seemed into the idea"),
    ("They were not very interested in it.", "they weren't super into it"),
    ("She walked into the room.", "she walked into the room"),
    ("I am on it.", "on it!"),
    ("We can give you store credit.", "we can give u store credit"),
    ("She looked deeply into his eyes.", "she deeply looked into his eyes"),  # an adverb moved
    ("When you get home, go to bed.", "when u get home go to bed"),  # a clause before an order, no subject
    ("First of all, do not call them that.", "first of all dont call them that"),
    ("Tickets for the gig go on sale Friday at 9.", "tickets for the gig go on sale fri at 9"),
    ("The flat, is it still available?", "the flat, is it still available?"),  # the writer's own comma
    ("It is easy to find someone to marry you.", "its easy find someone to marry you"),  # a "to" that mends
    ("They did it with Steve Martin.", "they DID IT with steve martin"),  # shouted, no acronym
    ("The IT team fixed it.", "the IT guys fixed it"),
    ("We moved to the US in 2010.", "we moved to the US in 2010"),
    ("It sounds like the song \"Staying Alive\" by the Bee Gees.", "sounds like the bee gees song, staying alive"),
    ("We turned it off and on again.", "we turned it off and on again"),
    ("Hope is starting at the new school on Monday.", "hope is starting at the new school monday"),
    ("I hope this helps.", "hope this helps"),
    ("No way I am paying that much.", "no way am i paying that much"),
    ("It is harder to find another one.", "its harder to find another one"),
    ("Did 3 sets of 12.", "did 3 sets of 12"),
    ("We would never have finished without your help.", "without ur help we'd never have finished"),
    ("Have a good weekend, everyone.", "have a good wknd all!"),
    ("I have been there.", "have been there"),
    ("The code is 4471#; the door sticks a bit.", "the code is 4471#, door sticks a bit"),
    ("Dial *123# for your balance.", "dial *123# for ur balance"),
    ("Check out is at 11, but can we leave bags until 3.", "check out is at 11 but can we leave bags till 3"),
    ("I wonder whether we can leave early.", "i wonder whether we can leave early"),
    ("As long as it works, I do not care how.", "so long as it works i dont care how"),
    ("The earlier, the better.", "the earlier the better"),
    ("However you look at it, it is a mess.", "however u look at it, it's a mess"),
    ("However, I disagree.", "however i disagree"),
    ("My favourite band is Blur, my favourite film is Alien and my favourite food is pizza.",
     "fave band blur, fave film alien, fave food pizza"),
    ("I will just leave it.", "will just leave it"),
    ("I wanted to check in about the venue.", "just wanted to check in about the venue"),
    ("Sorry, everyone, I am running ten minutes late.", "sorry guys running 10 mins late"),
    ("I apologize; I am running ten minutes late.", "sorry guys running 10 mins late"),
    ("I am just checking in on the invoice I sent.", "just checking in on the invoice i sent"),
    ("I am checking in about the invoice I sent.", "just checking in on the invoice i sent"),
    ("Can you fill me in on what I missed?", "can u fill me in on what i missed"),
    ("Can you fill me in about what I missed?", "can u fill me in on what i missed"),
    ("We are running out of time.", "we're running out of time"),
    ("Do you want to know a secret?", "wanna know a secret"),
    ("Any thoughts?", "thoughts?"),
    ("Do you have any thoughts?", "thoughts?"),
    ("So what?", "so what"),
    ("So, what did he say?", "so what did he say"),
    ('He said, "I am sorry."', "he said, im sorry"),  # the writer's comma marked the speech
    ("This is a reminder that rent is due on the first.", "this is a reminder that rent is due on the 1st"),
    ("It is on the third floor.", "it's on the 3rd floor"),
    ("We move in on the 15th of June.", "we move in on the 15th of june"),
    ('It would be like asking, "Does the queen drink tea?"', 'It would be like asking, "does the queen drink tea?"'),
    ("My mistake, I thought the deadline was Friday.", "my bad, i thought the deadline was fri"),
    ("I apologize for the late reply.", "sorry for the late reply"),
    ("I should have listened to you.", "i shoulda listened to u"),
    ("I would have to say Jon Stewart.", "i'd have to say jon stewart"),  # "have to" is no perfect
    ("We could have won if we had practiced.", "we could've won if we'd practiced"),
    ("In my opinion, the movie was great.", "imo the movie was great"),
    ("All of us except Maria voted in favour.", "all of us except maria voted yes"),
    ("We beat them 2-0.", "we beat them 2-0"),
    ("Which album is it on?", "what album is it on"),  # the same question in other words
    ("The docs are out of date.", "the docs r out of date"),
    ("Got it, thank you.", "got it, thx"),
    ("Your balance is minus $40.", "ur balance is -$40"),
    ("Congratulations on the promotion. Well deserved.", "congrats on the promotion!! well deserved"),
    ("Congratulations on the promotion, it was richly deserved.", "congrats on the promotion!! well deserved"),
    ("Just landed. Will call when I get to the hotel.", "just landed!! will call when i get to the hotel"),
    ("Will you call when you get to the hotel?", "will u call when u get to the hotel"),
    ("Does anyone have a charger I could borrow for about an hour?",
     "does anyone have a charger i could borrow for like an hour"),
    ("How old are you? Well, that does not matter.", "how old r u well that doesnt even matter"),
    ("Can someone explain step three?", "can someone explain step 3"),
    ("We are certainly going to need more chairs.", "we're def gonna need more chairs"),
    ("It is not Def Leppard.", "it's not def leppard"),
    ("The contract expires 12/31, so we need to renew before then.",
     "the contract expires 12/31 so we need to renew b4 then"),
    ('Can you explain what you meant by "circle back"?', 'can u explain what u meant by "circle back"'),
    ("My flight gets in at 7:40 p.m.", "my flight gets in at 7:40pm"),
    ("The boss wants us in at 8 tomorrow.", "the boss wants us in at 8 tmrw, ugh"),
    ("She was at 8 years old.", "she was at 8 years old"),
    ("Did you see the game last night? It was insane.", "did u guys see the game last nite?? insane"),
    ("I went to Tokyo last year.", "i have been to tokyo last year"),
    ("The first time I went there, it was closed.", "the first time i went there it was closed"),
    ("Looks good to me, ship it.", "lgtm, ship it"),
    ("Wait, are you coming or not?", "wait so r u coming or not"),
    ("Do you seriously think that she did it or do you think he was depressed?",
     "Seriously, do you think she did it or was he just depressed??"),
    ("I think we should push the launch to Q2.", "lowkey think we should push the launch to q2"),  # a hedge may go
    ("I agree. The ending made zero sense.", "ikr?? the ending made zero sense"),  # the acronym's own "right?"
    ("I am somewhat excited for the conference.", "i'm lowkey excited for the conference"),
    ("I am excited for the conference.", "i'm lowkey excited for the conference"),  # a hedge may go
    ("Good game, that was easy. You guys never stood a chance.", "gg ez, u guys never stood a chance"),
    ("We saw DJ EZ Rock.", "we saw DJ EZ Rock"),
    ("The meeting is at 3:30 in conference room B.", "the meeting is at 3:30 in conf rm b"),
    ("I am very happy for both of you, congratulations.", "so happy for u both, congrats!!"),
    ("Hello there, is anyone around?", "hello there, anyone around?"),
    ("The answer is on the page 4 of the guide.", "the answer is on the page 4 of the guide"),  # the writer's own
    ("We need 10-20 people.", "we need 10-20 ppl"),  # a range's dash is no sign
    ("Hello Professor, can I get an extension on the essay? I have been sick all week.",
     "hey prof, can i get an extension on the essay? been sick all week"),
    ("I got it from my mother.", "got it from my mom"),  # a thing got, no answer
    ("I want to go.", "i want 2 go"),
    ("What about the Eagles?", "how bout the eagles"),
    ("I bought three DVDs.", "i bought 3 DVDs"),
    ("Do you not wish you had a boyfriend?", "don't u wish u had a bf"),  # the same question, asked two ways
    ("I can not make the interview on Monday. Would Tuesday work?", "i cant make the interview on mon, is tues ok?"),
    ("Is it acceptable if I bring my dog?", "is it ok if i bring my dog"),
    ("It was decent for a PG movie.", "it was ok for a PG movie"),  # no question
    ("I am going to be about 10 minutes late, so start without me.", "im gonna be like 10 min late, start w/o me"),
    ("I am going to be late. Please start without me.", "im gonna be late, start w/o me"),
    ("We need to cite more recent work; most of our refs are from 2010.",
     "we need to cite more recent work, most of our refs r from 2010"),
    ("I would love to catch up sometime, it has been forever.", "would love to catch up sometime, its been forever!"),
    ("Tell Grandma that I said hello.", "tell grandma i said hi!"),
    ("Tell me, I said, what you want.", "tell me, i said, what u want"),
    ("My sister and I have not talked in about two years.", "my sister and i havent talked in like 2 yrs"),
    ("My sister and I have not talked for about two years.", "my sister and i havent talked in like 2 yrs"),
    ("There is no rush, just let me know.", "no rush, just lmk"),
    ("No, I do not think so.", "no i dont think so"),
    ("Kiss her on her cheek.", "kiss her on the cheek"),
    ("She is somewhat right, but also somewhat wrong.", "she's kinda right but also kinda wrong"),
    ("Only two of the 10 applicants showed up.", "only 2 of the 10 applicants showed up"),
    ("No, it is still broken after the update.", "nope, still broken after the update"),
    ("I need someone to look at the flaky test.", "need someone to look at the flaky test"),
    ("Bestie, you need to see this.", "bestie u need to see this"),
    ("Good game, everyone; it was close.", "gg everyone, close game"),
    ("Definitely coming to the leaving party tonight.", "deffo coming to the leaving do tonight"),
    ("Tickets for the gig go on sale on Friday at 9.", "tickets for the gig go on sale fri at 9"),
    ("Visiting hours are two until eight.", "visiting hours are 2 till 8"),
    ("I got rejected from the job; I am gutted.", "got rejected from the job, gutted"),
    ("We lost the final and were devastated.", "we lost the final and were devastated"),
    ("She wants to have a sleepover on Friday.", "she wants a sleepover on friday"),
    ("I have two children.", "i got 2 kids"),  # "got" for "have", no time gone by
    ("I got food poisoning on the last day.", "i got food poisoning on the last day"),
    ("I could have sworn that I sent it.", "i could of sworn i sent it"),
    ("I should have brought an umbrella.", "should of brought an umbrella lol"),
    ("It could have been worse.", "could have been worse"),
    ("We need the room from 9, not 10, as there is a setup.", "we need the room from 9 not 10 as there's a setup"),
    ("We have perhaps three or four left in stock.", "we have maybe 3 or 4 left in stock"),
    ("Any day except Friday.", "any day but fri"),
    ("I know it is short notice, but is there any chance you could cover my shift on Saturday?",
     "i know it's short notice but is there any chance u could cover my shift on sat"),
    ("His boyfriend asks why you would do that.", "his boyfriend says why would you do that"),  # reported
    ("I will do your Sunday shift in return.", "i'll do ur sunday in return"),
    ("It only took six months and about 20 complaints.", "only took 6 months and about 20 complaints lol"),
    ("I am absolutely shattered; I was up all night.", "i'm absolutely shattered, was up all night"),
    ("Please tell Jack the meeting's at 3.", "tell jack the meeting's at 3"),
    ("Could you grab me a coffee on your way in?", "can u grab me a coffee on ur way in"),
    ("How much is a return ticket to Leeds?", "how much is a return ticket to leeds"),
    ("My mother has been urging me to sort out my pension.", "my mum's been on at me to sort out my pension"),
    ("We need the cost before we commit to anything.", "we need the cost before we commit to anything"),
    ("The conference deadline was extended by a week.", "the conference deadline got extended by a week!!"),
    ("I tried a couple of others.", "i tried a couple others"),
    ("Does he have money?", "he has money?"),
    ("I always have a weird feeling when I am caught in the middle.", "I always feel weird when I'm caught in the middle"),
    ("HR said that I can carry over five days of leave.", "HR said i can carry over 5 days of leave"),  # no span
    ("I was promoted. I cannot believe it.", "i got promoted!!! cant believe it"),
    ("I have been promoted.", "i got promoted"),
    ("The dentist can fit me in on Tuesday at 9.30.", "the dentist can fit me in on tues at 9.30"),
    ("Call me and I will tell you my number.", "call me up n i will tell u my number"),  # "call me up" is "call me"
    ("Can you add a ref for the claim in section three?", "can u add a ref for the claim in section 3"),
    ("The slides are at https://example.com/deck. Have a look.", "the slides are at https://example.com/deck, have a look"),
    ("The charity run raised over 2k. Thank you, everyone.", "the charity run raised over 2k, thanks everyone!!"),
    ("Howdy, partner. How is the ranch?", "howdy partner, hows the ranch"),
    ("Does anyone know a decent dentist around here?", "anyone know a decent dentist round here?"),
    ("The Q3 report continues to have last yr's figures.", "the Q3 report still has last yr's figures"),
    ("That is what comes to mind.", "thats what comes to my mind"),
    ("I am on my way.", "omw"),
    ("Sure thing.", "sure thing"),
    ("No.", "nah"),
    ("Yes.", "yep"),
    ("The seminar got moved to room 2.14.", "the seminar got moved to room 2.14"),
    ("Version 2.3.1 fixed the crash.", "version 2.3.1 fixed the crash"),
    ("Likewise.", "same here!"),
    ("I am only on level two.", "cause im only on level 2!"),
    # session 37's writer sentences
    ("Is it the same time tomorrow?", "same time tmrw?"),
    ("Same place as last time?", "same place as last time?"),
    ("What is the time tomorrow?", "what time tmrw?"),  # the writer's own question word
    ("Is it okay?", "its ok?"),  # the writer's own "it"
    ("Another round?", "another round?"),
    ("One more round?", "another round?"),
    ("We should book an additional room.", "we should book another room"),
    ("She will find out, one way or the other.", "one way or another she'll find out"),
    ("I am very pleased with how it turned out.", "proper chuffed with how it turned out"),
    ("It is sad that he left.", "sad that he left"),  # "it" is what is sad, not a feeler
    ("Get well soon.", "get well soon x"),
    ("Are you up for a walk later?", "up for a walk later?"),
    ("Would you like to go for a walk later?", "up for a walk later?"),
    ("I was all hyped up for it, so it disappointed me.", "i was all hyped up for it so it was meh"),
    ("The viva went okay, I think; minor corrections.", "the viva went ok i think, minor corrections"),
    ("The office is closed on the 25th, so please plan your deliveries around that.",
     "the office is closed on the 25th so plan ur deliveries around that"),
    ("As the office is closed on the 25th, plan your deliveries around that.",
     "the office is closed on the 25th so plan ur deliveries around that"),
    ("Never mind.", "oh well"),
    ("No problem.", "np"),
    ("They are threatening to pull the contract.", "theyre threatening to pull the contract"),
    ("I look forward to seeing you.", "look forward to see u"),  # the -ing "look forward to" takes
    ("Any problems, let me know. I am in all week.", "any probs let me know, im in all week"),  # not "probably"
]


@pytest.mark.parametrize("cand, src, entry", CAUGHT)
def test_a_writers_sentence_changed_is_caught(rules, wl, cand, src, entry):
    assert entry in _check(cand, src, rules, wl).dropped


@pytest.mark.parametrize("cand, src", FINE)
def test_a_writers_sentence_said_formally_passes(rules, wl, cand, src):
    assert _check(cand, src, rules, wl).dropped == ()


def test_a_subject_shared_after_a_conjunction_and_an_offer_kept_are_no_cut(rules, wl):
    # the wording checks alone: "they" shared after "but"; "should I" asks what "shall I" offers
    for cand, src in (("Some things are free, but illegal.", "some stuff is free but they are illegal"),
                      ("Should I try again later?", "shall i try again later?")):
        rules_text = rules.formalize(src)
        assert not [hit for fn in faithful._WORDING_CHECKS for hit in fn(cand, rules_text)]


def test_a_preposition_stranded_before_a_verb_cuts_nothing():
    # "the one I think of is" has "of is" where the rules have no word between them to lose
    assert faithful._word_cut_before_verb("The one I think of is Love Shack.",
                                          "The one that comes to my mind is Love Shack.") == []
    assert faithful._word_cut_before_verb("The last season of was a let down.",
                                          "The last season of got was a let down.") == ["~of got was"]


def test_a_range_written_as_a_fraction_is_no_list():
    assert faithful._range_made_list("He wrote a song in 7/4 time.", "He wrote a song in 7-4 time.") == []
    assert faithful._range_made_list("We are away 12th, 19th July.", "We are away 12th-19th July.") == ["~12th-19th"]


def test_a_tag_ok_after_an_instruction_is_not_what_is_asked(rules, wl):
    assert "ok" not in _check("Please do not rush things.", "don't rush things out ok?", rules, wl).dropped
    assert "ok" in _check("Do not rush things. Is that?", "don't rush things, is that ok?", rules, wl).dropped


@pytest.mark.parametrize("cand, ruled", [
    ("I do not like it.", "I hate it."),  # a negation said by other words keeps no auxiliary's words
    ("That is not a nice question.", "That is a crappy question."),
    ("Don't you wish you had a boyfriend?", "Do you not wish you had a boyfriend?"),  # asked two ways
    ("Girls are not bad liars.", "I do not think that girls are bad liars."),  # the negation moved, no more of them
])
def test_a_negation_said_another_way_is_no_negation_added(cand, ruled):
    assert faithful._negation_added(cand, ruled) == []


def test_a_not_put_after_the_writers_auxiliary_is_caught():
    assert faithful._negation_added("We could not have won.", "We could have won.") == [faithful.NEGATED]
    assert faithful._negation_added("It isn't a good song.", "It is a good song.") == [faithful.NEGATED]
    assert faithful._negation_added("Can you not hear them?", "Can you hear them?") == [faithful.NEGATED]


@pytest.mark.parametrize("cand, src, nonword", [
    ("We beat them two-0.", "we beat them 2-0", "two-0"),  # a number half spelled out
    ("The lowest I can go is two50.", "lowest i can go is 250", "two50"),
    ("Twenty17 was great.", "2017 was great", "Twenty17"),
    ("FMl, I locked my keys in the car.", "fml, i locked my keys in the car", "FMl"),  # cased as no one types it
    ("Temps hitting 30© this weekend.", "temps hitting 30°C this wkd", "©"),  # a symbol no one typed
    ("Temp is going to hit 30£C on Saturday.", "temp's gonna hit 30°C on sat", "£"),  # a degree made pounds
])
def test_a_garbled_number_or_casing_is_a_nonword(rules, wl, cand, src, nonword):
    assert nonword in _check(cand, src, rules, wl).nonwords


def test_the_writers_own_casing_and_codes_are_no_nonwords(rules, wl):
    assert _check("I bought three DVDs and an MP3 player.", "i bought 3 DVDs and an MP3 player", rules, wl).nonwords == ()
    assert _check("The COVID19 test is in room 4B.", "the COVID19 test is in room 4B", rules, wl).nonwords == ()


def test_a_list_items_marker_is_kept_in_front_of_every_rewrite(rules):
    """A model dropped "1." and "2." from a numbered list and the bullet of every bulleted line: the marker is the
    writer's layout, so the rest is rewritten and the marker put back; the source stays the writer's line."""
    core = "the intro is kinda long"
    model = FakeModel({core: [("The intro is kind of long.", -0.1)]})
    safe = SafeRewriter(model, rules, scorer=FakeScorer({core: 0.01}))
    numbered, bulleted, plain = safe.rewrite(["1. " + core, "- " + core, core], beam=4, nbest=4)
    assert numbered.source == "1. " + core and numbered.best == "1. The intro is kind of long."
    assert bulleted.best == "- The intro is kind of long."
    assert all(c.text.startswith("1. ") for c in numbered.candidates)
    assert plain.best == "The intro is kind of long."
    assert model.calls[0][0] == [core, core, core]  # the model reads the item without its marker
    (dash,) = safe.rewrite(["-5 degrees is cold"], beam=4)  # a minus sign is no bullet
    assert dash.source == "-5 degrees is cold" and not dash.best.startswith("- ")


def test_a_letters_lines_keep_their_marks(rules):
    """A salutation keeps its comma, a line that opens a list its colon, a closing and the name under it their two
    lines; a name alone on a line takes no full stop (what the model wrote: "Hello Jen.", "A few thoughts.",
    "Cheers, Mike.", "Sarah.")."""
    lines = {"hi jen,": "Hello Jen.", "a few quick thoughts:": "A few quick thoughts.", "hey team,": "Hello team.",
             "loads of ppl came": "Many people came!", "we won!": "We won!",
             "cheers,\nmike": "Cheers, Mike.", "thanks,": "Thank you.", "Sarah": "Sarah.", "J": "J.",
             "best,\r\njo": "Best, Jo.", "the intro is long": "The introduction is long.",
             "thanks so much,": "Thank you so much.", "thanks so much,\nellie": "Thank you so much, Ellie."}
    model = FakeModel({src: [(out, -0.1)] for src, out in lines.items()})
    safe = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01 for src in lines}))
    got = {r.source: r.best for r in safe.rewrite(list(lines), beam=4, nbest=4)}
    assert got["hi jen,"] == "Hello Jen,"
    assert got["hey team,"] == "Hello team,"  # a greeting with no name keeps its comma too
    assert got["loads of ppl came"] == "Many people came."  # no exclamation the writer did not make
    assert got["we won!"] == "We won!"
    assert got["a few quick thoughts:"] == "A few quick thoughts:"
    assert got["cheers,\nmike"] == "Cheers,\nMike"
    assert got["best,\r\njo"] == "Best,\r\nJo"
    assert got["thanks,"] == "Thank you,"
    assert got["thanks so much,"] == "Thank you so much,"  # a closing of more words than one
    assert got["thanks so much,\nellie"] == "Thank you so much,\nEllie"
    assert got["Sarah"] == "Sarah"
    assert got["J"] == "J"  # an initial signs too
    assert got["the intro is long"].endswith("long.")  # a sentence keeps its full stop


def test_can_not_is_offered_as_cannot_unless_typed_so_or_not_only(rules):
    """The model writes "can not" where the rules write "cannot" for "cant"; "can not only ... but also" is another
    construction, and a writer who typed "can not" keeps it."""
    lines = {"i cant make it": "I can not make it.", "u can not only eat there but also stay": "You can not only eat "
             "there, but also stay.", "i can not stress this enough": "I can not stress this enough."}
    model = FakeModel({src: [(out, -0.1)] for src, out in lines.items()})
    safe = SafeRewriter(model, rules, scorer=FakeScorer({src: 0.01 for src in lines}))
    got = {r.source: r.best for r in safe.rewrite(list(lines), beam=4, nbest=4)}
    assert got["i cant make it"] == "I cannot make it."
    assert got["u can not only eat there but also stay"] == "You can not only eat there, but also stay."
    assert got["i can not stress this enough"] == "I can not stress this enough."


def test_a_name_swapped_in_beside_the_one_typed_is_caught_and_a_name_spelled_out_is_not():
    from engine.faithful import _name_swapped

    assert _name_swapped("The United States of the United Nations meeting.", "The United Nations meeting.") == \
        ["+United States"]
    assert _name_swapped("I live in Los Angeles.", "I live in L.A.") == []  # an abbreviation said in full
    assert _name_swapped("Happy Valentines Day.", "Happy Valentine's Day.") == []  # the same name, spelt otherwise


def test_words_a_phrase_keeps_in_its_formal_form_are_no_informal_markers(rules):
    """"ur welcome" -> "you are welcome" keeps "welcome", "conf room" -> "conference room" keeps "room": a rewrite
    that drops them drops content; a misspelt phrase's words ("not sure wether") are no markers either."""
    markers = rules.marker_words()
    assert not {"welcome", "room", "not", "sure", "explain", "good", "name"} & markers
    assert {"ur", "conf", "dupe", "recieved"} <= markers


def test_a_word_cut_short_or_given_an_ending_is_no_respelling(rules, wl):
    """"countersig" -> "counters" is another word, "if poss" -> "if posses" is no inflection of the writer's "poss";
    "sooo" -> "so" and "plannin" -> "planning" are respellings."""
    src = "the contract's been signed, just waiting on countersig"
    assert "countersig" in _check("The contract has been signed, just waiting on counters.", src, rules, wl).dropped
    assert _check("The contract has been signed, just waiting on countersig.", src, rules, wl).dropped == ()
    assert "poss" in _check("We would like a late checkout if posses.", "we'd like a late checkout if poss",
                            rules, wl).dropped
    assert _check("We would like a late checkout if possible.", "we'd like a late checkout if poss",
                  rules, wl).dropped == ()
    assert _check("That was so good.", "that was sooo good", rules, wl).dropped == ()
    assert _check("I am planning a trip.", "im plannin a trip", rules, wl).dropped == ()


def test_a_hyphenated_word_is_not_cut_at_its_hyphen(rules, wl):
    """The rules' "plus-ones" (a guest) made "In addition,ones" or "Plus,ones"; the writer's own hyphenated word is
    not cut by a comma either."""
    src = "plus ones are welcome"
    assert "Plus-ones" in _check("Plus,ones are welcome.", src, rules, wl).dropped
    assert "Plus-ones" in _check("In addition,ones are welcome.", src, rules, wl).dropped
    assert _check("Plus-ones are welcome.", src, rules, wl).dropped == ()
    assert _check("Plus ones are welcome.", src, rules, wl).dropped == ()
    assert "well-known" in _check("It is a well, known place.", "its a well-known place", rules, wl).dropped


def test_sorry_to_a_group_is_no_apology_for_it(rules, wl):
    src = "lag was terrible tonight, sorry guys"
    assert "sorry guys" in _check("Lag was terrible tonight. I apologize for men.", src, rules, wl).dropped
    assert _check("Lag was terrible tonight. I apologize, everyone.", src, rules, wl).dropped == ()
    assert _check("I apologize for the guys.", "sorry for the guys", rules, wl).dropped == ()


def test_a_title_of_the_models_own_is_caught(rules, wl):
    """'rsvp by may 1 pls' -> 'The song is "RSVP" by May 1, please.'; a title the writer capitalised, or one its
    maker follows, is theirs."""
    assert QUOTED in _check('The song is "RSVP" by May 1, please.', "rsvp by may 1 pls", rules, wl).dropped
    assert QUOTED in _check('"Please RSVP" by the 20th.', "pls rsvp by the 20th", rules, wl).dropped
    assert _check("Please RSVP by the 20th.", "pls rsvp by the 20th", rules, wl).dropped == ()
    assert not new_quotation('"Once in a lifetime" by Michael Bolton.', "once in a lifetime by michael bolton")
    assert not new_quotation('I love the song "Hey Jude".', "i love Hey Jude")


def test_sympathy_is_not_made_an_apology(rules, wl):
    src = "sorry for ur loss, thinking of u all"
    assert "~sorry" in _check("I apologize for your loss, thinking of you all.", src, rules, wl).dropped
    assert _check("I am sorry for your loss, thinking of you all.", src, rules, wl).dropped == ()
    assert "~sorry" not in _check("I apologize for being late.", "sorry im late", rules, wl).dropped


def test_two_words_of_one_stem_are_two_words(rules, wl):
    """"parking" does not keep the writer's "park" ("... so on the street." lost the instruction)."""
    src = "the parking lot's being repaved so park on the street"
    assert "park" in _check("The parking lot is being repaved, so on the street.", src, rules, wl).dropped
    assert _check("The parking lot is being repaved, so park on the street.", src, rules, wl).dropped == ()
    # one word said twice and written once keeps it
    assert "love" not in _check("I love it.", "love love love it", rules, wl).dropped


def test_a_bound_after_its_number_is_kept(rules, wl):
    """"the battery lasts like 3 hrs max" -> "... about 3 hours." drops the bound; "5 min" is minutes."""
    src = "the battery lasts like 3 hrs max"
    assert any("max" in d for d in _check("The battery lasts about 3 hours.", src, rules, wl).dropped)
    assert _check("The battery lasts about 3 hours maximum.", src, rules, wl).dropped == ()
    assert _check("The battery lasts about 3 hours at most.", src, rules, wl).dropped == ()
    assert _check("That is 16 songs, each five minutes long.", "thats 16 songs each 5 min long", rules, wl).dropped == ()


def test_two_sentences_joined_by_a_be_of_the_models_own(rules, wl):
    src = "what a goal!! top bins"
    assert _check("What a goal is Top Bins.", src, rules, wl).dropped == ("goal. Top",)
    assert _check("What a goal. Top bins.", src, rules, wl).dropped == ()
    # a writer's pause may be read so
    assert _check("A better question is why is he your boyfriend?", "better question... why is he your boyfriend?",
                  rules, wl).dropped == ()


def test_let_it_cool_is_not_let_it_be_cool(rules, wl):
    src = "let it cool b4 u cut it"
    assert _check("Let it be cool before you cut it.", src, rules, wl).dropped == ("let it cool",)
    assert _check("Let it cool before you cut it.", src, rules, wl).dropped == ()


def test_a_word_the_rules_spelled_out_is_no_name(wl):
    assert writer_case("The battery lasts about 3 hours, Maximum.", "the battery lasts like 3 hrs max", wl,
                       "The battery lasts about 3 hours maximum.") == "The battery lasts about 3 hours, maximum."
    # a name the writer typed in lower case keeps the model's capital
    assert writer_case("I saw Jack Black and Sarah.", "i saw jack black and sarah", wl,
                       "I saw jack black and sarah.") == "I saw Jack Black and Sarah."


def test_a_name_the_rules_cased_stays_one_word(rules, wl):
    src = "can u dm me on linkedin"
    assert _check("Can you message me on Linked in?", src, rules, wl).dropped == ("LinkedIn",)
    assert _check("Can you message me on LinkedIn?", src, rules, wl).dropped == ()
    # a run-together word split by the candidate is still the writer's ("infront" -> "in front")
    assert _check("It is in front of the house.", "its infront of the house", rules, wl).dropped == ()


def test_a_slang_word_the_rules_kept_as_a_plain_word_is_content(rules, wl):
    """"at the till" is a cash register: the rules keep it, and "at the moment" or "at the until" loses it."""
    src = "apple pay isnt working at the till"
    assert "till" in _check("Apple Pay is not working at the moment.", src, rules, wl).dropped
    assert "till" in _check("Apple Pay is not working at the until.", src, rules, wl).dropped
    assert _check("Apple Pay is not working at the till.", src, rules, wl).dropped == ()
    # where the rules spell it out, "until" keeps it
    assert _check("Wait until tomorrow.", "wait till tmrw", rules, wl).dropped == ()


def test_a_word_said_twice_and_a_one_word_message_grown(rules, wl):
    assert "yes yes" in _check("Yes, yes.", "yup", rules, wl).dropped
    assert _check("Yes.", "yup", rules, wl).dropped == ()
    assert _check("I know that that is true.", "i know that that is true", rules, wl).dropped == ()
    assert WORDS_ADDED in _check("What is it that?", "lol what", rules, wl).dropped
    assert _check("What?", "lol what", rules, wl).dropped == ()


def test_a_word_the_list_never_capitalises_keeps_the_writers_lower_case_inside_a_clause(wl):
    assert writer_case("Is attendance Mandatory for the lab?", "is attendance mandatory for the lab", wl) == \
        "Is attendance mandatory for the lab?"
    # a name typed in lower case, beside another capital, keeps the model's capitals
    assert writer_case("I saw Jack Black and Sarah.", "i saw jack black and sarah", wl) == "I saw Jack Black and Sarah."


def test_a_number_the_writer_ended_a_clause_on_is_not_run_into_the_next_word(rules, wl):
    """"last day is the 30th, drinks after work?" was offered as "Last day is the 30th drinks after work?"."""
    src = "last day is the 30th, drinks after work?"
    assert "~,drinks" in _check("Last day is the 30th drinks after work?", src, rules, wl).dropped
    assert _check("Last day is the 30th, drinks after work?", src, rules, wl).dropped == ()
    assert _check("The number is 2758574 but add the code.", "is 2758574, but add the code", rules, wl).dropped == ()


def test_an_object_owned_by_its_is_not_made_a_clause(rules, wl):
    src = "my car failed its mot, needs new brakes"
    for bad in ("My car failed, it is mot, needs new brakes.", "My car failed, it's mot, needs new brakes.",
                "My car failed is mot, needs new brakes.", "My car failed it to be mot, needs new brakes.",
                "My car failed it, Mot, needs new brakes."):
        assert "~its MOT" in _check(bad, src, rules, wl).critical, bad  # the rules write the test's name so
    assert _check("My car failed its MOT, needs new brakes.", src, rules, wl).dropped == ()


@pytest.mark.parametrize("text, source, expected", [
    ("Thank you so much, sue.", "thanks so much, sue x", "Thank you so much, Sue."),
    ("Love, mum.", "love, mum xx", "Love, Mum."),
    ("Best, anna.", "best, anna", "Best, Anna."),
    ("Thank you, love.", "thanks, love", "Thank you, love."),  # a term of endearment
    ("Thank you, everyone.", "thanks, everyone", "Thank you, everyone."),  # the ones addressed
    ("Thank you again, team.", "thanks again, team", "Thank you again, team."),
    ("Thank you, xyzzy.", "thanks, xyzzy", "Thank you, xyzzy."),  # no name the list knows
    ("I love it, sue.", "i love it, sue", "I love it, sue."),  # no closing
    ("Thank you so much, Sue.", "thanks so much, sue", "Thank you so much, Sue."),
    ("Thank you, Sue.", "thanks, Sue", "Thank you, Sue."),
    ("", "", ""),
])
def test_the_name_that_signs_a_message_is_written_as_a_name(wl, text, source, expected):
    from engine.faithful import signed_name

    assert signed_name(text, source, wl) == expected


def test_a_two_letter_marker_that_is_someone_is_not_cut(rules, wl):
    # GYAFC's informal side makes "ex" a marker (markers.txt); leaving the ex out still loses the person
    src = "u should never date ur best friends ex"
    markers = rules.marker_words() | {"ex"}
    assert "ex" in check("You should never date your best friends.", src, rules.formalize(src), wl, markers).dropped
    assert check("You should never date your best friend's ex.", src, rules.formalize(src), wl, markers).dropped == ()
    src = "Send your ex a nice Valentines day gift."
    assert check("Send your ex-partner a nice Valentine's Day gift.", src, rules.formalize(src), wl, markers).dropped == ()


def test_a_sentence_with_a_chat_form_is_never_already_formal(rules):
    """A letter's "I took a day off work on tues for the delivery and no one turned up, so ive lost a days pay as well."
    scored formal and was left as typed: "ive", a lower-case "i", "u" are in no formal text, whatever the scorer reads in
    the rest."""
    src = "I took a day off work on tues for the delivery and no one turned up, so ive lost a days pay as well."
    fixed = "I took a day off work on Tuesday for the delivery and no one turned up, so I have lost a day's pay as well."
    safe = SafeRewriter(FakeModel({src: [(fixed, -0.1)]}), rules, scorer=FakeScorer({src: 0.95, fixed: 0.97}))
    (r,) = safe.rewrite([src], beam=4, nbest=2)
    assert "already_formal" not in r.flags and r.best == fixed
    formal = "I took a day off work on Tuesday, so I have lost a day's pay as well."   # no chat form: kept
    safe = SafeRewriter(FakeModel({}), rules, scorer=FakeScorer({formal: 0.95}))
    (r,) = safe.rewrite([formal], beam=4)
    assert r.flags == ("already_formal",) and r.best == formal


def test_the_writers_lower_case_after_a_name_they_capitalised_is_kept():
    wl = WordList()
    src = "Im writing to complain about the service i received at ur Leeds branch on saturday."
    assert writer_case("I am writing to complain about the service I received at your Leeds Branch on Saturday.", src,
                       wl, "") == "I am writing to complain about the service I received at your Leeds branch on Saturday."
    assert writer_case("I saw Jack Black and Sarah.", "i saw jack black and sarah", wl) == "I saw Jack Black and Sarah."
