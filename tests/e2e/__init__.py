"""End-to-end tests: the real app served over HTTP, driven in headless Chromium."""
