"""A small thread-safe LRU cache (replayed states, match records)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Hashable


class LruCache:
    """Keep the ``maxsize`` most recently used values."""

    def __init__(self, maxsize: int = 512):
        self.maxsize = max(0, int(maxsize))
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any | None:
        """The cached value, or None."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        """Cache a value, evicting the least recently used beyond ``maxsize``."""
        if self.maxsize == 0:
            return
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
