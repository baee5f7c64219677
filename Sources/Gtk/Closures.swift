// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk
import Synchronization

/// Every Swift closure handed to GLib lives in a `ClosureBox`, retained for GLib and released by
/// GLib's destroy notify. The live count lets tests prove that nothing piles up.
/// Boxes are created, called and released on the main thread only (GLib invokes them there).
public class ClosureBox: @unchecked Sendable {
    private static let liveCount = Atomic<Int>(0)

    /// How many closure boxes exist right now.
    public static var live: Int { liveCount.load(ordering: .relaxed) }

    init() { Self.liveCount.add(1, ordering: .relaxed) }
    deinit { Self.liveCount.subtract(1, ordering: .relaxed) }

    /// Retains the box for GLib; balance with `release(_:)` in a destroy notify.
    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: gpointer?) -> Self {
        Unmanaged<Self>.fromOpaque(pointer!).takeUnretainedValue()
    }

    static func release(_ pointer: gpointer?) {
        Unmanaged<ClosureBox>.fromOpaque(pointer!).release()
    }
}

final class HandlerBox<Function>: ClosureBox, @unchecked Sendable {
    let function: Function
    init(_ function: Function) { self.function = function }
}

/// A connected signal handler. `disconnect()` is safe after the object is gone.
@MainActor
public final class SignalConnection {
    private let weak = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    private var handlerID: gulong

    init(instance: gpointer, handlerID: gulong) {
        self.handlerID = handlerID
        g_weak_ref_init(weak, instance)
    }

    #if compiler(>=6.2)
        isolated deinit {
            g_weak_ref_clear(weak)
            weak.deallocate()
        }
    #else
        deinit {  // on the main thread, as Object's (see there)
            MainActor.assumeIsolated {
                g_weak_ref_clear(weak)
                weak.deallocate()
            }
        }
    #endif

    public func disconnect() {
        guard handlerID != 0, let instance = g_weak_ref_get(weak) else { return }
        if g_signal_handler_is_connected(instance, handlerID) != 0 {
            g_signal_handler_disconnect(instance, handlerID)
        }
        g_object_unref(instance)
        handlerID = 0
    }
}

private let releaseBoxNotify: GClosureNotify = { data, _ in ClosureBox.release(data) }

extension Object {
    func connect(_ signal: String, box: ClosureBox, callback: GCallback) -> SignalConnection {
        let id = g_signal_connect_data(
            raw, signal, callback, box.retainedPointer(), releaseBoxNotify, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal \(signal) on \(typeName)")
        return SignalConnection(instance: raw, handlerID: id)
    }

    /// Connects a handler for a signal whose only argument is the instance.
    @discardableResult
    public func on(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = HandlerBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.function() }
        }
        return connect(signal, box: HandlerBox(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for a signal with one pointer argument after the instance.
    @discardableResult
    package func on(_ signal: String, _ handler: @escaping @MainActor (gpointer?) -> Void) -> SignalConnection {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let box = HandlerBox<@MainActor (gpointer?) -> Void>.from(data)
            MainActor.assumeIsolated { box.function(argument) }
        }
        return connect(signal, box: HandlerBox(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for a signal with one integer argument after the instance.
    @discardableResult
    public func onInteger(_ signal: String, _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, argument, data in
            let box = HandlerBox<@MainActor (Int32) -> Void>.from(data)
            MainActor.assumeIsolated { box.function(argument) }
        }
        return connect(signal, box: HandlerBox(handler), callback: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler to `notify::property`.
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        on("notify::\(property)") { (_: gpointer?) in handler() }
    }
}
