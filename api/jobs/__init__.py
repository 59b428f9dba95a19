"""Durable patience verification jobs: stored in the database, run off the request path.

``runner.JobRunner`` (one per server process) claims queued jobs from the database under
a lease it renews while it works, and solves their deals in a pool of niced child
processes (``worker``). See docs/api.md, "Verification jobs".
"""
