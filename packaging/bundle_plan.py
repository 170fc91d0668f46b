"""What goes into the Vantage bundle and what stays out: the one list that the spec and the tests share.

The spec (``vantage.spec``) imports this module, hands the exclusion lists to PyInstaller's
Analysis, then passes the collected binaries and data files through :func:`keep_entry`. Keeping
the rules here, as plain data and a pure function, lets the tests check them without a build.

Vantage uses Qt's Core, Gui and Widgets only; PySide6-Essentials also carries QML, Quick,
Network, Designer, PDF and more, and PyInstaller's hooks collect plugins and translations for
whatever is imported. Everything below is what Vantage does not use.
"""

from __future__ import annotations

from pathlib import PurePosixPath

APP_NAME = "vantage"
"""Name of the executable and of the one-folder bundle (``dist/vantage/vantage``)."""

MAC_BUNDLE_NAME = "Vantage.app"
MAC_BUNDLE_IDENTIFIER = "org.vantage.battlemap"

DATA_PACKAGES = ("maps", "assets")
"""Folders of the checkout bundled as data, found at run time by ``engine.resources``."""

CODE_PACKAGES = ("engine", "gui")
"""Vantage's own packages; every submodule is collected (subcommands are imported by name)."""

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
    "numpy.f2py",
    "numpy.distutils",
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
)

EXCLUDES = PYTHON_EXCLUDES + QT_MODULES_EXCLUDED

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
        "wayland-graphics-integration-client",
        "wayland-shell-integration",
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
        "libqeglfs",
        "libqminimalegl",
        "libqtvirtualkeyboardplugin",
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
)
"""Qt shared libraries that only excluded modules or dropped plugins load (prefix match)."""


def keep_entry(dest: str) -> bool:
    """Whether a collected file (its path inside the bundle) belongs in the Vantage bundle."""
    path = PurePosixPath(dest.replace("\\", "/"))
    parts = path.parts
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
