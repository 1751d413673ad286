import GalgenRemoteCache

/// The one place that knows what each kind of build does: its list of steps. No step asks which
/// kind of build it is in; it is given what it needs here (`StepListTests` greps for `mode`
/// anywhere else in GalgenBuild).
extension SiteBuilder {
    /// The steps a build in `mode` runs, in order.
    /// - Parameter mode: The site, a shard, a push or a pull.
    static func steps(for mode: BuildMode) -> [any BuildStep] {
        switch mode {
        case .site:
            [ConfigStep(), OutputStep(), StampsStep(.check), TemplatesStep(), RecordsStep(), ImagesStep(), PagesStep(), PublishStep(),
             StampsStep(.record)]
        case .shard(let shard):
            [ConfigStep(remoteFor: "galgen build --shard \(shard)", shard: shard), RecordsStep(), ImagesStep(only: shard),
             ShardUploadStep()]
        case .push:
            // Nothing is fetched from the origins: the records and images come from the local cache.
            [ConfigStep(remoteFor: "galgen cache push"), RecordsStep(origins: false, uploadAllPages: true), TransferStep(.push)]
        case .pull:
            [ConfigStep(remoteFor: "galgen cache pull"), RecordsStep(), TransferStep(.pull)]
        }
    }

    /// This build's steps.
    var steps: [any BuildStep] { Self.steps(for: options.mode) }

    /// The report's `inputs.options.transfer`: `push` or `pull` for `galgen cache push|pull`.
    var transfer: String? {
        switch options.mode {
        case .push: "push"
        case .pull: "pull"
        case .site, .shard: nil
        }
    }
}
