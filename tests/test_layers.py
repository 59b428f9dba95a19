"""Layering: the library has no import circles, and the protocol imports nothing above it.

Every import counts, also those inside functions, so a circle cannot hide in a lazy import.
"""

from __future__ import annotations

import ast
import pathlib

import networkx as nx

ROOT = pathlib.Path(__file__).resolve().parents[1]


def import_graph(package: str = "solvers") -> nx.DiGraph:
    """Module -> imported module, for every module of ``package``."""
    modules = {}
    for path in (ROOT / package).rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph.add_edge(name, target)
    return graph


def test_the_library_has_no_import_circles():
    circles = [sorted(c) for c in nx.strongly_connected_components(import_graph()) if len(c) > 1]
    assert not circles, f"import circles: {circles}"


def test_the_protocol_imports_nothing_above_it():
    graph = import_graph()
    allowed = {"solvers", "solvers.cards", "solvers.errors"}
    for module in ("solvers.game", "solvers.cards", "solvers.errors"):
        assert set(graph.successors(module)) <= allowed, f"{module} imports {sorted(graph.successors(module))}"


def test_no_game_rules_module_imports_a_bot_or_a_search():
    graph = import_graph()
    policies = {n for n in graph if n.endswith("_bot") or n.endswith("_play") or n.startswith(
        ("solvers.pimc", "solvers.ismcts", "solvers.bots"))}
    for rules in ("solvers.games.whist", "solvers.games.teka", "solvers.games.twentyfour",
                  "solvers.games.klondike", "solvers.games.forty_thieves", "solvers.games.patience_common"):
        reached = nx.descendants(graph, rules)
        assert not reached & policies, f"{rules} reaches {sorted(reached & policies)}"
