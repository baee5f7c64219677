// SPDX-License-Identifier: GPL-3.0-or-later
/// A command line's problem, in one line, for the launching process's standard error.
public struct LaunchProblem: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
