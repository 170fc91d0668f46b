"""The first-launch hint: what a GM new to Vantage does first, in the prompt bar under the map,
until dismissed.

It does not take the keyboard (the map keeps it) and it waits behind every real question. "Got it"
dismisses it for good (remembered in the user's ``settings.json``,
:func:`~vantage.gui.appdata.window_settings.dismiss_hint`); Esc ("Later") hides it until the next
start.
"""

from __future__ import annotations

from collections.abc import Callable

from vantage.gui.appdata.window_settings import dismiss_hint, hint_dismissed
from vantage.gui.play.prompt_bar import PromptBar
from vantage.gui.play.table_ask import Ask, AskChoice

HINT_KEY = "first-launch-hint"
HINT_TITLE = "New to Vantage? Four things to start with"
HINT_SENTENCE = ("Drag a token to move it (the path shows the cost; Shift+drag places it anywhere) · "
                 "select a token, then right-click an enemy for its attacks with the odds · Ctrl+K "
                 "starts the combat and N ends a turn · Ctrl+Shift+P opens the players' window for "
                 "the projector. Press ? for every key.")


def _dismiss() -> str:
    dismiss_hint()
    return "The first-launch hint will not show again (? lists every key)"


def offer_first_launch_hint(bar: PromptBar, start_campaign: Callable[[], str] | None = None) -> bool:
    """Show the hint in ``bar`` unless the GM dismissed it before; whether it is shown. The window
    opens on a sample; ``start_campaign`` (File ▸ New campaign…) is offered beside it."""
    if hint_dismissed():
        return False
    choices = [AskChoice("Got it", tip="Do not show this again", act=_dismiss)]
    if start_campaign is not None:
        choices.append(AskChoice("Start a campaign…", tip="A party, its maps and its journal in a folder "
                                 "of their own (File ▸ New campaign…)", act=start_campaign))
    bar.ask(Ask(key=HINT_KEY, title=HINT_TITLE, sentence=HINT_SENTENCE,
                choices=tuple(choices),
                default=0, leave="Later", leave_tip="Hide it until the next start", grabs_keys=False))
    return True
