#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// What a `getaddrinfo` call for a TCP endpoint needs, in one place for the fetcher's reachability
/// look and serve's port probe.
public enum AddressLookup {
    /// Hints for TCP over any address family with a numeric port; `passive` asks for addresses to bind.
    /// - Parameter passive: Whether the addresses are for a listening socket (`AI_PASSIVE`).
    /// - Returns: The hints.
    public static func streamHints(passive: Bool) -> addrinfo {
        var hints = addrinfo()
        hints.ai_flags = passive ? AI_PASSIVE | AI_NUMERICSERV : AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        return hints
    }

    /// A host as `getaddrinfo` takes it: an IPv6 literal without its URL brackets (`[::1]` → `::1`).
    /// - Parameter host: A host as written in a URL or on the command line.
    /// - Returns: The host without brackets.
    public static func bareHost(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
