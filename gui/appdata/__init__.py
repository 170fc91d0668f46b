"""The application's own files: where user data and the bundled samples live, and what the player
view remembers between sessions. No Qt here."""
