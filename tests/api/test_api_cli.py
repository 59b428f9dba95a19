"""The command line parser."""

from __future__ import annotations

import pytest

from api.cli import build_parser, main, serve


def test_serve_defaults():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.database, args.run) == ("127.0.0.1", 8000, None, serve)


def test_serve_options():
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9001",
                                      "--database", "sqlite:///x.db"])
    assert (args.host, args.port, args.database) == ("0.0.0.0", 9001, "sqlite:///x.db")


def test_a_command_is_required():
    with pytest.raises(SystemExit):
        main([])
    with pytest.raises(SystemExit):
        main(["frobnicate"])
