// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A Swift owner of one GObject reference.
///
/// Creating an `Object` from a floating reference sinks it; from a full reference, takes it over.
/// The reference is dropped when the Swift object goes away. Subclasses only add typed accessors.
@MainActor
open class Object {
    public let raw: UnsafeMutableRawPointer

    /// Takes over a reference the caller owns (a constructor's result); sinks it if floating.
    public init(owning pointer: UnsafeMutableRawPointer) {
        raw = pointer
        if g_object_is_floating(pointer) != 0 {
            g_object_ref_sink(pointer)
        }
    }

    /// Adds a reference of its own to an object someone else owns.
    public init(retaining pointer: UnsafeMutableRawPointer) {
        raw = pointer
        g_object_ref_sink(pointer)
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

    @inline(__always) public func cast<T>() -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: T.self)
    }

    @inline(__always) public var opaque: OpaquePointer { OpaquePointer(raw) }

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
