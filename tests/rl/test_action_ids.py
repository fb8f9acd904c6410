"""Action ids: the mask is exact and ids map back to legal actions, at every step of play."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import scenario
from helpers.rl_play import SINGLE_HAND, decision_states, play_legal
from helpers.taiwanese_scenario import DEAD, WAIT_25P, WAIT_58P, open_play, start

import mahjong_rules as mr
from mahjong_rules.actions import Action, Ankan, Chi, DeclareReady, Discard, Pon
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.rl import LAYOUTS, ActionCodec, layout_table
from mahjong_rules.rl.action_ids import RED_FIVE_OF_KIND

SIZES = {"riichi": 123, "sanma": 95, "taiwanese": 113}
CASES = [  # (variant, options, seeds)
    ("riichi", SINGLE_HAND["riichi"], range(8)),
    ("riichi", {**SINGLE_HAND["riichi"], "red_fives": 0}, range(2)),
    ("sanma", SINGLE_HAND["sanma"], range(8)),
    ("taiwanese", SINGLE_HAND["taiwanese"], range(4)),
]


def shape(action: Action, drawn: int | None, red: frozenset[int]) -> tuple[Any, ...]:
    """What makes two actions the same choice: type, kinds, red fives, tsumogiri, riichi."""
    tiles: tuple[int, ...] = ()
    if isinstance(action, Discard | DeclareReady) and action.tile is not None:
        tiles = (action.tile,)
    elif isinstance(action, Chi | Pon):
        tiles = action.tiles
    return (type(action), tuple(sorted(t >> 2 for t in tiles)),
            sum(t in red for t in tiles), drawn in tiles,
            getattr(action, "riichi", None), getattr(action, "kind", None),
            getattr(action, "tile", -1) >> 2 if isinstance(getattr(action, "tile", None), int)
            else None)


@pytest.mark.parametrize("variant", sorted(LAYOUTS))
def test_layout_sizes_and_unique_names(variant: str) -> None:
    table = layout_table(variant)
    assert len(table) == SIZES[variant]
    assert [i for i, _, _ in table] == list(range(SIZES[variant]))
    assert len({name for _, name, _ in table}) == len(table)


@pytest.mark.parametrize(("variant", "options", "seeds"), CASES,
                         ids=["riichi", "riichi-no-red", "sanma", "taiwanese"])
def test_mask_is_exact_at_every_step(variant: str, options: dict[str, Any],
                                     seeds: range) -> None:
    rules = mr.make(variant, options)
    codec = ActionCodec(rules)
    blocks: set[str] = set()
    for seed in seeds:
        for state, seat in decision_states(rules, seed):
            view = rules.view(state, seat)
            legal = [a for a in play_legal(rules, state, seat) if a.type != "ready"]
            mask = codec.mask(view)
            assert (mask == codec.mask(view, legal)).all()
            expected = {codec.action_to_id(a, view) for a in legal}
            assert set(mask.nonzero()[0].tolist()) == expected
            for action_id in range(codec.size):  # an id is legal iff it maps to a legal action
                try:
                    action = codec.id_to_action(view, action_id)
                except MahjongRulesError:
                    assert mask[action_id] == 0
                    continue
                assert bool(mask[action_id]) == (action in legal), (action_id, action)
                assert codec.action_to_id(action, view) == action_id
            drawn = view["drawn"]
            for action in legal:  # every legal action: its id gives back the same choice
                back = codec.id_to_action(view, codec.action_to_id(action, view))
                assert back in legal
                assert shape(back, drawn, codec.red_ids) == shape(action, drawn, codec.red_ids)
                blocks.add(codec.name(codec.action_to_id(action, view)).split()[0])
    blocks.discard("declare")  # the dealer's declaration with a discard: rare, as "riichi"
    wanted = {"riichi": {"discard", "tsumogiri", "riichi", "chi", "pon", "pass", "ron"},
              "sanma": {"discard", "tsumogiri", "riichi", "pon", "kita", "pass", "ron"},
              "taiwanese": {"discard", "tsumogiri", "chi", "pon", "pass"}}
    assert wanted[variant] <= blocks, wanted[variant] - blocks


@pytest.mark.parametrize(("variant", "hand", "one"), [("riichi", "1111m23m456p789s5z", "1m"),
                                                     ("sanma", "1111p23p456s789s5z", "1p")])
def test_riichi_tsumogiri_and_closed_kan(variant: str, hand: str, one: str) -> None:
    # the dealer holds four 1m (1p) and waits on 5z once its drawn 7z goes
    rules, state = scenario.start(variant, hands={0: hand}, draws=["7z"])
    codec = ActionCodec(rules)
    view = rules.view(state, 0)
    names = {codec.name(i) for i in codec.mask(view).nonzero()[0]}
    assert {"riichi_tsumogiri", f"kan {one}", "tsumogiri", f"discard {one}"} <= names
    assert f"riichi {one}" not in names  # after a 1m (1p) the hand is not tenpai
    legal = play_legal(rules, state, 0)
    for name, action in (("riichi_tsumogiri", Discard(seat=0, tile=view["drawn"], riichi=True)),
                         (f"kan {one}", Ankan(seat=0, kind=mr.parse_kinds(one)[0]))):
        assert codec.id_to_action(view, codec.names.index(name)) == action
        assert action in legal


def test_red_fives_have_their_own_ids() -> None:
    rules = mr.make("riichi")
    codec = ActionCodec(rules)
    view = {"viewer": 0, "hand": [16, 17, 52, 88, 89], "drawn": 89, "claim": None,
            "seats": [{"melds": []}]}
    assert codec.name(codec.action_to_id(Discard(seat=0, tile=16), view)) == "discard 0m"
    assert codec.name(codec.action_to_id(Discard(seat=0, tile=17), view)) == "discard 5m"
    assert codec.name(codec.action_to_id(Discard(seat=0, tile=89), view)) == "tsumogiri"
    assert codec.name(codec.action_to_id(Discard(seat=0, tile=88, riichi=True), view)) == \
        "riichi 0s"
    red_5s = codec.names.index("discard 0s")
    assert codec.id_to_action(view, red_5s) == Discard(seat=0, tile=88)
    with pytest.raises(MahjongRulesError, match="names no action"):  # 5s only as tsumogiri
        codec.id_to_action(view, codec.names.index("discard 5s"))
    assert isinstance(rules, mr.RiichiRuleset)
    assert sorted(RED_FIVE_OF_KIND.values()) == sorted(rules.red_ids())


def test_calls_by_position_and_red() -> None:
    rules = mr.make("riichi")
    codec = ActionCodec(rules)
    claim = {"source": "discard", "tile": 12, "from_seat": 3}  # 4m
    view = {"viewer": 0, "hand": [8, 16, 17, 20, 24], "drawn": None, "claim": claim,
            "seats": [{"melds": []}]}  # 3m 0m 5m 6m 7m
    names = {codec.name(codec.action_to_id(Chi(seat=0, tiles=t), view)): t
             for t in [(8, 16), (8, 17), (16, 20), (17, 20)]}
    assert names == {"chi_red middle": (8, 16), "chi middle": (8, 17),
                     "chi_red low": (16, 20), "chi low": (17, 20)}
    assert codec.id_to_action(view, codec.names.index("chi low")) == Chi(seat=0, tiles=(17, 20))
    assert codec.id_to_action(view, codec.names.index("chi_red low")) == \
        Chi(seat=0, tiles=(16, 20))
    with pytest.raises(MahjongRulesError):  # no 2m 3m for a high chi
        codec.id_to_action(view, codec.names.index("chi high"))


def test_actions_without_ids_are_refused() -> None:
    rules = mr.make("sanma")
    codec = ActionCodec(rules)
    view = rules.view(rules.setup(seed=2), 0)
    for action in (mr.Ready(seat=0), mr.Chi(seat=0, tiles=(36, 40)),
                   mr.SetPreferences(seat=0)):
        with pytest.raises(MahjongRulesError) as info:
            codec.action_to_id(action, view)
        assert info.value.reason is mr.Reason.BAD_INPUT
    for bad in (-1, codec.size, 10**9):
        with pytest.raises(MahjongRulesError, match="names no action"):
            codec.id_to_action(view, bad)


def test_taiwanese_declarations() -> None:
    # seat 1 is dealt a ready hand; the dealer is ready once it lets its 17th tile (1z) go
    rules, state = start(options=SINGLE_HAND["taiwanese"],
                         hands={0: WAIT_58P, 1: WAIT_25P, 2: DEAD[2], 3: DEAD[3]},
                         draws=["1z"])
    codec = ActionCodec(rules)
    view = rules.view(state, 1)
    assert [codec.name(i) for i in codec.mask(view).nonzero()[0]] == ["declare_ready", "pass"]
    assert codec.id_to_action(view, codec.names.index("declare_ready")) == DeclareReady(seat=1)
    state = open_play(rules, state, 1)
    view = rules.view(state, 0)
    names = [codec.name(i) for i in codec.mask(view).nonzero()[0]]
    assert "declare_tsumogiri" in names
    assert not any(n.startswith("declare ") for n in names)  # only the 1z keeps it ready
    action = codec.id_to_action(view, codec.names.index("declare_tsumogiri"))
    assert action == DeclareReady(seat=0, tile=view["drawn"])
    assert action in play_legal(rules, state, 0)
