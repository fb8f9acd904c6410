"""mjai tile strings (``pai``): ``"1m"``, ``"5mr"`` (a red five), ``"E"`` .. ``"C"``."""

from __future__ import annotations

from mahjong_rules.notation._kinds import RED_KINDS, Spec

_HONORS = "ESWNPFC"


def pai_spec(pai: object) -> Spec | None:
    """An mjai tile string as (kind, red), ``None`` when it is not one.

    One look-up in the table of every tile string (:func:`pai_spec_readable` builds it,
    and ``tests/test_notation_fast.py`` compares the two on every short string).

    >>> pai_spec("1m"), pai_spec("5pr"), pai_spec("C"), pai_spec("?")
    ((0, False), (13, True), (33, False), None)
    """
    if not isinstance(pai, str):
        return None
    return _PAI_SPECS.get(pai)


def pai_spec_readable(pai: object) -> Spec | None:
    """:func:`pai_spec` character by character (the readable twin of its table).

    >>> pai_spec_readable("5mr"), pai_spec_readable("5m r")
    ((4, True), None)
    """
    if not isinstance(pai, str):
        return None
    if len(pai) == 1 and pai in _HONORS:
        return 27 + _HONORS.index(pai), False
    if len(pai) in {2, 3} and pai[0] in "123456789" and pai[1] in "mps":
        kind = "mps".index(pai[1]) * 9 + int(pai[0]) - 1
        if len(pai) == 3:
            return (kind, True) if pai[2] == "r" and kind in RED_KINDS else None
        return kind, False
    return None


def _tile_strings() -> dict[str, Spec]:
    table: dict[str, Spec] = {}
    for text in [*_HONORS, *(f"{n}{suit}{red}" for n in "123456789" for suit in "mps"
                             for red in ("", "r"))]:
        spec = pai_spec_readable(text)
        if spec is not None:
            table[text] = spec
    return table


_PAI_SPECS = _tile_strings()


def spec_pai(spec: Spec) -> str:
    """The mjai string of (kind, red).

    >>> spec_pai((4, True)), spec_pai((31, False))
    ('5mr', 'P')
    """
    kind, red = spec
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"
