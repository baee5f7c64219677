// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A GLib source (idle or timeout) whose closure is released when the source goes away.
@MainActor
public final class SourceToken {
    private weak var box: SourceBox?
    private let id: guint

    fileprivate init(box: SourceBox, id: guint) {
        self.box = box
        self.id = id
    }

    public var isActive: Bool { box != nil }

    public func cancel() {
        guard box != nil else { return }
        g_source_remove(id)
    }
}

private final class SourceBox: ClosureBox, @unchecked Sendable {
    let body: @MainActor () -> Bool
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}

private let sourceThunk: GSourceFunc = { data in
    let box = SourceBox.from(data)
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
}

private let sourceRelease: GDestroyNotify = { data in ClosureBox.release(data) }

@MainActor
public enum MainLoop {
    /// Runs `body` when the loop is idle, again while it returns true.
    @discardableResult
    public static func idle(priority: Priority = .defaultIdle, _ body: @escaping @MainActor () -> Bool) -> SourceToken {
        let box = SourceBox(body)
        let id = g_idle_add_full(priority.glib, sourceThunk, box.retainedPointer(), sourceRelease)
        return SourceToken(box: box, id: id)
    }

    /// Runs `body` after `milliseconds`, again every `milliseconds` while it returns true.
    @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> SourceToken {
        let box = SourceBox(body)
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, sourceThunk, box.retainedPointer(), sourceRelease)
        return SourceToken(box: box, id: id)
    }

    /// Runs one iteration of the default main context; for tests and benchmarks.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking.gboolean) != 0
    }

    /// Microseconds from GLib's monotonic clock.
    public static var monotonicTime: Int { g_get_monotonic_time() }
}

@MainActor
public enum GtkRuntime {
    /// Initializes GTK once; false when there is no display to talk to.
    public static func initialize() -> Bool {
        gtk_init_check() != 0
    }
}

extension MainLoop {
    /// Runs `body` on the main loop; callable from any thread (GLib's idle sources are thread-safe).
    public nonisolated static func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        let box = HandlerBox<@Sendable @MainActor () -> Void>(body)
        let thunk: GSourceFunc = { data in
            let box = HandlerBox<@Sendable @MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.function() }
            return 0
        }
        g_idle_add_full(G_PRIORITY_DEFAULT, thunk, box.retainedPointer(), { ClosureBox.release($0) })
    }
}
