"""The package's shape, as a maintainer can check it: public objects live in public modules, and
the modules import each other without cycles."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import iconfind

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "iconfind"


def test_no_public_name_lives_in_a_private_module() -> None:
    """Users see ``iconfind.errors.SnapshotError`` in tracebacks, not ``iconfind.errors``."""
    private = {}
    for name in iconfind.__all__:
        obj = getattr(iconfind, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        module = obj.__module__
        if any(part.startswith("_") for part in module.split(".")):
            private[name] = module
    assert private == {}


def _is_private(module: str) -> bool:
    return any(part.startswith("_") for part in module.split("."))


def _public_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(iconfind.__path__, "iconfind."):
        if not _is_private(info.name.removeprefix("iconfind.")):
            names.append(info.name)
    return names


def _importable(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:  # a platform backend (macOS, Windows) or an extra that is not installed
        return None


def _callables(obj: object) -> Iterator[Callable[..., object]]:
    """A public function, or a public class's ``__init__`` and public methods."""
    if inspect.isfunction(obj):
        yield obj
    elif inspect.isclass(obj):
        yield obj.__init__
        yield from (
            value
            for key, value in vars(obj).items()
            if inspect.isfunction(value) and not key.startswith("_")
        )


def test_no_public_module_publishes_a_name_from_a_private_module() -> None:
    """The same in every public module's ``__all__`` (``iconfind.deadline.Deadline`` is shown as
    such, though its code lives in ``iconfind._deadline``), and no public function or method
    names a private module's type in its signature (what ``help()`` and an IDE show)."""
    private: dict[str, str] = {}
    read = 0
    for name in _public_modules():
        module = _importable(name)
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if _is_private(obj.__module__):
                private[f"{name}.{attr}"] = obj.__module__
            for function in _callables(obj):
                try:
                    hints = typing.get_type_hints(function)
                except Exception:  # a hint only a type checker resolves (TYPE_CHECKING import)
                    continue
                read += 1
                private.update(
                    (f"{name}.{attr}: {function.__qualname__}", repr(hint))
                    for hint in hints.values()
                    if "iconfind._" in repr(hint)
                )
    assert private == {}
    assert read > 100, "the signatures were read"


def test_every_name_in_all_exists() -> None:
    assert sorted(iconfind.__all__) == sorted(set(iconfind.__all__))
    for name in iconfind.__all__:
        assert hasattr(iconfind, name), name


# -- the import graph ---------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str) -> set[str]:
    """The iconfind modules ``module`` imports at run time, at any depth of its code (imports
    inside functions count: they are dependencies too; ``if TYPE_CHECKING:`` ones do not)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str | None] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if _is_type_checking(node.test):
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(_resolve(a.name) for a in node.names if a.name.startswith("iconfind"))

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            if not name.startswith("iconfind"):
                return
            for alias in node.names:
                submodule = f"{name}.{alias.name}"
                found.add(submodule if submodule in MODULES else _resolve(name))

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    found.discard(None)
    found.discard(module)
    return {m for m in found if m is not None}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_lazy_imports() -> None:
    assert "iconfind.wire" in imports_of("iconfind.models"), "to_dict's lazy import counts"


def test_the_import_graph_has_no_cycle() -> None:
    """Module-level and function-level imports alike (a lazy import hides a cycle, it does not
    remove it). Package ``__init__`` files that re-export their modules are edges like any other.
    """
    graph = {module: imports_of(module) for module in MODULES}
    assert cycles(graph) == []


# -- nothing points outside the repository ----------------------------------------------------

# The design notes and the interface contract the project started from are not in the
# repository: code, docs, help texts and tests cite docs/contract.md and docs/*.md instead.
OUTSIDE = re.compile(
    r"CONTRACT\.md|STYLE\.md|\b[Ss]eeds?/|\.\./shared|/work/|\b[Tt]he seed\b|\b[Ss]eed's|"
    r"[Ss]eed section|desktop-accessibility-learner"
)
TEXT_SUFFIXES = {".py", ".md", ".toml", ".ipynb", ".cfg", ".txt", ".yml", ".yaml", ".sh", ""}
SEARCHED = ["iconfind", "docs", "examples", "bench", "tools", "tests", ".ci"]
INSTALLED = {"node_modules", "__pycache__", ".venv", ".nox", ".pytest_cache", ".mypy_cache"}


def _text_files() -> Iterator[Path]:
    yield from (ROOT / name for name in ("README.md", "pyproject.toml", "noxfile.py"))
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if INSTALLED.intersection(path.relative_to(ROOT).parts):
                continue  # installed by .ci/run or a developer, not part of the repository
            if relative.startswith(("tests/corpus/snapshots/", "tests/data/")):
                continue  # recorded dumps: data, not prose
            if path.is_file() and path.suffix in TEXT_SUFFIXES and path != Path(__file__):
                yield path


def test_nothing_cites_a_file_that_is_not_in_the_repository() -> None:
    found = []
    files = list(_text_files())
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in OUTSIDE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {match.group()}")
    assert found == []
    assert len(files) > 250, "the walk found the sources and docs"


def _docstrings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        name = getattr(node, "name", "")
        if name.startswith("_") and not name.endswith("__"):
            continue  # a private helper's docstring is for maintainers
        doc = ast.get_docstring(node)
        if doc:
            yield doc


def test_docs_and_public_docstrings_name_no_private_module() -> None:
    """What ``help()`` and the docs show names public modules only (``iconfind.deadline``, not
    ``iconfind._deadline``): a private module can change without notice."""
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        found += [f"{path.name}: {m}" for m in re.findall(r"iconfind\._\w+", path.read_text())]
    for module, path in MODULES.items():
        if _is_private(module.removeprefix("iconfind.")):
            continue
        for doc in _docstrings(path):
            found += [f"{module}: {m}" for m in re.findall(r"iconfind\._\w+", doc)]
    assert not found, found
