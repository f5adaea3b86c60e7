public import TerminalUI

/// The stack of screens a composer shows, and the one strong owner of each: what Flights' own app composes its
/// modules with, for other teams' flows too.
///
/// The top screen runs; pushing or popping cancels its run so the new top can take the terminal (a module's
/// `run()` returns `.covered` and is run again when it is back on top, as it was). Popping a screen releases it,
/// and with it its whole module. A screen that ends with Ctrl-C or the end of the input ends the whole flow at once,
/// as a traveller expects, rather than stepping back one screen at a time (each screen beneath would show itself
/// again on its way out). A screen that is done without the stack changing (it left by no way out: the input ran
/// out under it) ends ``run()`` too, so a flow never spins on a screen that has nothing left to ask.
///
/// A router calls ``push(_:)``, ``pop()``, ``replaceTop(with:)``, ``reset(to:)`` or ``finish()`` from its
/// methods; the composer calls ``run()`` once and reads how the last screen ended:
///
/// ```swift
/// let navigator = Navigator()
/// navigator.push(FlightAvailabilityBuilder(offers: offers).build(input: input, router: flow, terminal: terminal))
/// let exit = await navigator.run()   // .ended: the input ran out; .interrupted: Ctrl-C
/// ```
@MainActor
public final class Navigator {
    /// The screens, the bottom one first; the last is the one that runs.
    public private(set) var stack: [any Screen] = []
    private var running: Task<ScreenExit, Never>?
    /// The flow ended: screens shown after (by a way out already on its way) are not kept.
    private var finished = false
    /// Bumped on every change, so the run loop can tell a screen that returned by itself (input ended) from one
    /// that was covered or removed.
    private var generation = 0

    /// An empty stack.
    public init() {}

    /// The screen on top.
    public var top: (any Screen)? { stack.last }

    /// One screen popped but kept, under a key, to come back to as it was; released when another is set aside or
    /// taken, and with the whole stack (a reset, the end).
    private var setAside: (key: String, screen: any Screen)?

    /// Shows `screen` on top of the others.
    public func push(_ screen: any Screen) {
        guard !finished else { return }
        stack.append(screen)
        changed()
    }

    /// Removes the top screen; the one beneath runs again.
    public func pop() {
        guard !stack.isEmpty else { return }
        stack.removeLast()
        changed()
    }

    /// Removes the top screen, keeping it under `key` for ``takeSetAside(_:)``.
    public func pop(settingAsideAs key: String) {
        guard let screen = stack.last else { return }
        setAside = (key, screen)
        pop()
    }

    /// The screen set aside under `key`, if that is the one kept; whichever was kept is let go.
    public func takeSetAside(_ key: String) -> (any Screen)? {
        defer { setAside = nil }
        return setAside?.key == key ? setAside?.screen : nil
    }

    /// Lets go of the screen set aside, if any (a new search makes it stale).
    public func releaseSetAside() {
        setAside = nil
    }

    /// Replaces the top screen with `screen` (a search shown again with other fields).
    public func replaceTop(with screen: any Screen) {
        guard !finished else { return }
        guard !stack.isEmpty else { return push(screen) }
        stack[stack.count - 1] = screen
        changed()
    }

    /// Replaces the whole stack with `screen`.
    public func reset(to screen: any Screen) {
        guard !finished else { return }
        setAside = nil
        stack = [screen]
        changed()
    }

    /// Removes every screen: the run loop ends.
    public func finish() {
        finished = true
        setAside = nil
        stack.removeAll()
        changed()
    }

    private func changed() {
        generation += 1
        running?.cancel()
    }

    /// Runs the top screen until the stack is empty, a screen ends with Ctrl-C or the end of the input (the flow is
    /// finished), or a screen is done without a change of screens; returns how the last screen ended.
    @discardableResult
    public func run() async -> ScreenExit {
        var exit = ScreenExit.done
        while let screen = stack.last {
            let started = generation
            let task = Task { await screen.run() }
            running = task
            exit = await task.value
            running = nil
            if exit == .interrupted || exit == .ended {
                finish()
                return exit
            }
            if generation == started { return exit }
        }
        return exit
    }
}
