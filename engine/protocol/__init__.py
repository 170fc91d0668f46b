"""The vocabulary every layer speaks: commands, events and the errors of a rejected command.

Importing the package, or one module of it, loads only that module: an encounter file's log
(:mod:`.combat_log`) and its templates' limits (:mod:`.template_limits`) are read without the
~90 command and event classes (issue 32, start-up). The registries complete themselves instead:
the first time ``Command.registry`` or ``Event.registry`` is read (``command_from_dict``,
``event_from_dict``, a ruleset's vocabulary check), every module of the shared vocabulary
(:data:`.records.SHARED_VOCABULARY`: the GM's commands and events, the party's, the templates', the
turn order's) is imported, so a registry always knows every shared kind.
"""
