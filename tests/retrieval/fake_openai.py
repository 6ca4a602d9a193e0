"""A local fake of an OpenAI-compatible chat-completions server, for tests (no network).

stdlib ``http.server`` on 127.0.0.1, random port, served from a daemon thread. Replies are
scripted: each ``POST /v1/chat/completions`` takes the next queued :class:`Scripted` reply
(status, body, optional delay); with nothing queued it answers 500. Every request is recorded
(path, headers, JSON body), so a test can assert what was sent -- or that nothing was.

Use the ``fake_openai`` fixture (import it into the test module)::

    def test_x(fake_openai):
        fake_openai.reply_json({"pattern": "owners", ...})
        cfg = LLMConfig(api_key="test", base_url=fake_openai.base_url)
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass
class Scripted:
    status: int = 200
    body: Any = None  # dict -> JSON; str/bytes -> sent as is
    delay_s: float = 0.0
    content_type: str = "application/json"


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


def completion(content: str | None, *, refusal: str | None = None, finish_reason: str = "stop",
               model: str = "fake-model") -> dict[str, Any]:
    """A chat.completion object with one choice."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": content, "refusal": refusal},
            "finish_reason": finish_reason,
            "logprobs": None,
        }],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


@dataclass
class FakeOpenAI:
    host: str = "127.0.0.1"
    port: int = 0
    requests: list[Recorded] = field(default_factory=list)
    script: deque[Scripted] = field(default_factory=deque)
    # answers every request by its body instead of the queue, when set (a replay of recorded replies)
    responder: Callable[[Any], Scripted] | None = None
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    # scripting
    def reply(self, status: int = 200, body: Any = None, *, delay_s: float = 0.0,
              content_type: str = "application/json") -> None:
        self.script.append(Scripted(status, body, delay_s, content_type))

    def reply_content(self, content: str | None, **kwargs: Any) -> None:
        self.reply(200, completion(content, **kwargs))

    def reply_json(self, obj: Any) -> None:
        self.reply_content(json.dumps(obj))

    def chat_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    # lifecycle
    def start(self) -> FakeOpenAI:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def _send(self, status: int, body: Any, content_type: str = "application/json") -> None:
                if isinstance(body, (dict, list)):
                    data = json.dumps(body).encode()
                elif isinstance(body, str):
                    data = body.encode()
                elif body is None:
                    data = b""
                else:
                    data = bytes(body)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # client timed out first
                    pass

            def do_POST(self) -> None:  # noqa: N802
                n = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(n) if n else b""
                try:
                    body: Any = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode("utf-8", "replace")
                with fake._lock:
                    fake.requests.append(Recorded("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                    item = fake.script.popleft() if fake.script else None
                if fake.responder is not None:
                    item = fake.responder(body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                    return
                if item is None:
                    self._send(500, {"error": {"message": "fake server: nothing scripted", "type": "server_error"}})
                    return
                if item.delay_s:
                    time.sleep(item.delay_s)
                self._send(item.status, item.body, item.content_type)

            def do_GET(self) -> None:  # noqa: N802
                with fake._lock:
                    fake.requests.append(Recorded("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, None))
                self._send(404, {"error": {"message": "not found", "type": "not_found"}})

        self._server = ThreadingHTTPServer((self.host, self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-openai", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    """A running fake server; proxies are cleared so the client talks to it directly."""
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    fake = FakeOpenAI().start()
    try:
        yield fake
    finally:
        fake.stop()
