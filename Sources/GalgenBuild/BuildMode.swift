public import GalgenRemoteCache

/// What `SiteBuilder` does with the records and images it resolves.
public enum BuildMode: Sendable, Hashable {
    /// Build and publish the site.
    case site
    /// Do this shard's image work and upload it to the remote cache; write no site.
    case shard(Shard)
    /// Upload to the remote cache every source whose work the local cache holds in full, and the
    /// record pages it holds; nothing is fetched from origins or decoded, no site is written
    /// (`galgen cache push`).
    case push
    /// Fill the local cache from the remote one for every source of the site, and its record
    /// pages; nothing is decoded, no site is written (`galgen cache pull`).
    case pull
}

extension BuildMode {
    /// The shard, for a sharded build.
    public var shard: Shard? {
        if case .shard(let shard) = self { return shard }
        return nil
    }
}
