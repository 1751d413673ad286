public import GalgenCore
import Glibc

/// The photos and videos below a folder source's folder, folder by folder: what a `folder` source
/// reads. Hidden files, system clutter and excluded names are skipped; other files are counted, not
/// named one by one; symbolic links are followed only while they stay inside the folder.
public struct FolderWalk: Sendable {
    /// File extensions (lowercase) read as photos: every image format galgen decodes (the format table's).
    public static let photoExtensions = MediaFormat.decodedExtensions(.image)
    /// File extensions (lowercase) read as videos (the format table's).
    public static let videoExtensions = MediaFormat.decodedExtensions(.video)
    /// Names skipped like hidden files: what operating systems leave in photo folders.
    static let clutter: Set<String> = ["Thumbs.db", "thumbs.db", "desktop.ini", "Desktop.ini", "Icon\r", "__MACOSX", "@eaDir"]

    /// What a media file is.
    public enum Kind: String, Sendable, Hashable, Codable {
        case photo
        case video
    }

    /// One photo or video.
    public struct File: Sendable, Hashable {
        /// Below the source folder, `/`-separated, as the folder names it (links not resolved).
        public var relativePath: String
        /// Where it is read from (absolute, links resolved).
        public var path: String
        /// Photo or video.
        public var kind: Kind
        /// `NAME.md` beside it (absolute), when there is one.
        public var sidecar: String?
        /// The folder it is in (an index into ``folders``).
        public var folder: Int
    }

    /// One folder of the tree: an album when it or a folder below holds a photo or video.
    public struct Folder: Sendable, Hashable {
        /// Below the source folder (`""` for the top).
        public var relativePath: String
        /// The folder's own name (the source's title for the top).
        public var name: String
        /// Its parent (nil for the top).
        public var parent: Int?
        /// `index.md` in it (absolute), when there is one.
        public var index: String?
        /// Its files, in name order (indices into ``files``).
        public var files: [Int] = []
        /// Its sub-folders, in name order (indices into ``folders``).
        public var subfolders: [Int] = []
    }

    /// Folders, the top first, each before its sub-folders.
    public private(set) var folders: [Folder] = []
    /// Photos and videos, folder by folder.
    public private(set) var files: [File] = []
    /// Files that are neither photos, videos nor sidecars.
    public private(set) var otherFiles = 0
    /// A few of their paths, for the report.
    public private(set) var otherExamples: [String] = []
    /// Hidden files and folders and system clutter skipped.
    public private(set) var hidden = 0
    /// Files and folders left out by `include`/`exclude`.
    public private(set) var excluded = 0
    /// Links that lead outside, to nothing or round in a loop; folders that cannot be listed.
    public private(set) var diagnostics: [Diagnostic] = []

    private let fileSystem: any FileSystem
    private let source: String
    private let include: [String]
    private let exclude: [String]
    private let protected: Set<String>
    private let siteMarker: String?
    private var root = ""
    private var visited: Set<String> = []

    /// Walks `root`.
    /// - Parameters:
    ///   - root: The folder (absolute).
    ///   - source: The source's name, for messages.
    ///   - include: Glob patterns a file must match (any file when empty).
    ///   - exclude: Glob patterns of files and folders to skip.
    ///   - protecting: Absolute paths never read as photos (the site's output and cache, when they are inside).
    ///   - siteMarker: The file a built galgen site's output folder holds: a folder with it is any site's
    ///     output (another site made in the photo folder too), never photos.
    ///   - fileSystem: Where to look.
    /// - Throws: ``RecordError`` when the folder itself is missing or cannot be listed.
    public init(root: String, source: String, include: [String] = [], exclude: [String] = [], protecting: [String] = [],
                siteMarker: String? = nil, fileSystem: any FileSystem) throws(RecordError) {
        self.fileSystem = fileSystem
        self.source = source
        self.include = include
        self.exclude = exclude
        self.siteMarker = siteMarker
        guard fileSystem.targetKind(at: root) == .directory, let canonical = Self.canonical(root, fileSystem: fileSystem) else {
            let why = fileSystem.targetKind(at: root) == nil ? fileSystem.whyMissing(root) : "is not a folder"
            throw RecordError(code: .unreadable, source: source, location: root, message: "\(why); check sources[].path in the config")
        }
        self.protected = Set(protecting.map { Self.canonical($0, fileSystem: fileSystem) ?? Paths.normalize($0) })
        self.root = canonical
        folders.append(Folder(relativePath: "", name: "", parent: nil))
        do {
            try walk(folder: 0, at: canonical)
        } catch {
            throw RecordError(code: .unreadable, source: source, location: root, message: "cannot list the folder: \(error.reason)")
        }
    }

    private mutating func walk(folder: Int, at directory: String) throws(FileSystemError) {
        visited.insert(directory)
        defer { visited.remove(directory) }
        let names = folder == 0 ? try fileSystem.listDirectory(at: directory).sorted() : (try? fileSystem.listDirectory(at: directory).sorted())
        guard let names else {
            note("folder.unreadable", folders[folder].relativePath, "cannot list this folder; its photos are left out")
            return
        }
        if folder != 0, let siteMarker, names.contains(siteMarker) { return }  // a galgen site's output: its pictures are ours
        var sidecars: [String: String] = [:]
        var media: [(name: String, path: String, kind: Kind)] = []
        var subfolders: [(name: String, path: String)] = []
        for name in names {
            let relative = Self.join(folders[folder].relativePath, name)
            if name.hasPrefix(".") || Self.clutter.contains(name) {
                hidden += 1
                continue
            }
            if matches(exclude, name: name, relative: relative) {
                excluded += 1
                continue
            }
            let entry = directory + "/" + name
            guard let (kind, target) = resolve(entry, relative: relative) else { continue }
            if protected.contains(target) { continue }
            if kind == .directory {
                subfolders.append((name, target))
                continue
            }
            let ext = Self.extensionOf(name)
            if ext == "md" {
                sidecars[String(name.dropLast(3))] = target
                continue
            }
            let mediaKind: Kind? = Self.photoExtensions.contains(ext) ? .photo : Self.videoExtensions.contains(ext) ? .video : nil
            guard let mediaKind else {
                otherFiles += 1
                if otherExamples.count < 5 { otherExamples.append(relative) }
                continue
            }
            if !include.isEmpty && !matches(include, name: name, relative: relative) {
                excluded += 1
                continue
            }
            media.append((name, target, mediaKind))
        }
        folders[folder].index = sidecars["index"]
        for item in media {
            let stem = String(item.name[..<(item.name.lastIndex(of: ".") ?? item.name.endIndex)])
            folders[folder].files.append(files.count)
            files.append(File(relativePath: Self.join(folders[folder].relativePath, item.name), path: item.path, kind: item.kind,
                              sidecar: sidecars[item.name] ?? sidecars[stem], folder: folder))
        }
        for sub in subfolders {
            let relative = Self.join(folders[folder].relativePath, sub.name)
            if visited.contains(sub.path) {
                note("folder.link-loop", relative, "leads back to a folder above it; not entered again")
                continue
            }
            let index = folders.count
            folders.append(Folder(relativePath: relative, name: sub.name, parent: folder))
            folders[folder].subfolders.append(index)
            try walk(folder: index, at: sub.path)
        }
    }

    /// What an entry is once links are followed, and where; nil (reported) for a link that leads
    /// outside the folder or nowhere, and for sockets, devices and the like (skipped).
    private mutating func resolve(_ entry: String, relative: String) -> (FileKind, String)? {
        switch fileSystem.kind(at: entry) {
        case .file?: return (.file, entry)
        case .directory?: return (.directory, entry)
        case .symbolicLink?: break
        default: return nil
        }
        guard let target = Self.canonical(entry, fileSystem: fileSystem), let kind = fileSystem.kind(at: target),
              kind == .file || kind == .directory else {
            note("folder.broken-link", relative, "is a symbolic link to nothing (or a loop of links); skipped")
            return nil
        }
        guard target == root || target.hasPrefix(root + "/") else {
            note("folder.link-outside", relative, "is a symbolic link to \(target), outside the source folder; skipped")
            return nil
        }
        return (kind, target)
    }

    private mutating func note(_ code: String, _ relative: String, _ message: String) {
        diagnostics.append(Diagnostic(.warning, code: code, subject: "\(source): \(relative.isEmpty ? "." : relative)", message: message))
    }

    private func matches(_ patterns: [String], name: String, relative: String) -> Bool {
        patterns.contains { pattern in
            let subject = pattern.contains("/") ? relative : name
            let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            return fnmatch(trimmed, subject, FNM_PATHNAME) == 0
        }
    }

    static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

    static func extensionOf(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// `path` with every symbolic link on the way resolved (at most 40), or nil when one leads nowhere.
    static func canonical(_ path: String, fileSystem: any FileSystem) -> String? {
        var pending = Paths.normalize(path).split(separator: "/").map(String.init)
        var done: [String] = []
        var hops = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                if !done.isEmpty { done.removeLast() }
                continue
            }
            let here = "/" + (done + [part]).joined(separator: "/")
            guard let destination = fileSystem.linkDestination(at: here) else {
                done.append(part)
                continue
            }
            hops += 1
            if hops > 40 { return nil }
            if destination.hasPrefix("/") { done = [] }
            pending = destination.split(separator: "/").map(String.init) + pending
        }
        let result = "/" + done.joined(separator: "/")
        return fileSystem.kind(at: result) == nil ? nil : result
    }
}
