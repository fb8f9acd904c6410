"""The docs' doctests run from the project root; the site's build files are not tests."""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*", "_generated/*", "_ext/*"]
