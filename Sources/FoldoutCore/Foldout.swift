/// Facts about the application that every layer may need.
public enum Foldout {
    public static let applicationID = "dev.foldout.Foldout"
    public static let version = "0.1.0"
}
