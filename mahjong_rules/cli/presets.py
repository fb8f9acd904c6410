"""The ``presets`` command: every named preset, its one-line description and its values.

.. versionadded:: 0.3
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from mahjong_rules.options import RiichiOptions, SanmaOptions, TaiwaneseOptions

_CLASSES: dict[str, type[RiichiOptions | TaiwaneseOptions]] = {
    "riichi": RiichiOptions, "sanma": SanmaOptions, "taiwanese": TaiwaneseOptions}


def describe(variant: str, name: str) -> str:
    """The first line of a preset's docstring: what it is and its source.

    Examples:
        >>> describe("riichi", "rmu")
        'The RMU A rules (rmu.jp/rule, official).'
    """
    doc = getattr(_CLASSES[variant], name).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def list_presets(variant: str | None = None) -> list[dict[str, Any]]:
    """Every preset of one variant (or of all three): name, description, option values.

    ``options`` holds every field (``to_dict`` form); ``changes`` only those that
    differ from the variant's defaults.

    Examples:
        >>> entry = next(p for p in list_presets("riichi") if p["name"] == "wrc")
        >>> entry["changes"]["uma"], entry["options"]["red_fives"]
        ([15, 5, -5, -15], 3)
    """
    out = []
    for key, cls in _CLASSES.items():
        if variant is not None and key != variant:
            continue
        defaults = cls().to_dict()
        for name in cls.preset_names():
            values = cls.preset(name).to_dict()
            out.append({"variant": key, "name": name, "description": describe(key, name),
                        "options": values,
                        "changes": {k: v for k, v in values.items() if defaults[k] != v}})
    return out


def format_text(entries: list[dict[str, Any]]) -> str:
    """One block per preset: ``variant name: description``, then its changes."""
    lines = []
    for entry in entries:
        lines.append(f"{entry['variant']} {entry['name']}: {entry['description']}")
        changes = entry["changes"]
        if not changes:
            lines.append("  (the defaults)")
        lines.extend(f"  {k} = {json.dumps(v, ensure_ascii=False)}" for k, v in changes.items())
    return "\n".join(lines)


def _presets_command(args: argparse.Namespace) -> int:
    entries = list_presets(args.variant)
    print(json.dumps(entries, ensure_ascii=False) if args.json else format_text(entries))
    return 0


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command on ``python -m mahjong_rules``."""
    presets = commands.add_parser("presets", help="the named rule presets and their values")
    presets.add_argument("--variant", choices=sorted(_CLASSES), default=None,
                         help="one variant's presets (default: all)")
    presets.add_argument("--json", action="store_true",
                         help="one JSON list: every preset with all its option values")
    presets.set_defaults(handler=_presets_command)
