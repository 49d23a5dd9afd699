/// The release of PushLocalizer: the one place the version is written (`pushloc --version` prints it).
public enum PushLocalizerVersion {
    /// The version, as semantic versioning: major.minor.patch.
    public static let current = "0.20.0"
}
