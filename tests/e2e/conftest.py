"""The end-to-end tests' shared fixture: ``game``, the game under Xvfb (defined in test_window.py)."""

from tests.e2e.test_window import game  # noqa: F401 (a fixture, registered for every e2e module)
