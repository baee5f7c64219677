// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// A Swift owner of one GObject reference, dropped when the Swift object goes away. Subclasses only
/// add typed accessors. Which reference it owns is said by the initializer each wrapper calls (the
/// rules in one place: Sources/Gtk/README.md).
@MainActor
open class Object {
    package let raw: UnsafeMutableRawPointer

    /// Takes over the full reference the caller holds, as `g_*_new` returns for a plain GObject (a
    /// model, a controller, an action, a CSS provider, the application).
    package init(takingFull pointer: UnsafeMutableRawPointer) {
        assert(g_object_is_floating(pointer) == 0, "a floating reference: use init(sinkingFloating:)")
        raw = pointer
    }

    /// Sinks the floating reference a new widget starts with (`gtk_*_new` of any widget but a
    /// window), which becomes this object's; a parent the widget is later added to takes one of its own.
    package init(sinkingFloating pointer: UnsafeMutableRawPointer) {
        assert(g_object_is_floating(pointer) != 0, "not a floating reference: use init(takingFull:)")
        raw = pointer
        g_object_ref_sink(pointer)
    }

    /// Adds a reference of its own to an object someone else owns: a window (GTK holds every
    /// toplevel until it is destroyed), a widget's buffer or adjustment, the display's settings.
    package init(borrowing pointer: UnsafeMutableRawPointer) {
        raw = pointer
        g_object_ref(pointer)
    }

    // GTK's objects are released on the main thread. Swift 6.2 runs the deinit there (`isolated
    // deinit`); before it, the deinit runs where the last reference went, which for these
    // main-actor objects is the main thread, and the check says so if it ever is not.
    #if compiler(>=6.2)
        isolated deinit {
            g_object_unref(raw)
        }
    #else
        deinit {
            MainActor.assumeIsolated { g_object_unref(raw) }
        }
    #endif

    @inline(__always) package func cast<T>() -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: T.self)
    }

    @inline(__always) package var opaque: OpaquePointer { OpaquePointer(raw) }

    public func setBool(_ property: String, _ value: Bool) {
        foldout_object_set_boolean(raw, property, value ? 1 : 0)
    }

    public func getBool(_ property: String) -> Bool {
        foldout_object_get_boolean(raw, property) != 0
    }

    public var typeName: String { String(cString: g_type_name_from_instance(cast())) }
}

extension Bool {
    @inline(__always) var gboolean: gboolean { self ? 1 : 0 }
}
