import GalgenCore

/// Tells open pages what the site is doing: every page's event stream gets the current state when
/// it connects and each change after that.
///
/// The state is the generation of the last good build (pages reload when it moves past the one they
/// were served from) and the error of the latest build, if it failed (pages show it as an overlay and
/// keep the last good content).
public actor ReloadHub {
    /// What pages are told.
    public struct State: Sendable, Hashable {
        /// Counts good builds since the server started; starts at 1 after the first one.
        public var generation: Int
        /// The latest build's error, nil when it succeeded.
        public var error: String?
    }

    /// The current state.
    public private(set) var state = State(generation: 0, error: nil)
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0
    private var finished = false

    /// Creates a hub with no good build yet.
    public init() {}

    /// Records a good build: generation moves on, the error clears, every page reloads.
    public func built() {
        state = State(generation: state.generation + 1, error: nil)
        broadcast(Self.event(state))
    }

    /// Records a failed build: pages keep their content and show the message.
    /// - Parameter message: What went wrong, as printed in the terminal.
    public func failed(_ message: String) {
        state.error = message
        broadcast(Self.event(state))
    }

    /// Sends an SSE comment so proxies and browsers keep idle streams open and dead ones are noticed.
    public func heartbeat() {
        broadcast(": keep-alive\n\n")
    }

    /// Number of connected streams.
    public var connections: Int { subscribers.count }

    /// Opens a stream of SSE frames: the current state first, then every change.
    /// - Returns: An id for ``unsubscribe(_:)`` and the frames.
    public func subscribe() -> (id: Int, frames: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(16))
        nextID += 1
        if finished {
            continuation.finish()
        } else {
            continuation.yield("retry: 500\n\n" + Self.event(state))
            subscribers[nextID] = continuation
        }
        return (nextID, stream)
    }

    /// Forgets a stream whose page went away.
    public func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Ends every stream (at shutdown), so no response stays open; later subscribers end at once.
    public func finish() {
        finished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func broadcast(_ frame: String) {
        for continuation in subscribers.values { continuation.yield(frame) }
    }

    /// One `state` event; the JSON data is a single line, so it needs no line splitting.
    static func event(_ state: State) -> String {
        var json = "{\"generation\":\(state.generation),\"error\":"
        if let error = state.error { json += JSONText.string(error) } else { json += "null" }
        return "event: state\ndata: " + json + "}\n\n"
    }
}
