"""A package's exported name never shares its name with one of its modules: a package that loads
what it exports lazily (``lazy_exports``) would, once that module is imported on its own, have the
module import set the package's attribute to the module, and ``from vantage.engine.session import
apply`` hand out a module instead of the function — depending on which test or window imported
what first."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys

import vantage.engine


def _packages() -> list[str]:
    found = ["vantage.engine"]
    found += [info.name for info in pkgutil.walk_packages(vantage.engine.__path__, "vantage.engine.")
              if info.ispkg]
    return found


def test_no_exported_name_is_also_a_module_of_its_package():
    clashes = []
    for name in _packages():
        package = importlib.import_module(name)
        modules = {info.name for info in pkgutil.iter_modules(package.__path__)}
        clashes += [f"{name}.{shared}" for shared in sorted(set(getattr(package, "__all__", ())) & modules)]
    assert clashes == []


def test_apply_is_the_function_whatever_was_imported_first():
    # in a fresh interpreter: the module that holds ``apply`` imported on its own first
    code = ("import inspect, vantage.engine.session.applying\n"
            "from vantage.engine.session import apply, apply_all\n"
            "assert inspect.isfunction(apply) and inspect.isfunction(apply_all), (apply, apply_all)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    from vantage.engine.session import apply

    assert inspect.isfunction(apply)
