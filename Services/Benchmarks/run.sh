#!/usr/bin/env bash
# Benchmarks the libcurl HTTPClient against wrk and URLSession on a private loopback nginx.
#
#   Benchmarks/run.sh [extra flights-http-benchmark arguments, e.g. --duration 5]
#
# Environment: SCRATCH_PATH (a separate SwiftPM build folder), DURATION (seconds per measurement, default 1),
# ROUNDS (measurements per client and scenario, default 5; the table shows medians).
# It installs nginx and wrk with apt if they are missing (through sudo when not root), builds the benchmark in
# release mode, starts its own nginx (1 worker, keep-alive, a 1 KB and a 50 KB file, an ephemeral port) and
# stops it on exit. A measurement, not a test: it prints a table and never fails on a timing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(dirname "$here")"
duration="${DURATION:-1}"
rounds="${ROUNDS:-5}"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

need_package() {  # command, package
    if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$1" ]; then
        echo "installing $2 ..." >&2
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$2" >/dev/null
    fi
}

need_package nginx nginx
need_package wrk wrk
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

build_args=(-c release --package-path "$package" --product flights-http-benchmark)
if [ -n "${SCRATCH_PATH:-}" ]; then build_args+=(--scratch-path "$SCRATCH_PATH"); fi
swift build "${build_args[@]}" >&2
binary="$(swift build "${build_args[@]}" --show-bin-path)/flights-http-benchmark"

work="$(mktemp -d)"
nginx_pid=""
cleanup() {
    if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# nginx's worker drops to an unprivileged user when started as root, so everything it serves must be world-readable.
chmod 755 "$work"
mkdir -p "$work/www"
head -c 1024 /dev/urandom >"$work/www/1k.bin"
head -c 51200 /dev/urandom >"$work/www/50k.bin"
chmod 755 "$work/www"
chmod 644 "$work/www/"*.bin

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/client_body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    default_type application/octet-stream;
    sendfile on;
    tcp_nodelay on;
    keepalive_timeout 60s;
    keepalive_requests 10000000;
    server {
        listen 127.0.0.1:$port;
        root $work/www;
    }
}
CONF

"$nginx_bin" -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!

deadline=$((SECONDS + 10))
until curl -fsS -o /dev/null "http://127.0.0.1:$port/1k.bin" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ] || ! kill -0 "$nginx_pid" 2>/dev/null; then
        echo "nginx did not start; its log:" >&2
        cat "$work/error.log" >&2 || true
        exit 1
    fi
    sleep 0.1
done

"$binary" --base-url "http://127.0.0.1:$port" --duration "$duration" --rounds "$rounds" --wrk "$(command -v wrk)" "$@"
