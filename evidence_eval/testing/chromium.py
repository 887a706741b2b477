"""Chromium driven over the DevTools protocol on a pipe, for the HTML report's test and bench:
real time from navigation to the page's table painted, clicks, and the fonts it drew with.
Not part of the API."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

BROWSER_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class DevTools:
    """Chromium driven over the DevTools protocol on a pipe (fd 3 in, fd 4 out): real time,
    real clicks, the fonts it drew with; no virtual time as with --dump-dom."""

    def __init__(self, chromium: str, profile: Path) -> None:
        parent_in, child_out = os.pipe()  # Chromium writes to fd 4
        child_in, self._out = os.pipe()  # Chromium reads from fd 3
        self._process = subprocess.Popen(
            [
                chromium,
                *BROWSER_FLAGS,
                f"--user-data-dir={profile}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            pass_fds=(3, 4),  # kept open after the descriptors are closed (preexec_fn runs before)
            preexec_fn=lambda: (os.dup2(child_in, 3), os.dup2(child_out, 4)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(child_in)
        os.close(child_out)
        self._reader = os.fdopen(parent_in, "rb")
        self._pending = b""  # what was read past the last reply (events, part of the next one)
        self._next_id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method: str, session: str | None = None, **params) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" in self._pending:
                raw, self._pending = self._pending.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._next_id:
                    if "error" in reply:
                        raise RuntimeError(reply["error"])
                    return reply["result"]
            chunk = self._reader.read1(1 << 20)
            if not chunk:
                raise RuntimeError(f"Chromium closed the DevTools pipe during {method}")
            self._pending += chunk

    def page(self, method: str, **params) -> dict:
        return self.call(method, self.session, **params)

    def evaluate(self, expression: str) -> object:
        return self.page("Runtime.evaluate", expression=expression)["result"].get("value")

    def open_until_painted(self, page: Path, timeout: float = 60) -> float:
        """Navigates; the milliseconds until the page says its table was rendered and painted."""
        started = time.perf_counter()
        self.page("Page.navigate", url=page.as_uri())
        while time.perf_counter() - started < timeout:
            if self.evaluate("document.body && document.body.dataset.paintedMs"):
                return 1000 * (time.perf_counter() - started)
            time.sleep(0.02)
        raise TimeoutError(f"{page} was not painted within {timeout} s")

    def fonts(self, selector: str) -> list[str]:
        """The platform fonts Chromium used to draw the node's text."""
        self.page("DOM.enable")
        self.page("CSS.enable")
        root = self.page("DOM.getDocument")["root"]["nodeId"]
        node = self.page("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
        return [font["familyName"] for font in self.page("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]]

    def close(self) -> None:
        self._process.kill()
        self._process.wait()
        self._reader.close()
        os.close(self._out)
