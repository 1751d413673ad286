import GalgenOutput

extension BuildError {
    /// An output error as the build reports it: under the step the error names (`output` for
    /// checking, locking and preparing the folders, `publish` for the swap), its message unchanged.
    /// - Parameter error: The stager's error.
    init(_ error: OutputError) {
        let step: StepName = switch error.phase {
        case .output: .output
        case .publish: .publish
        }
        self.init(step: step, .failed(error.message))
    }

    /// The value of an output stager's call, its ``OutputError`` thrown as the build reports it:
    /// `try BuildError.mapping(try stager.publish())`.
    static func mapping<T>(_ body: @autoclosure () throws(OutputError) -> T) throws(BuildError) -> T {
        do { return try body() } catch { throw BuildError(error) }
    }
}
