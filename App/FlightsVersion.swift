/// The version of Flights this binary is, as `VERSION` at the repository's root says (a test holds the two equal):
/// what `flights mcp` tells an assistant it is talking to.
enum FlightsVersion {
    static let current = "1.0.0"
}
