"""Tokens per MB of filing text through LLM extraction (issue 15 item 3), offline.

Reads real filings with ``LLMExtractor`` pointed at a local stand-in for an OpenAI-compatible
server (stdlib, 127.0.0.1, no network) that answers ``{"facts": []}`` and reports as ``usage``
the word-piece count of what it was sent (the bundled MiniLM tokenizer; GPT tokenizers count
English at about the same rate, ~4 characters per token, which is shown beside it). What is
measured is what ownergraph sends: the system prompt, the schema-bound request and the
sentences picked as candidates -- against sending every sentence of the document.

    python -m bench.extract.llm_tokens [FOLDER ...]   (default: tests/fixtures/real/filings)
"""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ownergraph.ingest.extract import llm
from ownergraph.ingest.readers.documents import DocumentReader, SUFFIXES
from ownergraph.retrieval.text.chunking import count_tokens

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "results" / "llm-extract-tokens.json"


class _Counting(BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        sent = [m["content"] for m in body["messages"]] + [json.dumps(body["response_format"])]
        content = json.dumps({"facts": []})
        reply = {"choices": [{"message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                 "usage": {"prompt_tokens": sum(count_tokens(sent)), "completion_tokens": count_tokens([content])[0]}}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def measure(folders: list[Path]) -> dict[str, Any]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/v1"
    files = sorted(p for f in folders for p in f.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
    rows = []
    try:
        for path in files:
            config = llm.LLMExtractConfig(api_key="bench", base_url=base, model="counting")
            picked, every = llm.LLMExtractor(config), llm.LLMExtractor(config, every_sentence=True)
            t0 = time.perf_counter()
            list(DocumentReader().with_options(extractor=picked).read(path))
            seconds = time.perf_counter() - t0
            list(DocumentReader().with_options(extractor=every).read(path))
            s, w = picked.stats, every.stats
            rows.append({"file": str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path),
                         "bytes": path.stat().st_size, "text_chars": s.chars, "sentences": s.sentences,
                         "sentences_sent": s.sentences_sent, "requests": s.requests,
                         "tokens": s.prompt_tokens + s.completion_tokens, "prompt_chars": s.prompt_chars,
                         "tokens_all_sentences": w.prompt_tokens + w.completion_tokens, "seconds": round(seconds, 2)})
    finally:
        server.shutdown()
    chars = sum(r["text_chars"] for r in rows)
    mb = chars / 1e6
    tokens = sum(r["tokens"] for r in rows)
    return {
        "what": "tokens sent through LLM extraction per MB (10^6 characters) of document text",
        "documents": len(rows), "text_chars": chars, "file_bytes": sum(r["bytes"] for r in rows),
        "tokens_per_mb": round(tokens / mb) if mb else None,
        "tokens_per_mb_of_file": round(tokens / (sum(r["bytes"] for r in rows) / 1e6)) if rows else None,
        "approx_gpt_tokens_per_mb": round(sum(r["prompt_chars"] for r in rows) / 4 / mb) if mb else None,
        "tokens_per_mb_every_sentence": round(sum(r["tokens_all_sentences"] for r in rows) / mb) if mb else None,
        "sentences_sent_share": round(sum(r["sentences_sent"] for r in rows) / max(1, sum(r["sentences"] for r in rows)), 3),
        "rows": rows,
    }


def main(argv: list[str]) -> None:
    folders = [Path(a) for a in argv] or [ROOT / "tests" / "fixtures" / "real" / "filings"]
    res = measure(folders)
    OUT.write_text(json.dumps(res, indent=2) + "\n")
    print(json.dumps({k: v for k, v in res.items() if k != "rows"}, indent=2))
    print(f"written {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
