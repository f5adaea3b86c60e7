# Sourced by the scripts that run the root's tests from its build (scripts/lib/scratch.sh's folder).
#
# run_tests PATTERN: the root's test targets that match, from the build made; fails when none ran, so a pattern that
# matches nothing is never a pass.
run_tests() {
  local log
  log=$(mktemp)
  swift test "${shared_build[@]}" --skip-build --filter "$1" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]} ran
  ran=$(sed -nE 's/^.*Test run with ([0-9]+) tests?.*$/\1/p; s/^[[:space:]]*Executed ([0-9]+) tests?,.*$/\1/p' "$log" \
    | awk '{ n += $1 } END { print n + 0 }')
  rm -f "$log"
  [ "$status" -eq 0 ] || return "$status"
  [ "$ran" -gt 0 ] || { echo "test: no test matched $1" >&2; return 1; }
}
