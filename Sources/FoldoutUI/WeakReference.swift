// SPDX-License-Identifier: GPL-3.0-or-later
/// Lets closures made during `init` reach the object once it exists, without keeping it alive.
final class WeakReference<Object: AnyObject> {
    weak var value: Object?
}
