"""Helpers of the test suite (not tests): injected walls, scenarios, conformance play,
strategies, reference implementations and harnesses, imported as ``helpers.<module>``."""
