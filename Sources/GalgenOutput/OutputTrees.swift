import GalgenCore

/// What a process that published an output folder knows of it and of its spare (kept between
/// builds by `galgen serve`'s build session): the records of their files as galgen left them. A
/// record is used only while the folder is the same one and its manifest in the cache is the very
/// file written with it (same inode, size and time): another build of the folder, or a failed one
/// that started editing the spare, replaces or removes the manifest, and the folder is then read
/// and checked again.
public struct OutputTrees: Sendable {
    struct Tree: Sendable {
        var identity: FileIdentity
        var manifest: FileStamp
        var files: [OutputManifest.Recorded]
    }

    var output: String
    var published: Tree
    var spare: Tree?
}
