"""Command-line entry points of ``vantage``. Headless subcommands never import Qt."""
