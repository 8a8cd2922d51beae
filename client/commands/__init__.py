"""Subcommands of ``runetide`` / ``python -m client``, one module each.

The contract: a module here exposes ``register(subparsers)``, which calls
``subparsers.add_parser(NAME, help=...)``, adds its arguments and sets
``func=<callable(args: argparse.Namespace) -> int>`` with ``set_defaults``. The
module is found by :func:`client.__main__.command_modules`; nothing else to edit.
Import heavy things (pygame, pytmx) inside ``func``, so ``--help`` stays fast.
"""
