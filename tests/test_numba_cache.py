"""Cached compiled kernels are dropped when any source file of their package changes."""

from solvers.numba_cache import drop_stale


def test_a_change_anywhere_in_the_package_drops_the_cached_kernels(tmp_path):
    (tmp_path / "kernel.py").write_text("X = 1\n")
    (tmp_path / "helpers.py").write_text("def f(): return 1\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "kernel.search-1.py311.nbi").write_text("index")
    (cache / "kernel.search-1.py311.1.nbc").write_text("code")
    kernel = str(tmp_path / "kernel.py")
    assert drop_stale(kernel) is True, "no stamp yet: the cache cannot be trusted"
    assert not list(cache.glob("*.nb?"))
    (cache / "kernel.search-1.py311.nbi").write_text("index")
    assert drop_stale(kernel) is False, "nothing changed: the cache stays"
    assert list(cache.glob("*.nbi"))
    (tmp_path / "helpers.py").write_text("def f(): return 2\n")   # not the kernel's own file
    assert drop_stale(kernel) is True
    assert not list(cache.glob("*.nbi"))
