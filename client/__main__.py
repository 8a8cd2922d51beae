"""Command line entry point: ``python -m client [COMMAND] ...`` (also the ``runetide`` script).

Subcommands are discovered from the modules of :mod:`client.commands`; each one exposes
``register(subparsers)``. With no command (or only options) the default is ``play``;
``--version`` prints the installed version.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from client import commands
from rules.core.toml_reader import CatalogError

DEFAULT_COMMAND = "play"
OWN_OPTIONS = ("-h", "--help", "--version")  # options of ``runetide`` itself, not of ``play``


def installed_version() -> str:
    """The version of the installed runetide distribution ("unknown" when run from an uninstalled copy)."""
    try:
        return importlib.metadata.version("runetide")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def command_modules() -> list[ModuleType]:
    """Every module in client.commands that has a ``register`` function, by name."""
    found = []
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if callable(getattr(module, "register", None)):
            found.append(module)
    return found


def build_parser() -> argparse.ArgumentParser:
    """The ``runetide`` parser with one subparser per command module."""
    parser = argparse.ArgumentParser(prog="runetide", description="Runetide, a 2D tactics game.")
    parser.add_argument("--version", action="version", version=f"runetide {installed_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules():
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: sys.argv[1:]), run the chosen command and return its exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0].startswith("-") and words[0] not in OWN_OPTIONS):
        words.insert(0, DEFAULT_COMMAND)
    args = build_parser().parse_args(words)
    try:
        return int(args.func(args) or 0)
    except CatalogError as exc:  # a designer's data file: say what is wrong in it, not a traceback
        print(f"runetide: the game's data is broken: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
