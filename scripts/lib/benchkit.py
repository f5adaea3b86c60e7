"""What scripts/bench stands on: tools, builds, servers on loopback, and timing whole processes.

Nothing here judges a figure: it measures and returns numbers, and scripts/bench prints them.
"""
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build-static")  # release, the runtime linked in: the bench's own folder
TOKEN = "duffel_test_flights_bench"


def say(text):
    print(text, file=sys.stderr, flush=True)


def need(command, package):
    """Installs `package` with apt (through sudo when not root) when `command` is missing."""
    if shutil.which(command) or os.access(f"/usr/sbin/{command}", os.X_OK):
        return
    say(f"installing {package} ...")
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(prefix + ["apt-get", "install", "-y", "--no-install-recommends", package],
                   check=True, env=env, stdout=subprocess.DEVNULL)


def build(products):
    """Release-builds `products` (the root package's or its dependencies') into the bench's own folder, with the
    Swift runtime and Foundation linked in as a shipped binary would have them (it saves the dynamic loader 8 to 15 ms
    at every start); returns the folder holding the binaries."""
    base = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", SCRATCH,
            "--disable-build-manifest-caching"]  # a plan kept from before files were added would miss them
    for product in products:
        say(f"building {product} (release) ...")
        result = subprocess.run(base + ["--product", product], cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            say(result.stdout[-4000:] + result.stderr[-4000:])
            raise SystemExit(f"bench: {product} did not build")
    return subprocess.run(base + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def median(values):
    return statistics.median(values) if values else float("nan")


class Sandbox:
    """A release `flights-sandbox` on a free port with its own data folder and no rate limit to speak of."""

    def __init__(self, binary, work):
        self.data = os.path.join(work, "sandbox-data")
        self.log = open(os.path.join(work, "sandbox.log"), "w")
        self.process = subprocess.Popen(
            [binary, "--port", "0", "--data-dir", self.data, "--rate-limit", "1000000000", "--log-level", "error"],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        if "listening on" not in line:
            raise SystemExit(f"bench: flights-sandbox did not start: {line!r}")
        self.url = line.split("listening on ")[1].split(" ")[0].rstrip("/")

    def request(self, method, path, body=None, headers=None, raw=False):
        """Sends one request; the body as bytes (still gzipped when `raw` and the server gzipped it)."""
        headers = dict(headers or {})
        headers.update({"Authorization": f"Bearer {TOKEN}", "Duffel-Version": "v2",
                        "Content-Type": "application/json"})
        data = json.dumps(body).encode() if body is not None else None
        call = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(call, timeout=60) as answer:
            return answer.read()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class Nginx:
    """A one-worker nginx serving `files` (name to bytes) as a static site, gzipped copies beside them."""

    def __init__(self, work, files):
        need("nginx", "nginx")
        root = os.path.join(work, "nginx")
        os.makedirs(os.path.join(root, "www"), exist_ok=True)
        os.chmod(work, 0o755)
        os.chmod(root, 0o755)
        os.chmod(os.path.join(root, "www"), 0o755)
        for name, content in files.items():
            path = os.path.join(root, "www", name)
            with open(path, "wb") as file:
                file.write(content)
            os.chmod(path, 0o644)
        self.port = free_port()
        config = os.path.join(root, "nginx.conf")
        with open(config, "w") as file:
            file.write(f"""worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {root}/body; proxy_temp_path {root}/proxy; fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi; scgi_temp_path {root}/scgi;
    default_type application/json;
    sendfile on; tcp_nodelay on; keepalive_timeout 60s; keepalive_requests 10000000;
    gzip_static on;
    server {{ listen 127.0.0.1:{self.port}; root {root}/www; }}
}}
""")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([binary, "-p", root, "-c", config], stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(self.url + "/" + next(iter(files)), timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise SystemExit("bench: nginx did not start")
                time.sleep(0.05)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


def wrk(url, script, connections, seconds, args=()):
    """Requests per second from `wrk` (one thread per core, at most one per connection)."""
    need("wrk", "wrk")
    threads = max(1, min(connections, os.cpu_count() or 1))
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "-s", script, url]
    if args:
        command += ["--"] + list(args)
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    errors = [line for line in output.splitlines() if "Non-2xx" in line or "Socket errors" in line]
    for line in output.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1]), errors
    raise SystemExit(f"bench: wrk printed no rate:\n{output}")


def timed(command, env=None, rounds=7, warmups=2, stdin=None, before_each=None, peaks=False):
    """Runs `command` `warmups + rounds` times; the wall-clock seconds of each timed run, and with `peaks` the peak
    resident KiB of three more runs (see ``peak_kib``). `before_each` runs before every run, untimed (to evict the
    page cache, say)."""
    seconds = []
    for index in range(warmups + rounds):
        if before_each:
            before_each()
        started = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   stdin=subprocess.DEVNULL if stdin is None else stdin)
        _, status, _ = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"bench: {' '.join(command)} failed: {process.stderr.read().decode()[-2000:]}")
        process.stderr.close()
        if index >= warmups:
            seconds.append(elapsed)
    return seconds, [peak_kib(command, env) for _ in range(3)] if peaks else []


def peak_kib(command, env=None):
    """The peak resident KiB of one run of `command`, as GNU time reads it from `wait4` of the child it spawns
    itself. Not this script's `wait4`: a child Python starts is forked from Python, and Linux carries the parent's
    peak into the child's `ru_maxrss` across the exec (`/bin/true` read 94 MiB that way)."""
    need("/usr/bin/time", "time")
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as report:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, *command], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        return int(report.read().split()[-1])


def evict(path):
    """Drops `path` from the page cache (`posix_fadvise(DONTNEED)`), so its next start reads it from the disk, as the
    first start after a boot or an install does. Pages mapped by a running process stay."""
    with open(path, "rb") as file:
        os.posix_fadvise(file.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def scratch_folder():
    return tempfile.mkdtemp(prefix="flights-bench-")
