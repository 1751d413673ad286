import Foundation
import GalgenCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed call of ``MemoryTree``: the error number the system would have set.
struct MemoryFailure: Error {
    var number: Int32
    init(_ number: Int32) { self.number = number }
}

/// The objects of a ``MemoryFileSystem`` as a POSIX system keeps them: numbered objects (inodes)
/// that folders name, so a name is one link to an object and an object lives while a name links
/// it. Every call follows its system call: the same errors, the same links followed or not.
/// Paths are walked as the kernel walks them: `//` is `/`, `.` and `..` are the folder and its
/// parent, a relative path starts at the root, and a trailing `/` asks for a folder.
struct MemoryTree {
    /// One object.
    struct Node {
        var kind: FileKind
        /// A file's bytes.
        var data = Data()
        /// A folder's entries, by the bytes of their names (as the disk compares them).
        var entries: [[UInt8]: UInt64] = [:]
        /// A folder's parent (the root is its own).
        var parent: UInt64 = 0
        /// A link's text.
        var destination = ""
        /// How many names link the object.
        var links = 1
        /// Birth and last modification, nanoseconds since 1970.
        var birth: Int64
        var modified: Int64
    }

    /// Where a path leads: the folder that holds the last name, the name, and the object it names.
    struct Place {
        var folder: UInt64
        var name: [UInt8]
        var node: UInt64?
        /// Whether the name is a real entry (not the root, `.` or `..`), so it can be changed.
        var isEntry: Bool { !name.isEmpty && name != [0x2E] && name != [0x2E, 0x2E] }
    }

    static let root: UInt64 = 1
    static let device: UInt64 = 1
    /// Links followed in one walk before it fails with ELOOP, as Linux counts them.
    static let maxHops = 40

    var nodes: [UInt64: Node] = [:]
    private var nextInode: UInt64 = 2
    private var clock: Int64 = 1_700_000_000 * 1_000_000_000
    private let now: (@Sendable () -> Double)?

    init(now: (@Sendable () -> Double)?) {
        self.now = now
        let t = clock
        nodes[Self.root] = Node(kind: .directory, parent: Self.root, birth: t, modified: t)
    }

    /// The time of a change: the injected clock's, or one millisecond after the last change.
    mutating func time() -> Int64 {
        if let now { return Int64((now() * 1e9).rounded()) }
        clock += 1_000_000
        return clock
    }

    // MARK: Walking paths

    /// Walks `path`, following links on the way and the last one when `follow`.
    func locate(_ path: String, follow: Bool) throws(MemoryFailure) -> Place {
        guard !path.isEmpty else { throw MemoryFailure(ENOENT) }
        var hops = 0
        let folderOnly = path.hasSuffix("/")
        let place = try locate(Self.parts(path), from: Self.root, follow: follow || folderOnly, hops: &hops)
        if folderOnly, let node = place.node, nodes[node]!.kind != .directory { throw MemoryFailure(ENOTDIR) }
        return place
    }

    /// The object at `path` (following links as told), or ENOENT.
    func existing(_ path: String, follow: Bool) throws(MemoryFailure) -> UInt64 {
        guard let node = try locate(path, follow: follow).node else { throw MemoryFailure(ENOENT) }
        return node
    }

    private static func parts(_ path: String) -> [[UInt8]] {
        path.utf8.split(separator: 0x2F, omittingEmptySubsequences: true).map(Array.init)
    }

    private func locate(_ parts: [[UInt8]], from start: UInt64, follow: Bool, hops: inout Int) throws(MemoryFailure) -> Place {
        guard let last = parts.last else { return Place(folder: start, name: [], node: start) }
        var folder = start
        for part in parts.dropLast() { folder = try enter(part, in: folder, hops: &hops) }
        switch last {
        case [0x2E]: return Place(folder: folder, name: last, node: folder)
        case [0x2E, 0x2E]: return Place(folder: folder, name: last, node: nodes[folder]!.parent)
        default: break
        }
        guard let node = nodes[folder]!.entries[last], follow, nodes[node]!.kind == .symbolicLink else {
            return Place(folder: folder, name: last, node: nodes[folder]!.entries[last])
        }
        return try followLink(node, in: folder, hops: &hops)
    }

    /// The folder `part` names in `folder`, through links.
    private func enter(_ part: [UInt8], in folder: UInt64, hops: inout Int) throws(MemoryFailure) -> UInt64 {
        if part == [0x2E] { return folder }
        if part == [0x2E, 0x2E] { return nodes[folder]!.parent }
        guard let node = nodes[folder]!.entries[part] else { throw MemoryFailure(ENOENT) }
        switch nodes[node]!.kind {
        case .directory: return node
        case .symbolicLink:
            guard let target = try followLink(node, in: folder, hops: &hops).node else { throw MemoryFailure(ENOENT) }
            guard nodes[target]!.kind == .directory else { throw MemoryFailure(ENOTDIR) }
            return target
        default: throw MemoryFailure(ENOTDIR)
        }
    }

    private func followLink(_ link: UInt64, in folder: UInt64, hops: inout Int) throws(MemoryFailure) -> Place {
        hops += 1
        guard hops <= Self.maxHops else { throw MemoryFailure(ELOOP) }
        let text = nodes[link]!.destination
        guard !text.isEmpty else { throw MemoryFailure(ENOENT) }
        return try locate(Self.parts(text), from: text.hasPrefix("/") ? Self.root : folder, follow: true, hops: &hops)
    }

    // MARK: Changing names

    /// Makes a new object (not yet named).
    mutating func make(_ kind: FileKind, data: Data = Data(), destination: String = "") -> UInt64 {
        let id = nextInode
        nextInode += 1
        let t = time()
        nodes[id] = Node(kind: kind, data: data, destination: destination, links: 0, birth: t, modified: t)
        return id
    }

    /// Names `node` at `place`, unlinking what the name named before.
    mutating func attach(_ node: UInt64, at place: Place) {
        if let old = place.node { release(old) }
        nodes[place.folder]!.entries[place.name] = node
        nodes[node]!.links += 1
        if nodes[node]!.kind == .directory { nodes[node]!.parent = place.folder }
        nodes[place.folder]!.modified = time()
    }

    /// Removes the name at `place` (which names something).
    mutating func detach(_ place: Place) {
        nodes[place.folder]!.entries[place.name] = nil
        nodes[place.folder]!.modified = time()
        release(place.node!)
    }

    /// One name fewer for `node`; with none left it goes, and a folder's contents with it.
    private mutating func release(_ node: UInt64) {
        nodes[node]!.links -= 1
        guard nodes[node]!.links <= 0, let gone = nodes.removeValue(forKey: node) else { return }
        for child in gone.entries.values { release(child) }
    }

    /// Whether `node` is `folder` or holds it, at any depth.
    func contains(_ node: UInt64, _ folder: UInt64) -> Bool {
        var current = folder
        while true {
            if current == node { return true }
            if current == Self.root { return false }
            current = nodes[current]!.parent
        }
    }
}

/// The system calls LocalFileSystem makes, on the tree.
extension MemoryTree {
    /// `open(path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC))` and a write of all of `data`.
    mutating func write(_ data: Data, to path: String, exclusive: Bool) throws(MemoryFailure) {
        let place = try locate(path, follow: !exclusive)
        if let node = place.node {
            guard !exclusive else { throw MemoryFailure(EEXIST) }
            guard nodes[node]!.kind == .file else { throw MemoryFailure(EISDIR) }
            nodes[node]!.data = data
            nodes[node]!.modified = time()
            return
        }
        guard place.isEntry else { throw MemoryFailure(EISDIR) }
        attach(make(.file, data: data), at: place)
    }

    /// `mkdir(path)`.
    mutating func mkdir(_ path: String) throws(MemoryFailure) {
        let place = try locate(path, follow: false)
        guard place.node == nil else { throw MemoryFailure(EEXIST) }
        attach(make(.directory), at: place)
    }

    /// `symlink(destination, path)`.
    mutating func symlink(_ path: String, to destination: String) throws(MemoryFailure) {
        let place = try locate(path, follow: false)
        guard place.node == nil else { throw MemoryFailure(EEXIST) }
        attach(make(.symbolicLink, destination: destination), at: place)
    }

    /// `unlink(path)`.
    mutating func unlink(_ path: String) throws(MemoryFailure) {
        let place = try locate(path, follow: false)
        guard let node = place.node else { throw MemoryFailure(ENOENT) }
        guard nodes[node]!.kind != .directory else { throw MemoryFailure(EISDIR) }
        detach(place)
    }

    /// `link(source, destination)`: a link is linked, not followed.
    mutating func link(_ source: String, to destination: String) throws(MemoryFailure) {
        let node = try existing(source, follow: false)
        guard nodes[node]!.kind != .directory else { throw MemoryFailure(EPERM) }
        let place = try locate(destination, follow: false)
        guard place.node == nil else { throw MemoryFailure(EEXIST) }
        guard place.isEntry else { throw MemoryFailure(ENOENT) }
        attach(node, at: place)
    }

    /// `rename(source, destination)`.
    mutating func rename(_ source: String, to destination: String) throws(MemoryFailure) {
        let from = try locate(source, follow: false)
        guard let node = from.node else { throw MemoryFailure(ENOENT) }
        let to = try locate(destination, follow: false)
        guard from.isEntry, to.isEntry else { throw MemoryFailure(EBUSY) }
        if to.node == node { return }
        let isFolder = nodes[node]!.kind == .directory
        if let old = to.node {
            switch (isFolder, nodes[old]!.kind == .directory) {
            case (true, false): throw MemoryFailure(ENOTDIR)
            case (false, true): throw MemoryFailure(EISDIR)
            case (true, true) where !nodes[old]!.entries.isEmpty: throw MemoryFailure(ENOTEMPTY)
            default: break
            }
        }
        if isFolder && contains(node, to.folder) { throw MemoryFailure(EINVAL) }
        nodes[from.folder]!.entries[from.name] = nil
        nodes[from.folder]!.modified = time()
        nodes[node]!.links -= 1
        attach(node, at: to)
    }

    /// `renameat2(a, b, RENAME_EXCHANGE)`.
    mutating func exchange(_ a: String, _ b: String) throws(MemoryFailure) {
        let first = try locate(a, follow: false), second = try locate(b, follow: false)
        guard let one = first.node, let other = second.node else { throw MemoryFailure(ENOENT) }
        guard first.isEntry, second.isEntry else { throw MemoryFailure(EBUSY) }
        if one == other { return }
        if (nodes[one]!.kind == .directory && contains(one, second.folder))
            || (nodes[other]!.kind == .directory && contains(other, first.folder)) { throw MemoryFailure(EINVAL) }
        nodes[first.folder]!.entries[first.name] = other
        nodes[second.folder]!.entries[second.name] = one
        if nodes[one]!.kind == .directory { nodes[one]!.parent = second.folder }
        if nodes[other]!.kind == .directory { nodes[other]!.parent = first.folder }
        let t = time()
        nodes[first.folder]!.modified = t
        nodes[second.folder]!.modified = t
    }

    /// The size `stat` gives: a file's bytes, a link's text, a folder's block.
    func size(_ node: UInt64) -> Int {
        switch nodes[node]!.kind {
        case .file: nodes[node]!.data.count
        case .symbolicLink: nodes[node]!.destination.utf8.count
        default: 4096
        }
    }
}
