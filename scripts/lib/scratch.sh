# Sourced by the scripts that build: the root package builds into its own folder (.build, or $FLIGHTS_SCRATCH), and
# every step of scripts/test that needs the root's build (its tests, the API and public-face checks, the docs, the
# generator, the MCP and Python clients) uses that one build rather than making another.
#
#   swift test "${shared_build[@]}" --skip-build --filter '^FlightSearchTests\.'
#
# Without manifest caching: SwiftPM keeps one build plan per folder and may reuse the last package's plan for the
# next one (then it builds nothing and runs the other package's tests). A folder package (Modules/FlightSearch, say)
# built into this folder compiles its targets again, under its own package name, over the root's objects; so does a
# consumer (scripts/check-consumers' Rebooking, last in scripts/test). The folder's checkouts follow the last package
# resolved: a package without the sandbox's dependencies (Hummingbird, NIO, GRDB) drops them, and the next package
# that needs them fetches and builds them again (about three minutes).
scratch="${FLIGHTS_SCRATCH:-$PWD/.build}"
shared_build=(--scratch-path "$scratch" --disable-build-manifest-caching)
# scripts/test builds every product and test of the root in this folder first, then, once that succeeded, sets
# FLIGHTS_ROOT_BUILT to the folder for the checks that use the build: a build with nothing left to do still plans for
# about six seconds, so they skip theirs when it names their folder. Run by hand, each builds what it needs.
root_built() { [ -n "${FLIGHTS_ROOT_BUILT:-}" ] && [ "$FLIGHTS_ROOT_BUILT" = "$scratch" ]; }
