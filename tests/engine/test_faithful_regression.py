"""The bundled rewriter, reranked as the app and `keigo rewrite` use it: meaning-bearing words survive.

The first eight sentences are the ones issue 11 reported as damaged; the rest were written for this test.
Each names the words (lower case; any inflection of them counts) that the first suggestion must keep.
"""
from __future__ import annotations

import pytest

from engine.faithful import SafeRewriter, default_wordlist, words
from engine.paths import assets_dir
from engine.rewriter import FormalRewriter
from engine.scorer import FormalityScorer

CASES = [
    ("pls check the attached doc thx", ["check", "attached", "doc|document"]),
    ("I would appreciate it if you could review the attached document.", ["appreciate", "review", "attached", "document"]),
    ("The committee will convene on Thursday.", ["committee", "convene", "thursday"]),
    ("hey guys, so the numbers r kinda better this qtr.", ["numbers", "better", "qtr|quarter"]),
    ("we need 2 fix the bug asap or the client's gonna freak out", ["fix", "bug", "client", "or"]),
    ("idk if we can ship build 8 by friday tbh.", ["ship", "build", "8", "friday", "not"]),
    ("We are pleased to report that revenue doubled.", ["pleased", "report", "revenue", "doubled"]),
    ("Thanks for your patience.", ["patience"]),
    ("can u send me the invoice for march?", ["send", "invoice", "march"]),
    ("the meeting got moved to 3pm cuz the ceo is late", ["meeting", "moved", "3pm|3", "late"]),
    ("lol the printer on floor 4 is broken again", ["printer", "floor", "4", "broken"]),
    ("i dont think the budget covers the new laptops", ["not", "budget", "covers|cover", "laptops"]),
    ("gonna be out of office till monday, ping sarah if urgent", ["office", "monday", "sarah", "urgent"]),
    ("my flight to berlin got cancelled so im stuck in london", ["flight", "berlin", "cancelled|canceled", "london"]),
    ("the new intern is super good at excel", ["intern", "excel"]),
    ("pls dont forget to sign the contract b4 friday", ["not", "sign", "contract", "friday"]),
    ("ur presentation was awesome btw", ["presentation"]),
    ("can we push the deadline to next week?", ["push|postpone|move", "deadline", "week"]),
    ("the server crashed twice last night, no idea why", ["server", "crashed", "twice", "night", "no|not"]),
    ("we sold 1200 units in q3 which is way more than expected", ["sold", "1200", "units", "expected"]),
    ("she's the best mandolin player i know", ["best", "mandolin", "player"]),
    ("i watched futurama and apocalypse now last weekend", ["watched", "futurama", "apocalypse", "weekend"]),
    ("thousand foot krutch is playing in toronto tonight!!!", ["thousand", "foot", "krutch", "toronto", "tonight"]),
    ("the addams family had lurch as their butler", ["addams", "family", "lurch", "butler"]),
    ("The quarterly report is attached for your review.", ["quarterly", "report", "attached", "review"]),
    ("Please let me know if you have any questions.", ["know", "questions"]),
    ("I look forward to meeting you on Tuesday.", ["forward", "meeting", "tuesday"]),
    ("dunno if the wifi password changed", ["not", "wifi", "password", "changed"]),
    ("my boss never answers emails on weekends", ["boss", "never", "answers", "emails", "weekends"]),
    ("the kids r sick so i cant come in today", ["kids|children", "sick", "not", "today"]),
    ("did u get the package i sent yesterday?", ["package", "sent", "yesterday"]),
    ("that restaurant downtown has amazing sushi", ["restaurant", "downtown", "sushi"]),
    ("we lost the client bc the proposal was late", ["lost", "client", "proposal", "late"]),
    ("nobody showed up to the 9am standup lol", ["nobody|no one", "9am|9", "standup"]),
    ("omg the demo for client 280 was sooo bad", ["demo", "client", "280", "bad"]),
    ("the vaccine appointment is at 10:30 on june 5", ["vaccine", "appointment", "10:30", "june", "5"]),
    ("i'll email the spreadsheet to finance tomorrow", ["email", "spreadsheet", "finance", "tomorrow"]),
    ("the rent went up by 200 bucks this year", ["rent", "200", "year"]),
    ("the Berlin office wants 2 more laptops asap", ["berlin", "office", "2|two", "more", "laptops"]),
    ("lmk if the mtg moves to thurs", ["know", "mtg|meeting", "moves|moved|move", "thurs|thursday"]),
    ("my appt with the mgr got pushed to fri", ["appt|appointment", "mgr|manager", "fri|friday"]),
]


@pytest.fixture(scope="module")
def safe() -> SafeRewriter:
    model = FormalRewriter.from_dir(assets_dir() / "models" / "rewriter", threads=1)
    scorer = FormalityScorer.from_dir(assets_dir() / "models" / "scorer", threads=1)
    return SafeRewriter.for_model(model, scorer=scorer)


def _stems(text: str) -> set[str]:
    out = set()
    for w in words(text) + [t for t in text.lower().replace(",", " ").split() if any(c.isdigit() for c in t)]:
        w = w.strip(".!?;:").lstrip("$€£")  # "$200" keeps the number 200
        out |= {w, w.rstrip("s"), w.removesuffix("ed"), w.removesuffix("d")}
    if any(n in text.lower() for n in (" not ", "n't", " no ", "never", "nobody", "cannot")) or \
            text.lower().startswith(("not ", "no ")):
        out.add("not")
    return out


def test_the_bundle_ships_its_reranker():
    import json

    from engine.faithful import RerankConfig

    opts = json.loads((assets_dir() / "models" / "rewriter" / "rewriter.json").read_text(encoding="utf-8"))
    cfg = RerankConfig.from_options(opts)
    assert cfg.lm_file and (assets_dir() / "models" / "rewriter" / cfg.lm_file).is_file()
    assert "rerank" in opts and "weights" in opts["rerank"]


def test_meaning_bearing_words_survive(safe):
    out = safe.rewrite([s for s, _ in CASES], beam=4, nbest=3)
    wl = default_wordlist()
    failures = []
    for (src, keep), r in zip(CASES, out):
        have = _stems(r.best)
        # an alternative of several words ("no one" for "nobody") is looked for in the text
        lost = [k for k in keep if not any(alt in have if " " not in alt else f" {alt} " in f" {r.best.lower()} "
                                           for alt in k.split("|"))]
        invented = [w for w in words(r.best) if w not in set(words(src)) and not wl.known(w)]
        if lost or invented:
            failures.append(f"{src!r} -> {r.best!r}: lost {lost}, invented {invented}")
    assert not failures, "\n".join(failures)


def test_formal_sentences_come_back_unchanged(safe):
    formal = ["I would appreciate it if you could review the attached document.",
              "The committee will convene on Thursday.", "We are pleased to report that revenue doubled.",
              "The quarterly report is attached for your review.", "Please let me know if you have any questions.",
              "I look forward to meeting you on Tuesday."]
    out = safe.rewrite(formal, beam=4)
    assert [r.best for r in out] == formal
    assert all("already_formal" in r.flags for r in out)


def test_links_handles_file_names_and_code_are_copied_exactly(safe):
    """The bundle wrote "https:/example.com/status", "config. Yaml" and "/shared/q3_notes. Text" for these."""
    from engine.rules import verbatim_spans

    srcs = ["pls check https://example.com/status before 5pm, its down again",
            "set MAX_RETRIES to 5 in config.yaml pls",
            "ping @jo_b on slack, she has the logs",
            "i uploaded the notes to ~/shared/q3_notes.txt, lmk if u cant open it",
            "u can reach me at 555-0192 or mike@acme.org anytime"]
    for src, r in zip(srcs, safe.rewrite(srcs, beam=4)):
        for span in verbatim_spans(src) + [n for n in src.split() if n[:1].isdigit() and "-" in n]:
            assert span in r.best, (src, r.best)


# Sentences a writer typed whose first suggestion once changed what they say (2026-11-26), each with a test of the
# suggestion: what it must hold (case as given) and what it must not.
WRITER_CASES = [
    ("the discount code SAVE20 doesnt work at checkout", ["SAVE20"], []),          # was "save20"
    ("prof, can i get an extension on the essay? been sick all wk", ["sick"], []),  # was "Been all week."
    ("the client hated v2, loved v1 tho", ["loved"], ["I loved"]),                 # the client's opinion
    ("up to 50% off this wknd only", ["only", "50%"], []),
    ("nobody but sarah knows the pw", ["but Sarah"], [", but"]),
    ("it costs like 2-3k, give or take", ["2-3k"], []),                             # was "2-3"
    ("1. book the venue 2. send invites", ["Book the venue"], ["The book"]),
    ("our q4 target is 1.2m, we're at 900k", ["1.2m", "target"], ["Target"]),
    ("congrats on the promotion!! well deserved", ["ell deserved"], []),
    ("the new UI is 🔥", ["excellent"], []),
    ("the new UI is 😍", ["😍"], []),
    ("it's due on the 15th, not the 5th", ["15th", "5th", "not"], ["due to"]),
    # with "RSVP" cased by the rules the model made it a song title: 'The song "Please RSVP" by the 20th.'
    ("pls rsvp by the 20th", ["RSVP by the 20th"], ['"', "song"]),
    # the second batch (2026-11-26, later): each was offered as the comment says
    ('he asked "why isnt this done" and left', ['"why isnt this done"'], []),  # '"Why is not this done"'
    ("she go to the office every day", ["office"], ["went"]),                 # "She went to the office"
    ("worst customer service ever, waited 2 hrs on hold", ["ever, "], []),    # "ever waited"
    ("nvm, found it", ["found"], ["I have never", "I never"]),                # "I have never mind"
    ("best regards, jen", ["egards, Jen"], ["is Jen", "The best"]),           # "The best regards is Jen."
    ("RIP grandpa, gonna miss u", ["RIP"], ["grandpa is"]),                   # "My grandpa is going to miss you."
    ("if it rains we'll cancel", ["will"], []),                               # "If it rains, we cancel."
    ('the error says "permission denied"', ["says"], ["said"]),               # 'The error said, ...'
    ("sales are up 12% but costs are up 15%", ["up 15%"], []),                # "but it costs 15%"
    ("my bad, wrong file, here's the right one", ["wrong file"], ["is wrong"]),  # "My mistake is wrong file"
    ("the form asks for my ssn, is that safe?", ["safe?"], ["SSN is"]),       # "my SSN is that safe?"
    ("long time no see! how've u been?", ["been?"], ["see how"]),             # "no see how have you been?"
    ("click settings > privacy > clear data", ["settings > privacy > clear data"], []),  # "settings, and privacy"
    ("cool cool cool", [], [" is "]),                                          # "Cool is cool."
    ("he hardly ever answers his phone", ["hardly ever"], []),                 # "He hardly answers his phone."
    ("just signed the lease, moving in on the 1st", ["moving in on"], []),     # "moving on the first"
    # the third batch (2026-11-26, session 25)
    ("wait what??", ["hat"], ["know", "for what"]),                             # "Wait, do you know what?"
    ("pls dont force push to main", ["force push"], ["force to"]),               # "do not force to push"
    ("pls find attached my resume for the marketing role", ["attached my"], ["attached to"]),
    ("preheat oven to 180, mix flour n sugar, then add eggs one at a time", ["one at a time"], []),  # "at a time"
    ("anyone up for ranked tonight? need 2 more", ["up for"], ["Does anyone ranked"]),
    ("u can swap butter for coconut oil if ur vegan", ["you are vegan"], []),   # "if your vegan"
    ("quick q: is the deadline EOD or EOW?", ["deadline end of day"], ["deadline."]),  # "is the deadline. End of Day"
    ("we're short 2 ppl on the night shift", ["people"], ["short to"]),          # "We are short to people"
    ("get well soon!!", ["et well soon"], ["should"]),                         # "You should get well soon."
    ("gimme a sec, brb", ["right back"], ["If "]),                              # "If you give me a sec, ..."
    ("the dog ate my homework lol jk", ["kidding"], []),                       # "The dog ate my homework."
    ("i'm at 221b baker st, ring the bell twice", ["221b baker"], []),         # "I am at 221baker st"
    ("they never even said sorry", ["said sorry"], ["said,"]),                   # "They never said, sorry."
    ("even my mom didn't know", ["Even"], []),                                  # "My mother did not know."
    ("she's kinda right about the budget tho", [" right"], ["She is right"]),  # a hedge left out
    ("hey jim, just following up on the quote u sent last wk. can we get a discount if we order 500 units? thx",
     ["Thank you."], ["Thank you?"]),
    ("team - great work this quarter!! we beat our target by 12%. drinks on me fri", ["12%."], []),  # "12% Drinks"
    # the fourth batch (2026-11-26, session 26)
    ("my condolences, he was a great guy", [" he was"], []),                   # "My condolences was a great man."
    ("let's touch base next week about the budget", ["touch base"], []),       # "Let us touch the base"
    ("i'm volunteering at the food bank sat morning, wanna come?", ["you"], ["I want"]),  # "I want to come?"
    ("they offered 65k but i'm gonna ask for 70", ["hey offered"], []),        # "They are offered 65k"
    ("u got this!!", ["can do this"], ["have this"]),                          # "You have this."
    ("oh great, another meeting that could've been an email", ["another"], ["a great meeting"]),
    ("edit: fixed the typo", ["dit:"], ["said"]),                                # 'Edit said, " fixed the typo."'
    ("pretty sure we already paid that invoice", ["retty sure"], ["certain"]),  # "I am certain that ..."
    ("on it!", ["I am on it"], []),                                              # "It is on it."
    ("he totally ghosted me after the date", ["otally ghosted"], ["is totally"]),  # "He is totally ghosted me"
    ("i'm afraid we can't offer a refund at this time, but we can give u store credit", ["store credit"], []),
    ("i can't believe nobody noticed", ["nobody"], ["anyone"]),                  # the negation reversed
    ("can u fill me in on what i missed", ["in on what"], []),                  # "fill me in what I missed"
    ("not gonna lie the presentation was rough. but the q&a went great", ["but"], []),  # the contrast dropped
    ("if i'd known i would've come", ["I had known"], ["would known"]),
    ("u coming tonight", ["?"], []),                                             # "You are coming tonight."
    ("anyone seen my keys", ["?"], ["Anyone has"]),
    ("how'd it go", ["?"], []),
    ("teenagers, am i right", ["am I right?"], ["I am right"]),                # the question made an assertion
    ("wanna know a secret", [], ["I would like", "I want"]),                   # the writer offers one
    ("thoughts?", ["thoughts?"], ["I thought"]),                                 # "I thought it was that?"
    ("so what", ["what?"], ["is it that"]),                                      # "What is it that?"
    # the fifth batch and real messages (2026-11-27, session 27)
    ("lowest i can go is 250", ["The lowest I can go"], ["Lowest,"]),          # "Lowest, I can go is 250."
    ("my bad, i thought the deadline was fri", ["My mistake"], []),             # the apology dropped
    ("which one's better, the red or the blue", ["?"], []),                     # the question made a statement
    ("i shoulda listened to u", ["should have listened"], ["should listen"]),  # regret made advice
    ("any chance u could cover for me tmrw", ["?"], []),
    ("can u pick up milk on ur way home, we're out", ["home? We"], ["out?"]),
    ("im literally starving, whens lunch", ["when is lunch?"], ["when we"]),   # "I am literally starving when we lunch."
    ("u free this weekend? wanna grab brunch", ["grab brunch?"], []),          # "Want to grab brunch."
    ("i'll lyk asap", ["let you know"], []),                                   # "I will lyk as soon as possible."
    ("fml, i locked my keys in the car", [], ["FMl"]),
    ("oh ya, their names are: Jasmine Ng and Lim Yu Wen Jaclyn..", ["Lim Yu Wen Jaclyn"], []),  # "Lim When Jaclyn"
    ("@user He’s a DA. Someone educate him he’s in the South now", ["DA"], ["a the"]),  # "He is a the."
    ("i owe u big time", ["great deal"], ["amount of time"]),                   # "a large amount of time"
    ("the docs r out of date", ["docs"], ["doctor"]),                          # "The doctor are out of date."
    ("the latency spiked to 2s around 3am", ["2s"], ["twos"]),
    ("use the --force flag at ur own risk", ["--force"], []),                  # "Use the,force flag"
    ("we beat them 2-0", ["2-0"], []),                                          # "We beat them two-0."
    ("all of us except maria voted yes", ["yes"], []),                          # "All of us except Maria voted."
    ("if it's not too much trouble could u send it again", ["?"], ["you could send"]),
    ("Ok no prob have a great weekend!", ["have a great weekend"], ["with a great"]),
    ("my b, i'll fix it rn", ["My mistake"], []),                               # the apology dropped
    ("ur balance is -$40, pls top up", ["-$40"], []),                           # "Your balance is $40"
    ("hey prof, can i get an extension on the essay? been sick all week", ["essay?"], ["essay be"]),
    ("got it, thx", [], ["have it"]),                                           # "I have it, thank you."
    # the sixth batch (2026-11-27, session 28)
    ("just landed!! will call when i get to the hotel", ["hotel."], ["hotel?"]),  # a statement made a question
    ("does anyone have a charger i could borrow for like an hour", ["charger I could borrow"], ["charger?"]),
    ("the instructions r kinda confusing, can someone explain step 3", ["step 3"], ["the step"]),
    ("we should def grab drinks after work sometime", ["definitely"], []),        # how sure the writer is, dropped
    ("the contract expires 12/31 so we need to renew b4 then", ["before then"], []),
    ("my flight is UA 882, gets in at 7:40pm", ["at 7:40"], []),
    ('can u explain what u meant by "circle back"', ['"circle back"'], []),    # '"Circle back"'
    ("i accidentally replied all, so embarrassing", ["to all"], []),           # "I accidentally replied"
    ("did u guys see the game last nite?? insane", ["night? "], ["night insane", "night, insane"]),
    ("wait so r u coming or not", ["coming or not?"], ["Do you wait"]),
    ("i have been to tokyo last year", ["been to Tokyo"], []),                  # "I have been Tokyo"
    ("the first time i went there it was closed", ["it was closed"], []),     # "... went there was closed."
    ("lgtm, ship it", ["Looks good"], ["Looks are"]),
    ("lowkey think we should push the launch to q2", ["I think"], ["lowkey"]),  # returned as typed
    ("ikr?? the ending made zero sense", ["I agree"], ["ikr", "I agree?"]),    # "I agree?", then as typed
    ("omg 😂😂 i cant believe he actually said that", ["believe"], ["😂😂 I"]),
    ("i'm lowkey excited for the conference", ["excited"], ["very excited"]),  # once the hedge could go
    # the first batch of 2026-11-27 (session 29)
    ("i cant make the interview on mon, is tues ok?", ["okay?"], ["Tuesday?"]),  # "..., is Tuesday?"
    ("hey ms park, jake wont be in school tmrw", ["Ms. Park,"], ["Ms Park, Jake"]),  # the greeting dropped
    ("the gym's closed for renos till the 15th", ["renovations"], []),
    ("my card got declined twice wtf", ["declined twice"], ["wtf"]),
    ("she explained it way better than the prof did", ["professor"], []),
    ("the house has a huge backyard but the kitchen's tiny", ["kitchen is"], []),
    ("im gonna be like 10 min late, start w/o me", ["start without me"], ["and start"]),
    ("we need to cite more recent work, most of our refs r from 2010", ["are from 2010"], []),
    ("would love to catch up sometime, its been forever!", ["love to catch up"], ["It would"]),
    ("tell grandma i said hi!", ["I said"], ["grandma,", "grandma."]),
    ("my sister and i havent talked in like 2 yrs", ["talked in"], []),
    ("just wanted to check if u got my invoice. no rush, just lmk", ["o rush"], ["No, rush"]),
    ("the config lives in ~/.keigo/settings.toml", ["lives in ~/.keigo/settings.toml"], []),
    ("step 1: unplug it. step 2: wait 30 sec. step 3: plug it back in", ["back in."], ["in it"]),
    ("i'm dead 💀", ["hilarious"], ["I am dead"]),
    ("no thoughts just vibes", [], ["No, thoughts"]),
    ("only 2 of the 10 applicants showed up", ["nly"], ["The only"]),
    ("she's kinda right but also kinda wrong", [], ["also wrong"]),
    ("nope, still broken after the update", ["broken"], ["I still", "I am still"]),
    ("the united nations meeting is next tuesday", ["United Nations meeting"], ["United States"]),
    ("my bad for the typo in the last email", ["apologize"], ["my bad"]),  # was returned as typed
    ("their first album was their best, everything after was meh", ["was mediocre"], []),
    ("we got a new puppy!! his name is biscuit", ["new puppy"], ["puppy name"]),
    ("i cant make the interview on mon, is tues ok?", ["cannot make"], ["can not"]),
    ("coach said were doing hill sprints so bring ur A game", ["your A game"], ["you are"]),
    ("were short a goalie for sundays game, any takers?", ["short a goalie"], []),
    ("do u guys do gluten free options?", ["you do"], []),
    ("the rental car had a scratch on it already, took pics", [], ["and took"]),
    ("checked bag is 23kg max, mine's like 25", ["max"], ["Max"]),
    ("standup: yesterday finished the login page, today working on tests, no blockers", ["page, today"], []),
    ("the funeral is on sat at 11 at st mary's", ["St. Mary's"], []),
    ("the atm ate my card, what do i do", ["ATM"], []),
    ("register 3 is down again", ["Register 3 is down"], ["I have"]),
    ("you're invited!! bbq at ours sat from 2, bring a chair", ["Saturday from 2"], ["Saturdays", "our Sat"]),
    ("pls clock out before ur break, not after", ["your break"], []),
    ("my son's fever is 39, is that too high", ["?"], []),
    ("hey neighbours, someone's car alarm has been going off for an hour", ["someone's car"], ["someone is"]),
    # session 31's writers (2026-11-27): each was offered as the comment says
    ("the contract's been signed, just waiting on countersig", ["countersig"], ["counters."]),  # "counters"
    ("we'd like a late checkout if poss", ["if possible"], ["posses"]),                       # "if posses"
    ("the kitchen reno is way over budget", ["renovation"], ["Reno"]),                        # the city
    ("rsvp by may 1 pls", ["RSVP by May 1"], ['"', "song"]),                                  # 'The song is "Rsvp"'
    ("plus ones are welcome", ["lus-ones"], ["addition", ",ones"]),                            # "In addition, ones"
    ("n=12 isnt enough for this", ["=12"], ["And"]),                                          # "And,12 is not"
    ("lag was terrible tonight, sorry guys", ["terrible tonight"], ["for men", "for everyone"]),  # "apologize for men"
    ("the plumber said itll be 300 to fix", ["it will be 300"], ["itll"]),
    ("they said theyd let me know by eow", ["they would let me know"], ["theyd"]),
    ("ur booking ref is XK29P", ["our booking ref", "XK29P"], ["are booking"]),              # "You are booking ref"
    ("sorry for ur loss, thinking of u all", ["sorry for your loss"], ["apologize"]),        # "I apologize for ..."
    ("the gate changed last min", ["last minute"], ["minutes"]),                             # "last minutes"
    ("no nsfw in general chat pls", ["No NSFW"], ["No,"]),                                   # "No, NSFW in ..."
    ("she said yes!!! were engaged", ["We are engaged"], ["Were"]),
    ("hey priya, can u send me the q3 numbers by thurs? need them for the board deck", ["I need them"],
     ["Do you need"]),                                                                     # "Do you need them ...?"
    ("just fyi the parking lot's being repaved mon-wed so park on the street", ["park on the street", "Wednesday"],
     []),                                                                                  # "so on the street."
    ("i told sam id cover for him but now i cant, any chance u could", ["I would cover"], ["id cover"]),
    ("set DEBUG=true in the .env file", ["DEBUG=true", ".env"], []),                          # "Set debug=true"
    ("she is having 2 kids", ["has"], ["having"]),                                            # twins on the way?
    ("i have passed out from college in 2019", ["graduated", "2019"], ["passed out"]),        # fainted?
    ("the battery lasts like 3 hrs max", ["maximum"], []),                                    # "about 3 hours."
    ("what a goal!! top bins", ["goal. Top"], [" is "]),                                      # "What a goal is Top Bins."
    ("let it cool b4 u cut it or itll crumble", ["Let it cool"], ["be cool"]),
    ("does what it says on the tin", ["It does"], ["?"]),
    ("can u ask will if hes coming", ["Will if he"], []),                                      # Will was dropped
    ("apple pay isnt working at the till", ["Apple Pay", "the till"], ["until"]),              # "at the until"
    ("can u dm me on linkedin", ["LinkedIn"], ["Linked in"]),
    ("ymmv but this worked for me", ["may vary"], ["Yes"]),                                  # "Yes, but this worked"
    ("yup", ["Yes"], ["Yes, yes"]),
    ("lol what", ["What?"], ["is it"]),                                                       # "What is it that?"
    ("wait what happened", ["what happened?"], []),
    ("is attendance mandatory for the lab", ["Is attendance mandatory", "?"], ["It is"]),     # a statement
    ("how long is the min tenancy", ["minimum"], ["minutes"]),
    ("sales r up 12% yoy", ["year over year"], []),                                          # "12% over year"
    ("my car failed its mot, needs new brakes", ["failed its"], ["it is", " is mot"]),       # "failed, it is mot"
    ("we need 2x hdmi cables and 1x usb-c adapter", ["HDMI", "USB-C"], []),
    ("ur order's been shipped, tracking no. is 1Z999AA10123456784", ["number is 1Z999AA10123456784"], ["Is 1Z"]),
    ("the removal van is booked for 8am", ["removal van"], ["Van"]),                         # "The removal Van"
    ("that's a hard no from me", ["a hard no from me"], [", no"]),                           # "a hard, no from me"
    ("got sunburnt on day 1", ["sunburnt"], ["received"]),                                   # "I received sunburnt"
    ("ep 12 is up on all platforms now", ["pisode 12"], ["of 12"]),                          # "The episode of 12"
    ("pls dont reply all to this", ["reply to all on this"], ["reply to all this"]),
    ("wanna grab a drink sometime", ["?"], []),                                              # an invitation asks
    ("im finna head out in 5", ["about to"], ["finna"]),
    ("i factory reset it and lost all my pics", ["I factory reset it"], ["believe"]),        # "I believe the factory"
    ("best, anna", ["Best, Anna."], ["It is"]),                                             # "It is the best, anna."
    ("did hope get back to u?", ["Did Hope get back to you?"], []),                          # "Did I hope you get"
    ("thanks so much, sue x", ["Thank you so much, Sue."], ["X"]),                           # "sue X."
    ("need someone to look at the flaky test", ["need someone"], ["You need"]),             # "You need someone"
    ("bestie u need to see this", ["estie"], ["The bestie"]),                                # "The bestie you"
    ("omg noooo :(", ["no"], ["I do not"]),                                                 # "No, I do not."
    ("heyyyy long time no see", ["long time"], ["no time to see"]),                         # "there is no time to see"
    ("this song lives rent free in my head", ["rent"], ["renting"]),                        # "lives renting free"
    ("i seen him at the shop yesterday", ["I saw him"], ["have seen"]),                     # "I have seen ... yesterday"
    ("theyre house is massive", ["Their house"], ["They are house"]),
    ("deffo coming to the leaving do tonight", ["party"], ["It is", "This is"]),            # "the leaving tonight"
    ("visiting hours are 2 till 8", ["two", "eight"], ["too"]),                             # "are too until eight"
    ("the stag do got a bit out of hand lol", ["stag party got"], ["do have"]),             # "The stag do have a bit"
    ("my daughter's just passed her driving test!!", ["has just passed"], ["is just"]),
    ("she wants a sleepover on friday, 6 girls, help", ["a sleepover"], ["to sleepover"]),
    ("i got food poisoning on the last day, gutted", ["got food"], ["have food"]),
    ("great news!!! 🎉🎉", ["reat news"], ["a great news"]),                                  # "That is a great news."
    ("wait, what?", ["what?"], ["what is"]),                                                   # "Wait, what is it?"
    ("lowkey want to skip the party", ["I "], ["Some people"]),
    ("ur take is based", ["based"], ["based on"]),                                            # "based on it"
    ("gm everyone", ["Good morning"], []),                                                     # "Everyone."
    ("last day is the 30th, drinks after work?", ["30th, drinks"], ["30th drinks"]),            # a count of drinks
    ("i ran 10k in 52:30, new pb!!", ["new PB"], ["New PB"]),
    ("we're expecting!! due in april", ["ue in April"], [", Due"]),
    ("sorry for going awol, been a crazy week", ["has been a crazy week"], ["I have been a crazy"]),
]


def test_a_writers_sentences_keep_what_they_say(safe):
    out = safe.rewrite([s for s, _, _ in WRITER_CASES] + ["lol", "Best, Sam"], beam=4)
    failures = [f"{src!r} -> {r.best!r}" for (src, keep, avoid), r in zip(WRITER_CASES, out)
                if any(k not in r.best for k in keep) or any(a in r.best for a in avoid)]
    # a message of fillers or a sign-off gets no words it did not have
    failures += [f"{r.source!r} -> {r.best!r}" for r in out[-2:]
                 if not set(words(r.best)) <= set(words(r.source))]
    assert not failures, "\n".join(failures)
