"""House rules that hold across the tree: rules/ stays pure, and every module says what it owns.

rules/ must never import pygame, pygame_gui, pytmx or the client, so the mechanics run and
test without a screen. Checked two ways: by importing everything in a fresh interpreter,
and by reading every file's imports (which also sees imports inside functions).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("pygame", "pygame_gui", "pytmx", "client")

IMPORT_ALL_RULES = f"""
import importlib, json, pkgutil, sys
import rules
names = ["rules"]
for info in pkgutil.walk_packages(rules.__path__, "rules."):
    importlib.import_module(info.name)
    names.append(info.name)
forbidden = {FORBIDDEN!r}
leaked = sorted(n for n in sys.modules if n.split(".")[0] in forbidden)
print(json.dumps({{"imported": names, "leaked": leaked}}))
"""


def python_files(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def imported_roots(tree: ast.AST) -> set[str]:
    """Top-level package names imported by ``import``, ``from ... import`` or import_module("...")."""
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                roots.add(node.args[0].value.split(".")[0])
    return roots


def test_importing_every_rules_module_loads_no_client_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_RULES], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(result["imported"]) >= 2, result
    assert result["leaked"] == [], f"importing rules loaded {result['leaked']}"


@pytest.mark.parametrize("path", python_files("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_files_import_no_client_library(path: Path) -> None:
    roots = imported_roots(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    assert not roots & set(FORBIDDEN), f"{path.relative_to(ROOT)} imports {sorted(roots & set(FORBIDDEN))}"


@pytest.mark.parametrize(
    "path", python_files("rules") + python_files("client"), ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_module_has_a_docstring(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    docstring = ast.get_docstring(tree)
    assert docstring and docstring.strip(), f"{path.relative_to(ROOT)} has no module docstring"
