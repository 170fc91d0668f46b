"""Run the loaders and the command-line tools against every bad input we can think of.

    python tests/reliability_sweep.py [--jobs N] [--keep]

Each case runs in its own process (``vantage check``, ``vantage import``, ``vantage play``, or a
loader called from Python) with a timeout. The sweep prints one line per case that went wrong and
then the counts: inputs tried, tracebacks (must be 0), hangs (must be 0), and how many exited with
each status. ``vantage FILE`` is only given files it must refuse (a good one would open the window
and wait). It exits 1 when any case ended in a traceback or a hang. docs/reliability.md
describes the promises it checks; it is not collected by pytest (it takes minutes).
"""

# ruff: noqa: E501 - the inputs are data, one per line, easier to read unwrapped
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT.parent))
VANTAGE = [sys.executable, "-m", "vantage.gui"]
COURTYARD = ROOT / "maps" / "01-ruined-courtyard.json"
GOLDEN = ROOT / "tests" / "golden" / "sample_fight"
CAVE = ROOT / "tests" / "fixtures" / "uvtt" / "real" / "cave-and-doors.dd2vtt"
PLAIN = ROOT / "tests" / "fixtures" / "uvtt" / "plain.dd2vtt"
TIMEOUT = 90


@dataclass
class Case:
    name: str
    argv: list[str]
    stdin: str = ""


def png(width: int, height: int, rgb: tuple[int, int, int] = (120, 110, 90)) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\0" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b""))


def png_header_claiming(width: int, height: int) -> bytes:
    data = bytearray(png(8, 8))
    at = data.index(b"IHDR")
    data[at + 4: at + 12] = struct.pack(">II", width, height)
    data[at + 17: at + 21] = struct.pack(">I", zlib.crc32(bytes(data[at: at + 17])))
    return bytes(data)


def damaged(data: bytes) -> bytes:
    out = bytearray(data)
    start = out.index(b"IDAT") + 6
    for i in range(start, min(start + 16, len(out) - 12)):
        out[i] ^= 0xA5
    return bytes(out)


TMX = ('<?xml version="1.0" encoding="{enc}"?><map version="1.10" orientation="orthogonal" width="4" '
       'height="3" tilewidth="32" tileheight="32" infinite="0">{tileset}<layer id="1" name="Ground" '
       'width="4" height="3">{data}</layer>{extra}</map>')
TILESET = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">'
           '<tile id="1"><properties><property name="terrain" value="difficult"/></properties></tile></tileset>')
CSV = '<data encoding="csv">1,2,1,1,1,2,1,0,1,1,1,1</data>'


def tmx(enc: str = "UTF-8", tileset: str = TILESET, data: str = CSV, extra: str = "") -> str:
    return TMX.format(enc=enc, tileset=tileset, data=data, extra=extra)


def build(folder: Path) -> list[Case]:  # noqa: PLR0915 - one long list of inputs, read top to bottom
    cases: list[Case] = []
    courtyard = json.loads(COURTYARD.read_text(encoding="utf-8"))
    golden = json.loads((GOLDEN / "encounter.json").read_text(encoding="utf-8"))
    text = COURTYARD.read_text(encoding="utf-8")

    def write(name: str, content: str | bytes) -> Path:
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
        return path

    def changed(name: str, change) -> Path:
        data = json.loads(json.dumps(courtyard))
        change(data)
        return write(name, json.dumps(data, allow_nan=True))

    # -- encounter files: vantage check, load_encounter, vantage play, vantage FILE headless ------
    encounters = [
        write("empty.json", b""), write("spaces.json", b"   \n"), write("binary.json", os.urandom(4096)),
        write("utf16.json", text.encode("utf-16")), write("latin1.json", "{\"name\": \"caf\xe9\"}".encode("latin-1")),
        write("half.json", text[: len(text) // 2]), write("deep.json", "[" * 200_000 + "]" * 200_000),
        write("deep-objects.json", '{"a":' * 50_000 + "1" + "}" * 50_000),
        write("digits.json", text.replace('"version": 1', '"version": ' + "1" * 5000, 1)),
        write("list.json", "[1, 2, 3]"), write("null.json", "null"), write("string.json", '"x"'),
        changed("nan.json", lambda d: d["map"].__setitem__("width", float("nan"))),
        changed("inf.json", lambda d: d["tokens"][0].__setitem__("position", [float("inf"), 1])),
        changed("huge-version.json", lambda d: d.__setitem__("version", 1e308)),
        changed("future.json", lambda d: d.__setitem__("version", 99)),
        changed("big-map.json", lambda d: d["map"].update(width=100_000, height=100_000)),
        changed("neg-map.json", lambda d: d["map"].update(width=-3)),
        changed("null-pos.json", lambda d: d["tokens"][0].__setitem__("position", [None, None])),
        changed("surrogate.json", lambda d: d["tokens"][0].__setitem__("name", "Bram \ud800")),
        changed("no-tokens-key.json", lambda d: d.pop("tokens")),
        changed("tokens-dict.json", lambda d: d.__setitem__("tokens", {"a": 1})),
        changed("dup-id.json", lambda d: d["tokens"][1].__setitem__("id", d["tokens"][0]["id"])),
        changed("bad-bg.json", lambda d: d["map"].__setitem__("background", {"path": "/dev/zero",
                                                                              "pixels_per_tile": 32})),
        changed("bg-passwd.json", lambda d: d["map"].__setitem__("background", {
            "path": "../../../../../../etc/passwd", "pixels_per_tile": 32})),
        changed("bg-nan.json", lambda d: d["map"].__setitem__("background", {"path": "x.png",
                                                                              "pixels_per_tile": float("nan")})),
        changed("stats.json", lambda d: d["tokens"][0].__setitem__("stats", {"a": [[[[[[1e308]]]]]]})),
        changed("ruleset.json", lambda d: d.__setitem__("ruleset", "chess")),
        changed("combat.json", lambda d: d.__setitem__("combat", {"started": "yes", "order": 5})),
        write("dup-key.json", text.replace('"version": 1', '"version": 1, "version": 2', 1)),
        write("bom.json", b"\xef\xbb\xbf" + text.encode()),
        changed("template-1e308.json", lambda d: d.__setitem__("templates", [
            {"id": "t", "shape": "cone", "origin": [1, 1], "size_feet": 1e308, "direction": 1e308}])),
        changed("templates-100000.json", lambda d: d.__setitem__("templates", [
            {"id": f"t{i}", "shape": "circle", "origin": [1, 1], "size_feet": 5} for i in range(100_000)])),
        # the combat log (version 3): too many entries, texts too long, every wrong type
        changed("log-100000.json", lambda d: d.update(version=3, log={"entries": [{"sentence": "x"}] * 100_000})),
        changed("log-long.json", lambda d: d.update(version=3, log={"entries": [
            {"sentence": "x" * 1_000_000, "details": ["y" * 20_000] * 10_000, "kind": "z" * 50_000}]})),
        changed("log-wrong.json", lambda d: d.update(version=3, log={
            "earlier": {"entries": 1e308, "kinds": {"a": -1, "b": float("nan")}},
            "entries": [5, None, {"sentence": ["x"], "details": "d"}, {"sentence": "\ud800"}]})),
        changed("log-list.json", lambda d: d.update(version=3, log=[{"sentence": "x"}])),
    ]
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    (folder / "folder.json").mkdir()
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    sparse = folder / "sparse.json"
    with open(sparse, "wb") as handle:
        handle.truncate(300 * 1024 * 1024)
    encounters += [fifo, folder / "folder.json", folder / "dangling.json", folder / "loop.json",
                   folder / "zero.json", sparse, folder / "missing.json"]
    for path in encounters:
        cases.append(Case(f"check {path.name}", [*VANTAGE, "check", str(path)]))
        cases.append(Case(f"load {path.name}", [sys.executable, "-c",
                          "import sys\nfrom vantage.engine.fileformat import load_encounter, EncounterFileError\n"
                          "try:\n    load_encounter(sys.argv[1])\nexcept EncounterFileError as e:\n    print(e)",
                          str(path)]))
    face = write("face.json", json.dumps([{"type": "face", "token": golden["tokens"][0]["id"], "facing": "E"}]))
    for path in encounters[:12] + [folder / "surrogate.json", fifo, folder / "zero.json"]:
        cases.append(Case(f"play encounter {path.name}", [*VANTAGE, "play", str(path), "--commands", str(face)]))
    for path in (folder / "half.json", folder / "binary.json", folder / "zero.json", fifo, folder / "folder.json"):
        cases.append(Case(f"vantage {path.name}", [*VANTAGE, str(path)]))

    # -- vantage play command files ----------------------------------------------------------------
    commands = [
        "[" * 100_000 + "]" * 100_000, "", "null", "{}", '{"commands": 3}', "[1, 2]", '[{"type": 3}]',
        '[{"type": ["place"]}]', '[{"type": "nope"}]', '[{"type": "place"}]',
        '[{"type":"place","token":"bram","tile":[NaN,2]}]', '[{"type":"place","token":"bram","tile":[Infinity,0]}]',
        '[{"type":"place","token":"bram","tile":[-Infinity,0]}]', '[{"type":"place","token":"bram","tile":[1.5,2.5]}]',
        '[{"type":"place","token":"bram","tile":[1e400,2]}]', '[{"type":"place","token":"bram","tile":[1,2,3]}]',
        '[{"type":"place","token":"bram","tile":"a1"}]', '[{"type":"place","token":"bram","tile":{"x":1}}]',
        '[{"type":"place","token":"nobody","tile":[1,2]}]', '[{"type":"place","token":"bram","tile":[-5,99999]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[2.0,2]]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[2]]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[9,5,5]]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[[],5]]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],"N"]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[0,0]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[true,[]]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[]}]',
        '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[40,40]]}]',
        '[{"type":"start_combat","ambushers":[{}]}]', '[{"type":"start_combat","options":{"ambushers":[{}]}}]',
        '[{"type":"start_combat","options":{"ambushers":"bram"}}]', '[{"type":"start_combat","participants":[1]}]',
        '[{"type":"start_combat","options":{"x":' + "[" * 50 + "]" * 50 + "}}]",
        '[{"type":"start_combat"},{"type":"apply_damage","token":"ghoul","amount":' + "9" * 4299 + "}]",
        '[{"type":"start_combat"},{"type":"apply_damage","token":"ghoul","amount":' + "9" * 5000 + "}]",
        '[{"type":"start_combat"},{"type":"apply_damage","token":"ghoul","amount":-5}]',
        '[{"type":"start_combat"},{"type":"heal","token":"ghoul","amount":-100}]',
        '[{"type":"start_combat"},{"type":"heal","token":"ghoul","amount":1e18}]',
        '[{"type":"set_condition","token":"bram","condition":"petrified"}]',
        '[{"type":"set_condition","token":"bram","condition":"prone","rounds":1e18}]',
        '[{"type":"set_condition","token":"bram","condition":"prone","rounds":-1}]',
        '[{"type":"move","type":"place","token":"bram","tile":[1,2]}]',
        '[{"type":"face","token":"bram","facing":"\\ud800"}]', '[{"type":"face","token":"\\ud800","facing":"E"}]',
        '[{"type":"add_token","id":"x","name":"\\ud800","tile":[1,1]}]',
        '[{"type":"add_token","id":"x","name":"x","tile":[1,1],"stats":{"a":NaN}}]',
        '[{"type":"resize_map","width":1000000,"height":1000000}]', '[{"type":"resize_map","width":0,"height":-1}]',
        '[{"type":"set_elevation","tiles":[[1,1]],"feet":Infinity}]', '[{"type":"set_walls","edges":[[[0,0]]],"wall":"x"}]',
        '[{"type":"answer","faces":[1e400]}]', '[{"type":"answer","choice":5}]', '[{"type":"cancel_pending"}]',
        '[{"type":"attack","attacker":"bram","target":"bram"}]', '[{"type":"end_turn","token":"ghoul"}]',
        '[{"type":"set_ruleset","ruleset":"\\u0000"}]', '[{"type":"table_dice","tokens":"all"}]',
        '[{"type":"gm_roll","formula":"1d6+' + "9" * 5000 + '"}]', '[{"type":"gm_roll","formula":"' + "9" * 5000 + 'd6"}]',
        '[{"type":"rest","rest":"natural","duration":9007199254740992}]',
        '[{"type":"set_condition","token":"bram","condition":"prone","rounds":9007199254740992}]',
        '[{"type":"hold_breath","token":"bram","minutes":9007199254740992}]',
    ]
    for number, content in enumerate(commands):
        path = write(f"cmds-{number}.json", content)
        cases.append(Case(f"play commands #{number}", [*VANTAGE, "play", str(GOLDEN / "encounter.json"),
                                                       "--commands", str(path), "--dice", str(GOLDEN / "dice.json")]))
    baton = ROOT / "maps" / "06-baton-crossroads.json"  # durations of Baton's own commands (issue 33, item 4)
    for number, content in enumerate(('[{"type":"hold_breath","token":"bram","minutes":9007199254740992}]',
                                      '[{"type":"hold_breath","token":"bram","minutes":1440}]',
                                      '[{"type":"rest","rest":"long","duration":9007199254740992}]',
                                      '[{"type":"rest","rest":"long","duration":3650}]')):
        path = write(f"baton-{number}.json", content)
        cases.append(Case(f"play baton #{number}", [*VANTAGE, "play", str(baton), "--commands", str(path)]))
    for bad in (fifo, folder / "folder.json", Path("/dev/zero"), folder / "missing.json", folder / "binary.json"):
        cases.append(Case(f"play commands {bad.name}", [*VANTAGE, "play", str(GOLDEN / "encounter.json"),
                                                        "--commands", str(bad)]))
        cases.append(Case(f"play dice {bad.name}", [*VANTAGE, "play", str(GOLDEN / "encounter.json"),
                                                    "--commands", str(face), "--dice", str(bad)]))
    for dice in ("[1.5]", "[NaN]", '{"faces": "x"}', "[" + "9" * 5000 + "]", "[-1, 0, 99]"):
        path = write(f"dice-{len(cases)}.json", dice)
        cases.append(Case(f"play dice {dice[:12]}", [*VANTAGE, "play", str(GOLDEN / "encounter.json"),
                                                     "--commands", str(GOLDEN / "commands.json"), "--dice", str(path)]))
    cases.append(Case("play --seed x", [*VANTAGE, "play", str(GOLDEN / "encounter.json"), "--commands", str(face),
                                        "--seed", "x"]))
    cases.append(Case("play --plugin bad", [*VANTAGE, "play", str(GOLDEN / "encounter.json"), "--commands",
                                            str(face), "--plugin", "x=nope:thing"]))

    # -- vantage import -------------------------------------------------------------------------
    picture = write("picture.png", png(640, 480))
    cave = json.loads(CAVE.read_text(encoding="utf-8"))

    def dd2vtt(name: str, change) -> Path:
        data = json.loads(json.dumps(cave))
        change(data)
        return write(name, json.dumps(data))

    maps = [
        dd2vtt("damaged.dd2vtt", lambda d: d.__setitem__("image", base64.b64encode(damaged(png(64, 64))).decode())),
        dd2vtt("far.dd2vtt", lambda d: d["line_of_sight"].append([{"x": 1e300, "y": 2}, {"x": -1e300, "y": 3}])),
        dd2vtt("nan-res.dd2vtt", lambda d: d["resolution"].__setitem__("pixels_per_grid", float("nan"))),
        dd2vtt("huge-size.dd2vtt", lambda d: d["resolution"].__setitem__("map_size", {"x": 1e9, "y": 1e9})),
        dd2vtt("bomb-image.dd2vtt", lambda d: d.__setitem__("image", base64.b64encode(
            png_header_claiming(50_000, 50_000)).decode())),
        dd2vtt("bad-b64.dd2vtt", lambda d: d.__setitem__("image", "!!!!")),
        dd2vtt("no-res.dd2vtt", lambda d: d.pop("resolution")),
        dd2vtt("portals.dd2vtt", lambda d: d.__setitem__("portals", [{"bounds": [1]}, 5, None])),
        write("truncated.dd2vtt", CAVE.read_text(encoding="utf-8")[:5000]), write("binary.dd2vtt", os.urandom(2048)),
        write("deep.dd2vtt", "[" * 100_000), write("digits.dd2vtt", '{"format": ' + "9" * 5000 + "}"),
        write("bad-encoding.tmx", tmx(enc="UUF-8")), write("utf16-decl.tmx", tmx(enc="utf-16")),
        write("devzero-tileset.tmx", tmx(tileset='<tileset firstgid="1" source="/dev/zero"/>')),
        write("fifo-tileset.tmx", tmx(tileset='<tileset firstgid="1" source="tiles.tsx"/>')),
        write("passwd-tileset.tmx", tmx(tileset='<tileset firstgid="1" source="../../../../../../etc/passwd"/>')),
        write("devzero-image.tmx", tmx(extra='<imagelayer id="3" name="bg"><image source="/dev/zero"/></imagelayer>')),
        write("fifo-image.tmx", tmx(extra='<imagelayer id="3" name="bg"><image source="tiles.tsx"/></imagelayer>')),
        write("zlib-bomb.tmx", tmx(data='<data encoding="base64" compression="zlib">'
                                   + base64.b64encode(zlib.compress(b"\0" * 100_000_000, 9)).decode() + "</data>")),
        write("gzip-bomb.tmx", tmx(data='<data encoding="base64" compression="gzip">'
                                   + base64.b64encode(__import__("gzip").compress(b"\0" * 50_000_000, 9)).decode()
                                   + "</data>")),
        write("zstd.tmx", tmx(data='<data encoding="base64" compression="zstd">AAAA</data>')),
        write("far-ellipse.tmx", tmx(extra='<objectgroup name="Walls"><object id="1" x="0" y="0" width="1e200" '
                                     'height="1e200"><ellipse/></object></objectgroup>')),
        write("entities.tmx", '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;'
              '&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;'
              '&c;&c;">]><map width="&d;"/>'),
        write("devzero-tileset.tmj", json.dumps({"type": "map", "orientation": "orthogonal", "width": 4, "height": 3,
                                                 "tilewidth": 32, "tileheight": 32, "infinite": False,
                                                 "tilesets": [{"firstgid": 1, "source": "/dev/zero"}],
                                                 "layers": [{"type": "tilelayer", "name": "g", "width": 4,
                                                             "height": 3, "data": [1] * 12}]})),
        write("digits.tmj", '{"width": ' + "9" * 5000 + "}"), write("damaged.png", damaged(png(640, 480))),
        write("bomb.png", png_header_claiming(50_000, 50_000)), write("text.png", "not a picture"),
        write("empty.png", b""), write("map.txt", "x"),
    ]
    os.mkfifo(folder / "tiles.tsx")
    os.mkfifo(folder / "fifo.dd2vtt")
    os.mkfifo(folder / "fifo.png")
    (folder / "zero.dd2vtt").symlink_to("/dev/zero")
    (folder / "zero.png").symlink_to("/dev/zero")
    maps += [folder / "fifo.dd2vtt", folder / "zero.dd2vtt", folder / "fifo.png", folder / "zero.png",
             folder / "missing.dd2vtt", folder / "folder.json"]
    out = folder / "out"
    out.mkdir()
    for number, path in enumerate(maps):
        extra = ["--pixels-per-tile", "32"] if path.suffix == ".png" else []
        cases.append(Case(f"import {path.name}", [*VANTAGE, "import", str(path), "-o", str(out / f"m{number}.json"),
                                                  *extra]))
    for path in (folder / "fifo.png", folder / "zero.png", folder / "bomb.png", folder / "damaged.png",
                 folder / "text.png", picture):
        cases.append(Case(f"import {path.name} (grid guessed)", [*VANTAGE, "import", str(path), "-o",
                                                                 str(out / f"g-{path.stem}.json")]))
    for options in (["--offset", "nan,nan"], ["--offset", "inf,0"], ["--offset", "1,2,3"], ["--offset", "a,b"],
                    ["--max-px", "0"], ["--max-px", "-5"], ["--pixels-per-tile", "1e308"],
                    ["--pixels-per-tile", "nan"], ["--pixels-per-tile", "0"], ["--pixels-per-tile", "-32"],
                    ["--tiles", "0x0"], ["--tiles", "99999x99999"], ["--tiles", "axb"], ["--ruleset", "chess"],
                    ["--max-decode-mb", "-1", "--max-px", "100"]):
        extra = ["--pixels-per-tile", "32"] if options[0] != "--pixels-per-tile" else []
        cases.append(Case(f"import picture {' '.join(options)}", [*VANTAGE, "import", str(picture), "-o",
                                                                  str(out / "p.json"), *extra, *options]))
    write("out/taken.png", "my own picture")
    write("out/taken.json", "{}")
    own = write("own.dd2vtt", CAVE.read_bytes())
    for target in (out / "taken.json", own, Path("/dev/full"), folder / "folder.json", fifo,
                   folder / "nowhere" / "x.json"):
        cases.append(Case(f"import -o {target.name}", [*VANTAGE, "import", str(own), "-o", str(target)]))
    return cases


def run_case(case: Case, env: dict[str, str]) -> tuple[Case, str, str]:
    try:
        done = subprocess.run(case.argv, capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=ROOT.parent,
                              errors="backslashreplace")
    except subprocess.TimeoutExpired:
        return case, "hang", ""
    if "Traceback (most recent call last)" in done.stderr or "Traceback (most recent call last)" in done.stdout:
        return case, "traceback", done.stderr[-2000:]
    last = (done.stderr or done.stdout).strip().splitlines()[-1:]
    return case, f"exit {done.returncode}", last[0] if last else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the folder of inputs")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="vantage-sweep-"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", VANTAGE_USER_DIR=str(folder / "user"))
    try:
        cases = build(folder)
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda c: run_case(c, env), cases))
    finally:
        if not args.keep:
            for fifo in folder.rglob("*"):
                if fifo.is_fifo():
                    fifo.unlink()
            shutil.rmtree(folder, ignore_errors=True)
    tracebacks = [r for r in results if r[1] == "traceback"]
    hangs = [r for r in results if r[1] == "hang"]
    for case, outcome, detail in tracebacks + hangs:
        print(f"{outcome}: {case.name}\n{detail}\n")
    statuses = sorted({o for _, o, _ in results})
    print(f"inputs tried: {len(results)}; tracebacks: {len(tracebacks)}; hangs: {len(hangs)}; "
          f"outcomes: {', '.join(f'{s} × {sum(o == s for _, o, _ in results)}' for s in statuses)}")
    return 1 if tracebacks or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
