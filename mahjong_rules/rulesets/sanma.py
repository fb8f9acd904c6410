"""3-player riichi (sanma): the riichi reducer with its tile set, no chi and kita (seeds/000 5.7).

Sanma plays riichi's rules (:class:`~mahjong_rules.rulesets.riichi.RiichiRuleset`) on 108
tiles (2m-8m removed), three seats, no chi, a North tile set aside as a kita (a dora,
with a replacement draw), and its own abortive draws: no four-riichi abort, four winds
only by option (``four_winds_abort``).

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from mahjong_rules import kernel
from mahjong_rules.actions import Action, Kita
from mahjong_rules.errors import Reason, Rejection
from mahjong_rules.game.actions import ActionRule
from mahjong_rules.game.hand_tiles import reject, remove
from mahjong_rules.options import RuleOptions, SanmaOptions
from mahjong_rules.rulesets.riichi import NORTH, RIICHI_ACTIONS, RiichiRuleset
from mahjong_rules.state import ClaimSource, State, replace

__all__ = ["SanmaRuleset"]


def check_kita(rules: SanmaRuleset, state: State, action: Kita) -> Rejection | None:
    """A North set aside (``_check_kita``, seeds/000 5.7)."""
    return rules._check_kita(state, action.seat)


def apply_kita(rules: SanmaRuleset, state: State, action: Kita) -> State:
    """The North set aside and shown in a claim window (``_kita``)."""
    return rules._kita(state, action.seat)


class SanmaRuleset(RiichiRuleset[SanmaOptions]):
    """3-player riichi (sanma): no 2m-8m, no chi, kita, sanma payments (seeds/000 5.7).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "sanma"
    aliases: ClassVar[tuple[str, ...]] = ("3p", "sanma", "three_player")
    num_seats: ClassVar[int] = 3
    options_type: ClassVar[type[RuleOptions]] = SanmaOptions
    riichi_min_tiles: ClassVar[int] = 3
    kita_allowed: ClassVar[bool] = True
    actions: ClassVar[Mapping[type[Action], ActionRule]] = {
        **RIICHI_ACTIONS, Kita: ActionRule(check_kita, apply_kita, own_turn=True)}
    """Riichi's actions, with kita (a North set aside) allowed."""

    def tile_ids(self) -> tuple[int, ...]:
        """108 tiles: 2m-8m removed."""
        return tuple(t for t in range(136) if not 1 <= (t >> 2) <= 7)

    def kinds_mask(self) -> tuple[bool, ...]:
        """The sanma tile set."""
        return kernel.SANMA_KINDS

    def red_ids(self) -> frozenset[int]:
        """Red 5p and 5s only."""
        return frozenset((52, 88)) if self.options.red_fives else frozenset()

    def _chi_allowed(self, state: State, seat: int, discarder: int) -> bool:
        """No chi in sanma (seeds/000 5.7)."""
        return False

    def _four_riichi_enabled(self) -> bool:
        return False

    def _four_winds_enabled(self) -> bool:
        return self.options.four_winds_abort

    def _check_kita(self, state: State, seat: int) -> Rejection | None:
        player = state.seats[seat]
        north = [t for t in player.hand if (t >> 2) == NORTH]
        if not north:
            return reject(Reason.KITA_NOT_ALLOWED, "no North tile in hand")
        if player.drawn is None or player.called_this_turn or not state.live:
            return reject(Reason.KITA_NOT_ALLOWED, "kita needs a drawn tile and a tile left")
        # after riichi only the North just drawn may go: the concealed hand, and so the
        # waits, stay what they were at the declaration (seeds/000 5.4)
        if player.riichi and (player.drawn >> 2) != NORTH:
            return reject(Reason.KITA_NOT_ALLOWED, "after riichi only the drawn North")
        return None

    def _kita(self, state: State, seat: int) -> State:
        player = state.seats[seat]
        north = [t for t in player.hand if (t >> 2) == NORTH]
        tile = player.drawn if player.drawn in north else north[-1]
        assert tile is not None
        state = self._seat(state, seat, hand=remove(player.hand, [tile]), drawn=None,
                           kita=(*player.kita, tile))
        if self.options.kita_cancels_ippatsu:
            state = self._all_seats(state, ippatsu=False)
            state = replace(state, first_go_around=False)
        return self._open_window(state, seat, tile, ClaimSource.KITA)

