"""Compiled solver kernels warmed up in the background when the server starts."""

from __future__ import annotations

import threading
from typing import Callable

from flask import Blueprint


def warm_up_in_background(blueprint: Blueprint, load: Callable[[], None], name: str) -> None:
    """Run ``load`` (which compiles, or loads from cache, a solver's kernels) in a daemon
    thread the first time ``blueprint`` is registered in this process, so the first
    request's time budget is spent searching rather than compiling."""
    started = threading.Event()

    @blueprint.record_once
    def _start(_state) -> None:
        # record_once runs once per application; tests build many applications
        if not started.is_set():
            started.set()
            threading.Thread(target=load, daemon=True, name=name).start()
