"""Issue 27 (the GUI half), offscreen: File ▸ New/Open/Recent campaign, the Party panel (add, remove,
bring the party, return it with the summary the GM confirms, Let time pass…, a rest refused with its
sentence), the Campaign panel (add, duplicate, reorder, open the next, thumbnails, the journal) and
Campaign ▸ Undo and Export the journal — in a GM window, the dialogs answered for the GM."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from vantage.engine.campaign import EncounterStatus, load_campaign
from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import ApplyDamage
from vantage.engine.protocol.party_commands import START_AREA_NAME
from vantage.gui.campaign import current
from vantage.gui.campaign.dialogs import AddCharacterDialog, LetTimePassDialog, NewCampaignDialog
from vantage.gui.campaign.recent import read_recent_campaigns, recent_campaigns_path
from vantage.gui.document import run_command
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.workspace import ActionId, DockId, MenuId


def den(path: Path, name: str = "Wolf den") -> Path:
    """A Power Tiers map with a wolf on it, saved at ``path``."""
    wolf = Token("wolf", "Wolf", (6, 5), Side.ENEMY, stats={})
    save_encounter(Encounter(GameMap(10, 8), (wolf,), ruleset="power-tiers", name=name), path,
                   keep_backup=False)
    return path


@pytest.fixture
def window(qtbot):
    w = MainWindow(Encounter(GameMap(6, 4), (), ruleset="power-tiers", name="Nowhere"))
    w.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    return w


def answer(fill):
    """A ``confirm`` that fills the dialog in with ``fill`` and accepts it."""
    def confirm(dialog: QDialog) -> bool:
        fill(dialog)
        return True
    return confirm


def new_campaign_in(window: MainWindow, where: Path, name: str = "The Long Road") -> Path:
    tools = window.campaign_tools

    def fill(dialog: NewCampaignDialog) -> None:
        dialog.name.setText(name)
        dialog.ruleset_box.select("power-tiers")
        dialog.parent_folder.setText(str(where))

    tools.confirm = answer(fill)
    assert tools.new_campaign_dialog()
    return where / name


def add_bram(window: MainWindow) -> None:
    party = window.campaign_tools.party

    def fill(dialog: AddCharacterDialog) -> None:
        dialog.template.setCurrentIndex(dialog.template.findData("neophyte"))
        dialog.name.setText("Bram")

    party.confirm = answer(fill)
    assert party.add_from_bestiary()


def test_file_menu_and_campaign_menu_and_docks_are_there(window):
    registry = window.workspace.actions
    file_menu = registry.menu(MenuId.FILE)
    assert registry.action(ActionId.NEW_CAMPAIGN) in file_menu.actions()
    assert registry.action(ActionId.OPEN_CAMPAIGN) in file_menu.actions()
    assert registry.menu(MenuId.RECENT_CAMPAIGNS).menuAction() in file_menu.actions()
    campaign_menu = registry.menu(MenuId.CAMPAIGN)
    assert registry.action(ActionId.LET_TIME_PASS) in campaign_menu.actions()
    assert window.workspace.find_dock(DockId.PARTY) is not None
    assert window.workspace.find_dock(DockId.CAMPAIGN) is not None
    assert "No campaign is open" in window.campaign_tools.party_panel.heading.text()
    assert not registry.action(ActionId.LET_TIME_PASS).isEnabled()


def test_a_new_campaign_is_made_in_the_folder_chosen_remembered_and_queryable(window, tmp_path):
    folder = new_campaign_in(window, tmp_path)
    assert (folder / "campaign.json").is_file() and (folder / "encounters").is_dir()
    assert load_campaign(folder).ruleset == "power-tiers"
    assert current.current_campaign_folder() == folder
    assert current.current_encounters_folder() == folder / "encounters"
    assert read_recent_campaigns()[0] == folder.resolve()
    assert "The Long Road" in window.campaign_tools.party_panel.heading.text()


def test_a_new_campaign_in_a_folder_that_holds_one_is_refused_with_the_reason(window, tmp_path):
    new_campaign_in(window, tmp_path)
    said: list[str] = []
    window.campaign_tools.warn = lambda title, text: said.append(text)
    window.campaign_tools.new_campaign_dialog()
    assert said and "already holds a campaign" in said[0]


def test_a_damaged_recent_list_is_set_aside_and_a_campaign_still_opens(window, tmp_path):
    recent_campaigns_path().write_text("{not json", encoding="utf-8")
    assert read_recent_campaigns() == []
    folder = new_campaign_in(window, tmp_path)
    window.campaign_tools.holder.close()
    assert window.campaign_tools.open_campaign(folder)
    assert read_recent_campaigns()[0] == folder.resolve()
    recent = window.workspace.actions.menu(MenuId.RECENT_CAMPAIGNS)
    assert [a.text() for a in recent.actions()] == [str(folder.resolve())]


def test_opening_a_folder_that_is_no_campaign_names_the_problem(window, tmp_path):
    said: list[str] = []
    window.campaign_tools.warn = lambda title, text: said.append(text)
    assert not window.campaign_tools.open_campaign(tmp_path)
    assert "not a campaign folder" in said[0]


def test_a_character_from_the_bestiary_and_from_a_file_join_and_one_is_removed(window, tmp_path):
    folder = new_campaign_in(window, tmp_path)
    add_bram(window)
    panel = window.campaign_tools.party_panel
    assert panel.lines() == ["Bram\nFortitude 8/8, Health 10/10"]
    block = tmp_path / "mira.json"
    from vantage.engine.rules import get_ruleset

    wolf = next(t for t in get_ruleset("power-tiers").templates() if t.id == "wolf")
    block.write_text(json.dumps({"name": "Mira", "stats": dict(wolf.stats)}), encoding="utf-8")
    window.campaign_tools.party.ask_stat_file = lambda: block
    assert window.campaign_tools.party.add_from_file()
    assert [m.name for m in load_campaign(folder).party] == ["Bram", "Mira"]
    assert window.campaign_tools.party.remove("mira")
    assert [m.name for m in load_campaign(folder).party] == ["Bram"]
    assert window.campaign_tools.undo() == "Remove Mira"
    assert [m.name for m in load_campaign(folder).party] == ["Bram", "Mira"]


def test_a_stat_block_file_that_is_not_one_is_refused_naming_the_file(window, tmp_path):
    new_campaign_in(window, tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    said: list[str] = []
    party = window.campaign_tools.party
    party.warn = lambda title, text: said.append(text)
    party.ask_stat_file = lambda: bad
    assert not party.add_from_file()
    assert said == [f"{bad}: a stat block is a JSON object"]


def play_to_the_return(window: MainWindow, tmp_path: Path) -> Path:
    """A campaign with Bram, the wolf den added and opened, the start marked, the party brought in,
    13 damage to Bram."""
    folder = new_campaign_in(window, tmp_path)
    add_bram(window)
    prep = window.campaign_tools.prep
    prep.ask_encounter_file = lambda: den(tmp_path / "wolf den.json")
    assert prep.add_file()
    assert window.document.path == folder / "encounters" / "wolf den.json"
    assert window.campaign_tools.start_tool.mark(((1, 1), (2, 1)))
    assert any(o.name == START_AREA_NAME for o in window.encounter.map.objects)
    steps = window.document.undo_stack.count()
    window.campaign_tools.party_panel.bring_button.click()
    assert window.document.undo_stack.count() == steps + 1  # one undo step
    assert window.encounter.token("bram").position == (1, 1)
    assert load_campaign(folder).encounters[0].status == EncounterStatus.RUNNING
    assert window.campaign_tools.party_panel.lines()[0].startswith("Bram · on the map")
    run_command(window.document, "Damage", ApplyDamage(token="bram", amount=13))
    return folder


def test_the_party_comes_back_with_the_summary_confirmed_and_undo_goes_back_each_way(window, tmp_path):
    """"When the fight ends, the party's new state flows back into the roster, shown as a summary
    the GM confirms … One undo step each way." """
    folder = play_to_the_return(window, tmp_path)
    party = window.campaign_tools.party
    shown: list[str] = []
    party.confirm = answer(lambda dialog: shown.append(dialog.summary.text()))
    steps = window.document.undo_stack.count()
    window.campaign_tools.party_panel.return_button.click()
    assert shown == ["• Bram: Fortitude 8/8, Health 10/10 → Fortitude 0/8, Health 5/10, 1 wound"]
    assert window.document.undo_stack.count() == steps + 1
    assert "bram" not in {t.id for t in window.encounter.tokens}
    kept = load_campaign(folder)
    assert kept.encounters[0].status == EncounterStatus.FINISHED
    assert window.campaign_tools.party_panel.lines() == ["Bram\nFortitude 0/8, Health 5/10, 1 wound"]
    entry = kept.journal[-1].entries[-1]
    assert entry.title == "Wolf den" and entry.file == "encounters/wolf den.json"
    assert "Bram gains a wound (5 Health damage from one hit): 1 wound." in entry.lines
    # the encounter's side: Edit ▸ Undo puts Bram back on the map; the campaign's: Campaign ▸ Undo
    window.document.undo_stack.undo()
    assert window.encounter.token("bram").position == (1, 1)
    assert window.campaign_tools.undo() == "Return the party"
    assert load_campaign(folder).member("bram").state == {}


def test_declining_the_summary_changes_nothing(window, tmp_path):
    folder = play_to_the_return(window, tmp_path)
    party = window.campaign_tools.party
    party.confirm = lambda dialog: False
    steps = window.document.undo_stack.count()
    assert not party.return_party()
    assert window.document.undo_stack.count() == steps and load_campaign(folder).member("bram").state == {}


def let_pass(window: MainWindow, amount: int, unit: str, resting: bool = False) -> list[str]:
    party = window.campaign_tools.party
    shown: list[str] = []

    def fill(dialog: LetTimePassDialog) -> None:
        dialog.choose(amount, unit)
        dialog.resting.setChecked(resting)

    party.confirm = answer(fill)
    party.show_lines = lambda title, lines: shown.extend(lines)
    window.campaign_tools.party_panel.time_button.click()
    return shown


def test_a_night_a_day_and_a_week_recover_the_party_as_the_text_says(window, tmp_path):
    """"Health will recover at a rate of 1 point per tier of power the character has attained per
    day." "One wound point will take one week to heal." """
    folder = play_to_the_return(window, tmp_path)
    window.campaign_tools.party.confirm = answer(lambda dialog: None)
    assert window.campaign_tools.party.return_party()
    assert "Bram recovers 8 Fortitude over 480 minutes (Neophyte: 1 a round): 0 → 8 of 8." in let_pass(
        window, 1, "nights")
    said = let_pass(window, 1, "days")
    assert "Bram recovers 1 Health over a day (Neophyte 1 = 1 a day): 5 → 6 of 10." in said
    assert said[-1] == "The campaign clock: day 2, 08:00."
    said = let_pass(window, 1, "weeks")
    assert "Bram heals 1 wound (7 days each): 0 left." in said
    assert window.campaign_tools.party_panel.lines() == ["Bram\nFortitude 8/8, Health 10/10"]
    journal = load_campaign(folder).journal[-1].entries
    assert journal[-1].title == "Time passes: day 2, 08:00 → day 9, 08:00"
    assert "1 week passes" in window.campaign_tools.campaign_panel.journal.toPlainText()


def test_a_date_in_the_past_is_refused_with_its_reason(window, tmp_path):
    new_campaign_in(window, tmp_path)
    add_bram(window)
    party = window.campaign_tools.party
    said: list[str] = []
    party.warn = lambda title, text: said.append(text)
    answers = iter([True, False])

    def confirm(dialog: LetTimePassDialog) -> bool:
        dialog.choose(0, "")
        dialog.date.setText("day 1")
        return next(answers)

    party.confirm = confirm
    assert not party.let_time_pass()
    assert said == ["'day 1' is not after the clock's day 1, 00:00"]


def test_the_campaign_panel_duplicates_reorders_opens_the_next_and_shows_thumbnails(window, tmp_path):
    folder = new_campaign_in(window, tmp_path)
    prep = window.campaign_tools.prep
    prep.ask_encounter_file = lambda: den(tmp_path / "wolf den.json")
    assert prep.add_file()
    assert prep.duplicate("encounters/wolf den.json")
    files = [e.file for e in load_campaign(folder).encounters]
    assert files == ["encounters/wolf den.json", "encounters/wolf den 2.json"]
    assert load_campaign(folder).encounters[1].name == "Wolf den (copy)"
    assert prep.move("encounters/wolf den 2.json", 0)
    assert [e.file for e in load_campaign(folder).encounters][0] == "encounters/wolf den 2.json"
    panel = window.campaign_tools.campaign_panel
    assert panel.lines()[0] == "Wolf den (copy)\nprepared"
    assert not panel.encounters.item(0).icon().isNull()  # the map, rendered small
    assert prep.open_next()
    assert window.document.path == folder / "encounters" / "wolf den 2.json"
    assert "open now" in panel.lines()[0]


def test_the_journal_is_exported_as_markdown(window, tmp_path):
    folder = new_campaign_in(window, tmp_path)
    add_bram(window)
    let_pass(window, 2, "hours")
    prep = window.campaign_tools.prep
    prep.ask_export_path = lambda default: default
    path = prep.export_journal()
    assert path == folder / "journal.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# The Long Road — journal")
    assert "### Time passes: day 1, 00:00 → day 1, 02:00" in text


def test_the_party_cannot_come_where_no_start_is_marked_and_says_why(window, tmp_path):
    new_campaign_in(window, tmp_path)
    add_bram(window)
    prep = window.campaign_tools.prep
    prep.ask_encounter_file = lambda: den(tmp_path / "wolf den.json")
    assert prep.add_file()
    said: list[str] = []
    window.campaign_tools.party.warn = lambda title, text: said.append(text)
    assert not window.campaign_tools.party.bring()
    assert said and "start" in said[0].lower()


def test_a_character_left_dying_is_announced_when_the_party_comes_back(window, tmp_path):
    """ "If a character is reduced to 0 Health, they are dying." — and it goes on dying on the
    campaign clock, so the GM is told."""
    play_to_the_return(window, tmp_path)
    run_command(window.document, "Damage", ApplyDamage(token="bram", amount=5))
    party = window.campaign_tools.party
    party.confirm = answer(lambda dialog: None)
    told: list[tuple[str, list[str]]] = []
    party.show_lines = lambda title, lines: told.append((title, list(lines)))
    assert party.return_party()
    assert told and told[0][0] == "Left dying"
    assert "dying" in told[0][1][1].lower() and told[0][1][1].startswith("Bram: ")


def test_time_does_not_pass_while_the_party_is_on_the_map(window, tmp_path):
    """The roster has not had the fight's changes yet: time passing for it would lose them."""
    folder = play_to_the_return(window, tmp_path)
    party = window.campaign_tools.party
    said: list[str] = []
    party.warn = lambda title, text: said.append(text)
    party.confirm = answer(lambda dialog: dialog.choose(1, "nights"))
    assert not party.let_time_pass()
    assert said and said[0].startswith("The party is on this map: return it to the roster first")
    assert load_campaign(folder).clock == 0
