"""A small driver of headless Chromium over its DevTools protocol (``--remote-debugging-pipe``).

The browser is Debian's ``chromium`` (never a downloaded build), started with a fresh
profile and every background service off, so that on a closed network nothing waits for
a server. Commands go as NUL-terminated JSON on the browser's fd 3, answers and events
come back on its fd 4. :class:`Browser` opens one page and records its console errors,
uncaught exceptions and every network request; :func:`png_colours` reads a screenshot
back (standard library only) to tell a blank one. ``BROWSER_DEBUG=1`` lets the browser's
own messages through to the terminal.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import queue
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-default-apps", "--mute-audio",
         "--window-size=1280,900", "--hide-scrollbars")
WAIT = 60.0
"""Seconds to wait for any answer (a failure, not a measurement, when it runs out)."""


def chromium() -> str | None:
    """The system Chromium, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    """The browser answered with an error, or not at all."""


class Browser:
    """One headless Chromium with one page attached."""

    def __init__(self, executable: str, profile: str) -> None:
        """Start the browser (use :func:`open_browser`, which also stops it)."""
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # the browser's ends move above 100, so that they cannot be fd 3 or 4 themselves
        to_browser_r, from_browser_w = (_high(to_browser_r), _high(from_browser_w))
        r, w = to_browser_r, from_browser_w
        command = f'exec "$0" "$@" 3<&{r} 4>&{w} {r}<&- {w}>&-'
        self.process = subprocess.Popen(  # noqa: S603 - our own fixed command line
            ["/bin/bash", "-c", command, executable, *FLAGS, f"--user-data-dir={profile}",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(to_browser_r, from_browser_w), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=None if os.environ.get("BROWSER_DEBUG") else subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    def _read(self) -> None:
        buffer = b""
        with os.fdopen(self._from_browser, "rb", buffering=0) as pipe:
            while chunk := pipe.read(65536):
                buffer += chunk
                *messages, buffer = buffer.split(b"\0")
                for message in messages:
                    self._messages.put(json.loads(message))
        self._messages.put(None)

    def send(self, method: str, params: dict[str, Any] | None = None, *,
             page: bool = True) -> dict[str, Any]:
        """Send one command (to the page's session when ``page``) and wait for its answer."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if page and self.session is not None:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT
        while True:
            answer = self._get(deadline, method)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def _get(self, deadline: float, waiting_for: str) -> dict[str, Any]:
        try:
            message = self._messages.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise BrowserError(f"no answer from the browser to {waiting_for}") from None
        if message is None:
            raise BrowserError("the browser closed its pipe")
        return message

    def wait_event(self, method: str) -> dict[str, Any]:
        """The first event ``method`` not yet consumed (waiting for it if need be)."""
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        deadline = time.monotonic() + WAIT
        while True:
            message = self._get(deadline, method)
            if message.get("method") == method:
                return message
            self.events.append(message)

    def open_page(self) -> None:
        """Open a tab and attach to it, with the console, network and log recorded."""
        target = self.send("Target.createTarget", {"url": "about:blank"}, page=False)
        attached = self.send("Target.attachToTarget",
                             {"targetId": target["targetId"], "flatten": True}, page=False)
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(f"{domain}.enable")

    def navigate(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        answer = self.send("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def wait_for(self, expression: str) -> None:
        """Poll until ``expression`` is true in the page."""
        deadline = time.monotonic() + WAIT
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise BrowserError(f"never true: {expression}")
            time.sleep(0.05)

    def press(self, key: str, code: int, *, shift: bool = False) -> None:
        """Press and release one key."""
        modifiers = 8 if shift else 0
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": code,
                                                 "modifiers": modifiers})

    def screenshot(self, path: Path) -> bytes:
        """A PNG of the page, also written to ``path``."""
        data = base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])
        path.write_bytes(data)
        return data

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions and error log entries seen so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error",
                                                                                 "assert"):
                found.append(f"console: {params.get('args')}")
            elif method == "Runtime.exceptionThrown":
                found.append(f"exception: {params.get('exceptionDetails')}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append(f"log: {params['entry'].get('text')}")
        return found

    def requests(self) -> list[str]:
        """Every URL the page requested."""
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"]

    def close(self) -> None:
        """Close the browser (killing it if it does not go)."""
        with contextlib.suppress(BrowserError, OSError):  # gone already: waited for below
            self.send("Browser.close", page=False)
        try:
            self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)


def _high(fd: int) -> int:
    """``fd`` moved to a number of 100 or more."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 100)
    os.close(fd)
    return moved


@contextmanager
def open_browser(executable: str) -> Iterator[Browser]:
    """A browser with a fresh profile and one open page, closed afterwards."""
    with tempfile.TemporaryDirectory(prefix="mahjong-rules-chromium-") as profile:
        browser = Browser(executable, profile)
        try:
            browser.open_page()
            yield browser
        finally:
            browser.close()


def png_colours(data: bytes, *, step: int = 7) -> dict[tuple[int, ...], int]:
    """How often each colour occurs in a PNG (8-bit RGB or RGBA), sampling every
    ``step``-th pixel of every ``step``-th row."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    offset, chunks, header = 8, b"", b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        offset += 12 + length
    width, height, depth, colour_type = struct.unpack(">IIBB", header[:10])
    if depth != 8 or colour_type not in (2, 6):
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour_type}")
    size = 3 if colour_type == 2 else 4
    raw = zlib.decompress(chunks)
    stride = width * size
    previous = bytearray(stride)
    counts: dict[tuple[int, ...], int] = {}
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        _unfilter(kind, line, previous, size)
        if row % step == 0:
            for x in range(0, width, step):
                colour = tuple(line[x * size:x * size + 3])
                counts[colour] = counts.get(colour, 0) + 1
        previous = line
    return counts


def _unfilter(kind: int, line: bytearray, previous: bytearray, size: int) -> None:
    for i in range(len(line)):
        left = line[i - size] if i >= size else 0
        up = previous[i]
        corner = previous[i - size] if i >= size else 0
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 2:
            line[i] = (line[i] + up) & 255
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            line[i] = (line[i] + predictor) & 255
