"""Where an imported map's picture is kept (issue 30 item 7: "the import writes a PNG beside the source
map — store it with the encounter instead … never beside the source map, never overwriting; keep one
function that decides where an imported picture goes").

The import leaves the picture in the user's ``imported-pictures/`` folder; saving the encounter puts
it beside the encounter file, named after it, and the file names it by file name."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pytest
from workspaces import file_actions_on

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.gui.importing.dialog import import_file_interactively
from vantage.gui.importing.picture_home import is_waiting, keep_with_encounter, picture_home, waiting_folder

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


@pytest.fixture
def user(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def _source(folder: Path, colour: tuple[int, int, int] = (10, 20, 30)) -> Path:
    """A Universal VTT map with a picture of one colour, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    data = json.loads((FIXTURES / "window.dd2vtt").read_text(encoding="utf-8"))
    data["image"] = base64.b64encode(solid_png(80, 64, colour)).decode()
    source = folder / "cave.dd2vtt"
    source.write_text(json.dumps(data), encoding="utf-8")
    return source


def test_the_one_place_that_decides(user, tmp_path):
    source = tmp_path / "shared" / "cave.dd2vtt"
    assert picture_home(source) == (user.resolve() / "imported-pictures", "cave-background")
    assert picture_home(tmp_path / "shared" / "cave.png")[1] == "cave-scaled"  # a plain picture's copy
    assert picture_home(source, tmp_path / "prep" / "fight.json") == (tmp_path / "prep", "fight")


def test_saving_puts_the_picture_beside_the_encounter_and_names_it_by_file_name(qtbot, user, tmp_path):
    source = _source(tmp_path / "shared")
    encounter = import_file_interactively(None, source, lambda d: True)
    assert is_waiting(Path(encounter.map.background.path))
    target = tmp_path / "prep" / "fight.json"
    target.parent.mkdir()
    saved = keep_with_encounter(encounter, target)
    assert saved.map.background.path == "fight.png"
    save_encounter(saved, target)
    assert sorted(p.name for p in target.parent.iterdir()) == ["fight.json", "fight.png"]
    assert sorted(p.name for p in source.parent.iterdir()) == ["cave.dd2vtt"]  # nothing beside the map
    # moved elsewhere together, the encounter still finds its picture
    moved = tmp_path / "elsewhere"
    shutil.copytree(target.parent, moved)
    reopened = load_encounter(moved / "fight.json")
    assert (moved / reopened.map.background.path).read_bytes() == (target.parent / "fight.png").read_bytes()


def test_saving_again_shares_the_picture_and_never_overwrites_another(qtbot, user, tmp_path):
    prep = tmp_path / "prep"
    prep.mkdir()
    own = prep / "fight.png"
    own.write_bytes(solid_png(8, 8, (1, 2, 3)))  # the GM's own picture of that name
    encounter = import_file_interactively(None, _source(tmp_path / "shared"), lambda d: True)
    first = keep_with_encounter(encounter, prep / "fight.json")
    assert first.map.background.path == "fight-2.png"
    assert own.read_bytes() == solid_png(8, 8, (1, 2, 3))
    again = keep_with_encounter(encounter, prep / "fight.json")  # Save once more: the same picture
    assert again.map.background.path == "fight-2.png"
    assert sorted(p.name for p in prep.iterdir()) == ["fight-2.png", "fight.png"]


def test_a_picture_not_waiting_is_left_where_it_is(user, tmp_path):
    """A plain picture used where it is, or a picture already beside a saved encounter, is not copied."""
    from vantage.engine.model import BackgroundImage, Encounter, GameMap

    picture = tmp_path / "art" / "map.png"
    picture.parent.mkdir()
    picture.write_bytes(solid_png(8, 8, (9, 9, 9)))
    encounter = Encounter(GameMap(4, 4, background=BackgroundImage(str(picture), 2.0)), ruleset="avorkarth")
    assert keep_with_encounter(encounter, tmp_path / "fight.json") is encounter
    assert not waiting_folder().exists() or not list(waiting_folder().iterdir())


def test_file_save_keeps_the_picture_with_the_encounter(qtbot, user, tmp_path, workspace):
    """The GM's File ▸ Save as: the saved file names the picture beside it."""
    encounter = import_file_interactively(None, _source(tmp_path / "shared"), lambda d: True)
    workspace.document.reset(encounter, None)
    files = file_actions_on(workspace)
    target = tmp_path / "prep" / "cave-night.json"
    target.parent.mkdir()
    assert files.save_to(target) is True
    assert json.loads(target.read_text(encoding="utf-8"))["map"]["background"]["path"] == "cave-night.png"
    assert (target.parent / "cave-night.png").is_file()
