"""Build the standalone Vantage program and prove that it runs on its own.

    python packaging/build.py [--skip-venv] [--work DIR] [--dest DIR] [--archive] [--keep]

1. Makes a clean virtual environment in a work folder outside the checkout and installs
   Vantage into it with ``pip install .[build]``, from a copy of the checkout's sources so that
   pip's build folders stay out of the checkout (``--skip-venv``: use the running Python, which
   must already have Vantage and PyInstaller installed).
2. Runs PyInstaller with ``packaging/vantage.spec`` (a one-folder bundle).
3. Copies the bundle to a folder outside the checkout (``--dest``, default: in the work folder,
   which is removed at the end unless ``--keep`` or ``--work`` is given).
4. Runs the copy with ``QT_QPA_PLATFORM=offscreen`` and no ``PYTHON*`` variables, from a
   folder outside the checkout: ``--version``, ``import`` of a small Universal VTT map and of a
   plain picture, ``--self-test`` on every sample, both imports and the raw .dd2vtt, and the GM
   window itself for a few seconds (it loads shapely and networkx, which the self-test need not).
   Fails unless each exits 0 (the window: keeps running without a traceback) and unless the
   bundle folder is exactly as it was afterwards (user data must go to the user data folder).
5. Prints the bundle size and the time from process start to the first rendered frame, cold
   (the bundle evicted from the page cache, Linux) and warm: ``BENCH bundle_size <n> MiB target
   150``, ``BENCH cold_start_first_frame <s> s target 3``, ``BENCH warm_start_first_frame …``.
   ``--archive`` also writes the archive to ship: a .tar.gz (Linux), a zipped Vantage.app and a
   .dmg (macOS) or a .zip (Windows), into the destination folder. On macOS the copied
   Vantage.app is signed ad hoc (``codesign --force --deep -s -``) before its smoke test.

Exits 0 when the bundle was built and its self-test passed, 1 otherwise, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import platform
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
#: a real Dungeondraft export (MIT), rendered by the bundle's self-test as an on-the-fly import
REAL_UVTT = ROOT / "tests" / "fixtures" / "uvtt" / "real" / "cave-and-doors.dd2vtt"
sys.path.insert(0, str(PACKAGING))

import bundle_plan  # noqa: E402
import make_version_info  # noqa: E402

SIZE_TARGET_MIB = 150
FIRST_FRAME_TARGET_S = 3.0
SMOKE_TIMEOUT_S = 300
WARM_RUNS = 3
WINDOW_RUN_S = 12.0
"""How long the GM window must stay up, offscreen, to count as started."""

T = TypeVar("T")


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and why."""


@dataclass(frozen=True)
class BuildOptions:
    """What ``build.py`` was asked to do (see the module docstring)."""

    skip_venv: bool
    work: Path | None
    dest: Path | None
    archive: bool
    keep: bool


def parse_args(argv: list[str]) -> BuildOptions:
    """The options for ``argv``; exits 2 with a usage message on bad arguments."""
    parser = argparse.ArgumentParser(
        prog="python packaging/build.py",
        description="Build the standalone Vantage bundle, copy it out of the checkout and self-test it.",
    )
    parser.add_argument(
        "--skip-venv",
        action="store_true",
        help="build with the running Python instead of a clean virtual environment (faster)",
    )
    parser.add_argument("--work", type=Path, help="work folder (default: a new temporary folder)")
    parser.add_argument(
        "--dest", type=Path, help="where the tested bundle (and archive) go; must be outside the checkout"
    )
    parser.add_argument("--archive", action="store_true", help="also write the archive to ship")
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the temporary work folder and the bundle in it (always kept with --work)",
    )
    args = parser.parse_args(argv)
    for name in ("work", "dest"):
        folder = getattr(args, name)
        if folder is not None and is_inside(folder, ROOT):
            parser.error(f"--{name} {folder} is inside the checkout {ROOT}; choose a folder outside it")
    return BuildOptions(args.skip_venv, args.work, args.dest, args.archive, args.keep)


SOURCE_ITEMS = (
    "pyproject.toml",
    "README.md",
    "LICENSE",
    *bundle_plan.PACKAGE_FILES,
    *bundle_plan.CODE_PACKAGES,
    *bundle_plan.DATA_PACKAGES,
)
"""What ``pip install`` needs from the checkout."""


def copy_source(target: Path) -> Path:
    """Copy what ``pip install`` needs to ``target``; return it.

    pip builds in the source folder (setuptools writes ``build/`` and ``*.egg-info`` there), so
    installing from a copy keeps the checkout exactly as it was.
    """
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCE_ITEMS:
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, target / name, ignore=ignore)
        elif item.is_file():
            shutil.copy2(item, target / name)
    return target


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies within it (after resolving both)."""
    resolved, base = path.resolve(), folder.resolve()
    return resolved == base or resolved.is_relative_to(base)


def clean_environment(base: dict[str, str], user_dir: Path) -> dict[str, str]:
    """``base`` without any Python variables or virtualenv, offscreen Qt, a private user folder."""
    env = {
        key: value
        for key, value in base.items()
        if not key.upper().startswith("PYTHON") and key.upper() not in ("VIRTUAL_ENV", "CONDA_PREFIX")
    }
    venv = base.get("VIRTUAL_ENV")
    if venv:
        env["PATH"] = os.pathsep.join(
            entry for entry in env.get("PATH", "").split(os.pathsep) if not is_inside(Path(entry), Path(venv))
        )
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["VANTAGE_USER_DIR"] = str(user_dir)
    return env


def bundle_size_bytes(folder: Path) -> int:
    """The bytes of every file under ``folder`` (symbolic links count as nothing)."""
    return sum(path.lstat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def folder_snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time, to spot any write."""
    return {
        path.relative_to(folder).as_posix(): (path.lstat().st_size, path.lstat().st_mtime_ns)
        for path in folder.rglob("*")
        if not path.is_dir() or path.is_symlink()
    }


def changed_files(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """The files added, removed or rewritten between two snapshots, sorted."""
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


def evict_from_page_cache(folder: Path) -> int:
    """Ask the kernel to forget the cached contents of every file under ``folder``.

    The copy just written is in memory, so starting it would be a warm start. On Linux this
    makes the first run read the bundle from disk again, like the first start after a reboot
    (only these files: nothing else on the machine is touched). Returns how many files were
    evicted; 0 where the system has no ``posix_fadvise`` (macOS, Windows).
    """
    advise = getattr(os, "posix_fadvise", None)
    if advise is None:
        return 0
    count = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            descriptor = os.open(path, os.O_RDONLY)
            try:
                os.fsync(descriptor)  # dirty pages cannot be dropped
                advise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
                count += 1
            finally:
                os.close(descriptor)
    return count


def platform_tag() -> str:
    """``linux-x86_64``, ``macos-arm64``, ``windows-amd64``…: names the archive."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    return f"{system}-{platform.machine().lower()}"


def bundled_program(bundle: Path) -> Path:
    """The executable that runs headless subcommands inside a copied bundle folder."""
    if sys.platform == "win32":
        return bundle / f"{bundle_plan.APP_NAME}-cli.exe"
    if bundle.suffix == ".app":
        return bundle / "Contents" / "MacOS" / bundle_plan.APP_NAME
    return bundle / bundle_plan.APP_NAME


def mac_signing_commands(app: Path) -> list[list[str]]:
    """The ad-hoc signature of a copied ``Vantage.app`` and its check (macOS).

    Ad hoc (``-s -``): no Apple developer certificate, but a valid signature over every file, so
    that an Apple-silicon Mac runs it and Gatekeeper offers "Open Anyway" for it instead of
    calling it damaged. ``--force`` replaces the signatures PyInstaller gave each library.
    """
    return [
        ["codesign", "--force", "--deep", "--sign", "-", str(app)],
        ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)],
    ]


def mac_dmg_command(staging: Path, dmg: Path) -> list[str]:
    """The disk image a Mac user opens: ``staging`` holds Vantage.app and a link to /Applications."""
    return [
        "hdiutil", "create", "-volname", "Vantage", "-srcfolder", str(staging),
        "-fs", "HFS+", "-format", "UDZO", "-ov", str(dmg),
    ]


def first_frame_seconds(started: float, lines: list[tuple[float, str]]) -> float | None:
    """Seconds from ``started`` to the first ``ok`` line of the self-test, if there was one."""
    for stamp, line in lines:
        if line.startswith("ok"):
            return stamp - started
    return None


def tiny_png(width: int, height: int) -> bytes:
    """A ``width``×``height`` PNG of green tiles on grey (no imaging library needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            tile = (x // 20 + y // 20) % 2
            rows += bytes((70, 110 + 40 * tile, 70)) if (x % 20 and y % 20) else bytes((40, 40, 40))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows)))
        + chunk(b"IEND", b"")
    )


def sample_uvtt() -> dict:
    """A small Universal VTT map (10×8 cells of 20 px, two walls and a door) for the smoke test."""
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 8}, "pixels_per_grid": 20},
        "line_of_sight": [
            [{"x": 2, "y": 2}, {"x": 8, "y": 2}, {"x": 8, "y": 6}],
            [{"x": 2, "y": 2}, {"x": 2, "y": 6}, {"x": 4, "y": 6}],
        ],
        "portals": [
            {
                "position": {"x": 5, "y": 6},
                "bounds": [{"x": 4, "y": 6}, {"x": 6, "y": 6}],
                "rotation": 0,
                "closed": True,
                "freestanding": False,
            }
        ],
        "lights": [],
        "image": base64.b64encode(tiny_png(200, 160)).decode("ascii"),
    }


class Builder:
    """Runs the steps for one set of options, printing what it does and how long each takes."""

    def __init__(self, options: BuildOptions, work: Path) -> None:
        self.options = options
        self.work = work
        self.dest = options.dest if options.dest is not None else work / "out"

    def run(self) -> int:
        started = time.perf_counter()
        python = self._step("environment", self._environment)
        dist = self._step("pyinstaller", lambda: self._pyinstaller(python))
        bundle = self._step("copy out of the checkout", lambda: self._copy_out(dist))
        if sys.platform == "darwin" and bundle.suffix == ".app":
            self._step("ad-hoc signature (macOS)", lambda: _run_all(mac_signing_commands(bundle)))
        cold, warm = self._step("smoke test of the copied bundle", lambda: self._smoke(bundle))
        size = bundle_size_bytes(bundle)
        print(f"bundle {bundle}: {size / 2**20:.1f} MiB ({size / 1e6:.1f} MB)")
        if self.options.archive:
            self._step("archive", lambda: self._archive(bundle))
        print(f"BENCH bundle_size {size / 2**20:.1f} MiB target {SIZE_TARGET_MIB}")
        print(f"BENCH cold_start_first_frame {cold:.2f} s target {FIRST_FRAME_TARGET_S:g}")
        print(f"BENCH warm_start_first_frame {warm:.2f} s target {FIRST_FRAME_TARGET_S:g}")
        print(f"build.py: done in {time.perf_counter() - started:.0f} s")
        return 0

    def _step(self, name: str, action: Callable[[], T]) -> T:
        print(f"== {name}", flush=True)
        t0 = time.perf_counter()
        result = action()
        print(f"== {name}: {time.perf_counter() - t0:.1f} s", flush=True)
        return result

    def _environment(self) -> Path:
        make_version_info.write_version_info(self.work / "version_info.txt")
        if self.options.skip_venv:
            print(f"using the running Python {sys.executable}")
            return Path(sys.executable)
        venv = self.work / "venv"
        _run([sys.executable, "-m", "venv", "--clear", str(venv)])
        python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
        _run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
        source = copy_source(self.work / "source")
        _run([str(python), "-m", "pip", "install", "--quiet", f"{source}[build]"], cwd=self.work)
        return python

    def _pyinstaller(self, python: Path) -> Path:
        dist = self.work / "dist"
        command = [str(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
        command += ["--distpath", str(dist), "--workpath", str(self.work / "build")]
        _run([*command, str(PACKAGING / "vantage.spec")], cwd=self.work)
        return dist

    def _copy_out(self, dist: Path) -> Path:
        app = dist / bundle_plan.MAC_BUNDLE_NAME
        source = app if sys.platform == "darwin" and app.is_dir() else dist / bundle_plan.APP_NAME
        target = self.dest / source.name
        if is_inside(target, ROOT):
            raise BuildError(f"the destination {target} is inside the checkout {ROOT}")
        if target.exists():
            shutil.rmtree(target)
        self.dest.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target, symlinks=True)
        print(f"copied {source} -> {target}")
        return target

    def _smoke(self, bundle: Path) -> tuple[float, float]:
        program = bundled_program(bundle)
        smoke = self.work / "smoke"
        if smoke.exists():
            shutil.rmtree(smoke)
        smoke.mkdir(parents=True)
        env = clean_environment(dict(os.environ), smoke / "user-data")
        untouched = folder_snapshot(bundle)
        version = _run([str(program), "--version"], env=env, cwd=smoke, capture=True)
        expected = make_version_info.project_version()
        if expected not in version:
            raise BuildError(f"--version printed {version.strip()!r}, expected {expected}")
        uvtt = smoke / "smoke-map.dd2vtt"
        uvtt.write_text(json.dumps(sample_uvtt()), encoding="utf-8")
        imported = smoke / "smoke-map.json"
        _run([str(program), "import", str(uvtt), "-o", str(imported)], env=env, cwd=smoke)
        picture = smoke / "smoke-picture.png"
        picture.write_bytes(tiny_png(400, 320))
        from_picture = smoke / "smoke-picture.json"  # the grid guess runs on numpy.fft
        _run([str(program), "import", str(picture), "-o", str(from_picture)], env=env, cwd=smoke)
        evicted = evict_from_page_cache(bundle)
        print(
            f"cold start: {evicted} files of the bundle evicted from the page cache"
            if evicted
            else "warm start"
        )
        # The .dd2vtt itself too: the self-test imports Universal VTT and Tiled maps on the fly.
        extras = [str(imported), str(from_picture), str(uvtt)]
        if REAL_UVTT.exists():
            real = smoke / REAL_UVTT.name
            shutil.copyfile(REAL_UVTT, real)
            extras.append(str(real))
        command = [str(program), "--self-test", "--out", str(smoke / "frames"), *extras]
        cold, lines = self._timed_self_test(command, env, smoke)
        for _stamp, line in lines:
            print(f"  | {line}")
        for extra in extras:
            if not any(line.startswith("ok") and extra in line for _stamp, line in lines):
                raise BuildError(f"the self-test did not render {extra}")
        oks = sum(1 for _stamp, line in lines if line.startswith("ok") and " font: " not in line)
        print(f"self-test: {oks} encounters rendered; first frame {cold:.2f} s after the start")
        warm = statistics.median(self._timed_self_test(command, env, smoke)[0] for _ in range(WARM_RUNS))
        print(f"warm starts: median first frame {warm:.2f} s over {WARM_RUNS} more runs")
        self._window_starts(bundle, env, smoke)
        written = changed_files(untouched, folder_snapshot(bundle))
        if written:
            raise BuildError(
                f"running the bundle wrote into it (user data belongs elsewhere): {written[:10]}"
            )
        print("the bundle folder is unchanged after running it (user data went to VANTAGE_USER_DIR)")
        return cold, warm

    def _timed_self_test(
        self, command: list[str], env: dict[str, str], smoke: Path
    ) -> tuple[float, list[tuple[float, str]]]:
        """Run the self-test; return the seconds to its first frame and its output lines.

        Where the output arrives only at the end (Windows), the whole run is timed instead.
        """
        started = time.perf_counter()
        code, lines = _run_timed(command, env=env, cwd=smoke)
        total = time.perf_counter() - started
        if code != 0:
            shown = "\n".join(line for _stamp, line in lines)
            raise BuildError(f"the bundled self-test exited {code}:\n{shown}")
        first = first_frame_seconds(started, lines)
        return (total if first is None else first), lines

    def _window_starts(self, bundle: Path, env: dict[str, str], smoke: Path) -> None:
        """Open the GM window offscreen; fail if it exits or prints a traceback in WINDOW_RUN_S.

        The self-test renders maps without the window's tools, so it never imports numpy,
        shapely or networkx; the window does, at once. A library that fails to load in the
        bundle shows up here.
        """
        # The console program on Windows too: the windowed one shows a Python error in a dialog
        # box and waits for a click, which would look like a window that started.
        command = [str(bundled_program(bundle))]
        print("$ " + " ".join(command) + f"   (the GM window, stopped after {WINDOW_RUN_S:g} s)", flush=True)
        log = smoke / "window.log"
        with log.open("w", encoding="utf-8") as output:
            process = subprocess.Popen(
                command, env=env, cwd=smoke, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT
            )
            try:
                code = process.wait(timeout=WINDOW_RUN_S)
            except subprocess.TimeoutExpired:
                code = None
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        text = log.read_text(encoding="utf-8", errors="replace")
        if code is not None or "Traceback" in text:
            ended = f"exited {code}" if code is not None else "printed a traceback"
            raise BuildError(f"the GM window {ended} within {WINDOW_RUN_S:g} s:\n{text}")
        print(f"the GM window ran {WINDOW_RUN_S:g} s without a problem")

    def _archive(self, bundle: Path) -> Path:
        stem = f"vantage-{make_version_info.project_version()}-{platform_tag()}"
        if sys.platform == "darwin":
            archive = self.dest / f"{stem}.zip"
            # ditto keeps the symbolic links and extended attributes a .app needs; zipfile does not.
            _run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle), str(archive)])
            self._disk_image(bundle, self.dest / f"{stem}.dmg")
        elif sys.platform == "win32":
            archive = Path(shutil.make_archive(str(self.dest / stem), "zip", bundle.parent, bundle.name))
        else:
            archive = Path(shutil.make_archive(str(self.dest / stem), "gztar", bundle.parent, bundle.name))
        print(f"archive {archive}: {archive.stat().st_size / 2**20:.1f} MiB")
        return archive


    def _disk_image(self, app: Path, dmg: Path) -> None:
        """Write the .dmg: Vantage.app beside a link to /Applications, to drag it onto (macOS)."""
        staging = self.work / "dmg"
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(parents=True)
        shutil.copytree(app, staging / app.name, symlinks=True)
        (staging / "Applications").symlink_to("/Applications")
        for attempt in range(3):  # hdiutil on a busy runner sometimes fails with "Resource busy"
            try:
                _run(mac_dmg_command(staging, dmg))
                break
            except BuildError:
                if attempt == 2:
                    raise
                time.sleep(5)
        print(f"disk image {dmg}: {dmg.stat().st_size / 2**20:.1f} MiB")


def _run(
    command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None, capture: bool = False
) -> str:
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(
        command, env=env, cwd=cwd, text=True, capture_output=capture, timeout=3600, check=False
    )
    if result.returncode != 0:
        detail = f"\n{result.stdout}{result.stderr}" if capture else ""
        raise BuildError(f"{Path(command[0]).name} exited {result.returncode}{detail}")
    return result.stdout if capture else ""


def _run_all(commands: list[list[str]]) -> None:
    for command in commands:
        _run(command)


def _run_timed(command: list[str], env: dict[str, str], cwd: Path) -> tuple[int, list[tuple[float, str]]]:
    """Run ``command``; return its exit code and each output line with the time it appeared.

    On Linux and macOS the output goes through a pseudo-terminal, so the program writes each
    line as it prints it and the time of the first ``ok`` line is the first frame. On Windows
    it is a pipe; lines may arrive together at the end.
    """
    print("$ " + " ".join(command), flush=True)
    lines: list[tuple[float, str]] = []
    if sys.platform == "win32":
        result = subprocess.run(
            command, env=env, cwd=cwd, capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S, check=False
        )
        now = time.perf_counter()
        lines = [(now, line) for line in (result.stdout + result.stderr).splitlines()]
        return result.returncode, lines
    import pty
    import select

    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        command, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal
    )
    os.close(terminal)
    pending = b""
    deadline = time.monotonic() + SMOKE_TIMEOUT_S
    while True:
        if time.monotonic() > deadline:
            process.kill()
            raise BuildError(f"the self-test took longer than {SMOKE_TIMEOUT_S} s")
        ready, _, _ = select.select([controller], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closes when the program exits (EIO on Linux)
            chunk = b""
        if not chunk:
            break
        now = time.perf_counter()
        pending += chunk
        *complete, pending = pending.split(b"\n")
        lines += [(now, line.decode("utf-8", "replace").rstrip("\r")) for line in complete]
    os.close(controller)
    if pending:
        lines.append((time.perf_counter(), pending.decode("utf-8", "replace")))
    return process.wait(timeout=SMOKE_TIMEOUT_S), lines


def main(argv: list[str] | None = None) -> int:
    options = parse_args(sys.argv[1:] if argv is None else argv)
    temporary = options.work is None
    work = Path(tempfile.mkdtemp(prefix="vantage-build-")) if temporary else options.work
    assert work is not None
    work.mkdir(parents=True, exist_ok=True)
    print(f"build.py: Vantage {make_version_info.project_version()} on {platform_tag()}, work folder {work}")
    try:
        return Builder(options, work.resolve()).run()
    except (BuildError, subprocess.TimeoutExpired, OSError) as error:
        print(f"build.py: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        if temporary and not options.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"build.py: work folder kept at {work}")


if __name__ == "__main__":
    sys.exit(main())
