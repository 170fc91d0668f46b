"""packaging/build.py without the build: arguments, the clean environment, the smoke map.

Issue 7: "builds in a clean virtual environment, then copies the result outside the checkout and
runs the bundled `vantage --self-test` with QT_QPA_PLATFORM=offscreen and no Python environment
variables, failing if it does not exit 0; prints the bundle size and the time to the first
rendered frame."
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from vantage.engine.importers.uvtt import import_uvtt

SCRIPT = Path(__file__).resolve().parents[2] / "packaging" / "build.py"
# Loaded under its own name: "build" is also pip's build frontend, and a stray build/ folder makes
# linters treat the name as first-party.
_spec = importlib.util.spec_from_file_location("vantage_build_script", SCRIPT)
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = build  # dataclasses look their module up by name
_spec.loader.exec_module(build)


def test_defaults_build_in_a_clean_environment_in_a_temporary_folder():
    options = build.parse_args([])
    assert options == build.BuildOptions(skip_venv=False, work=None, dest=None, archive=False, keep=False)


def test_all_options(tmp_path):
    options = build.parse_args(
        ["--skip-venv", "--work", str(tmp_path / "w"), "--dest", str(tmp_path / "d"), "--archive", "--keep"]
    )
    assert options == build.BuildOptions(True, tmp_path / "w", tmp_path / "d", True, True)


@pytest.mark.parametrize("flag", ["--work", "--dest"])
def test_folders_inside_the_checkout_are_refused(flag, capsys):
    with pytest.raises(SystemExit) as exit_info:
        build.parse_args([flag, str(build.ROOT / "dist")])
    assert exit_info.value.code == 2
    assert "inside the checkout" in capsys.readouterr().err


def test_unknown_arguments_are_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        build.parse_args(["--onefile"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --onefile" in capsys.readouterr().err


def test_the_bundle_runs_without_python_variables_offscreen_and_with_its_own_user_folder(tmp_path):
    venv = tmp_path / "venv"
    base = {
        "PYTHONPATH": "/work/main",
        "PYTHONHOME": "/usr",
        "pythonstartup": "x.py",
        "VIRTUAL_ENV": str(venv),
        "PATH": f"{venv / 'bin'}{build.os.pathsep}/usr/bin",
        "HOME": "/home/gm",
    }
    env = build.clean_environment(base, tmp_path / "user")
    assert not [key for key in env if key.upper().startswith("PYTHON")]
    assert "VIRTUAL_ENV" not in env
    assert env["PATH"] == "/usr/bin"
    assert env["HOME"] == "/home/gm"
    assert env["QT_QPA_PLATFORM"] == "offscreen"
    assert env["VANTAGE_USER_DIR"] == str(tmp_path / "user")


def test_first_frame_is_the_first_ok_line():
    lines = [(10.5, "Detected locale C"), (10.8, "ok    a.json  32x24 tiles"), (11.0, "ok    b.json")]
    assert build.first_frame_seconds(10.0, lines) == pytest.approx(0.8)
    assert build.first_frame_seconds(10.0, [(12.0, "FAIL  a.json")]) is None


def test_the_program_to_run_for_each_platform(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    assert build.bundled_program(tmp_path / "vantage") == tmp_path / "vantage" / "vantage"
    assert build.bundled_program(tmp_path / "Vantage.app") == tmp_path / "Vantage.app/Contents/MacOS/vantage"
    monkeypatch.setattr(sys, "platform", "win32")
    assert build.bundled_program(tmp_path / "vantage") == tmp_path / "vantage" / "vantage-cli.exe"


def test_bundle_size_counts_files_once_and_links_not_at_all(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libQt6Core.so.6").write_bytes(b"x" * 1000)
    (tmp_path / "vantage").write_bytes(b"y" * 24)
    (tmp_path / "libQt6Core.so.6").symlink_to("lib/libQt6Core.so.6")
    assert build.bundle_size_bytes(tmp_path) == 1024


def test_the_smoke_map_is_a_universal_vtt_map_the_importer_accepts():
    result = import_uvtt(build.json.dumps(build.sample_uvtt()), "smoke-map.dd2vtt", ruleset="avorkarth")
    assert (result.encounter.map.width, result.encounter.map.height) == (10, 8)
    assert result.image is not None and (result.image.width, result.image.height) == (200, 160)
    assert len(result.encounter.map.walls) >= 4


def test_the_smoke_picture_is_a_png_qt_can_read(qapp):
    from PySide6.QtGui import QImage

    image = QImage.fromData(build.tiny_png(40, 20), "PNG")
    assert (image.width(), image.height()) == (40, 20)
    assert image.pixelColor(0, 0).name() == "#282828"  # grid line
    assert image.pixelColor(5, 5).name() == "#466e46"  # tile


def test_platform_tag_names_the_system_and_machine():
    system, machine = build.platform_tag().split("-", 1)
    assert system in {"linux", "macos", "windows"} and machine


def test_is_inside(tmp_path):
    assert build.is_inside(tmp_path / "a" / "b", tmp_path)
    assert build.is_inside(tmp_path, tmp_path)
    assert not build.is_inside(tmp_path.parent / "elsewhere", tmp_path)
    assert not build.is_inside(Path("/"), tmp_path)


def test_the_source_copy_has_what_pip_needs_and_no_caches(tmp_path):
    copied = build.copy_source(tmp_path / "source")
    assert (copied / "pyproject.toml").is_file()
    assert (copied / "engine" / "model.py").is_file() and (copied / "gui" / "app.py").is_file()
    assert any((copied / "maps").glob("*.json"))
    assert not list(copied.rglob("__pycache__")) and not list(copied.rglob("*.egg-info"))


def test_evicting_the_bundle_from_the_page_cache_visits_every_file_and_keeps_them(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.so").write_bytes(b"a" * 5000)
    (tmp_path / "vantage").write_bytes(b"b")
    (tmp_path / "link.so").symlink_to("lib/a.so")
    expected = 2 if hasattr(build.os, "posix_fadvise") else 0
    assert build.evict_from_page_cache(tmp_path) == expected
    assert (tmp_path / "lib" / "a.so").read_bytes() == b"a" * 5000


def test_a_write_into_the_bundle_is_noticed(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.so").write_bytes(b"a")
    (tmp_path / "link.so").symlink_to("lib/a.so")
    before = build.folder_snapshot(tmp_path)
    assert set(before) == {"lib/a.so", "link.so"}
    assert build.changed_files(before, build.folder_snapshot(tmp_path)) == []
    (tmp_path / "settings.json").write_text("{}")
    (tmp_path / "lib" / "a.so").write_bytes(b"bb")
    assert build.changed_files(before, build.folder_snapshot(tmp_path)) == ["lib/a.so", "settings.json"]


@pytest.mark.slow  # a child that prints over time, read through a pseudo-terminal: about 3 s
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_output_lines_are_stamped_as_they_are_printed_not_at_the_end(tmp_path):
    # The first-frame time is the stamp of the first "ok" line, so lines must arrive as printed.
    child = "import time; print('ok first'); time.sleep(3); print('ok second')"
    env = build.clean_environment(dict(build.os.environ), tmp_path / "user")
    code, lines = build._run_timed([sys.executable, "-c", child], env=env, cwd=tmp_path)
    assert code == 0
    assert [line for _stamp, line in lines] == ["ok first", "ok second"]
    assert lines[1][0] - lines[0][0] > 1.5  # a pipe would deliver both together at exit


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_child_sees_no_python_variables(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    env = build.clean_environment(dict(build.os.environ), tmp_path / "user")
    child = (
        "import os; "
        "print(sorted(k for k in os.environ if k.startswith('PYTHON')), os.environ['QT_QPA_PLATFORM'])"
    )
    code, lines = build._run_timed([sys.executable, "-c", child], env=env, cwd=tmp_path)
    assert code == 0
    assert lines[-1][1] == "[] offscreen"


def test_on_macos_the_copied_app_is_signed_ad_hoc_and_the_signature_checked(tmp_path):
    """Issue 34: the macOS job makes "the .app with icon and Info.plist, ad-hoc signed
    `codesign --force --deep -s -`, a DMG or zip"."""
    app = tmp_path / "Vantage.app"
    sign, verify = build.mac_signing_commands(app)
    assert sign == ["codesign", "--force", "--deep", "--sign", "-", str(app)]
    assert verify[:2] == ["codesign", "--verify"] and "--strict" in verify and verify[-1] == str(app)


def test_the_disk_image_holds_the_staging_folder_compressed(tmp_path):
    command = build.mac_dmg_command(tmp_path / "dmg", tmp_path / "vantage-0.1.0-macos-arm64.dmg")
    assert command[:2] == ["hdiutil", "create"]
    assert command[command.index("-srcfolder") + 1] == str(tmp_path / "dmg")
    assert command[command.index("-format") + 1] == "UDZO"  # compressed, read-only
    assert command[-1].endswith(".dmg") and command[command.index("-volname") + 1] == "Vantage"


def test_the_disk_image_offers_applications_to_drag_the_app_onto(tmp_path, monkeypatch):
    ran: list[list[str]] = []
    monkeypatch.setattr(build, "_run", lambda command, **_kw: ran.append(command) or "")
    app = tmp_path / "dest" / "Vantage.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "MacOS" / "vantage").write_text("program")
    dmg = tmp_path / "dest" / "v.dmg"
    dmg.write_bytes(b"image")  # hdiutil would write it
    options = build.BuildOptions(True, tmp_path / "work", tmp_path / "dest", True, False)
    build.Builder(options, tmp_path / "work")._disk_image(app, dmg)
    staging = tmp_path / "work" / "dmg"
    assert (staging / "Vantage.app" / "Contents" / "MacOS" / "vantage").read_text() == "program"
    link = staging / "Applications"
    assert link.is_symlink() and str(link.readlink()) == "/Applications"
    assert ran == [build.mac_dmg_command(staging, dmg)]
