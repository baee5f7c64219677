// SPDX-License-Identifier: GPL-3.0-or-later
/// Facts about the application that every layer may need.
public enum Foldout {
    public static let applicationID = "dev.foldout.Foldout"
    public static let version = "0.1.0"
    /// The homepage the metainfo names.
    public static let website = "https://foldout.dev"
}
