"""Each game words its own hands (issue 23): the Save label and the hand page's line
(``History.outcome``), the Undo button (``History.short``), the corrections list
(``History.recorded``) and the history's result column (``History.results``), all asked by
the generic web layer (``web/tableview.py``), which only names the sides and seats. A table
of English cases per game (Euchre's and Whist's words exactly as before the move), the hooks'
own clauses, a game with no words of its own, and Spades and Five Hundred through the pages.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import one_trick
from support.five_hundred_pages import start as start_five_hundred
from support.pages import Table, form_of
from support.spades_pages import start as start_spades

from scorekeeper.engine import games
from scorekeeper.engine.games import GAMES, resolve_rules
from scorekeeper.engine.match import replay
from scorekeeper.engine.parts.words import History
from scorekeeper.engine.problems import Problem
from scorekeeper.engine.state import MatchState
from scorekeeper.games.euchre.rules import GAME as EUCHRE
from scorekeeper.games.five_hundred.rules import GAME as FIVE_HUNDRED
from scorekeeper.games.spades.rules import GAME as SPADES
from scorekeeper.games.whist.rules import GAME as WHIST
from scorekeeper.service.match import Hand, Match
from scorekeeper.web.match import board as tableview

SEATS = {"N": "Ann", "E": "Bo", "S": "Cai", "W": "Dee"}
HOME = {"NS": "Home", "EW": "Visitors"}
AVONDALE = {"NS": "Avondale", "EW": "Balmain"}
ACES = {"NS": "Spades Aces", "EW": "Night Owls"}
HONOURS = {"honours": True}
MISERE_10 = {"misere_opponent_points": 10}
BLIND = {"blind_nil": True}


def one_hand(game: str, hand: dict[str, Any], rules: dict[str, Any] | None = None,
             teams: dict[str, str] | None = None) -> tuple[Match, MatchState]:
    """A match of one hand, as the table pages see it, and its replayed state."""
    dealer = hand.get("dealer", "N")
    data = {"game": game, "seats": SEATS, "teams": teams or {}, "rules": rules or {},
            "hands": [hand]}
    match = Match(id="m", game=GAMES[game], seats=dict(SEATS), teams=dict(teams or {}),
                  rules=dict(rules or {}), first_dealer=dealer, start_score=None, title=None,
                  played=None, hands=(Hand(1, hand),), version=1, hands_version=1,
                  created="", updated="", stored=data)
    state = replay(game, resolve_rules(game, rules or {})[0], [hand], dealer)
    assert len(state.hands) == 1, state.problems
    return match, state


# (game, rules, teams, hand) -> the Save label, the Undo button's words, the corrections list
CASES = [
    # Euchre: the same English as when tableview held its words
    ("euchre", None, HOME, {"dealer": "N", "caller": "E", "trump": "H", "makers_tricks": 3},
     "Visitors +1", "Bo, made", "Bo ♥ 3 tricks"),
    ("euchre", None, HOME, {"dealer": "E", "passed": True},
     "all passed → no score", "passed", "passed"),
    ("euchre", None, HOME,
     {"dealer": "S", "caller": "N", "trump": "S", "alone": True, "makers_tricks": 5},
     "Ann alone march → Home +4", "Ann, alone march", "Ann ♠ alone 5 tricks"),
    ("euchre", None, HOME, {"dealer": "W", "caller": "W", "trump": "D", "makers_tricks": 2},
     "Visitors euchred → Home +2", "Dee, euchred", "Dee ♦ 2 tricks"),
    ("euchre", None, HOME, {"dealer": "N", "caller": "S", "trump": "C", "renege": "E"},
     "Bo renege → Home +2", "Cai, renege", "Cai ♣"),
    ("euchre", None, HOME, {"dealer": "E", "caller": "E", "trump": "S", "makers_tricks": 5},
     "Visitors march → +2", "Bo, march", "Bo ♠ 5 tricks"),
    ("euchre", None, HOME,
     {"dealer": "S", "caller": "W", "alone": True, "trump": "H", "makers_tricks": 3},
     "Dee alone → Visitors +1", "Dee, alone", "Dee ♥ alone 3 tricks"),
    ("euchre", None, None, {"dealer": "N", "caller": "S", "trump": "C", "makers_tricks": 4},
     "Ann & Cai +1", "Cai, made", "Cai ♣ 4 tricks"),
    # Whist: North–South's tricks, the side that scored first
    ("whist", HONOURS, None, {"dealer": "E", "trump": "H", "tricks_NS": 5, "honours_NS": 2},
     "Ann & Cai 5 tricks → Bo & Dee +2", "♥ Ann & Cai 5", "♥ Ann & Cai 5"),
    ("whist", HONOURS, None, {"dealer": "S", "trump": "D", "tricks_NS": 7, "honours_NS": 1},
     "Ann & Cai 7 tricks → +1, Bo & Dee +2", "♦ Ann & Cai 7", "♦ Ann & Cai 7"),
    ("whist", HONOURS, None,
     {"dealer": "N", "trump": "S", "tricks_NS": 8, "honours_NS": 2,
      "revoke": {"by": "EW", "penalty": "add3"}},
     "Bo & Dee revoke, Ann & Cai 8 tricks → +5", "♠ Ann & Cai 8", "♠ Ann & Cai 8"),
    ("whist", None, HOME, {"dealer": "W", "trump": "C", "tricks_NS": 4},
     "Home 4 tricks → Visitors +3", "♣ Home 4", "♣ Home 4"),
    # Five Hundred: the bid and how it went (the Undo button and the corrections say it too)
    ("five_hundred", MISERE_10, AVONDALE,
     {"dealer": "E", "caller": "N", "bid": "7S", "makers_tricks": 7},
     "Avondale 7♠ made with 7 → Avondale +140, Balmain +30", "Ann 7♠, made", "Ann 7♠ 7 tricks"),
    ("five_hundred", MISERE_10, AVONDALE,
     {"dealer": "S", "caller": "E", "bid": "6H", "makers_tricks": 5},
     "Balmain 6♥ set with 5 → Avondale +50, Balmain −100", "Bo 6♥, set", "Bo 6♥ 5 tricks"),
    ("five_hundred", MISERE_10, AVONDALE, {"dealer": "W", "passed": True},
     "all passed → no score", "passed", "passed"),
    ("five_hundred", MISERE_10, AVONDALE,
     {"dealer": "E", "caller": "W", "bid": "misere", "makers_tricks": 0},
     "Dee misère made → Balmain +250", "Dee misère, made", "Dee misère 0 tricks"),
    ("five_hundred", MISERE_10, AVONDALE,
     {"dealer": "E", "caller": "S", "bid": "6NT", "makers_tricks": 10},
     "Avondale 6NT slam, all 10 tricks → Avondale +250", "Cai 6NT, slam", "Cai 6NT 10 tricks"),
    ("five_hundred", MISERE_10, AVONDALE,
     {"dealer": "N", "caller": "N", "bid": "open_misere", "makers_tricks": 1},
     "Ann open misère lost, 1 tricks → Avondale −500, Balmain +10", "Ann open misère, lost",
     "Ann open misère 1 tricks"),
    # Spades: each side's contract and the nils; North–South's bid and tricks in short
    ("spades", BLIND, ACES,
     {"dealer": "E", "bids": {"N": 2, "E": 4, "S": 3, "W": 3}, "tricks_NS": 6},
     "Spades Aces make 5 + 1 bag → +51; Night Owls make 7 → +70", "Spades Aces bid 5, took 6",
     "Spades Aces bid 5, took 6"),
    ("spades", BLIND, ACES,
     {"dealer": "S", "bids": {"N": 0, "E": 6, "S": 2, "W": 5}, "tricks_NS": 2,
      "nil_tricks": {"N": 0}},
     "Spades Aces make 2 → +20; Night Owls make 11 → +110; Ann nil made +100",
     "Spades Aces bid 2, took 2", "Spades Aces bid 2, took 2"),
    ("spades", BLIND, None,
     {"dealer": "N", "bids": {"N": "blind_nil", "E": 3, "S": 4, "W": 3}, "tricks_NS": 4,
      "nil_tricks": {"N": 0}},
     "Ann & Cai make 4 → +40; Bo & Dee make 6 + 3 bags → +63; Ann blind nil made +200",
     "Ann & Cai bid 4, took 4", "Ann & Cai bid 4, took 4"),
]


@pytest.mark.parametrize(("game", "rules", "teams", "hand", "label", "undo", "recorded"), CASES)
def test_each_game_words_its_hands(app, game, rules, teams, hand, label, undo, recorded):
    match, state = one_hand(game, hand, rules, teams)
    out = state.hands[0]
    with app.test_request_context():
        assert tableview.outcome_label(match, hand, out) == label
        assert tableview.undo_what(match, hand, out) == undo
        assert tableview.describe_hand(match, hand) == recorded


@pytest.mark.parametrize(("game", "hand", "result", "cls"), [
    ("euchre", {"dealer": "S", "caller": "N", "trump": "S", "alone": True, "makers_tricks": 5},
     "alone march", "march"),
    ("euchre", {"dealer": "S", "caller": "W", "alone": True, "trump": "H", "makers_tricks": 3},
     "", "made"),
    ("euchre", {"dealer": "N", "caller": "E", "trump": "H", "makers_tricks": 3}, "", "made"),
    ("euchre", {"dealer": "N", "caller": "S", "trump": "C", "renege": "E"}, "renege", "renege"),
    ("whist", {"dealer": "N", "trump": "S", "tricks_NS": 8,
               "revoke": {"by": "EW", "penalty": "add3"}}, "revoke", "revoke"),
    ("whist", {"dealer": "N", "trump": "S", "tricks_NS": 8}, "", "scored"),
    ("five_hundred", {"dealer": "W", "passed": True}, "passed", "passed"),
    ("five_hundred", {"dealer": "S", "caller": "E", "bid": "6H", "makers_tricks": 5}, "",
     "failed"),
    ("spades", {"dealer": "E", "bids": {"N": 2, "E": 4, "S": 3, "W": 3}, "tricks_NS": 6}, "",
     "scored"),
])
def test_the_history_column_shows_the_games_result_word(app, game, hand, result, cls):
    match, state = one_hand(game, hand)
    with app.test_request_context():
        row = tableview.history_rows(match, state)[-1]
    assert (row.result, row.result_cls) == (result, cls)


# The hooks' own clauses: English msgids, sides and seats by code, for the web layer to name.
@pytest.mark.parametrize(("hook", "hand", "clauses"), [
    (EUCHRE.history.outcome, {"dealer": "E", "caller": "E", "trump": "S", "makers_tricks": 5},
     (("%(makers)s march → %(gain)s", {"said": "EW"}),)),
    (EUCHRE.history.outcome, {"dealer": "N", "caller": "S", "trump": "C", "renege": "E"},
     (("%(seat)s renege → %(gain)s", {"seat": "E"}),)),
    (EUCHRE.history.outcome, {"dealer": "N", "caller": "E", "trump": "H", "makers_tricks": 3},
     ()),
    (EUCHRE.history.short, {"dealer": "N", "caller": "E", "trump": "H", "makers_tricks": 3},
     (("%(caller)s", {}), ("made", {}))),
    (WHIST.history.outcome, {"dealer": "N", "trump": "S", "tricks_NS": 8,
                             "revoke": {"by": "EW", "penalty": "add3"}},
     (("%(side)s revoke, %(team)s %(n)s tricks → %(gain)s",
       {"team": "NS", "n": 8, "said": "NS", "side": "EW"}),)),
    (WHIST.history.short, {"dealer": "N", "trump": "S", "tricks_NS": 8},
     (("%(trump)s %(NS)s %(n)s", {"n": 8}),)),
    (FIVE_HUNDRED.history.outcome, {"dealer": "W", "passed": True},
     (("all passed → no score", {}),)),
    (FIVE_HUNDRED.history.short, {"dealer": "E", "caller": "W", "bid": "misere",
                                  "makers_tricks": 0},
     (("%(caller)s misère", {}), ("made", {}))),
    (SPADES.history.short, {"dealer": "E", "bids": {"N": 2, "E": 4, "S": 3, "W": 3},
                            "tricks_NS": 6},
     (("%(team)s bid %(bid)s, took %(n)s", {"team": "NS", "bid": 5, "n": 6}),)),
])
def test_the_hooks_give_clauses_with_codes(hook, hand, clauses):
    game = next(g for g in GAMES.values() if hook in (g.history.outcome, g.history.short))
    rules = resolve_rules(game.name, {})[0]
    result, problems = game.evaluate(hand, 1, hand["dealer"], rules)
    assert result is not None, problems
    assert hook(hand, result, rules) == clauses


@pytest.mark.parametrize(("game", "hand", "clauses"), [
    (EUCHRE, {"caller": "N", "trump": "S", "alone": True, "makers_tricks": 5},
     (("%(caller)s", {}), ("%(trump)s", {}), ("alone", {}), ("%(n)s tricks", {"n": 5}))),
    (EUCHRE, {"passed": True}, (("passed", {}),)),
    (WHIST, {"trump": "S"}, (("%(trump)s", {}), ("%(NS)s", {}), ("%(n)s", {"n": "?"}))),
    (FIVE_HUNDRED, {"caller": "E", "bid": "10NT"},
     (("%(caller)s %(bid)s", {"bid": "10NT"}),)),
    (SPADES, {"bids": {"N": 2, "S": 0}}, (("%(team)s bid %(bid)s", {"team": "NS", "bid": 2}),)),
    (SPADES, {}, (("%(team)s took %(n)s", {"team": "NS", "n": "?"}),)),
])
def test_a_recorded_hand_in_clauses(game, hand, clauses):
    assert game.history.recorded(hand, {}) == clauses


def test_a_game_with_no_words_of_its_own_says_its_points(app, monkeypatch):
    monkeypatch.setitem(games.GAMES, "one_trick", one_trick.GAME)
    assert one_trick.GAME.history == History(call="Who took it", seat="winner")
    hand = {"dealer": "N", "winner": "E"}
    match, state = one_hand("one_trick", hand)
    out = state.hands[0]
    with app.test_request_context():
        assert tableview.outcome_label(match, hand, out) == "Bo & Dee +1"
        assert tableview.undo_what(match, hand, out) == "Bo & Dee +1"
        assert tableview.describe_hand(match, hand) == "Bo"  # the seat its call column names
        assert tableview.describe_hand(match, {"dealer": "N"}) == "?"


# --- Spades and Five Hundred through the pages: the Undo button and the corrections list ---


@pytest.fixture
def table(client) -> Table:
    return Table(client)


def correct_first(table: Table, url: str, **fields: str) -> None:
    r = table.client.get(url + "?fix=1")
    edit = table.page(r.headers["Location"])
    values = form_of(edit, "/edit")["values"]
    assert table.client.post(url + "/hands/1/edit", data={**values, **fields}).status_code == 303


def test_a_spades_undo_and_correction_say_the_bid_and_the_tricks(table):
    url = start_spades(table)
    bids = {"bid_N": "2", "bid_E": "4", "bid_S": "3", "bid_W": "3"}
    assert table.post_hand(url, **bids, tricks_NS="6").status_code == 303
    html = table.page(url)
    assert "Undo hand 1 (Ann &amp; Cai bid 5, took 6)" in html
    correct_first(table, url, tricks_NS="4")
    html = table.page(url)
    assert "hand 1 corrected (was: Ann &amp; Cai bid 5, took 6)" in html
    assert "Undo hand 1 (Ann &amp; Cai bid 5, took 4)" in html
    assert "?" not in html.split("Undo hand 1", 1)[1].split(")", 1)[0]


def test_a_five_hundred_undo_and_correction_say_the_bid(table):
    url = start_five_hundred(table)
    assert table.post_hand(url, caller="E", bid="8H", makers_tricks="9").status_code == 303
    html = table.page(url)
    assert "Undo hand 1 (Bo 8♥, made)" in html
    correct_first(table, url, makers_tricks="7")
    html = table.page(url)
    assert "hand 1 corrected (was: Bo 8♥ 9 tricks)" in html
    assert "Undo hand 1 (Bo 8♥, set)" in html
    assert table.post_hand(url, caller="N", bid="misere", makers_tricks="0").status_code == 303
    assert "Undo hand 2 (Ann misère, made)" in table.page(url)


# --- the printed sheet: a game's marks and its fields in the corrections list ---------------


def test_the_sheet_names_each_games_own_fields_and_marks(table):
    url = start_five_hundred(table)
    assert table.post_hand(url, caller="E", bid="8H", makers_tricks="9").status_code == 303
    correct_first(table, url, bid="9H")
    sheet = table.page(url + "/sheet")
    assert "<b>bid</b> 8H → 9H" in sheet
    zh = table.client.get(url + "/sheet", headers={"Accept-Language": "zh-Hans"})
    assert "<b>叫牌</b> 8H → 9H" in zh.get_data(as_text=True)

    url = table.start(game="whist", preset_whist="american")
    r = table.post_hand(url, trump="H", tricks_NS="8", revoke_by="EW", revoke_penalty="add3")
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    assert '<span class="mark mark-revoke">Revoke</span>' in table.page(url + "/sheet")
    correct_first(table, url, tricks_NS="9", revoke_by="EW", revoke_penalty="add3")
    assert "<b>NS tricks</b> 8 → 9" in table.page(url + "/sheet")


def test_a_whist_revoke_problem_shows_by_who_revoked(app):
    from scorekeeper.games.whist.form import WhistHandForm
    from scorekeeper.web.match.hands import _apply_problems

    with app.test_request_context():
        form = WhistHandForm(meta={"csrf": False})
        problem = Problem("hand.revoke_mismatch", "revoke", {"side": "NS", "declared": "EW"})
        assert _apply_problems(form, [problem]) == []
        assert form.revoke_by.errors


@pytest.mark.parametrize(("game", "hand", "marks"), [
    ("euchre", {"dealer": "S", "caller": "N", "trump": "S", "alone": True, "makers_tricks": 5},
     ("march", "loner")),
    ("euchre", {"dealer": "W", "caller": "W", "trump": "D", "makers_tricks": 2}, ("euchred",)),
    ("euchre", {"dealer": "N", "caller": "E", "trump": "H", "makers_tricks": 3}, ()),
    ("euchre", {"dealer": "N", "caller": "S", "trump": "C", "renege": "E"}, ("renege",)),
    ("euchre", {"dealer": "E", "passed": True}, ("passed",)),
    ("whist", {"dealer": "N", "trump": "S", "tricks_NS": 8,
               "revoke": {"by": "EW", "penalty": "add3"}}, ("revoke",)),
    ("whist", {"dealer": "N", "trump": "S", "tricks_NS": 8}, ()),
    ("five_hundred", {"dealer": "W", "passed": True}, ("passed",)),
    ("spades", {"dealer": "E", "bids": {"N": 2, "E": 4, "S": 3, "W": 3}, "tricks_NS": 6}, ()),
])
def test_each_game_marks_its_hands_on_the_sheet(game, hand, marks):
    _match, state = one_hand(game, hand)
    assert GAMES[game].history.marks(hand, state.hands[0].outcome) == marks


@pytest.mark.parametrize(("game", "hand", "own", "columns"), [
    ("euchre", {"dealer": "S", "caller": "N", "round": 2, "trump": "S", "alone": True,
                "makers_tricks": 5},
     {"round": 2, "alone": True, "defender_alone": None, "makers_tricks": 5, "renege": None,
      "turn_up": None, "discard": None},
     {"trump", "alone", "round"}),
    ("euchre", {"dealer": "E", "passed": True},
     {"round": None, "alone": False, "defender_alone": None, "makers_tricks": None,
      "renege": None, "turn_up": None, "discard": None}, {"trump", "alone"}),
    ("whist", {"dealer": "N", "trump": "S", "tricks_NS": 8, "honours_NS": 1,
               "revoke": {"by": "EW", "penalty": "add3"}},
     {"honours_ns": 1, "revoke": {"by": "EW", "penalty": "add3"},
      "trick_points": {"NS": 5, "EW": 0}, "honour_points": {"NS": 0, "EW": 2}, "turn_up": None},
     {"honours", "revoke"}),
    ("five_hundred", {"dealer": "E", "caller": "N", "bid": "7S", "makers_tricks": 7},
     {"makers_tricks": 7}, set()),
    ("spades", {"dealer": "E", "bids": {"N": 2, "E": 4, "S": 3, "W": 3}, "tricks_NS": 6},
     {}, set()),
])
def test_each_game_fills_its_own_sheet_columns(game, hand, own, columns):
    rules = {"honours": True} if game == "whist" else {}
    _match, state = one_hand(game, hand, rules)
    row = GAMES[game].sheet.row(hand, state.hands[0])
    assert (dict(row.own), set(row.columns)) == (own, columns)


def test_a_score_below_zero_reads_with_a_minus_sign():
    from scorekeeper.engine.numbers import sides_pair

    # the minus set apart from the dash (issue 35; tests/test_signed_scores.py)
    assert sides_pair({"NS": 52, "EW": -70}) == "52\u202f–\u202f−70"
    assert sides_pair({"NS": 0, "EW": 0}) == "0–0"
