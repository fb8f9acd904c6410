"""Fixed action ids: one documented layout per ruleset, actions to ids and back, the mask.

A layout is a list of blocks (``discard`` by kind, the red-five discards, ``tsumogiri``,
the riichi discards, ``chi`` low/middle/high, ``pon``, ``kan`` by kind, ...), each a run
of consecutive ids; ``docs/rl.md`` lists every id of every ruleset. An id names a *class*
of equivalent actions: copies of one kind that are neither a red five nor the drawn tile
are interchangeable, so "discard 3m" is one id whichever 3m goes. :meth:`ActionCodec.id_to_action`
returns the class's canonical action (the lowest tile ids of the class), and the mask is
exact: an id is set iff its class holds a legal action, and then the canonical action is
legal (the reducer's legality depends on kinds, red fives and the drawn tile only).

Examples:
    >>> import mahjong_rules as mr
    >>> from mahjong_rules.rl import ActionCodec
    >>> rules = mr.make("riichi")
    >>> codec = ActionCodec(rules)
    >>> codec.size, codec.name(0), codec.name(34), codec.name(37), codec.name(122)
    (123, 'discard 1m', 'discard 0m', 'tsumogiri', 'pass')
    >>> state = rules.setup(seed=1)
    >>> view = rules.view(state, 0)
    >>> mask = codec.mask(view)
    >>> [codec.name(i) for i in mask.nonzero()[0]][:3]
    ['discard 1m', 'discard 2m', 'discard 6p']
    >>> codec.id_to_action(view, codec.action_to_id(mr.Discard(seat=0, tile=50), view))
    Discard(seat=0, at=None, tile=50, riichi=False)

.. versionadded:: 0.3
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, NamedTuple, SupportsIndex

import numpy as np
from numpy.typing import NDArray

from mahjong_rules.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    DeclareReady,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
    action_from_dict,
)
from mahjong_rules.engine import Ruleset
from mahjong_rules.errors import MahjongRulesError, Reason
from mahjong_rules.tiles import kind_name

__all__ = ["LAYOUTS", "ActionCodec", "Block", "layout_table"]

SANMA_KINDS: Final = (0, *range(8, 34))
"""The 27 kinds of the sanma set (1m, 9m, pinzu, souzu, honours)."""
ALL_KINDS: Final = tuple(range(34))
RED_FIVE_OF_KIND: Final = {4: 16, 13: 52, 22: 88}
"""The red copy of each five (physical id), when red fives are in play."""

Block = tuple[str, int]
"""A block of a layout: its name and how many ids it holds."""

# Block names. Kind blocks hold one id per kind of the ruleset's set, red blocks one per
# red five of the set, chi blocks the three positions of the claimed tile (low: it is the
# lowest of the run, middle, high).
_KIND_BLOCKS = frozenset({"discard", "riichi", "declare", "kan"})
_RED_BLOCKS = frozenset({"discard_red", "riichi_red"})
_NON_CALL = ("set_preferences", "disconnect", "ready", "timeout")


def _riichi_blocks(kinds: int, reds: int) -> tuple[Block, ...]:
    return (("discard", kinds), ("discard_red", reds), ("tsumogiri", 1),
            ("riichi", kinds), ("riichi_red", reds), ("riichi_tsumogiri", 1))


LAYOUTS: Final[Mapping[str, tuple[Block, ...]]] = {
    "riichi": (*_riichi_blocks(34, 3), ("chi", 3), ("chi_red", 3), ("pon", 1), ("pon_red", 1),
               ("daiminkan", 1), ("kan", 34), ("tsumo", 1), ("ron", 1), ("nine_terminals", 1),
               ("pass", 1)),
    "sanma": (*_riichi_blocks(27, 2), ("pon", 1), ("pon_red", 1), ("daiminkan", 1),
              ("kan", 27), ("kita", 1), ("tsumo", 1), ("ron", 1), ("nine_terminals", 1),
              ("pass", 1)),
    "taiwanese": (("discard", 34), ("tsumogiri", 1), ("declare", 34),
                  ("declare_tsumogiri", 1), ("declare_ready", 1), ("chi", 3), ("pon", 1),
                  ("daiminkan", 1), ("kan", 34), ("tsumo", 1), ("ron", 1), ("pass", 1)),
}
"""The block layout of each ruleset, in id order (``docs/rl.md`` lists every id)."""

_BLOCK_DOC: Final = {
    "discard": "discard a tile of this kind: not the drawn tile, not a red five",
    "discard_red": "discard this red five (not the drawn tile)",
    "tsumogiri": "discard the tile just drawn",
    "riichi": "declare riichi, discarding a tile of this kind (not drawn, not red)",
    "riichi_red": "declare riichi, discarding this red five (not the drawn tile)",
    "riichi_tsumogiri": "declare riichi, discarding the tile just drawn",
    "declare": "dealer: declare the ready hand, discarding a tile of this kind (not drawn)",
    "declare_tsumogiri": "dealer: declare the ready hand, discarding the tile just drawn",
    "declare_ready": "non-dealer: declare the ready hand in the opening window",
    "chi": "chi with no red five; the claimed tile is the low / middle / high of the run",
    "chi_red": "chi using a red five from the hand; low / middle / high as for chi",
    "pon": "pon with two tiles that are not red fives",
    "pon_red": "pon using a red five from the hand",
    "daiminkan": "open kan on the discard",
    "kan": "closed kan of this kind, or the added kan onto a pon of it (never both)",
    "kita": "set a North aside (sanma)",
    "tsumo": "win on the drawn tile",
    "ron": "win on the discard (or the kan tile, the kita, the robbed flower)",
    "nine_terminals": "abortive draw on nine terminals and honours",
    "pass": "decline every claim of the open window (or the declaration)",
}


def layout_table(variant: str) -> list[tuple[int, str, str]]:
    """``(id, name, meaning)`` for every id of a ruleset's layout (for the docs).

    Examples:
        >>> layout_table("sanma")[27]
        (27, 'discard 0p', 'discard this red five (not the drawn tile)')
    """
    codec = _Layout(variant)
    return [(i, codec.names[i], _BLOCK_DOC[codec.block_names[codec.block_of[i]]])
            for i in range(codec.size)]


class _Layout:
    """The id arithmetic of one ruleset's layout (no rules needed)."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.blocks = LAYOUTS[variant]
        self.kinds = SANMA_KINDS if variant == "sanma" else ALL_KINDS
        self.red_kinds: tuple[int, ...] = {"riichi": (4, 13, 22), "sanma": (13, 22)}.get(
            variant, ())
        self.start: dict[str, int] = {}
        self.block_names = [name for name, _ in self.blocks]
        block_of: list[int] = []
        arg_of: list[int] = []
        names: list[str] = []
        for index, (name, size) in enumerate(self.blocks):
            self.start[name] = len(block_of)
            for arg in range(size):
                block_of.append(index)
                arg_of.append(arg)
                names.append(self._name(name, arg))
        self.size = len(block_of)
        self.block_of = block_of
        self.arg_of = arg_of
        self.names = names
        self.kind_index = [-1] * 34
        for i, kind in enumerate(self.kinds):
            self.kind_index[kind] = i

    def _name(self, block: str, arg: int) -> str:
        if block in _KIND_BLOCKS:
            return f"{block} {kind_name(self.kinds[arg])}"
        if block in _RED_BLOCKS:
            red = "0" + kind_name(self.red_kinds[arg])[1]
            return f"{block.removesuffix('_red')} {red}"
        if block in ("chi", "chi_red"):
            return f"{block} {('low', 'middle', 'high')[arg]}"
        return block


class SeatFacts(NamedTuple):
    """What an id needs to know of the acting seat to name its action."""

    seat: int
    hand: tuple[int, ...]
    """The concealed hand, sorted (as states and views keep it)."""
    drawn: int | None
    """The tile just drawn (``None`` right after a call or off turn)."""
    claim_tile: int | None
    """The tile of the open claim window (``None`` when none is open)."""
    pon_kinds: frozenset[int]
    """The kinds of the seat's pons (for an added kan)."""


class ActionCodec:
    """Actions to ids and back for one ruleset with its options, and the legal mask.

    The codec reads a seat's view only (its hand, drawn tile, melds, the open claim and
    the legal actions the view lists); red fives follow the ruleset's options.

    .. versionadded:: 0.3
    """

    def __init__(self, rules: Ruleset) -> None:
        """The codec of ``rules`` (its ruleset picks the layout)."""
        self.variant = rules.name
        self._layout = _Layout(rules.name)
        red = getattr(rules, "red_ids", None)
        self.red_ids: frozenset[int] = red() if red is not None else frozenset()
        """Physical ids that are red fives under the rules' options."""
        self.size: int = self._layout.size
        """The number of ids."""

    def name(self, action_id: SupportsIndex) -> str:
        """A short name of an id, e.g. ``discard 3m``, ``riichi 0p``, ``chi middle``."""
        return self._layout.names[operator.index(action_id)]

    @property
    def names(self) -> tuple[str, ...]:
        """Every id's name, in id order."""
        return tuple(self._layout.names)

    # ------------------------------------------------------------------ action -> id

    def action_to_id(self, action: Action, view: Mapping[str, Any]) -> int:
        """The id of ``action`` in the situation of ``view`` (the acting seat's view).

        Raises:
            MahjongRulesError: ``bad_input`` for an action that has no id (``Ready``,
                preferences, timeouts) or does not fit the layout.
        """
        claim = view.get("claim")
        return self.id_of(action, view.get("drawn"),
                          None if claim is None else claim["tile"])

    def id_of(self, action: Action, drawn: int | None, claim_tile: int | None) -> int:
        """:meth:`action_to_id` from the seat's drawn tile and the open claim's tile.

        Raises:
            MahjongRulesError: as :meth:`action_to_id`.
        """
        rule = _ID_RULES.get(type(action))
        found = None
        if rule is not None:
            try:
                found = rule(self, action, drawn, claim_tile)
            except (KeyError, ValueError, IndexError, TypeError):
                found = None
        if found is None:
            raise MahjongRulesError(Reason.BAD_INPUT,
                                    f"{action!r} has no id in the {self.variant} layout")
        return found

    def _start(self, block: str, arg: int = 0) -> int:
        return self._layout.start[block] + arg

    def _discard_id(self, action: Discard, drawn: int | None, _claim: int | None) -> int | None:
        tile = action.tile
        prefix = "riichi" if action.riichi else "discard"
        if tile == drawn:
            return self._start("riichi_tsumogiri" if action.riichi else "tsumogiri")
        if tile in self.red_ids:
            return self._start(prefix + "_red", self._layout.red_kinds.index(tile >> 2))
        return self._kind_id(prefix, tile >> 2)

    def _kind_id(self, block: str, kind: int) -> int | None:
        index = self._layout.kind_index[kind]
        return None if index < 0 else self._start(block, index)

    def _chi_id(self, action: Chi, _drawn: int | None, claim_tile: int | None) -> int | None:
        if claim_tile is None or len(action.tiles) != 2:
            return None
        position = (claim_tile >> 2) - min(claim_tile >> 2, *(t >> 2 for t in action.tiles))
        red = any(t in self.red_ids for t in action.tiles)
        return self._start("chi_red" if red else "chi", position) if position <= 2 else None

    def _pon_id(self, action: Pon, _drawn: int | None, _claim: int | None) -> int | None:
        return self._start("pon_red" if any(t in self.red_ids for t in action.tiles) else "pon")

    def _kan_id(self, action: Ankan | Kakan, _drawn: int | None,
                _claim: int | None) -> int | None:
        return self._kind_id("kan", action.kind if isinstance(action, Ankan)
                             else action.tile >> 2)

    def _declare_id(self, action: DeclareReady, drawn: int | None,
                    _claim: int | None) -> int | None:
        if action.tile is None:
            return self._start("declare_ready")
        if action.tile == drawn:
            return self._start("declare_tsumogiri")
        return self._kind_id("declare", action.tile >> 2)

    # ------------------------------------------------------------------ id -> action

    def id_to_action(self, view: Mapping[str, Any], action_id: int) -> Action:
        """The canonical action of ``action_id`` for the seat whose view this is.

        The action is built from the view's hand, drawn tile, melds and open claim; it
        is legal iff the mask of the view has the id set.

        Raises:
            MahjongRulesError: ``bad_input`` when the id is out of range or names no
                action in this situation (a kind the seat does not hold, no drawn tile,
                no open claim, ...).
        """
        seat = view["viewer"]
        claim = view.get("claim")
        try:
            action_id = operator.index(action_id)
        except TypeError:
            action_id = -1
        melds = view["seats"][seat]["melds"] if seat is not None else ()
        action = self.build(action_id, SeatFacts(
            seat=seat, hand=tuple(view["hand"]), drawn=view.get("drawn"),
            claim_tile=None if claim is None else claim["tile"],
            pon_kinds=frozenset(m["tiles"][0] >> 2 for m in melds if m["kind"] == "pon")))
        if action is None:
            raise MahjongRulesError(Reason.BAD_INPUT,
                                    f"action id {action_id!r} names no action in this view")
        return action

    def build(self, action_id: int, facts: SeatFacts) -> Action | None:  # noqa: PLR0911 - by block
        """:meth:`id_to_action` from the seat's facts (``None`` when the id names nothing)."""
        layout = self._layout
        if not 0 <= action_id < layout.size:
            return None
        block = layout.block_names[layout.block_of[action_id]]
        arg = layout.arg_of[action_id]
        seat = facts.seat
        fixed = _FIXED.get(block)
        if fixed is not None:
            return fixed(seat)
        if block in ("chi", "chi_red"):
            return self._chi(facts, arg, red=block == "chi_red")
        if block in ("pon", "pon_red"):
            return self._pon(facts, red=block == "pon_red")
        if block == "kan":
            return self._kan(seat, facts.hand, layout.kinds[arg], facts.pon_kinds)
        tile = self._discarded(block, arg, facts)
        if tile is None:
            return None
        if block.startswith("declare"):
            return DeclareReady(seat=seat, tile=tile)
        return Discard(seat=seat, tile=tile, riichi=block.startswith("riichi"))

    def _discarded(self, block: str, arg: int, facts: SeatFacts) -> int | None:
        """The tile a discard block's id discards (``None``: no such tile in the hand)."""
        if block.endswith("tsumogiri"):
            return facts.drawn
        if block in _RED_BLOCKS:
            tile = RED_FIVE_OF_KIND[self._layout.red_kinds[arg]]
            held = tile in self.red_ids and tile in facts.hand and tile != facts.drawn
            return tile if held else None
        return self._plain(facts.hand, self._layout.kinds[arg], facts.drawn)

    def _plain(self, hand: Iterable[int], kind: int, drawn: int | None,
               skip: int = 0) -> int | None:
        """The ``skip``-th lowest tile of ``kind`` that is neither red nor the drawn tile.

        ``hand`` is sorted (as states and views keep it).
        """
        red = self.red_ids
        for tile in hand:
            if tile >> 2 == kind and tile != drawn and tile not in red:
                if skip == 0:
                    return tile
                skip -= 1
        return None

    def _chi(self, facts: SeatFacts, position: int, *, red: bool) -> Action | None:
        seat, hand, claim_tile = facts.seat, facts.hand, facts.claim_tile
        if claim_tile is None or claim_tile < 0:
            return None
        kind = claim_tile >> 2
        low = kind - position
        if kind >= 27 or low < kind - kind % 9 or low + 2 > kind - kind % 9 + 8:
            return None
        tiles: list[int] = []
        used_red = False
        for need in (k for k in (low, low + 1, low + 2) if k != kind):
            red_tile = RED_FIVE_OF_KIND.get(need)
            if red and not used_red and red_tile in self.red_ids and red_tile in hand:
                tiles.append(red_tile)
                used_red = True
                continue
            plain = self._plain(hand, need, None)
            if plain is None:
                return None
            tiles.append(plain)
        if red != used_red:
            return None
        return Chi(seat=seat, tiles=tuple(tiles))

    def _pon(self, facts: SeatFacts, *, red: bool) -> Action | None:
        seat, hand, claim_tile = facts.seat, facts.hand, facts.claim_tile
        if claim_tile is None or claim_tile < 0:
            return None
        kind = claim_tile >> 2
        if red:
            red_tile = RED_FIVE_OF_KIND.get(kind)
            plain = self._plain(hand, kind, None)
            if red_tile not in self.red_ids or red_tile not in hand or plain is None:
                return None
            return Pon(seat=seat, tiles=(red_tile, plain))
        first = self._plain(hand, kind, None)
        second = self._plain(hand, kind, None, skip=1)
        if first is None or second is None:
            return None
        return Pon(seat=seat, tiles=(first, second))

    def _kan(self, seat: int, hand: tuple[int, ...], kind: int,
             pon_kinds: frozenset[int]) -> Action | None:
        held = [t for t in hand if t >> 2 == kind]
        if len(held) == 4:
            return Ankan(seat=seat, kind=kind)
        if held and kind in pon_kinds:
            return Kakan(seat=seat, tile=min(held))
        return None

    # ------------------------------------------------------------------ mask

    def mask(self, view: Mapping[str, Any],
             legal: Iterable[Action] | None = None) -> NDArray[np.int8]:
        """The legal ids of the seat whose view this is: ``1`` where legal, else ``0``.

        ``legal`` gives the seat's legal actions when the caller has them already (else
        the view's ``legal_actions`` are read). ``Ready``, preferences and timeouts have
        no id: a view that waits only for ``Ready`` has an empty mask.
        """
        claim = view.get("claim")
        if legal is None:
            legal = (action_from_dict(a) for a in view.get("legal_actions", ())
                     if a["type"] not in _NON_CALL)
        return self.mask_of(legal, view.get("drawn"), None if claim is None else claim["tile"])

    def mask_of(self, legal: Iterable[Action], drawn: int | None,
                claim_tile: int | None) -> NDArray[np.int8]:
        """:meth:`mask` from the legal actions, the drawn tile and the claimed tile."""
        out = np.zeros(self.size, dtype=np.int8)
        for action in legal:
            if action.type not in _NON_CALL:
                out[self.id_of(action, drawn, claim_tile)] = 1
        return out

    def legal_ids(self, legal: Iterable[Action], drawn: int | None,
                  claim_tile: int | None) -> dict[int, Action]:
        """Each legal id with one legal action of its class (the first in ``legal``)."""
        out: dict[int, Action] = {}
        for action in legal:
            if action.type not in _NON_CALL:
                out.setdefault(self.id_of(action, drawn, claim_tile), action)
        return out


_IdRule = Callable[[ActionCodec, Any, "int | None", "int | None"], "int | None"]
_ID_RULES: Final[dict[type, _IdRule]] = {
    Discard: ActionCodec._discard_id,  # noqa: SLF001 - the codec's own dispatch table
    Chi: ActionCodec._chi_id,  # noqa: SLF001
    Pon: ActionCodec._pon_id,  # noqa: SLF001
    Ankan: ActionCodec._kan_id,  # noqa: SLF001
    Kakan: ActionCodec._kan_id,  # noqa: SLF001
    DeclareReady: ActionCodec._declare_id,  # noqa: SLF001
    Pass: lambda codec, _a, _d, _c: codec._start("pass"),  # noqa: SLF001
    Ron: lambda codec, _a, _d, _c: codec._start("ron"),  # noqa: SLF001
    Tsumo: lambda codec, _a, _d, _c: codec._start("tsumo"),  # noqa: SLF001
    Daiminkan: lambda codec, _a, _d, _c: codec._start("daiminkan"),  # noqa: SLF001
    Kita: lambda codec, _a, _d, _c: codec._start("kita"),  # noqa: SLF001
    NineTerminals: lambda codec, _a, _d, _c: codec._start("nine_terminals"),  # noqa: SLF001
}
"""How each action class finds its id (``None``: it has none here)."""

_FIXED: Final[dict[str, Callable[[int], Action]]] = {
    "tsumo": lambda seat: Tsumo(seat=seat), "ron": lambda seat: Ron(seat=seat),
    "pass": lambda seat: Pass(seat=seat), "daiminkan": lambda seat: Daiminkan(seat=seat),
    "kita": lambda seat: Kita(seat=seat),
    "nine_terminals": lambda seat: NineTerminals(seat=seat),
    "declare_ready": lambda seat: DeclareReady(seat=seat)}
"""The blocks whose one id is one action with no tile."""
