"""The PyInstaller spec, run against stand-ins for PyInstaller's build classes (no real build).

Issue 7: "packaging/vantage.spec for PyInstaller, one-folder build (one-file start is too slow
and trips antivirus), with maps/ and assets/ bundled ... Excludes what Vantage does not use ...
application icon and version info."
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# PyInstaller comes with the "build" extra; the README's test setup installs only "test".
hooks = pytest.importorskip("PyInstaller.utils.hooks")

SPEC = Path(__file__).resolve().parents[2] / "packaging" / "vantage.spec"


class Recorder:
    """Stands in for Analysis, PYZ, EXE, COLLECT and BUNDLE: keeps what the spec passed."""

    calls: list[tuple[str, tuple, dict]]

    def __init__(self, kind: str, calls: list, collected: list, *args, **kwargs) -> None:
        self.kind = kind
        calls.append((kind, args, kwargs))
        self.dependencies: list[tuple[str, str, str]] = []  # PYZ's bootstrap extensions
        if kind == "Analysis":
            self.scripts, self.pure = [], []
            # Analysis turns the spec's (source, folder) pairs into (dest, source, typecode).
            self.datas = [(f"{folder}/{Path(src).name}", src, "DATA") for src, folder in kwargs["datas"]]
            self.binaries = list(collected)


def run_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str) -> list[tuple[str, tuple, dict]]:
    def library(name: str) -> str:
        path = tmp_path / "src" / name.replace("/", "_")
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"not an ELF file")  # needs nothing, so only roots survive pruning
        return str(path)

    binaries = [
        ("PySide6/Qt/lib/libQt6Core.so.6", library("core"), "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", library("network"), "BINARY"),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", library("gtk3"), "BINARY"),
        ("libpython3.11.so.1.0", library("libpython"), "BINARY"),
        ("libcairo.so.2", library("cairo"), "BINARY"),
    ]
    monkeypatch.setattr(hooks, "collect_submodules", lambda package: [f"{package}.collected"])
    monkeypatch.setattr(hooks, "copy_metadata", lambda name: [])
    monkeypatch.setattr(sys, "platform", platform)
    calls: list[tuple[str, tuple, dict]] = []
    namespace = {
        "SPECPATH": str(SPEC.parent),
        "workpath": str(tmp_path / "work"),
        "__file__": str(SPEC),
    }
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = lambda *args, _kind=kind, **kwargs: Recorder(
            _kind, calls, binaries, *args, **kwargs
        )
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return calls


def called(calls: list, kind: str) -> list[dict]:
    return [kwargs for name, _args, kwargs in calls if name == kind]


def test_the_spec_is_a_one_folder_build_with_the_data_folders(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "linux")
    (analysis,) = called(calls, "Analysis")
    destinations = {dest for _source, dest in analysis["datas"]}
    assert {"vantage/maps", "vantage/assets/icons"} <= destinations
    assert analysis["hiddenimports"] == ["vantage.collected"]
    (staged,) = analysis["pathex"]  # the package staged under a folder named vantage/
    assert (Path(staged) / "vantage" / "engine" / "model.py").is_file()
    assert (Path(staged) / "vantage" / "__init__.py").is_file()
    (exe,) = called(calls, "EXE")
    assert exe["exclude_binaries"] is True  # binaries go beside the program: one folder
    assert exe["upx"] is False
    (collect,) = called(calls, "COLLECT")
    assert collect["name"] == "vantage"
    assert not called(calls, "BUNDLE")


def test_the_spec_excludes_the_unused_stacks_and_qt_modules(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "linux")
    (analysis,) = called(calls, "Analysis")
    excludes = set(analysis["excludes"])
    assert {"scipy", "pandas", "matplotlib", "PyQt5", "PyQt6", "PySide2", "PySide6.QtQml"} <= excludes
    assert {"PySide6.QtNetwork", "PySide6.QtWebEngineCore", "PySide6.QtPdf"} <= excludes
    assert not {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"} & excludes


def test_the_spec_filters_collected_files_and_prunes_orphans_on_linux(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "linux")
    collect_args = next(args for name, args, _kwargs in calls if name == "COLLECT")
    binaries = next(arg for arg in collect_args if isinstance(arg, list) and arg and arg[0][2] == "BINARY")
    kept = [dest for dest, _source, _kind in binaries]
    assert kept == ["PySide6/Qt/lib/libQt6Core.so.6", "libpython3.11.so.1.0"]


def test_on_windows_the_program_has_an_icon_version_info_and_a_console_twin(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "win32")
    programs = {exe["name"]: exe for exe in called(calls, "EXE")}
    assert set(programs) == {"vantage", "vantage-cli"}
    assert programs["vantage"]["console"] is False  # no console window behind the map
    assert programs["vantage-cli"]["console"] is True  # check, play, import, --self-test
    assert all(
        exe["icon"].endswith("vantage.ico") and Path(exe["icon"]).is_file() for exe in programs.values()
    )
    version_file = Path(programs["vantage"]["version"])
    assert version_file.is_file() and version_file.is_relative_to(tmp_path / "work")
    assert "StringStruct('ProductName', 'Vantage')" in version_file.read_text(encoding="utf-8")
    assert all(exe["strip"] is False for exe in programs.values())


def test_on_macos_the_folder_becomes_vantage_app(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "darwin")
    (bundle,) = called(calls, "BUNDLE")
    assert bundle["name"] == "Vantage.app"
    assert bundle["icon"].endswith("vantage.icns") and Path(bundle["icon"]).is_file()
    assert bundle["info_plist"]["NSHighResolutionCapable"] is True
    assert bundle["info_plist"]["CFBundleName"] == "Vantage"
    assert bundle["bundle_identifier"] == "org.vantage.battlemap"
    (exe,) = called(calls, "EXE")
    assert exe["console"] is False and exe["strip"] is False
