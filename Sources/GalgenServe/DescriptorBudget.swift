#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `galgen serve` from running out of file descriptors. Every connection holds one, and one more
/// while a file is sent to it; a rebuild opens files on every core. At a login shell's usual soft limit
/// of 1024, 500 busy connections, 200 slowloris sockets and 100 stalled downloads used them all: the
/// watcher could no longer read the config, started a rebuild, and the rebuild died of `EMFILE` and took
/// the process with it (issue 34, Benchmarks/scripts/serve_load.sh with SERVE_NOFILE=1024).
enum DescriptorBudget {
    /// Descriptors kept for everything but connections: the build, the watcher, logs, the listener.
    static let reserve = 192

    /// Raises the soft limit of open files to the hard limit (capped at 2^20), as Go's runtime does for
    /// every program and nginx does with `worker_rlimit_nofile`.
    /// - Returns: The soft limit now in force.
    static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, rlim_t(1 << 20))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// How many connections may be open at once under a limit of open files: each may hold two
    /// descriptors (its socket and the file being sent), and ``reserve`` stay free. Beyond it the server
    /// stops accepting until a connection closes; waiting clients stay in the listen backlog.
    /// - Parameter openFileLimit: The soft limit of open files.
    static func maximumConnections(openFileLimit: Int) -> Int {
        max(32, (openFileLimit - reserve) / 2)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
