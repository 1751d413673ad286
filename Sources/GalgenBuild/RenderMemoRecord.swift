import Foundation
import GalgenCore
import GalgenOutput
import GalgenRendering

/// The renderer's memo (``RenderMemo``) kept between two `galgen build`s, beside the published folder's
/// manifest in the cache (`outputs/…-<identity>.render`), so the first build after an edit computes the
/// keys of the pages that show a changed item, not of every page. Written once the folder is published;
/// read by the next build's pages step. `galgen serve` keeps its memo in memory instead.
///
/// What a memo read back is matched by stands for the config with ``configKey(_:)``; any other config,
/// binary, template, asset, message or collection size makes the renderer compute every key.
enum RenderMemoRecord {
    /// What stands for the config in a memo kept on disk: the config file's digest, the paths the build ran
    /// with, and galgen's versions and binary (``StampsRecord/versions``): a rebuilt galgen renders with other
    /// code. Nil for a build whose config has no digest.
    static func configKey(_ state: BuildState) -> OutputKey? {
        guard let digest = state.configDigest else { return nil }
        var feed = KeyFeed()
        feed.begin("render-memo-config")
        feed.add(digest.description)
        feed.add(StampsRecord.paths(state))
        feed.add(StampsRecord.versions)
        return feed.key
    }

    /// The memo kept with the published folder; nil in `galgen serve`, under `--clean`, or when there is none
    /// or it cannot be read (the renderer then computes every key).
    static func read(_ state: BuildState, stager: OutputStager) -> RenderMemo? {
        guard state.session == nil, !state.options.clean, let path = stager.recordPath("render") else { return nil }
        guard let data = try? state.unstampedFileSystem.readFile(at: path) else { return nil }
        return RenderMemo.decode(data)
    }

    /// Keeps this build's memo with the folder it just published. A failure only means the next build
    /// computes its keys.
    static func write(_ state: BuildState, stager: OutputStager) {
        guard let memo = state.renderMemo, let data = memo.encode(), let path = stager.recordPath("render") else { return }
        try? state.unstampedFileSystem.writeFileAtomically(data, to: path)
    }
}
