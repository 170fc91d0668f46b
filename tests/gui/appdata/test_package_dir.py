"""The bundled folders are found beside the package's ``__file__`` (gui/appdata/resources.py): the
same folder ``importlib.resources.files("vantage")`` names, without loading ``importlib.resources``
at start (issue 32, "window complete")."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import files
from pathlib import Path

from vantage.gui.appdata.resources import install_roots, package_dir, resource_dir


def test_the_package_folder_is_the_one_importlib_resources_names() -> None:
    assert package_dir() == Path(str(files("vantage")))
    assert resource_dir("maps") == Path(str(files("vantage"))) / "maps"
    assert install_roots()[0] == Path(str(files("vantage"))).resolve()


def test_the_window_module_and_the_samples_list_do_not_load_importlib_resources() -> None:
    """(In a fresh process: pytest itself loads it, and so does ``importlib.abc``.)"""
    child = ("import sys\nimport vantage.gui.gm.launch\nfrom vantage.gui.appdata.resources import "
             "sample_encounters\nassert sample_encounters()\nprint('importlib.resources' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
