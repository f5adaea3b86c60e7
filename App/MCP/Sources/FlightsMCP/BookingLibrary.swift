import Entities
import Foundation
import MCP

/// The bookings as resources an assistant can read without calling a tool: `flights://bookings`, the list, and
/// `flights://bookings/{reference}`, one booking read again from the API. Both are JSON, shaped as the tools'
/// answers are.
struct BookingLibrary: Sendable {
    static let listURI = "flights://bookings"
    static let templates = [
        Resource.Template(
            uriTemplate: "\(listURI)/{reference}", name: "booking", title: "A booking",
            description: "One booking by its reference, read again from the airline.", mimeType: "application/json"),
    ]

    let toolbox: any FlightsToolbox
    /// The MCP specification's error code for a resource that does not exist.
    static let resourceNotFound = -32002

    /// The list, and each booking with a reference.
    func resources() async -> [Resource] {
        let list = Resource(
            name: "bookings", uri: Self.listURI, title: "Bookings",
            description: "The bookings made here, newest first.", mimeType: "application/json")
        let records = (try? await toolbox.bookings()) ?? []
        return [list] + records.compactMap { record in
            guard let reference = record.bookingReference else { return nil }
            return Resource(
                name: "booking \(reference)", uri: "\(Self.listURI)/\(reference)", title: "Booking \(reference)",
                description: "\(record.route), \(record.state.rawValue)", mimeType: "application/json")
        }
    }

    /// The resource at `uri`. An address that is not one of the library's is the protocol's "invalid params"; a
    /// booking reference of the right shape that no booking has is "resource not found" (-32002), as the MCP
    /// specification answers an unknown resource.
    func read(_ uri: String) async throws -> Resource.Content {
        let value: Value
        if uri == Self.listURI {
            value = await answer { () async throws(ToolFailure) in
                ["bookings": .array(try await toolbox.bookings().map(ToolResults.record))]
            }
        } else if uri.hasPrefix(Self.listURI + "/"), uri.count <= Self.listURI.count + 21,
                  case let reference = String(uri.dropFirst(Self.listURI.count + 1)).uppercased(),
                  !reference.isEmpty, reference.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            do throws(ToolFailure) {
                value = ["booking": ToolResults.booking(try await toolbox.booking(reference: reference))]
            } catch where error.code == .notFound {
                throw MCPError.serverError(
                    code: Self.resourceNotFound,
                    message: "Resource not found: there is no booking \(reference) here or at the airline (\(uri)).")
            } catch {
                value = ToolCalls.failure(error).structuredContent ?? .null
            }
        } else {
            throw MCPError.invalidParams("No resource there; the bookings are at \(Self.listURI) and \(Self.listURI)/REFERENCE.")
        }
        return .text(ToolCalls.json(value), uri: uri, mimeType: "application/json")
    }

    /// What `read` gives, or the tool error it failed with.
    private func answer(_ read: () async throws(ToolFailure) -> Value) async -> Value {
        do throws(ToolFailure) {
            return try await read()
        } catch {
            return ToolCalls.failure(error).structuredContent ?? .null
        }
    }
}
