"""The type stubs describe the module as it is, and the examples in the
docstrings run."""

import ast
import doctest
from pathlib import Path

import pytest

import iriscan
from iriscan import _iriscan

STUB = Path(iriscan.__file__).with_name("_iriscan.pyi")


def stub_tree() -> dict:
    """{name: set of member names (empty for functions)} from the stub."""
    found = {}
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("__"):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            found[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            found[node.name] = set()
    return found


def test_stub_names_every_public_name_of_the_module():
    runtime = {n for n in dir(_iriscan) if not n.startswith("_")}
    assert set(stub_tree()) == runtime
    assert set(iriscan.__all__) == runtime


@pytest.mark.parametrize("name", ["Finder", "Link", "Iri", "IriError"])
def test_stub_names_every_public_member_of_each_class(name):
    cls = getattr(_iriscan, name)
    runtime = {n for n in vars(cls) if not n.startswith("_")}
    if name == "IriError":
        # Set on each instance when raised.
        err = pytest.raises(iriscan.IriError, iriscan.to_uri, "a b").value
        runtime = {n for n in vars(err) if not n.startswith("_")}
    assert stub_tree()[name] == runtime


@pytest.mark.parametrize(
    "obj",
    [iriscan, iriscan.Finder, iriscan.Iri, iriscan.to_uri, iriscan.to_iri, iriscan.linkify_html],
    ids=lambda o: getattr(o, "__name__", str(o)),
)
def test_docstring_examples_run(obj):
    assert ">>>" in obj.__doc__
    globs = {n: getattr(iriscan, n) for n in iriscan.__all__}
    globs["iriscan"] = iriscan
    tests = doctest.DocTestFinder(recurse=False).find(obj, obj.__name__, globs=globs)
    runner = doctest.DocTestRunner()
    for t in tests:
        runner.run(t)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0
