import CGalgenSystem

/// The process's heap.
public enum Memory {
    /// Gives memory freed so far back to the system. glibc keeps freed blocks resident in its
    /// per-thread arenas; a build calls this between steps, so one step's garbage does not add to
    /// the next step's peak.
    public static func returnFreed() {
        CGalgenSystem_trimHeap()
    }
}
