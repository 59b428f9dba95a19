"""The exact value of a small position, for the tests that check a count against it."""


def exact_value(position, exhaustive):
    """The position's value by the plain exhaustive search (``exhaustive``) or by DDS
    (endplay)."""
    if exhaustive:
        from solvers.doubledummy.reference import reference_value
        return reference_value(position)
    from solvers.doubledummy.crosscheck import dds_best
    return dds_best(position)
