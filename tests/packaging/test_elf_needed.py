"""Reading a Linux library's direct dependencies (packaging/elf_needed.py), used to drop the
dependencies of Qt plugins the bundle leaves out."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import elf_needed
import PySide6
import pytest

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files are Linux's")


def test_a_file_that_is_not_elf_needs_nothing(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    assert elf_needed.needed_libraries(tmp_path / "notes.txt") == []
    assert not elf_needed.is_elf(tmp_path / "notes.txt")


@linux_only
def test_qt_widgets_names_qt_gui_and_qt_core_directly():
    library = Path(PySide6.__file__).parent / "Qt" / "lib" / "libQt6Widgets.so.6"
    assert elf_needed.is_elf(library)
    needed = elf_needed.needed_libraries(library)
    assert "libQt6Gui.so.6" in needed and "libQt6Core.so.6" in needed
    assert "libicudata.so.73" not in needed  # only through Qt Core: not a direct reference


@linux_only
@pytest.mark.skipif(shutil.which("objdump") is None, reason="objdump is not installed")
def test_the_same_names_as_objdump():
    library = Path(PySide6.__file__).parent / "QtGui.abi3.so"
    dump = subprocess.run(["objdump", "-p", str(library)], capture_output=True, text=True, check=True).stdout
    expected = [line.split()[1] for line in dump.splitlines() if line.strip().startswith("NEEDED")]
    assert elf_needed.needed_libraries(library) == expected
