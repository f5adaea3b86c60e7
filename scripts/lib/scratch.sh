# Sourced by the scripts that build: every package of the repository builds into one folder, the root package's own
# (.build, or $FLIGHTS_SCRATCH), so Services, TerminalUI and the modules compile once for all the packages that use
# them rather than once per package. Each package is still built and tested as its own root, with only the
# dependencies it declares. An import a target does not declare is caught by the root package's build with
# `--explicit-target-dependency-import-check error` (scripts/test), not by these: the compiler finds every module
# built so far in the shared folder. A target compiles once for the root and once for its folder's package, since the
# package's name is part of the command.
#
#   swift test "${shared_build[@]}" --package-path Modules/FlightSearch
#
# Without manifest caching: SwiftPM keeps one build plan per folder and may reuse the last package's plan for the
# next one (then it builds nothing and runs the other package's tests).
#
# The folder's checkouts follow the last package resolved: a package without the sandbox's dependencies (Hummingbird,
# NIO, GRDB) drops them, and the next package that needs them fetches and builds them again (about three minutes).
# So scripts/test builds the packages that need them (the sandbox, the app) after the others, and the checks that
# resolve a module package alone after those.
scratch="${FLIGHTS_SCRATCH:-$PWD/.build}"
shared_build=(--scratch-path "$scratch" --disable-build-manifest-caching)
