"""Paddock's rules: every table and rule of every rule set, as pure Python.

Nothing in this package imports Django or the apps; tests/rules/test_purity.py asserts it.
"""
