/// galgen's exit codes (documented in docs/troubleshooting.md, "Exit codes").
public enum ExitStatus: Int32, Sendable {
    /// The build (or check) succeeded.
    case success = 0
    /// The build failed: a fatal error, invalid pages, or problems under `--strict`; or `check` found problems.
    case buildFailed = 1
    /// Bad command-line usage or a bad config file; nothing was written.
    case usageOrConfig = 2
}
