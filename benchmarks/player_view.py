"""Player view costs on the 200×200 benchmark map (fog on, half of it revealed, 100 tokens).

Prints, as medians:
  BENCH player_filter_200_map_changed  vantage.engine.table.player_view.player_view after a fog or map edit
                                       (the whole map is filtered again)            target 16 ms
  BENCH player_filter_200_token_moved  the same after a token move (the filtered map is reused)
                                                                                    target 2 ms
  BENCH player_update_200   one GM change shown in a 1920×1080 player window (filter, scene sync,
                            overlays and one painted frame)                          target 16 ms
  BENCH player_fog_image_200  rebuilding the fog image after a brush stroke         target 4 ms
  BENCH fog_room_200        a room flood fill that spreads over the whole map (the benchmark's
                            walls close no room; walls precomputed once per wall set) target 50 ms
  BENCH vision_fog_party    the tiles 5 party tokens see, radius 12 tiles            target 100 ms
Exits non-zero only if it could not run. Run: ``.venv/bin/python benchmarks/player_view.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_map import make_benchmark_encounter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from timing import median_ms  # noqa: E402

from vantage.engine.model import Encounter, Side  # noqa: E402
from vantage.engine.table import fog  # noqa: E402
from vantage.engine.table.player_view import player_view  # noqa: E402


def staged() -> Encounter:
    enc = make_benchmark_encounter()
    game_map = fog.reveal_rect(replace(enc.map, fog_enabled=True), (0, 0), (99, 199))
    tokens = tuple(replace(t, hidden=(i % 7 == 0)) for i, t in enumerate(enc.tokens))
    return replace(enc, map=game_map, tokens=tokens, combat={"round": 1, "active_token": tokens[1].id})


def main() -> int:
    app = QApplication.instance() or QApplication([])
    from vantage.gui.appdata.player_settings import PlayerSettings
    from vantage.gui.canvas.snapshot import render_view
    from vantage.gui.players.fog_layer import PLAYER_FOG, fog_image
    from vantage.gui.players.window import PlayerWindow

    enc = staged()
    copies = [enc.with_map(replace(enc.map)) for _ in range(15)]  # equal maps, new objects: no reuse
    changed_ms = median_ms(lambda: player_view(copies.pop()), 15)
    print(f"BENCH player_filter_200_map_changed {changed_ms:.1f} ms target 16")
    player_view(enc)
    moved_ms = median_ms(lambda: player_view(enc), 15)
    print(f"BENCH player_filter_200_token_moved {moved_ms:.1f} ms target 2")

    window = PlayerWindow(enc, settings=PlayerSettings(fullscreen=False))
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    render_view(window.view)
    movers = [t for t in enc.tokens if not t.hidden and t.position[0] < 95][:20]
    frames: list[float] = []
    current = enc
    for step, token in enumerate(movers * 2):
        dx = 1 if step < len(movers) else -1
        moved = replace(token, position=(token.position[0] + dx, token.position[1]))
        current = current.with_token(moved)
        start = time.perf_counter()
        window.show_encounter(current)
        render_view(window.view)
        frames.append((time.perf_counter() - start) * 1000)
    print(f"BENCH player_update_200 {statistics.median(frames):.1f} ms target 16")

    maps = [fog.reveal_brush(enc.map, (120.0 + i, 50.0), 3) for i in range(10)]
    image_ms = median_ms(lambda: fog_image(maps.pop() if maps else enc.map, None, PLAYER_FOG), 10)
    print(f"BENCH player_fog_image_200 {image_ms:.2f} ms target 4")

    fog.room_tiles(enc.map, (150, 150))  # the blocked edges of this wall set, once
    room_ms = median_ms(lambda: fog.room_tiles(enc.map, (150, 150)), 7)
    size = len(fog.room_tiles(enc.map, (150, 150)))
    print(f"BENCH fog_room_200 {room_ms:.1f} ms target 50  ({size} tiles in the room)")

    party = [t.id for t in enc.tokens if t.side is Side.PARTY and not t.hidden][:5]
    vision_ms = median_ms(lambda: fog.visible_tiles(enc, radius_tiles=12, viewers=party), 5)
    print(f"BENCH vision_fog_party {vision_ms:.1f} ms target 100  ({len(party)} viewers)")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
