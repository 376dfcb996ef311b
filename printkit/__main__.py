"""``python -m printkit`` runs the command line."""

from printkit.cli import main

main()
