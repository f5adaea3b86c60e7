import Testing

/// Watches every object of a module screen and reports the ones still alive after the screen should be gone,
/// as RIBs' LeakDetector does when a router detaches.
///
/// The App sees a module only as a `Screen`; it cannot name the module's presenter or interactor. The detector
/// walks the screen's stored properties by reflection instead, keeping a weak reference to every object whose
/// type belongs to one of `modules` (the view, its presenter, the presenter's interactor, and whatever else the
/// module allocates), without descending into the App's own objects (the router it was given), the terminal or the
/// services, which outlive any one screen.
@MainActor
final class LeakDetector {
    private struct Watched {
        weak var object: AnyObject?
        let description: String
    }

    private var watched: [Watched] = []
    private let modules: Set<String>

    /// A detector for objects whose types live in `modules` (Swift module names such as `FlightSearch`).
    init(modules: Set<String>) {
        self.modules = modules
    }

    /// Starts watching `root` and every module object reachable from it.
    func watch(_ root: AnyObject) {
        var seen: Set<ObjectIdentifier> = []
        collect(root, path: String(describing: type(of: root)), seen: &seen)
    }

    private func collect(_ value: Any, path: String, seen: inout Set<ObjectIdentifier>) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let wrapped = mirror.children.first?.value { collect(wrapped, path: path, seen: &seen) }
            return
        }
        if mirror.displayStyle == .class {
            let object = value as AnyObject
            guard belongsToWatchedModule(object), seen.insert(ObjectIdentifier(object)).inserted else { return }
            watched.append(Watched(object: object, description: "\(path) (\(String(reflecting: type(of: object))))"))
        }
        var current: Mirror? = mirror
        while let level = current {
            for child in level.children {
                collect(child.value, path: "\(path).\(child.label ?? "_")", seen: &seen)
            }
            current = level.superclassMirror
        }
    }

    private func belongsToWatchedModule(_ object: AnyObject) -> Bool {
        // A module's own types, and ModuleCore's generic over them (`ModuleCore.ScreenRunner<FlightSeats.…>`).
        let name = String(reflecting: type(of: object))
        return modules.contains { name.hasPrefix($0 + ".") || name.contains("<\($0).") || name.contains(", \($0).") }
    }

    var aliveCount: Int { watched.filter { $0.object != nil }.count }

    /// How many objects are being watched.
    var count: Int { watched.count }

    /// The watched objects still alive, described by the path that reached them.
    var survivors: [String] { watched.filter { $0.object != nil }.map(\.description) }

    /// Records an issue naming every survivor.
    func expectAllFreed(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
        // A screen's last tasks (the way out it took, the read it gave up) end a few turns of the main actor after
        // the next screen shows: they are given those turns, counted, never a clock.
        for _ in 0..<100 where !survivors.isEmpty { await Task.yield() }
        let alive = survivors
        #expect(alive.isEmpty, "\(comment.map { "\($0): " } ?? "")still alive: \(alive.joined(separator: ", "))",
                sourceLocation: sourceLocation)
    }
}
