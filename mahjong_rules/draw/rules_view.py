"""The rules view of each ruleset (seeds/000 section 9): pages of pictures and values.

For riichi and sanma: every yaku of the registry (:data:`~mahjong_rules.scoring.YAKU`)
with an example hand, its picture and what the scorer makes of it; the point tables
from the points formula; furiten explained with pictures; a link to the glossary. For
Taiwanese: every item of the tai table (:data:`~mahjong_rules.scoring.TAI_TABLE`) the
same way, and the payments. :func:`rules_view` writes the pictures and returns the page
as Markdown (the docs build includes it); every example is scored when the page is
built, and an example that does not score its item raises, so the page cannot drift
from the scorer.

Examples are score requests (:mod:`mahjong_rules.scoring.request`); unless an example
says otherwise the winner sits South in the East round and wins by ron.

.. versionadded:: 0.3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from mahjong_rules import kernel
from mahjong_rules.draw.faces import TileStyle
from mahjong_rules.draw.hand import hand_svg
from mahjong_rules.notation import format_kinds, format_tiles, parse_counts, parse_tiles
from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.scoring import TAI_TABLE, YAKU
from mahjong_rules.scoring.request import score_request
from mahjong_rules.scoring.riichi_points import base_points, payments

__all__ = ["RIICHI_EXAMPLES", "SANMA_EXAMPLES", "TAI_EXAMPLES", "example_result",
           "rules_view"]

_PINFU: Final = {"hand": "234m567p789s22s45p", "win": "3p"}
_OPEN: Final = {"hand": "234m567p22s45p", "win": "3p"}
RIICHI_EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "riichi": {**_PINFU, "riichi": True},
    "double_riichi": {**_PINFU, "double_riichi": True},
    "ippatsu": {**_PINFU, "riichi": True, "ippatsu": True},
    "menzen_tsumo": {**_PINFU, "tsumo": True},
    "pinfu": _PINFU,
    "tanyao": {"hand": "567p678s22s45p", "win": "3p", "melds": ["chi 234m"]},
    "iipeikou": {"hand": "223344m567p88s45s", "win": "6s"},
    "haku": {**_OPEN, "melds": ["pon 555z"]},
    "hatsu": {**_OPEN, "melds": ["pon 666z"]},
    "chun": {**_OPEN, "melds": ["pon 777z"]},
    "round_wind": {**_OPEN, "melds": ["pon 111z"]},
    "seat_wind": {**_OPEN, "melds": ["pon 222z"]},
    "haitei": {**_OPEN, "melds": ["chi 789s"], "tsumo": True, "haitei": True},
    "houtei": {**_OPEN, "melds": ["chi 789s"], "houtei": True},
    "rinshan": {**_OPEN, "melds": ["daiminkan 9999s"], "tsumo": True, "rinshan": True},
    "chankan": {**_OPEN, "melds": ["chi 789s"], "chankan": True},
    "chiitoitsu": {"hand": "1122m3344p5566s7z", "win": "7z"},
    "sanshoku": {"hand": "123m123p123s99s45p", "win": "6p"},
    "ittsu": {"hand": "123456789p11s23s", "win": "4s"},
    "chanta": {"hand": "123m789p111z99s78s", "win": "9s"},
    "toitoi": {"hand": "222m444p9s", "win": "9s", "melds": ["pon 666s", "pon 777z"]},
    "sanankou": {"hand": "222m444p666s99s78s", "win": "9s"},
    "sanshoku_doukou": {"hand": "222m222p99s78s", "win": "9s", "melds": ["pon 222s"]},
    "sankantsu": {"hand": "78s99s", "win": "9s",
                  "melds": ["ankan 2222m", "daiminkan 4444p", "ankan 6666s"]},
    "shousangen": {"hand": "555z666z77z234m45p", "win": "3p"},
    "honroutou": {"hand": "111m999p11z22z", "win": "2z", "melds": ["pon 999s"]},
    "honitsu": {"hand": "123p345p789p11z22z", "win": "2z"},
    "junchan": {"hand": "123m789m123p99s78s", "win": "9s"},
    "ryanpeikou": {"hand": "223344m667788p5s", "win": "5s"},
    "chinitsu": {"hand": "1122335567899p", "win": "9p"},
    "kokushi": {"hand": "119m19p19s123456z", "win": "7z"},
    "kokushi_13": {"hand": "19m19p19s1234567z", "win": "1m"},
    "suuankou": {"hand": "222m444p666s99s77z", "win": "7z", "tsumo": True},
    "suuankou_tanki": {"hand": "222m444p666s999s7z", "win": "7z"},
    "daisangen": {"hand": "555z666z77z234m55p", "win": "7z"},
    "shousuushii": {"hand": "111z222z333z44z23m", "win": "1m"},
    "daisuushii": {"hand": "111z222z333z444z5p", "win": "5p"},
    "tsuuiisou": {"hand": "111z222z555z666z7z", "win": "7z"},
    "chinroutou": {"hand": "111m999m111p999p1s", "win": "1s"},
    "ryuuiisou": {"hand": "234s234s666s888s6z", "win": "6z"},
    "chuuren": {"hand": "1112345678899m", "win": "9m"},
    "junsei_chuuren": {"hand": "1112345678999m", "win": "5m"},
    "suukantsu": {"hand": "5p", "win": "5p",
                  "melds": ["ankan 2222s", "daiminkan 4444p", "ankan 6666s", "kakan 7777z"]},
    "tenhou": {**_PINFU, "tsumo": True, "seat_wind": "E", "tenhou": True},
    "chiihou": {**_PINFU, "tsumo": True, "chiihou": True},
}
"""An example hand (a score request) for every riichi yaku."""

_SANMA_PINFU: Final = {"variant": "sanma", "hand": "234p567p789s22s45s", "win": "3s"}
SANMA_EXAMPLES: Final[dict[str, dict[str, Any] | None]] = {
    **{yaku: {**example, "variant": "sanma"} for yaku, example in RIICHI_EXAMPLES.items()},
    # the same shapes without 2m-8m, which sanma has not
    "riichi": {**_SANMA_PINFU, "riichi": True},
    "double_riichi": {**_SANMA_PINFU, "double_riichi": True},
    "ippatsu": {**_SANMA_PINFU, "riichi": True, "ippatsu": True},
    "menzen_tsumo": {**_SANMA_PINFU, "tsumo": True},
    "pinfu": _SANMA_PINFU,
    "tanyao": {"variant": "sanma", "hand": "567p678s22s45s", "win": "3s",
               "melds": ["pon 333p"]},
    "iipeikou": {"variant": "sanma", "hand": "223344p567p88s45s", "win": "6s"},
    **{name: {"variant": "sanma", "hand": "234p567p22s45s", "win": "3s",
              "melds": [f"pon {tiles}"]}
       for name, tiles in (("haku", "555z"), ("hatsu", "666z"), ("chun", "777z"),
                           ("round_wind", "111z"), ("seat_wind", "222z"))},
    "haitei": {"variant": "sanma", "hand": "234p567p22s45s", "win": "3s",
               "melds": ["pon 999s"], "tsumo": True, "haitei": True},
    "houtei": {"variant": "sanma", "hand": "234p567p22s45s", "win": "3s",
               "melds": ["pon 999s"], "houtei": True},
    "rinshan": {"variant": "sanma", "hand": "234p567p22s45s", "win": "3s",
                "melds": ["daiminkan 9999s"], "tsumo": True, "rinshan": True},
    "chankan": {"variant": "sanma", "hand": "234p567p22s45s", "win": "3s",
                "melds": ["pon 999s"], "chankan": True},
    "chiitoitsu": {"variant": "sanma", "hand": "1199m3344p5566s7z", "win": "7z"},
    "sanshoku": None,  # needs a run of man tiles
    "chanta": {"variant": "sanma", "hand": "123s789p111z99s78s", "win": "9s"},
    "toitoi": {"variant": "sanma", "hand": "999m444p9s", "win": "9s",
               "melds": ["pon 666s", "pon 777z"]},
    "sanankou": {"variant": "sanma", "hand": "111m444p666s99s78s", "win": "9s"},
    "sanshoku_doukou": None,  # needs a triplet of a man tile 2-8 beside those of pin and sou
    "sankantsu": {"variant": "sanma", "hand": "78s99s", "win": "9s",
                  "melds": ["ankan 9999m", "daiminkan 4444p", "ankan 6666s"]},
    "shousangen": {"variant": "sanma", "hand": "555z666z77z234p45s", "win": "3s"},
    "junchan": {"variant": "sanma", "hand": "111m789s123p99s78p", "win": "9p"},
    "ryanpeikou": {"variant": "sanma", "hand": "223344s667788p5s", "win": "5s"},
    "daisangen": {"variant": "sanma", "hand": "555z666z77z234s55p", "win": "7z"},
    "shousuushii": {"variant": "sanma", "hand": "111z222z333z44z23p", "win": "1p"},
    "chuuren": {"variant": "sanma", "hand": "1112345678899p", "win": "9p"},
    "junsei_chuuren": {"variant": "sanma", "hand": "1112345678999p", "win": "5p"},
    "suukantsu": {"variant": "sanma", "hand": "5p", "win": "5p",
                  "melds": ["ankan 9999m", "daiminkan 4444p", "ankan 6666s", "kakan 7777z"]},
    "suuankou": {"variant": "sanma", "hand": "999m444p666s99s77z", "win": "7z", "tsumo": True},
    "suuankou_tanki": {"variant": "sanma", "hand": "999m444p666s111s7z", "win": "7z"},
    "tenhou": {**_SANMA_PINFU, "tsumo": True, "seat_wind": "E", "tenhou": True},
    "chiihou": {**_SANMA_PINFU, "tsumo": True, "chiihou": True},
}
"""The sanma examples: those of riichi that hold no 2m-8m, others for the rest.

``None`` stands for a yaku that cannot occur without 2m-8m.
"""


def _tw(held: str, win: str, *melds: str, **keys: object) -> dict[str, Any]:
    """A Taiwanese request from the concealed tiles *with* the winning tile."""
    return {"variant": "taiwanese", "hand": _without(held, win), "win": win,
            "melds": list(melds), **keys}


def _without(held: str, tile: str) -> str:
    """``held`` (mpsz) less one copy of ``tile``."""
    tiles = list(parse_tiles(held))
    tiles.remove(parse_tiles(tile)[0])
    return format_tiles(tiles)


_OPEN_TW: Final = ("345s678s567p99m", "5s", "chi 234m", "pon 777p")
_RUNS_TW: Final = "234m567m345p678p456s88s"
TAI_EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "eight_flowers": {"variant": "taiwanese", "hand": "111z222z333z555z", "win": "5f",
                      "flowers": "1234678f", "tsumo": True, "seat_wind": "E"},
    "seven_flowers_robbing": {"variant": "taiwanese", "hand": "", "win": "1f",
                              "flowers": "2345678f", "seat_wind": "S"},
    "winning": _tw(*_OPEN_TW),
    "flowers": _tw(*_OPEN_TW, flowers="13f"),
    "no_flowers": _tw("345s678s567p11z", "5s", "chi 234m", "pon 777p"),
    "no_honours": _tw(*_OPEN_TW, flowers="1f"),
    "no_honours_no_flowers": _tw(*_OPEN_TW),
    "half_flush": _tw("123p567p222p888p99p", "8p", "pon 111z"),
    "full_flush": _tw("111s234s567s666s789s55s", "9s"),
    "all_honours": _tw("111z222z333z555z666z77z", "7z", options={"all_honours_tai": 40}),
    "honour_sets": _tw("123p567p222p888p99p", "8p", "pon 444z"),
    "melded_kongs": _tw("123p456p789s345m22s", "2s", "daiminkan 8888m"),
    "concealed_kongs": _tw("123p456p789s345m22s", "2s", "ankan 8888m"),
    "pure_straight": _tw("456s789s555p234m99m", "8s", "chi 123s"),
    "concealed_pure_straight": _tw("123s456s789s555p234m99m", "2s", tsumo=True),
    "two_concealed_triplets": _tw("222m555p345s678s234p77s", "3s"),
    "three_concealed_triplets": _tw("222m555p888s345m678p77s", "3m"),
    "four_concealed_triplets": _tw("222m555p888s111m678p77s", "6p"),
    "five_concealed_triplets": _tw("222m555p888s111m666p77s", "7s"),
    "little_three_winds": _tw("333z777z345m678p11z", "5m", "pon 222z"),
    "big_three_winds": _tw("444z123m456m99p", "9p", "pon 111z", "pon 222z"),
    "little_four_winds": _tw("234p567p44z", "2p", "pon 111z", "pon 222z", "pon 333z"),
    "big_four_winds": _tw("333z777m55m", "5m", "pon 111z", "pon 222z", "ankan 4444z"),
    "little_three_dragons": _tw("111z234m678m55z", "5z", "pon 777z", "pon 666z"),
    "big_three_dragons": _tw("456p345s77s", "7s", "pon 777z", "pon 666z", "pon 555z"),
    "all_runs": _tw("345s678s567p11z", "5s", "chi 234m", "chi 789p"),
    "all_runs_no_honours_no_flowers": _tw(_RUNS_TW, "4s"),
    "all_triplets": _tw("222m555p888s111m666p77s", "7s"),
    "seven_pairs_and_triplet": _tw("1111m22p55p77s99s11z444z", "4z"),
    "concealed_hand": _tw(_RUNS_TW, "4s"),
    "self_drawn": _tw(*_OPEN_TW, tsumo=True),
    "concealed_self_draw": _tw(_RUNS_TW, "4s", tsumo=True),
    "edge_or_closed_wait": _tw(_RUNS_TW, "3m"),
    "single_wait": _tw(_RUNS_TW, "8s"),
    "all_exposed": _tw("33p", "3p", "chi 123m", "pon 999p", "chi 456s", "pon 555z",
                       "chi 789s"),
    "last_tile": _tw(*_OPEN_TW, tsumo=True, haitei=True),
    "last_discard": _tw(*_OPEN_TW, houtei=True),
    "robbing_a_kong": _tw(*_OPEN_TW, chankan=True),
    "replacement_win": _tw("123p456p789s345m22s", "2s", "ankan 8888m", tsumo=True,
                           rinshan=True, options={"replacement_win_tai": 1}),
    "early_win": _tw(*_OPEN_TW, discards_before_win=6),
    "very_early_win": _tw(*_OPEN_TW, discards_before_win=5),
    "ready_declaration": _tw(_RUNS_TW, "4s", declared_ready=True),
    "heavenly_hand": _tw(_RUNS_TW, "4s", tsumo=True, tenhou=True, seat_wind="E"),
    "earthly_hand": _tw(_RUNS_TW, "4s", chiihou=True),
}
"""An example hand (a score request) for every item of the tai table.

The two items worth only what their option says are shown with the option on.
"""


def example_result(item: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """The scorer's answer to an example, checked to hold ``item``.

    Raises:
        ValueError: the example is refused, or scores without ``item``.
    """
    result = score_request({"seat_wind": "S", **request})
    if not result["ok"]:
        raise ValueError(f"the example of {item} is refused: {result['message']}")
    found = [name for name, _ in result.get("yaku", result.get("items", []))]
    if item not in found:
        raise ValueError(f"the example of {item} scores {found}, without {item}")
    return result


def _picture(request: Mapping[str, Any], style: TileStyle) -> str:
    return hand_svg(str(request["hand"]), melds=[_meld_text(m) for m in request.get(
        "melds", [])], drawn=str(request["win"]), style=style, scale=0.8,
        aside=str(request.get("flowers", "")))


def _meld_text(meld: str) -> str:
    kind, tiles = meld.split()
    return f"{kind} {tiles} left" if kind != "ankan" else meld


def _circumstances(request: Mapping[str, Any]) -> str:
    flags = [key.replace("_", " ") for key in (
        "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
        "chankan", "tenhou", "chiihou", "declared_ready") if request.get(key)]
    if "tsumo" not in flags:
        flags.insert(0, "ron")
    flags.append(f"seat {request.get('seat_wind', 'S')}")
    if request.get("flowers"):
        flags.append(f"flowers {request['flowers']}")
    if "discards_before_win" in request:
        flags.append(f"{request['discards_before_win']} discards before the win")
    for key, value in request.get("options", {}).items():
        flags.append(f"option {key} = {value}")
    return ", ".join(flags)


def _riichi_value(result: Mapping[str, Any]) -> str:
    yaku = ", ".join(f"{name} {value}" for name, value in result["yaku"])
    if result["yakuman"]:
        head = f"yakuman x{result['yakuman']}"
    else:
        head = f"{result['han']} han {result['fu']} fu"
    return f"{head}: {yaku}; {result['total']} points"


def _tai_value(result: Mapping[str, Any]) -> str:
    items = ", ".join(f"{name} {value}" for name, value in result["items"])
    return f"{result['tai']} tai: {items}; {result['total']} points"


Writer = Callable[[str, str], str]
"""Writes a picture under a name and returns the path the page refers to it by."""


def _yaku_section(ruleset: str, write: Writer, style: TileStyle) -> list[str]:
    examples: Mapping[str, Mapping[str, Any] | None] = (
        SANMA_EXAMPLES if ruleset == "sanma" else RIICHI_EXAMPLES)
    lines = ["## Yaku", "",
             ("Every yaku of the scorer's table, with the han of a closed and of an open "
             "hand (`-`: closed only), an example hand (the winning tile apart, melds "
             "after it) and what the scorer gives it."), ""]
    for yaku in YAKU.values():
        value = (f"yakuman x{yaku.yakuman}" if yaku.yakuman else
                 f"{yaku.han_closed} han closed, "
                 f"{f'{yaku.han_open} open' if yaku.han_open else 'closed only'}")
        lines += [f"### {yaku.name}", "", f"`{yaku.id}`: {value}.", ""]
        example = examples[yaku.id]
        if example is None:
            lines += ["It cannot occur in sanma, which has no 2m-8m.", ""]
            continue
        result = example_result(yaku.id, example)
        path = write(f"{ruleset}-yaku-{yaku.id}", _picture(example, style))
        lines += [f"![{yaku.name}: {example['hand']} + {example['win']}]({path})", "",
                  f"{_circumstances(example)}: {_riichi_value(result)}.", ""]
    return lines


def _points_section(ruleset: str) -> list[str]:
    options = SanmaOptions() if ruleset == "sanma" else RiichiOptions()
    fus = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    lines = ["## Point tables", "",
             ("From the points formula (base = fu x 2^(han + 2), limits from mangan up; "
             "seeds/000 6.4), without honba: a ron pays the whole, a tsumo is paid by "
             "each other seat (the dealer's share first for a non-dealer)."), ""]
    for dealer in (False, True):
        who = "Dealer" if dealer else "Non-dealer"
        lines += [f"### {who}", "", "| fu | " + " | ".join(f"{h} han" for h in range(1, 5))
                  + " |", "|---|" + "---|" * 4]
        for fu in fus:
            cells = []
            for han in range(1, 5):
                if (fu == 20 and han == 1) or (fu == 25 and han == 1):
                    cells.append("-")
                    continue
                cells.append(_cell(han, fu, options, dealer=dealer))
            lines.append(f"| {fu} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["### Limits", "", "| han | limit | non-dealer | dealer |", "|---|---|---|---|"]
    for han, name in ((5, "mangan"), (6, "haneman"), (8, "baiman"), (11, "sanbaiman"),
                      (13, "kazoe yakuman")):
        lines.append(f"| {han}+ | {name} | {_cell(han, 30, options, dealer=False)} | "
                     f"{_cell(han, 30, options, dealer=True)} |")
    lines.append("")
    return lines


def _cell(han: int, fu: int, options: RiichiOptions, *, dealer: bool) -> str:
    base, _ = base_points(han, fu, 0, options)
    ron = payments(base, dealer=dealer, tsumo=False, honba=0, options=options)["discarder"]
    tsumo = payments(base, dealer=dealer, tsumo=True, honba=0, options=options)
    shares = (f"{tsumo['non_dealer']} all" if dealer else
              f"{tsumo['non_dealer']}/{tsumo['dealer']}")
    return f"{ron} ({shares})"


def _furiten_section(ruleset: str, write: Writer, style: TileStyle) -> list[str]:
    hand = "23m456p789s55z" + ("678s" if ruleset != "sanma" else "678p")
    if ruleset == "sanma":
        hand = "23p456p789s55z678s"
    waits = format_kinds(kernel.waits(parse_counts(hand)).nonzero()[0])
    first, second = waits[0] + waits[-1], waits[1] + waits[-1]
    river = f"1z9p{second}4s"
    write_hand = write(f"{ruleset}-furiten-hand", hand_svg(hand, style=style, scale=0.8))
    write_river = write(f"{ruleset}-furiten-river", hand_svg(river, style=style, scale=0.8))
    return [
        "## Furiten", "",
        f"This hand waits on {first} and {second} (the kernel's waits: `{waits}`):", "",
        f"![a hand waiting on {first} and {second}]({write_hand})", "",
        f"Its own river holds {second}:", "",
        f"![the river with {second}]({write_river})", "",
        (f"So the hand is **furiten**: it may not win by ron on any of its waits, not even "
        f"on {first}, which it never discarded; it may still win by tsumo (seeds/000 5.5)."),
        "",
        ("- **Discard furiten**: a wait in your own river, as above, lasts while it is "
        "there."),
        ("- **Temporary furiten**: passing a winning tile another seat discarded (even "
        "without a yaku) forbids ron until your own next draw or call."),
        ("- **Riichi furiten**: after riichi, passing a winning tile forbids ron for the "
        "rest of the hand."), "",
        "How the reducer applies these: [the game reducer](../reducer.md).", "",
    ]


def _tai_section(write: Writer, style: TileStyle) -> list[str]:
    lines = ["## Tai items", "",
             ("Every item of the tai table with its tai under the recommended table, an "
             "example hand (the winning tile apart, melds after it) and its full score."),
             ""]
    for record in TAI_TABLE:
        example = TAI_EXAMPLES[record.id]
        value = f"{record.tai} tai" if record.tai else "worth its option (0: no item)"
        lines += [f"### {record.name}", "", f"`{record.id}` ({record.code}): {value}.", ""]
        result = example_result(record.id, example)
        if example["hand"]:
            path = write(f"taiwanese-tai-{record.id}", _picture(example, style))
            lines += [f"![{record.name}: {example['hand']} + {example['win']}]({path})", ""]
        lines += [f"{_circumstances(example)}: {_tai_value(result)}.", ""]
    lines += ["## Payments", "",
              ("One point per tai, no dealer multiple, nothing on a draw: a ron is paid by "
              "the discarder alone, a tsumo by each of the three others."), "",
              "| tai | ron | tsumo |", "|---|---|---|"]
    lines += [f"| {tai} | {tai} | {tai} each, {3 * tai} in all |" for tai in (3, 5, 10, 20)]
    lines += ["", "## Furiten", "",
              ("Taiwanese has no furiten (seeds/003): a hand may win by ron on a tile it "
              "discarded."), ""]
    return lines


def rules_view(ruleset: str, write: Writer, *, style: TileStyle | None = None) -> str:
    """The rules view page of ``ruleset`` (``riichi``, ``sanma`` or ``taiwanese``) as Markdown.

    ``write(name, svg)`` stores each picture and returns the path the page shows it by.

    Raises:
        ValueError: an unknown ruleset, or an example the scorer does not score as its
            item.
    """
    style = style or TileStyle()
    titles = {"riichi": "Riichi", "sanma": "Sanma", "taiwanese": "Taiwanese"}
    if ruleset not in titles:
        raise ValueError(f"no rules view for {ruleset!r}")
    lines = ["Glossary of the terms: [the glossary](../glossary.md).", ""]
    if ruleset == "taiwanese":
        lines += _tai_section(write, style)
    else:
        lines += _yaku_section(ruleset, write, style)
        lines += _points_section(ruleset)
        lines += _furiten_section(ruleset, write, style)
    return "\n".join(lines)


def write_into(folder: Path, prefix: str) -> Writer:
    """A :data:`Writer` that saves ``name.svg`` in ``folder``.

    The page refers to each picture as ``prefix + name.svg``.
    """
    folder.mkdir(parents=True, exist_ok=True)

    def write(name: str, svg: str) -> str:
        (folder / f"{name}.svg").write_text(svg, encoding="utf-8")
        return f"{prefix}{name}.svg"

    return write
