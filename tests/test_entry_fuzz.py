"""Every public entry point, fed wrong-typed and out-of-range arguments: typed errors only.

The game API (``make``, ``setup``, ``to_act``, ``legal_actions``, ``validate``, ``apply``,
``apply_passes``, ``deadline``, ``view``, ``result``, ``check_state``, ``events``,
``State.from_dict``, ``action_from_dict``, the options), the notation (mpsz, tiles, the
log readers and writers), the kernel and JSON score requests: each call either returns
or raises a :class:`MahjongRulesError`; ``validate`` never raises at all; and no view
shows a tile another seat holds, the walls or an unturned indicator.

Bounded examples in the default run; ``MAHJONG_RULES_SOAK=N`` runs ``N * 3000``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import attrs
from helpers.conformance import check_state, check_views
from helpers.saved_states import loaded, saved_states
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules import kernel, notation
from mahjong_rules.actions import ACTION_TYPES
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.events import events
from mahjong_rules.notation import tenhou
from mahjong_rules.scoring.request import score_request
from mahjong_rules.state import HandStart, State

SOAK = int(os.environ.get("MAHJONG_RULES_SOAK", "0"))
EXAMPLES = 3000 * SOAK if SOAK else 300

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-5, 150),
    st.floats(), st.text(max_size=6), st.binary(max_size=6),
    st.lists(st.integers(-5, 150), max_size=6), st.tuples(st.integers(-5, 5)),
    st.dictionaries(st.text(max_size=4), st.integers(-3, 3), max_size=3),
    st.just(object()), st.just([0] * 34), st.just([1] * 34), st.just([[1] * 34, [1] * 33]),
)
SEATS = st.one_of(st.integers(-6, 6), JUNK)


def _states() -> st.SearchStrategy[State]:
    texts = [text for _label, text in saved_states()]
    return st.sampled_from(texts).map(lambda text: State.from_dict(loaded(text)))


def _action(draw: st.DrawFn) -> object:
    """An action of any class with any values in its fields, or junk."""
    if draw(st.booleans()):
        return draw(JUNK)
    cls = draw(st.sampled_from(sorted(ACTION_TYPES.values(), key=lambda c: c.type)))
    fields = {f.name: draw(st.one_of(st.integers(-3, 150), SEATS))
              for f in attrs.fields(cls)}
    try:
        return cls(**fields)
    except TypeError:  # the call-tiles converter sorts: mixed junk stays a tuple
        return draw(JUNK)


ACTIONS = st.composite(_action)()
RULES = {name: mr.make(name) for name in ("riichi", "sanma", "taiwanese")}
COUNTS = st.one_of(JUNK, st.lists(st.integers(-2, 6), min_size=34, max_size=34))


def _game_call(draw: st.DrawFn) -> tuple[str, Callable[[], object]]:
    state = draw(st.one_of(_states(), _states(), JUNK))
    rules = RULES[state.ruleset] if isinstance(state, State) and draw(st.booleans()) else (
        draw(st.sampled_from(list(RULES.values()))))
    seat, other = draw(SEATS), draw(JUNK)
    entry = draw(st.sampled_from([
        "view", "legal_actions", "to_act", "deadline", "result", "apply", "apply_passes",
        "check_state", "events", "setup", "make", "action_from_dict", "from_dict",
        "options"]))
    action = _action(draw)
    calls: dict[str, Callable[[], object]] = {
        "view": lambda: rules.view(state, seat),
        "legal_actions": lambda: rules.legal_actions(state, seat,
                                                     preferences=bool(other)),
        "to_act": lambda: rules.to_act(state),
        "deadline": lambda: rules.deadline(state),
        "result": lambda: rules.result(state),
        "apply": lambda: rules.apply(state, action),  # type: ignore[arg-type]
        "apply_passes": lambda: rules.apply_passes(state),
        "check_state": lambda: rules.check_state(state),
        "events": lambda: events(state, state, seat),
        "setup": lambda: rules.setup(**draw(st.sampled_from([
            {"seed": other}, {"walls": other}, {"seed": 1, "players": other},
            {"seed": 1, "now": other}, {"seed": 1, "start": other},
            {"seed": 1, "start": HandStart(points=other)},
            {"seed": 1, "start": HandStart(round_wind=other, honba=seat)},
        ]))),
        "make": lambda: mr.make(other, seat),  # type: ignore[arg-type]
        "action_from_dict": lambda: mr.action_from_dict(
            {"type": draw(st.sampled_from(sorted(ACTION_TYPES))), "seat": seat, "tile": other}),
        "from_dict": lambda: State.from_dict(other),
        "options": lambda: type(rules.options).from_dict(other),
    }
    return entry, calls[entry]


def _notation_call(draw: st.DrawFn) -> tuple[str, Callable[[], object]]:
    value, other = draw(JUNK), draw(JUNK)
    entry = draw(st.sampled_from([
        "parse_tiles", "parse_kinds", "parse_counts", "parse_ids", "format_tiles",
        "format_kinds", "format_counts", "format_ids", "Tile", "kind_of", "kind_name",
        "is_red", "suit_of", "parse_log", "detect_format", "encode_meld", "decode_meld",
        "format_log", "rebuild_wall", "score_request"]))
    calls: dict[str, Callable[[], object]] = {
        "parse_tiles": lambda: mr.parse_tiles(value),
        "parse_kinds": lambda: mr.parse_kinds(value),
        "parse_counts": lambda: mr.parse_counts(value),
        "parse_ids": lambda: mr.parse_ids(value),
        "format_tiles": lambda: mr.format_tiles(value),
        "format_kinds": lambda: mr.format_kinds(value),
        "format_counts": lambda: mr.format_counts(value),
        "format_ids": lambda: mr.format_ids(value),
        "Tile": lambda: str(mr.Tile(value, red=other)),
        "kind_of": lambda: mr.tiles.kind_of(value),
        "kind_name": lambda: mr.tiles.kind_name(value),
        "is_red": lambda: mr.tiles.is_red(value),
        "suit_of": lambda: mr.tiles.suit_of(value),
        "parse_log": lambda: notation.parse_log(value),
        "detect_format": lambda: notation.detect_format(value),
        "encode_meld": lambda: notation.encode_meld(value),
        "decode_meld": lambda: tenhou.decode_meld(value),
        "format_log": lambda: notation.format_log(value, other),
        "rebuild_wall": lambda: tenhou.rebuild_wall(value, hands=other),
        "score_request": lambda: score_request(
            {"hand": value, "win": other} if draw(st.booleans()) else value),
    }
    return entry, calls[entry]


def _kernel_call(draw: st.DrawFn) -> tuple[str, Callable[[], object]]:
    counts = draw(COUNTS)
    entry = draw(st.sampled_from(["shanten", "shanten_regular", "shanten_seven_pairs",
                                  "shanten_thirteen_orphans", "waits", "is_tenpai", "ukeire",
                                  "draw_ukeire", "discard_ukeire"]))
    function = getattr(kernel, entry)
    options: dict[str, Any] = {}
    if entry not in ("shanten_seven_pairs", "shanten_thirteen_orphans") and draw(st.booleans()):
        options[draw(st.sampled_from(["n_sets", "kinds"]))] = draw(JUNK)
    return entry, lambda: function(counts, **options)


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, Callable[[], object]]:
    maker = draw(st.sampled_from([_game_call, _game_call, _notation_call, _kernel_call]))
    entry, call = maker(draw)
    return entry, call


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=calls())
def test_every_entry_point_raises_only_the_library_errors(
        case: tuple[str, Callable[[], object]]) -> None:
    entry, call = case
    try:
        result = call()
    except MahjongRulesError as exc:
        event(f"{entry}: {exc.reason.value}")
        return
    event(f"{entry}: returned")
    if isinstance(result, State):  # an action or a setup that went through
        check_state(RULES[result.ruleset] if result.options == RULES[result.ruleset].options
                    else mr.make(result.ruleset, result.options), result)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(state=st.one_of(_states(), JUNK), action=st.data())
def test_validate_never_raises(state: object, action: st.DataObject) -> None:
    for rules in RULES.values():
        verdict = rules.validate(state, action.draw(ACTIONS))  # type: ignore[arg-type]
        assert verdict is None or verdict.reason is not None


@settings(max_examples=EXAMPLES // 3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(state=_states(), seat=SEATS)
def test_no_view_shows_a_tile_another_seat_holds(state: State, seat: object) -> None:
    rules = RULES[state.ruleset] if state.options == RULES[state.ruleset].options else (
        mr.make(state.ruleset, state.options))
    valid = seat is None or (type(seat) is int and 0 <= seat < rules.num_seats)
    refused: MahjongRulesError | None = None
    try:
        rules.view(state, seat)  # type: ignore[arg-type]
    except MahjongRulesError as exc:
        refused = exc
    if refused is not None:
        assert refused.reason is mr.Reason.BAD_SEAT
        assert not valid
        return
    assert valid
    check_views(rules, state)  # every viewer: no tile of another hand, wall or indicator
