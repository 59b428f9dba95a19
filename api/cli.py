"""The ``cardsage`` command: ``cardsage serve`` (more subcommands register the same way)."""

from __future__ import annotations

import argparse
import sys
from typing import Callable


def _add_serve(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="run the HTTP API and web UI")
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="SQLAlchemy database URL (default: $CARDSAGE_DATABASE_URL or "
                             "sqlite:///var/cardsage.sqlite3)")
    parser.set_defaults(run=serve)


def serve(args: argparse.Namespace) -> int:
    """Serve the app with werkzeug's threaded server until interrupted."""
    from werkzeug.serving import run_simple

    from api.app import create_app

    config = {"DATABASE_URL": args.database} if args.database else None
    app = create_app(config)
    print(f"cardsage serving at http://{args.host}:{args.port}/ "
          f"(API docs: http://{args.host}:{args.port}/api/v1/docs)", flush=True)
    run_simple(args.host, args.port, app, threaded=True, use_reloader=False, use_debugger=False)
    return 0


def _add_verify(subparsers) -> None:
    parser = subparsers.add_parser("verify", add_help=False,
                                   help="prove Klondike / Forty Thieves deals winnable or not, in bulk "
                                        "(cardsage verify klondike --help)")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="the arguments of the verify command")
    parser.set_defaults(run=verify)


def verify(args: argparse.Namespace) -> int:
    """Hand the remaining arguments to the patience batch verifier."""
    from solvers.patience.verify_cli import main as verify_main

    return verify_main(list(args.rest))


# each entry adds one subcommand to the parser; add `verify` and friends here
SUBCOMMANDS: list[Callable] = [_add_serve, _add_verify]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="cardsage", description="Card-game solver service.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``cardsage`` command line."""
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
