"""What goes into the Vantage bundle and what stays out: the one list that the spec and the tests share.

The spec (``vantage.spec``) imports this module, hands the exclusion lists to PyInstaller's
Analysis, then passes the collected binaries and data files through :func:`keep_entry`. Keeping
the rules here, as plain data and a pure function, lets the tests check them without a build.

Vantage uses Qt's Core, Gui and Widgets only; PySide6-Essentials also carries QML, Quick,
Network, Designer, PDF and more, and PyInstaller's hooks collect plugins and translations for
whatever is imported. Everything below is what Vantage does not use.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

APP_NAME = "vantage"
"""Name of the executable and of the one-folder bundle (``dist/vantage/vantage``)."""

MAC_BUNDLE_NAME = "Vantage.app"
MAC_BUNDLE_IDENTIFIER = "org.vantage.battlemap"

DATA_PACKAGES = ("maps", "assets")
"""Folders of the checkout bundled as data, found at run time by ``vantage.gui.appdata.resources``."""

DATA_SKIPPED_SUFFIXES = frozenset({".py", ".pyc"})
"""Files in the data folders that are tools, not data (``maps/build_samples.py``); dot files
(``.keep`` placeholders) are skipped too."""

PACKAGE = "vantage"
"""The one installed package: the checkout itself (``engine/`` is ``vantage.engine``)."""

PACKAGE_FILES = ("__init__.py", "py.typed")
"""Files at the top of the checkout that belong to the package."""

CODE_PACKAGES = ("engine", "gui")
"""Vantage's own code folders; every submodule of ``vantage`` is collected (subcommands are imported
by name)."""

QT_MODULES_USED = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")

QT_MODULES_EXCLUDED = (
    "PySide6.Qt3DAnimation",
    "PySide6.Qt3DCore",
    "PySide6.Qt3DExtras",
    "PySide6.Qt3DInput",
    "PySide6.Qt3DLogic",
    "PySide6.Qt3DRender",
    "PySide6.QtBluetooth",
    "PySide6.QtCharts",
    "PySide6.QtConcurrent",
    "PySide6.QtDataVisualization",
    "PySide6.QtDBus",
    "PySide6.QtDesigner",
    "PySide6.QtGraphs",
    "PySide6.QtHelp",
    "PySide6.QtHttpServer",
    "PySide6.QtLocation",
    "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets",
    "PySide6.QtNetwork",
    "PySide6.QtNetworkAuth",
    "PySide6.QtNfc",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtPositioning",
    "PySide6.QtPrintSupport",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuick3D",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickTest",
    "PySide6.QtQuickWidgets",
    "PySide6.QtRemoteObjects",
    "PySide6.QtScxml",
    "PySide6.QtSensors",
    "PySide6.QtSerialBus",
    "PySide6.QtSerialPort",
    "PySide6.QtSpatialAudio",
    "PySide6.QtSql",
    "PySide6.QtStateMachine",
    "PySide6.QtSvg",
    "PySide6.QtSvgWidgets",
    "PySide6.QtTest",
    "PySide6.QtTextToSpeech",
    "PySide6.QtUiTools",
    "PySide6.QtWebChannel",
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineQuick",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebSockets",
    "PySide6.QtWebView",
    "PySide6.QtXml",
)

PYTHON_EXCLUDES = (
    # Other Qt bindings: PyInstaller refuses to bundle two, and Vantage uses PySide6 only.
    "PyQt5",
    "PyQt6",
    "PySide2",
    # Heavy scientific stacks that networkx (and numpy's test helpers) import only if present.
    "scipy",
    "pandas",
    "matplotlib",
    "pygraphviz",
    "pydot",
    "lxml",
    "sympy",
    "IPython",
    # numpy is here for shapely's arrays and the importers' grid guess (numpy.fft, and numpy.ma,
    # which np.median loads); these parts load lazily in numpy 2 and Vantage does not use them
    # (tests/packaging/test_pack_qt_modules_used.py). numpy 1.x imports some of them (polynomial,
    # random) with numpy itself: excludes_for keeps whatever the installed numpy loads eagerly.
    "numpy.f2py",
    "numpy.distutils",
    "numpy.random",
    "numpy.polynomial",
    "numpy.testing",
    "numpy.typing",
    "numpy.matlib",
    # GUI toolkits and developer tools that are never part of the program.
    "tkinter",
    "_tkinter",
    "pytest",
    "_pytest",
    "hypothesis",
    "pytestqt",
    "setuptools",
    "pip",
    "pydoc_data",
    "PyInstaller",
    # Line editing and TLS: Vantage never reads a terminal or opens a network connection.
    "readline",
    "curses",
    "ssl",
    "_ssl",
    "_hashlib",
    # East Asian legacy text encodings: Vantage's files are UTF-8 JSON.
    "_codecs_cn",
    "_codecs_hk",
    "_codecs_iso2022",
    "_codecs_jp",
    "_codecs_kr",
    "_codecs_tw",
    "_multibytecodec",  # hashlib falls back to its built-in digests; saves OpenSSL's libcrypto
    # decimal's C accelerator (0.35 MiB): ``decimal`` falls back to the pure-Python ``_pydecimal``,
    # the same arithmetic; Vantage computes nothing in decimal (``statistics`` imports it, the
    # simulator's report uses floats).
    "_decimal",
)

EXCLUDES = PYTHON_EXCLUDES + QT_MODULES_EXCLUDED


LIBRARIES_IMPORTED = ("numpy", "shapely", "networkx", "platformdirs")
"""The third-party libraries Vantage imports; whatever importing them loads must be bundled."""


def eagerly_imported(python: str, libraries: Iterable[str] = LIBRARIES_IMPORTED) -> frozenset[str]:
    """The modules of ``libraries`` that importing them loads, in a fresh ``python`` (the build's).

    numpy 1.x imports ``numpy.polynomial`` and ``numpy.random`` with ``import numpy``, numpy 2
    does not: which of PYTHON_EXCLUDES may stay out depends on the installed version. Only the
    libraries' own modules count: the standard library's optional parts (``_hashlib``, whose
    absence ``hashlib`` survives) stay excluded.
    """
    names = frozenset(libraries)
    code = "import importlib, sys\n"
    code += "".join(f"importlib.import_module({name!r})\n" for name in sorted(names))
    code += "print('\\n'.join(sorted(sys.modules)))\n"
    result = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    loaded = (line.strip() for line in result.stdout.splitlines())
    return frozenset(name for name in loaded if name.split(".", 1)[0] in names)


def is_excluded_by(module: str, excluded: str) -> bool:
    """Whether excluding ``excluded`` leaves ``module`` out (itself or one of its submodules)."""
    return module == excluded or module.startswith(excluded + ".")


def excludes_for(pyside_dir: Path | None, eager: Iterable[str] = ()) -> list[str]:
    """EXCLUDES plus every other ``PySide6.Qt*`` module the installed PySide6 has, less any
    module in ``eager`` (see :func:`eagerly_imported`): a module the libraries load at import
    is never left out, or the bundle fails at start (``cannot import name 'polynomial'``).

    A newer PySide6 may bring modules this list does not name yet (QtCanvasPainter came in
    6.11); anything not in QT_MODULES_USED stays out of the bundle all the same.
    """
    found: set[str] = set()
    if pyside_dir is not None:
        for path in pyside_dir.glob("Qt*.*"):  # QtX.pyi, QtX.abi3.so, QtX.pyd; not the Qt/ folder
            if path.is_file():
                found.add("PySide6." + path.name.split(".", 1)[0])
    extra = sorted(found - set(QT_MODULES_USED) - set(EXCLUDES))
    needed = set(eager)
    return [
        name
        for name in (*EXCLUDES, *extra)
        if not any(is_excluded_by(module, name) for module in needed)
    ]


def kept_for_eager_imports(eager: Iterable[str]) -> list[str]:
    """The names of EXCLUDES that :func:`excludes_for` keeps in because ``eager`` needs them."""
    needed = set(eager)
    return [name for name in EXCLUDES if any(is_excluded_by(module, name) for module in needed)]


QT_PLUGIN_DIRS_KEPT = frozenset(
    {
        "platforms",  # windows, cocoa, xcb, wayland, offscreen: how Qt reaches the screen
        "platformthemes",  # native file dialogs and fonts (gtk3, xdg portal)
        "platforminputcontexts",  # compose keys and input methods when typing names
        "imageformats",  # map images: jpeg, webp, gif, ico (png is built in)
        "iconengines",
        "styles",  # the native look on Windows and macOS
        "xcbglintegrations",
        "wayland-decoration-client",
        "wayland-shell-integration",
        # not "wayland-graphics-integration-client": GPU buffer sharing; raster windows use shm
    }
)

QT_PLUGINS_DROPPED = frozenset(
    {
        "libqsvg",  # imageformats/qsvg needs QtSvg, which is excluded
        "qsvg",
        "libqsvgicon",
        "qsvgicon",
        "libqpdf",  # imageformats/qpdf needs QtPdf
        "qpdf",
        "libqminimal",
        "qminimal",
        "libqvnc",
        "qvnc",
        "libqlinuxfb",
        "libqvkkhrdisplay",
        "libwl-shell-plugin",
        "libqtiff",  # map images are PNG, JPEG or WebP; TIFF, TGA, WBMP and ICNS are not read
        "libqtga",
        "libqwbmp",
        "libqicns",  # wl_shell is deprecated; compositors offer xdg-shell
        "libqeglfs",
        "libqminimalegl",
        "libqtvirtualkeyboardplugin",
        "libadwaita",  # GNOME-style title bars drawn with QtSvg (excluded); "bradient" stays
        "libqgtk3",  # would bundle a private GTK 3, cairo and pango; the xdg portal theme suffices
    }
)

QT_LIBRARIES_DROPPED = (
    "Qt6Qml",
    "Qt6Quick",
    "Qt6Network",
    "Qt6Pdf",
    "Qt6Svg",
    "Qt6VirtualKeyboard",
    "Qt6Designer",
    "Qt6OpenGLWidgets",
    "Qt6WaylandCompositor",
    "Qt6LabsStyleKit",
    "Qt6EglFS",  # eglfs is for kiosks without a window system
    "Qt6EglFsKms",
    "Qt6WlShellIntegration",  # only the old wl-shell plugin, dropped below
    "Qt6OpenGL",  # Vantage draws with the raster engine; only dropped GL plugins load it
)
"""Qt shared libraries that only excluded modules or dropped plugins load (prefix match)."""


HOST_LIBRARIES = frozenset(
    {
        # Linux libraries every desktop has, that must match the host's own configuration:
        # fontconfig reads the host's fonts.conf (a bundled one of another version can fail to
        # parse it and show no fonts), D-Bus talks to the host's session bus, Xlib to its X server.
        # These are on the AppImage project's exclude list for the same reasons.
        "libfontconfig.so.1",
        "libfreetype.so.6",
        "libexpat.so.1",
        "libdbus-1.so.3",
        "libX11.so.6",
        "libX11-xcb.so.1",
        "libXau.so.6",
        "libXdmcp.so.6",
        "libgpg-error.so.0",
        "libcom_err.so.2",
    }
)
"""Taken from the host system, not bundled (top-level names, Linux only)."""


def stage_package(root: Path, target: Path) -> Path:
    """Copy the code of the checkout ``root`` to ``target/vantage`` and return ``target``.

    The checkout *is* the package ``vantage`` (``package-dir = {"vantage" = "."}``), so no folder on
    disk is named ``vantage`` for PyInstaller to find; the staged copy gives it one, whether Vantage
    is installed editable or not.
    """
    package = target / PACKAGE
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for name in PACKAGE_FILES:
        shutil.copy2(root / name, package / name)
    for name in CODE_PACKAGES:
        shutil.copytree(root / name, package / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return target


def data_files(root: Path) -> list[tuple[str, str]]:
    """PyInstaller ``datas`` for the data folders under ``root``: (source file, folder in bundle).

    They go to ``vantage/<folder>``, beside the package, where ``importlib.resources`` finds them.
    """
    found: list[tuple[str, str]] = []
    for name in DATA_PACKAGES:
        for path in sorted((root / name).rglob("*")):
            skipped = path.suffix in DATA_SKIPPED_SUFFIXES or path.name.startswith(".")
            if not path.is_file() or skipped or "__pycache__" in path.parts:
                continue
            found.append((str(path), f"{PACKAGE}/{path.parent.relative_to(root).as_posix()}"))
    return found


def keep_toc_entry(entry: tuple[str, str, str]) -> bool:
    """Whether a PyInstaller TOC entry ``(dest, source, typecode)`` belongs in the bundle.

    A ``SYMLINK`` entry (PyInstaller links libraries into the top folder) goes with its target.
    """
    dest, source, typecode = entry
    if typecode == "SYMLINK":
        target = str(PurePosixPath(dest.replace("\\", "/")).parent / source.replace("\\", "/"))
        return keep_entry(dest) and keep_entry(target)
    return keep_entry(dest)


def keep_entry(dest: str) -> bool:
    """Whether a collected file (its path inside the bundle) belongs in the Vantage bundle."""
    path = PurePosixPath(dest.replace("\\", "/"))
    parts = path.parts
    if len(parts) == 1 and path.name in HOST_LIBRARIES:
        return False
    if "PySide6" not in parts:
        return True
    inside = parts[parts.index("PySide6") + 1 :]
    if "translations" in inside or "qml" in inside:
        return False  # English user interface; no QML
    if "plugins" in inside:
        plugin_index = inside.index("plugins")
        if len(inside) > plugin_index + 2:
            if inside[plugin_index + 1] not in QT_PLUGIN_DIRS_KEPT:
                return False
            return _stem(path.name) not in QT_PLUGINS_DROPPED
    return not _is_dropped_library(inside)


def _stem(name: str) -> str:
    return name.split(".", 1)[0]


def _is_dropped_library(inside: tuple[str, ...]) -> bool:
    """A dropped Qt library: ``libQt6Qml.so.6``, ``Qt6Qml.dll`` or ``QtQml.framework/...``."""
    names = [
        part.removesuffix(".framework").replace("Qt", "Qt6", 1)
        for part in inside
        if part.endswith(".framework")
    ]
    names.append(inside[-1].removeprefix("lib").split(".", 1)[0] if inside else "")
    return any(name.startswith(dropped) for name in names for dropped in QT_LIBRARIES_DROPPED)


def is_top_level_library(entry: tuple[str, str, str]) -> bool:
    """A shared library PyInstaller put in the bundle's top folder as someone's dependency."""
    dest, _source, typecode = entry
    return typecode == "BINARY" and "/" not in dest.replace("\\", "/")


def prune_orphan_libraries(
    entries: list[tuple[str, str, str]], imports_of: Callable[[str], Iterable[str]]
) -> tuple[list[tuple[str, str, str]], list[str]]:
    """Drop top-level libraries that nothing kept needs any more; return (kept, dropped names).

    PyInstaller collects each plugin's dependencies before the spec filters plugins out, so a
    dropped plugin's private stack (GTK 3, Kerberos) would stay. Starting from everything that
    is not a top-level library (extensions, Qt's own libraries and plugins) plus libpython,
    which the bootloader loads, this follows ``imports_of(source path) -> library names`` and
    keeps only the top-level libraries reached. ``imports_of`` must give direct references only
    (ELF ``DT_NEEDED``; ``ldd`` lists the transitive closure and would keep everything).
    """
    top_level = {PurePosixPath(entry[0]).name: entry for entry in entries if is_top_level_library(entry)}
    reached: set[str] = {name for name in top_level if name.startswith("libpython")}
    pending = [
        entry[1]
        for entry in entries
        if entry[2] in ("BINARY", "EXTENSION") and not (is_top_level_library(entry))
    ]
    pending += [top_level[name][1] for name in reached]
    seen_sources: set[str] = set()
    while pending:
        source = pending.pop()
        if source in seen_sources:
            continue
        seen_sources.add(source)
        for needed in imports_of(source):
            name = PurePosixPath(needed.replace("\\", "/")).name
            if name in top_level and name not in reached:
                reached.add(name)
                pending.append(top_level[name][1])
    kept = [
        entry
        for entry in entries
        if not is_top_level_library(entry) or PurePosixPath(entry[0]).name in reached
    ]
    dropped = sorted(set(top_level) - reached)
    return kept, dropped


def missing_qt_libraries(
    entries: list[tuple[str, str, str]], imports_of: Callable[[str], Iterable[str]]
) -> list[str]:
    """One line for each kept binary that names a Qt library the bundle leaves out.

    Such a plugin would fail to load at run time, quietly; the spec stops the build instead,
    so that the plugin is dropped (or the library kept) here on purpose.
    """
    present = {PurePosixPath(entry[0].replace("\\", "/")).name for entry in entries}
    problems = []
    for dest, source, typecode in entries:
        if typecode not in ("BINARY", "EXTENSION"):
            continue
        for needed in imports_of(source):
            name = PurePosixPath(needed.replace("\\", "/")).name
            if name.startswith("libQt6") and name not in present:
                problems.append(f"{dest} needs {name}, which the bundle leaves out")
    return problems


def strip_on_linux(dest: str) -> bool:
    """Whether to strip symbols from this collected file on Linux.

    The Python runtime (pyenv and similar builds ship libpython with full symbols: 23 MB, 6 MB
    stripped) and Qt and its bindings. Not the libraries that auditwheel rewrote with patchelf
    (``numpy.libs``, ``shapely.libs`` and the extensions that point at them): numpy's OpenBLAS
    no longer loads after ``strip`` ("ELF load command address/offset not page-aligned"), so
    PyInstaller's own ``strip=True``, which touches every file, cannot be used.
    """
    path = PurePosixPath(dest.replace("\\", "/"))
    top = path.parts[0]
    if len(path.parts) == 1:
        return top.startswith("libpython")
    if top == "PySide6":
        return True
    return top.startswith("python3") and "lib-dynload" in path.parts
