"""What the bundle keeps and leaves out (packaging/bundle_plan.py), checked without building.

Issue 7: "Excludes what Vantage does not use (scipy, pandas, matplotlib, the other Qt bindings,
unused Qt modules) so the bundle stays small", "with maps/ and assets/ bundled".
"""

from __future__ import annotations

import sys
from pathlib import Path

import bundle_plan
import PySide6
import pytest
from bundle_plan import keep_entry, keep_toc_entry, prune_orphan_libraries


def test_heavy_stacks_and_other_qt_bindings_are_excluded():
    for name in ("scipy", "pandas", "matplotlib", "PyQt5", "PyQt6", "PySide2", "tkinter"):
        assert name in bundle_plan.EXCLUDES


def test_the_qt_modules_vantage_uses_are_never_excluded():
    assert not set(bundle_plan.QT_MODULES_USED) & set(bundle_plan.EXCLUDES)


def test_every_other_qt_module_of_the_installed_pyside6_is_excluded():
    pyside_dir = Path(PySide6.__file__).parent
    installed = {f"PySide6.{path.name.split('.')[0]}" for path in pyside_dir.glob("Qt*.pyi")}
    excludes = bundle_plan.excludes_for(pyside_dir)
    assert installed - set(bundle_plan.QT_MODULES_USED) <= set(excludes)
    assert not set(bundle_plan.QT_MODULES_USED) & set(excludes)
    assert len(excludes) == len(set(excludes))


def test_modules_a_newer_pyside6_brings_are_excluded_too(tmp_path):
    for name in ("QtCore.abi3.so", "QtWidgets.pyi", "QtHoloDeck.abi3.so", "QtHoloDeck.pyi"):
        (tmp_path / name).write_text("")
    (tmp_path / "Qt").mkdir()  # Qt's own libraries and plugins: a folder, not a module
    excludes = bundle_plan.excludes_for(tmp_path)
    assert excludes.count("PySide6.QtHoloDeck") == 1
    assert "PySide6.Qt" not in excludes
    assert "PySide6.QtCore" not in excludes and "PySide6.QtWidgets" not in excludes


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/translations/qtbase_fr.qm",  # Windows wheel layout
        "PySide6/Qt/qml/QtQuick/Controls/qmldir",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/wayland-graphics-integration-client/libqt-plugin-wayland-egl.so",
        "PySide6/Qt/lib/libQt6Network.so.6",
        "PySide6/Qt/lib/libQt6QuickControls2.so.6",
        "PySide6/Qt6Qml.dll",
        "PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
        "libfontconfig.so.1",
        "libdbus-1.so.3",
    ],
)
def test_unused_qt_parts_and_host_libraries_are_dropped(dest):
    assert not keep_entry(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libicudata.so.73",
        "PySide6/Qt6Gui.dll",
        "PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/imageformats/libqwebp.so",
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "PySide6/QtWidgets.abi3.so",
        "maps/01-ruined-courtyard.json",
        "numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so",
        "shapely.libs/libgeos.so",
        "subfolder/libfontconfig.so.1",  # only top-level copies are host libraries
    ],
)
def test_what_vantage_needs_is_kept(dest):
    assert keep_entry(dest)


def test_windows_paths_are_read_like_posix_paths():
    assert not keep_entry("PySide6\\translations\\qtbase_de.qm")
    assert keep_entry("PySide6\\plugins\\platforms\\qwindows.dll")


def test_a_top_level_link_goes_with_the_library_it_points_to():
    assert not keep_toc_entry(("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"))
    assert keep_toc_entry(("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"))


def test_pruning_keeps_what_kept_binaries_need_directly_or_through_others():
    entries = [
        ("PySide6/QtGui.abi3.so", "/src/QtGui.abi3.so", "EXTENSION"),
        ("libpython3.11.so.1.0", "/src/libpython", "BINARY"),
        ("libglib-2.0.so.0", "/src/glib", "BINARY"),
        ("libpcre2-8.so.0", "/src/pcre", "BINARY"),
        ("libz.so.1", "/src/z", "BINARY"),
        ("libcairo.so.2", "/src/cairo", "BINARY"),  # needed only by a dropped GTK plugin
        ("maps/a.json", "/src/a.json", "DATA"),
    ]
    needs = {
        "/src/QtGui.abi3.so": ["libglib-2.0.so.0", "libc.so.6"],
        "/src/glib": ["libpcre2-8.so.0"],
        "/src/libpython": ["libz.so.1"],
    }
    kept, dropped = prune_orphan_libraries(entries, lambda source: needs.get(source, []))
    assert dropped == ["libcairo.so.2"]
    assert [entry[0] for entry in kept] == [entry[0] for entry in entries if entry[0] != "libcairo.so.2"]


def test_pruning_follows_library_names_given_as_paths():
    entries = [
        ("ext.so", "/src/ext.so", "EXTENSION"),
        ("libfoo.so.1", "/src/foo", "BINARY"),
    ]
    kept, dropped = prune_orphan_libraries(
        entries, lambda source: ["@rpath/libfoo.so.1"] if source == "/src/ext.so" else []
    )
    assert dropped == []
    assert kept == entries


def test_data_files_bundle_data_but_not_tools_placeholders_or_caches(tmp_path):
    (tmp_path / "maps" / "__pycache__").mkdir(parents=True)
    (tmp_path / "assets" / "icons").mkdir(parents=True)
    for name in (
        "maps/01-a.json",
        "maps/build_samples.py",
        "maps/__pycache__/x.pyc",
        "maps/.keep",
        "assets/icons/vantage.png",
        "assets/.keep",
    ):
        (tmp_path / name).write_text("x")
    assert bundle_plan.data_files(tmp_path) == [
        (str(tmp_path / "maps" / "01-a.json"), "vantage/maps"),
        (str(tmp_path / "assets" / "icons" / "vantage.png"), "vantage/assets/icons"),
    ]


def test_the_checkout_bundles_the_sample_encounters_and_the_icon():
    root = Path(bundle_plan.__file__).resolve().parent.parent
    destinations = {Path(source).name: dest for source, dest in bundle_plan.data_files(root)}
    assert destinations["vantage.png"] == "vantage/assets/icons"
    assert any(dest == "vantage/maps" and name.endswith(".json") for name, dest in destinations.items())


def test_a_kept_plugin_that_needs_a_dropped_qt_library_is_reported():
    entries = [
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/gui", "BINARY"),
        ("PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so", "/src/adwaita", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/xcb", "BINARY"),
    ]
    needs = {
        "/src/adwaita": ["libQt6Svg.so.6", "libQt6Gui.so.6", "libc.so.6"],
        "/src/xcb": ["libQt6Gui.so.6", "libxcb.so.1"],
    }
    problems = bundle_plan.missing_qt_libraries(entries, lambda source: needs.get(source, []))
    assert problems == [
        "PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so needs libQt6Svg.so.6, "
        "which the bundle leaves out"
    ]


@pytest.mark.parametrize(
    ("dest", "strip"),
    [
        ("libpython3.11.so.1.0", True),
        ("python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", True),
        ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", False),  # breaks when stripped
        ("libscipy_openblas64_-32a4b2a6.so", False),
        ("PySide6/Qt/lib/libQt6Core.so.6", True),
        ("PySide6/QtWidgets.abi3.so", True),
        ("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so", False),
        ("shapely.libs/libgeos.so", False),
    ],
)
def test_only_the_python_runtime_and_qt_are_stripped(dest, strip):
    assert bundle_plan.strip_on_linux(dest) is strip


def test_what_the_installed_numpy_imports_is_never_excluded():
    """Issue 34: "A bundle built against numpy 1.x fails at start (`cannot import name
    'polynomial'`): `pyproject.toml` allows `numpy>=1.24`, but `bundle_plan.py` leaves out
    `numpy.polynomial`, which numpy 1.x imports eagerly." For the numpy (shapely, networkx) this
    build uses, every module their import loads stays in the bundle."""
    eager = bundle_plan.eagerly_imported(sys.executable)
    assert "numpy" in eager and "numpy.linalg" in eager and "shapely" in eager and "networkx" in eager
    assert not any(name.split(".")[0] not in bundle_plan.LIBRARIES_IMPORTED for name in eager)
    excludes = bundle_plan.excludes_for(Path(PySide6.__file__).parent, eager)
    left_out = sorted(m for m in eager for name in excludes if bundle_plan.is_excluded_by(m, name))
    assert left_out == []


def test_a_numpy_1x_that_imports_polynomial_and_random_keeps_them():
    """numpy 1.26's ``import numpy`` loads numpy.polynomial and numpy.random (and their
    submodules); the plan keeps both and still leaves out what numpy does not load."""
    numpy_1x = {"numpy", "numpy.polynomial", "numpy.polynomial.polynomial", "numpy.random",
                "numpy.random.mtrand"}
    excludes = bundle_plan.excludes_for(None, numpy_1x)
    assert "numpy.polynomial" not in excludes and "numpy.random" not in excludes
    assert {"numpy.f2py", "numpy.testing", "numpy.typing", "scipy", "_hashlib"} <= set(excludes)
    assert bundle_plan.kept_for_eager_imports(numpy_1x) == ["numpy.random", "numpy.polynomial"]
    # numpy 2 imports neither: both stay out, as before.
    numpy_2 = {"numpy", "numpy.linalg"}
    assert {"numpy.polynomial", "numpy.random"} <= set(bundle_plan.excludes_for(None, numpy_2))


def test_excluding_a_package_leaves_out_its_submodules_only():
    assert bundle_plan.is_excluded_by("numpy.polynomial.hermite", "numpy.polynomial")
    assert bundle_plan.is_excluded_by("numpy.polynomial", "numpy.polynomial")
    assert not bundle_plan.is_excluded_by("numpy.polynomialish", "numpy.polynomial")
    assert not bundle_plan.is_excluded_by("numpy", "numpy.polynomial")


def test_the_spec_hands_the_eager_imports_to_pyinstaller():
    spec = (Path(bundle_plan.__file__).parent / "vantage.spec").read_text(encoding="utf-8")
    assert "eager = bundle_plan.eagerly_imported(sys.executable)" in spec
    assert "excludes=bundle_plan.excludes_for(Path(PySide6.__file__).parent, eager)" in spec
