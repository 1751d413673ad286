/// galgen's version, in one place: `galgen --version` prints it and build reports record it.
public enum GalgenVersion {
    /// The version, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
