#!/usr/bin/env python3
"""A stub Duffel API v2 server that answers with Duffel's own published example payloads.

It exists for end-to-end tests: the real `flights` binary is pointed at it
(`flights --api http://127.0.0.1:PORT`, with `DUFFEL_ACCESS_TOKEN=duffel_test_x`) and receives, byte for byte,
the JSON bodies Duffel publishes in its documentation and client libraries, which this directory collects
with a `manifest.json` (entries `{"file", "kind", "endpoint", "status", ...}`). Files are chosen from the
manifest by kind, endpoint and name, so new corpus files are picked up without changing this script.

Like Duffel, it demands `Authorization: Bearer ...` (else 401) and `Duffel-Version: v2` (else 400), answers
unknown routes with a 404 error envelope, and sends `x-request-id` and `ratelimit-*` headers. With
`--rate-limit-once 'METHOD /path'` the first matching request is refused with 429 (`ratelimit-remaining: 0`,
`ratelimit-reset` and `retry-after` a few seconds ahead), so a test can check that the client waits and retries.
With `--fail-once 'METHOD /path=STATUS'` the first matching request is answered with that status in Duffel's error
envelope, with `Retry-After: --retry-after` when that is given: a server that is briefly unavailable.
With `--hostile`, every name, message and other free text in an answer (places, carriers, aircraft, fare brands,
passengers, errors) carries control sequences a terminal would obey: setting the window title, clearing the screen,
C1 CSI and a bidirectional override. Ids, codes, amounts and times stay as they are, so the answer still reads.
With `--hostile-all` as well, every other string is poisoned too (booking references, place and airline codes, flight
and e-ticket numbers, refund destinations, emails, error codes): all but ids, amounts, currencies, dates and times,
and the few enums an answer cannot be read without (`type`, `status`, `available_actions`).
With `--redirect 'METHOD /path=STATUS=TARGET'` every matching request is answered with that redirect status (301,
302, 303, 307 or 308), an empty body and `Location: TARGET` followed by the request's path and query
(`--redirect 'POST /air/orders=307=http://127.0.0.1:PORT'` sends the booking elsewhere): a server, or a proxy in
front of it, that points the client at another origin.
With `--echo-token literal` (or `escaped`) every request is answered 401 in Duffel's error envelope with a message
quoting the request's bearer token: as it is, or with each of its characters written as a JSON `\\uXXXX` escape
(`\\u0064\\u0075…`), which a reader scanning the raw bytes for the token would miss.

Standard library only (Python 3.11). Run:

    python3 serve.py --port 0 [--corpus DIR] [--log FILE] [--verbose]
                     [--rate-limit-once 'POST /air/offer_requests'] [--reset-seconds 1]
                     [--fail-once 'GET /places/suggestions=503' [--retry-after 1]]
                     [--route 'POST /air/orders=order/python-create-instant-order.json' ...] [--hostile [--hostile-all]]
                     [--redirect 'POST /air/orders=307=http://127.0.0.1:PORT' ...] [--echo-token literal|escaped]

It prints one line, `listening on http://127.0.0.1:PORT`, then serves until SIGTERM or SIGINT. `--log` appends
one JSON line per request: {"method", "path", "query", "status", "file"}, written before the request is answered,
so a client that has its answer finds its request in the log. A `--route` pattern, like a `--rate-limit-once` or a
`--redirect` one, is matched segment by segment against the request path; `{id}` matches any segment.
"""
import argparse, email.utils, json, math, os, secrets, signal, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

DOCS = "https://duffel.com/docs/api/overview/errors"
LIMIT, WINDOW = 120, 60
REDIRECT_STATUSES = (301, 302, 303, 307, 308)

# (method, path pattern, manifest kind, default status, file-name preferences, best first)
ROUTES = [
    ("GET", "/places/suggestions", "place_suggestions", 200, []),
    ("POST", "/air/offer_requests", "offer_request", 201, []),
    ("GET", "/air/offer_requests/{id}", "offer_request", 200, []),
    ("GET", "/air/offers", "offer_list", 200, []),
    ("GET", "/air/offers/{id}", "offer", 200, ["get-offer-by-id"]),
    ("POST", "/air/offers/{id}/actions/price", "offer", 200, []),
    ("POST", "/air/orders", "order", 201, ["create-instant-order"]),
    ("GET", "/air/orders/{id}", "order", 200, ["get-order-by-id"]),
    ("GET", "/air/orders", "order_list", 200, []),
    ("POST", "/air/order_cancellations", "order_cancellation", 201, ["create-order-cancellation"]),
    ("POST", "/air/order_cancellations/{id}/actions/confirm", "order_cancellation", 200, ["confirm-order-cancellation"]),
    ("GET", "/air/order_cancellations/{id}", "order_cancellation", 200, []),
    ("POST", "/air/payments", "payment", 201, []),
    ("GET", "/air/seat_maps", "seat_maps", 200, []),
]
AVOID = ["null-payment-requirements"]  # chosen only when nothing else fits


# The free-text fields `--hostile` poisons, and what it puts around their text.
HOSTILE_KEYS = {"name", "city_name", "cabin_class_marketing_name", "fare_brand_name", "message", "given_name",
                "family_name", "origin_terminal", "destination_terminal"}
HOSTILE_BEFORE, HOSTILE_AFTER = "\x1b]0;PWNED\x07\x1b[2J", "\x9b31m\u202e"


# What `--hostile-all` leaves alone: what an answer cannot be read without.
STRUCTURAL_KEYS = {"id", "type", "status", "available_actions", "amount", "currency", "duration", "time_zone",
                   "payment_required_by", "after", "before"}
STRUCTURAL_SUFFIXES = ("_id", "_amount", "_currency", "_at", "_on")


def poisoned(value, key=None, everything=False):
    """`value` (parsed JSON) with every free-text field (or, with `everything`, every string field but the
    structural ones) wrapped in control sequences."""
    if isinstance(value, dict):
        return {k: poisoned(v, k, everything) for k, v in value.items()}
    if isinstance(value, list):
        return [poisoned(v, key, everything) for v in value]
    if isinstance(value, str) and (key in HOSTILE_KEYS or (everything and key is not None
                                   and key not in STRUCTURAL_KEYS and not key.endswith(STRUCTURAL_SUFFIXES))):
        return HOSTILE_BEFORE + value + HOSTILE_AFTER
    return value


def matches(pattern, path):
    """`GET /air/orders/{id}` against `GET /air/orders/ord_1`: same segments, `{..}` or `:..` match any one."""
    want, got = pattern.strip("/").split("/"), path.strip("/").split("/")
    return len(want) == len(got) and all(w == g or (w.startswith(("{", ":")) and g) for w, g in zip(want, got))


def split_rule(text):
    method, _, path = text.strip().partition(" ")
    if not path.startswith("/"):
        sys.exit(f"serve.py: expected 'METHOD /path', got {text!r}")
    return method.upper(), path.strip().split("?")[0]


def has_offers(path):
    try:
        with open(path, "rb") as handle:
            return bool((json.load(handle).get("data") or {}).get("offers"))
    except (OSError, ValueError, AttributeError):
        return False


class Stub:
    """The corpus, the options and the little state (one-shot rate limits, request window) shared by handlers."""

    def __init__(self, args):
        self.corpus, self.verbose, self.reset_seconds = args.corpus, args.verbose, args.reset_seconds
        self.hostile, self.hostile_all = args.hostile, args.hostile_all
        with open(os.path.join(self.corpus, "manifest.json"), encoding="utf-8") as handle:
            entries = json.load(handle)
        self.entries = [e for e in entries if os.path.isfile(os.path.join(self.corpus, e["file"]))]
        for entry in self.entries:
            entry["status"] = int(entry.get("status") or 0)
        self.by_file = {e["file"]: e for e in self.entries}
        self.overrides = []
        for text in args.route:
            rule, _, file = text.rpartition("=")
            if not rule or not os.path.isfile(os.path.join(self.corpus, file)):
                sys.exit(f"serve.py: --route {text!r}: expected 'METHOD /path=file' naming a corpus file")
            self.overrides.append((*split_rule(rule), file))
        self.once = [split_rule(text) for text in args.rate_limit_once]
        self.failures = []
        for text in args.fail_once:
            rule, _, status = text.rpartition("=")
            if not rule or not status.isdigit() or not 400 <= int(status) <= 599:
                sys.exit(f"serve.py: --fail-once {text!r}: expected 'METHOD /path=STATUS' with a status from 400 to 599")
            self.failures.append((*split_rule(rule), int(status)))
        self.retry_after = args.retry_after
        self.redirects = []
        for text in args.redirect:
            rule, _, rest = text.partition("=")
            status, _, target = rest.partition("=")
            if not rule or not status.isdigit() or int(status) not in REDIRECT_STATUSES \
                    or not target.startswith(("http://", "https://")):
                sys.exit(f"serve.py: --redirect {text!r}: expected 'METHOD /path=STATUS=TARGET' with a status of "
                         f"{', '.join(map(str, REDIRECT_STATUSES))} and an http(s) TARGET")
            self.redirects.append((*split_rule(rule), int(status), target.rstrip("/")))
        self.echo_token = args.echo_token
        self.log = open(args.log, "a", encoding="utf-8") if args.log else None
        self.lock = threading.Lock()
        self.window_start, self.count = time.time(), 0

    def tick(self):
        """Counts a request in the current 60-second window; returns (remaining, reset time)."""
        with self.lock:
            now = time.time()
            if now - self.window_start >= WINDOW:
                self.window_start, self.count = now, 0
            self.count += 1
            return max(LIMIT - self.count, 0), self.window_start + WINDOW

    def take_rate_limit(self, method, path):
        with self.lock:
            for rule in self.once:
                if rule[0] == method and matches(rule[1], path):
                    self.once.remove(rule)
                    return True
        return False

    def redirect(self, method, path):
        """(status, target) of the first `--redirect` rule matching this request, or None."""
        return next(((status, target) for m, pattern, status, target in self.redirects
                     if m == method and matches(pattern, path)), None)

    def take_failure(self, method, path):
        """The status to fail this request with, once per `--fail-once` rule, or None."""
        with self.lock:
            for rule in self.failures:
                if rule[0] == method and matches(rule[1], path):
                    self.failures.remove(rule)
                    return rule[2]
        return None

    def choose(self, method, path, query, body):
        """(status, file) for a request; LookupError (with the 404 message) when no route or corpus file fits."""
        route = next((r for r in ROUTES if r[0] == method and matches(r[1], path)), None)
        for m, pattern, file in self.overrides:
            if m == method and matches(pattern, path):
                status = self.by_file.get(file, {}).get("status")
                if not status or (200 <= status < 300 and route):
                    status = route[3] if route else (201 if method == "POST" else 200)
                return status, file
        if route is None:
            raise LookupError(f"The resource you are trying to access does not exist: {method} {path}")
        _, pattern, kind, status, prefer = route
        prefer = list(prefer)
        if pattern == "/air/orders" and isinstance(body.get("data"), dict) and body["data"].get("type") == "hold":
            prefer.insert(0, "create-hold-order")
        want_offers = None  # an offer request comes with offers unless asked for without (Duffel's default)
        if kind == "offer_request":
            want_offers = parse_qs(query).get("return_offers", ["true"])[-1].lower() != "false"

        def rank(entry):
            name, entry_status = os.path.basename(entry["file"]), entry.get("status") or status
            endpoint_method, _, endpoint_path = (entry.get("endpoint") or "").partition(" ")
            return (
                not 200 <= entry_status < 300,
                any(word in name for word in AVOID),
                want_offers is not None and has_offers(os.path.join(self.corpus, entry["file"])) != want_offers,
                next((i for i, word in enumerate(prefer) if word in name), len(prefer)),
                not (endpoint_method.upper() == method and matches(endpoint_path.split("?")[0], pattern)),
                entry["file"],
            )

        candidates = sorted((e for e in self.entries if e.get("kind") == kind), key=rank)
        if not candidates:
            raise LookupError(f"The stub's corpus has no '{kind}' file for {method} {path}.")
        chosen = candidates[0]
        entry_status = chosen.get("status") or status
        return (status if 200 <= entry_status < 300 else entry_status), chosen["file"]


def envelope(status, request_id, kind, code, title, message):
    error = {"type": kind, "code": code, "title": title, "message": message, "documentation_url": DOCS}
    return json.dumps({"meta": {"status": status, "request_id": request_id}, "errors": [error]}).encode()


def json_escaped(text):
    """`text` with every character written as a JSON `\\uXXXX` escape (a surrogate pair beyond the BMP)."""
    units = text.encode("utf-16-be")
    return "".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2))


def token_echo(request_id, authorization, style):
    """A 401 whose message quotes the bearer token of `authorization`, literally or escaped letter by letter."""
    token = authorization[len("Bearer "):] if authorization.startswith("Bearer ") else authorization
    marker = "TOKEN-" + secrets.token_hex(8)
    body = envelope(401, request_id, "authentication_error", "invalid_authorization_header", "Invalid access token",
                    f"The access token '{marker}' is not valid; check the token you sent.").decode()
    quoted = json.dumps(token)[1:-1] if style == "literal" else json_escaped(token)
    return body.replace(marker, quoted).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    stub: Stub

    def log_message(self, format, *args):
        if self.stub.verbose:
            super().log_message(format, *args)

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            data = b""
            while (size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)) > 0:
                data += self.rfile.read(size)
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass  # trailers
            return data
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def handle_any(self):
        raw = self.read_body()
        url = urlsplit(self.path)
        method, path, query = self.command, url.path, url.query
        request_id = secrets.token_urlsafe(15)
        remaining, reset_at = self.stub.tick()
        headers, file = {}, None
        if self.stub.echo_token:
            status, body = 401, token_echo(request_id, self.headers.get("Authorization", ""), self.stub.echo_token)
        elif not self.headers.get("Authorization", "").startswith("Bearer "):
            status, body = 401, envelope(401, request_id, "authentication_error", "missing_authorization_header",
                                          "Missing authorization header",
                                          "The 'Authorization' header must be 'Bearer <access token>'.")
        elif self.headers.get("Duffel-Version", "").strip() != "v2":
            status, body = 400, envelope(400, request_id, "invalid_request_error", "unsupported_version",
                                          "Unsupported version", "The 'Duffel-Version' header must be 'v2'.")
        elif (redirect := self.stub.redirect(method, path)) is not None:
            status, target = redirect
            headers["Location"] = target + path + (f"?{query}" if query else "")
            body = b""
        elif self.stub.take_rate_limit(method, path):
            remaining, reset_at = 0, time.time() + self.stub.reset_seconds
            headers["retry-after"] = str(max(math.ceil(self.stub.reset_seconds), 0))
            status, body = 429, envelope(429, request_id, "rate_limit_error", "rate_limit_exceeded",
                                          "Rate limit exceeded", "Too many requests; retry after the reset time.")
        elif (failure := self.stub.take_failure(method, path)) is not None:
            if self.stub.retry_after is not None:
                headers["retry-after"] = self.stub.retry_after
            status, body = failure, envelope(failure, request_id, "api_error", "internal_server_error",
                                              "Unavailable", f"The stub answered {failure} once, as --fail-once asked.")
        else:
            try:
                parsed = json.loads(raw) if raw.strip() else {}
            except ValueError:
                parsed = {}
            try:
                status, file = self.stub.choose(method, path, query, parsed if isinstance(parsed, dict) else {})
                with open(os.path.join(self.stub.corpus, file), "rb") as handle:
                    body = handle.read()
                if self.stub.hostile:
                    body = json.dumps(poisoned(json.loads(body), everything=self.stub.hostile_all),
                                      ensure_ascii=False).encode()
            except LookupError as error:
                status, body = 404, envelope(404, request_id, "invalid_request_error", "not_found", "Not found",
                                              str(error))
        if self.stub.log:
            line = {"method": method, "path": path, "query": query, "status": status, "file": file}
            with self.stub.lock:
                self.stub.log.write(json.dumps(line) + "\n")
                self.stub.log.flush()
        self.send_response(status)
        headers.update({
            "Content-Type": "application/json", "x-request-id": request_id, "ratelimit-limit": str(LIMIT),
            "ratelimit-remaining": str(remaining),
            "ratelimit-reset": email.utils.formatdate(math.ceil(reset_at), usegmt=True),
            "Content-Length": str(len(body)),
        })
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


class QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-request (a test's process ending) is not an error worth a traceback."""
    verbose = False

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description="Serve Duffel's published example payloads as a stub Duffel API.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--corpus", default=os.path.dirname(os.path.abspath(__file__)),
                        help="directory holding manifest.json (default: this script's directory)")
    parser.add_argument("--log", help="append one JSON line per request to this file")
    parser.add_argument("--rate-limit-once", action="append", default=[], metavar="'METHOD /path'",
                        help="refuse the first matching request with 429 (repeatable)")
    parser.add_argument("--reset-seconds", type=float, default=1, help="how far ahead a 429's reset is (default 1)")
    parser.add_argument("--fail-once", action="append", default=[], metavar="'METHOD /path=STATUS'",
                        help="answer the first matching request with this error status (repeatable)")
    parser.add_argument("--retry-after", metavar="VALUE",
                        help="the Retry-After header of --fail-once answers (seconds or an HTTP-date); none if not given")
    parser.add_argument("--route", action="append", default=[], metavar="'METHOD /path=file'",
                        help="serve this corpus file for matching requests (repeatable)")
    parser.add_argument("--redirect", action="append", default=[], metavar="'METHOD /path=STATUS=TARGET'",
                        help="answer every matching request with this redirect status (301, 302, 303, 307, 308) and "
                             "Location: TARGET (an origin, like http://127.0.0.1:PORT) plus the request's path and "
                             "query (repeatable)")
    parser.add_argument("--echo-token", choices=["literal", "escaped"],
                        help="answer every request 401 with a message quoting its bearer token, as it is or with each "
                             "character a JSON \\uXXXX escape")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--hostile", action="store_true",
                        help="wrap every name and message in control sequences a terminal would obey")
    parser.add_argument("--hostile-all", action="store_true",
                        help="with --hostile, every string but ids, amounts, currencies, times and a few enums")
    args = parser.parse_args()

    Handler.stub = Stub(args)
    server = QuietServer(("127.0.0.1", args.port), Handler)
    server.verbose = args.verbose
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
