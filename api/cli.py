"""The ``cardsage`` command: ``cardsage serve`` (more subcommands register the same way)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable

from api.cpus import solver_cpus


def _add_serve(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="run the HTTP API and web UI")
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="SQLAlchemy database URL (default: $CARDSAGE_DATABASE_URL or "
                             "sqlite:///var/cardsage.sqlite3)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="server processes (default 2 x CPU cores + 1; waitress serves in one)")
    parser.add_argument("--threads", type=int, default=4, metavar="N",
                        help="request threads per server process (default 4)")
    parser.add_argument("--solver-processes", type=int, default=None, metavar="N",
                        help="processes per server process for CPU-heavy work: solves, tables, hints "
                             "(default: CPU cores; 0 runs them in the request thread)")
    parser.add_argument("--solver-cpus", default=None, metavar="auto|all|LIST", type=_cpus_setting,
                        help="processors the solver and job processes may use (default auto: all "
                             "but the first when there are two or more, so requests never wait "
                             "behind solves; all: every one; or a list such as 1,2,3)")
    parser.add_argument("--server", choices=("auto", "gunicorn", "waitress"), default="auto",
                        help="WSGI server (default: gunicorn where it runs, else waitress)")
    parser.add_argument("--access-log", metavar="FILE", default="-",
                        help="access log file ('-' = standard error, the default; 'none' = no log)")
    parser.set_defaults(run=serve)


def _cpus_setting(text: str) -> str:
    """``--solver-cpus``: refused at once when it is neither auto, all nor a list of numbers."""
    try:
        solver_cpus(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def default_workers() -> int:
    """Server processes by default: 2 x cores + 1, the usual for CPU-bound Python apps."""
    return 2 * (os.cpu_count() or 1) + 1


def serve(args: argparse.Namespace) -> int:
    """Serve the app with gunicorn (or waitress where gunicorn cannot run) until stopped."""
    config: dict = {}
    if args.database:
        config["DATABASE_URL"] = args.database
    if args.solver_processes is not None:
        config["SOLVER_PROCESSES"] = max(0, args.solver_processes)
    if args.solver_cpus is not None:
        config["SOLVER_CPUS"] = args.solver_cpus
    server = args.server
    if server == "auto":
        server = "gunicorn" if _gunicorn_runs() else "waitress"
    workers = max(1, args.workers or default_workers()) if server == "gunicorn" else 1
    threads = max(1, args.threads)
    _prepare_database(config)
    print(f"cardsage serving at http://{args.host}:{args.port}/ "
          f"(API docs: http://{args.host}:{args.port}/api/v1/docs) "
          f"with {server}: {workers} process{'es' if workers > 1 else ''} x {threads} threads", flush=True)
    access_log = None if args.access_log.lower() == "none" else args.access_log
    if access_log == "-" and os.path.exists("/dev/stderr"):
        access_log = "/dev/stderr"   # gunicorn's "-" is standard output, where only the banner goes
    if server == "gunicorn":
        return _serve_gunicorn(config, args.host, args.port, workers, threads, access_log)
    return _serve_waitress(config, args.host, args.port, threads)


def _gunicorn_runs() -> bool:
    if sys.platform.startswith("win"):
        return False
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def _prepare_database(config: dict) -> None:
    """Create the schema once, before any server process starts (they would race to)."""
    from api.app import DEFAULT_CONFIG, open_storage

    url = config.get("DATABASE_URL") or os.environ.get("CARDSAGE_DATABASE_URL") or DEFAULT_CONFIG["DATABASE_URL"]
    open_storage(url).close()


def _serve_gunicorn(config: dict, host: str, port: int, workers: int, threads: int,
                    access_log: str | None) -> int:
    from gunicorn.app.base import BaseApplication

    class Application(BaseApplication):
        """gunicorn with the app built in each worker after the fork (no threads, engines or
        solver processes are shared across a fork)."""

        def load_config(self):
            settings = {
                "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
                "workers": workers,
                "worker_class": "gthread",     # threads, and keep-alive connections
                "threads": threads,
                "keepalive": 5,
                "timeout": 120,                # a worker silent this long is restarted
                "graceful_timeout": 10,
                "accesslog": access_log,
                "errorlog": "-",
                "post_worker_init": _post_worker_init,
                "worker_int": _worker_int,
                "worker_exit": _worker_exit,
                "proc_name": "cardsage",
                "control_socket_disable": True,   # gunicorn 24+: no shared ~/.gunicorn socket
            }
            for name, value in settings.items():
                if name in self.cfg.settings:
                    self.cfg.set(name, value)

        def load(self):
            from api.app import create_app

            return create_app(config or None)

    Application().run()
    return 0


def _stop_solvers() -> None:
    # stop the solver processes now: a 60 s search must not hold up the shutdown
    from api import workers

    workers.shutdown()


def _worker_exit(_server, _worker) -> None:
    _stop_solvers()


def _worker_int(_worker) -> None:
    _stop_solvers()


def _post_worker_init(worker) -> None:
    """Start the worker's solver processes. On SIGTERM a worker finishes its requests
    before it exits: stop its solver processes first, so a request waiting on a long search
    answers 503 at once instead of holding the graceful shutdown up until it is killed."""
    import signal
    import threading

    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum, frame):
        threading.Thread(target=_stop_solvers, daemon=True, name="solvers-stop").start()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, on_term)
    # the solver processes start (and warm their kernels) now, not at the first request
    worker.wsgi.extensions["cardsage.solvers"].start()


def _serve_waitress(config: dict, host: str, port: int, threads: int) -> int:
    """One process, ``threads`` request threads (waitress writes no access log)."""
    import waitress

    from api.app import create_app

    app = create_app(config or None)
    app.extensions["cardsage.solvers"].start()
    try:
        waitress.serve(app, host=host, port=port, threads=threads, ident="cardsage")
    finally:
        from api import workers

        workers.shutdown()
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


def _add_prepare(subparsers) -> None:
    parser = subparsers.add_parser("prepare", help="compile the solvers' kernels once (a minute on a "
                                                   "fresh install) so the first requests answer at once")
    parser.set_defaults(run=prepare)


def prepare(args: argparse.Namespace) -> int:
    """Compile every solver kernel into numba's disk cache; later processes only load it."""
    import time

    from solvers.doubledummy.solver import load_kernels
    from solvers.patience import (forty_thieves_exact, forty_thieves_jit, forty_thieves_levels,
                                  forty_thieves_stock, klondike_jit, klondike_sets)

    began = time.perf_counter()
    print("cardsage: preparing the solvers (compiled once, then loaded from the cache)...", flush=True)
    klondike_jit.warm_up()
    klondike_sets.warm_up()
    forty_thieves_jit.warm_up()
    forty_thieves_exact.warm_up()
    forty_thieves_stock.warm_up()
    forty_thieves_levels.warm_up()
    load_kernels()
    print(f"cardsage: solvers ready in {time.perf_counter() - began:.1f} s", flush=True)
    return 0


# each entry adds one subcommand to the parser; add `verify` and friends here
SUBCOMMANDS: list[Callable] = [_add_serve, _add_prepare, _add_verify]


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
