"""Speed and strength measurements, each against a baseline measured in the same run.

A package so that every benchmark, and the tests that share its reference code, import
by one name (``benchmarks.naive_othello``, ``benchmarks.commit_expert``): run them from
the project root as ``python -m benchmarks.<name>`` (see benchmarks/README.md).
"""
