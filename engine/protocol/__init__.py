"""The vocabulary every layer speaks: commands, events and the errors of a rejected command."""
