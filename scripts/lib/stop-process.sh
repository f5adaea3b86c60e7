# Sourced by the check scripts. stop_process PID [SECONDS]: asks a server to stop (SIGTERM), gives it SECONDS
# (default 20) to finish, then kills it, so a server that ignores the signal fails the check instead of hanging it.
# Returns 0 when it stopped on its own, 1 when it had to be killed.
stop_process() {
  local pid=$1 limit=${2:-20}
  kill "$pid" 2>/dev/null || return 0
  local waited=0
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt $((limit * 10)) ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "stop_process: $pid did not stop within ${limit}s of SIGTERM; killed" >&2
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    return 1
  fi
  wait "$pid" 2>/dev/null || true
  return 0
}
