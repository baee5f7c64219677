// SPDX-License-Identifier: GPL-3.0-or-later
import CFoldoutModel
import CGtk

/// Foldout's own messages in GLib's structured log, domain "Foldout".
public enum Log {
    /// A debug message in the "Foldout" log domain: shown with `G_MESSAGES_DEBUG=Foldout` (or `all`).
    public static func debug(_ message: String) {
        "GLIB_DOMAIN".withCString { domainKey in
            "Foldout".withCString { domain in
                "MESSAGE".withCString { messageKey in
                    message.withCString { text in
                        var fields = [
                            GLogField(key: domainKey, value: UnsafeRawPointer(domain), length: -1),
                            GLogField(key: messageKey, value: UnsafeRawPointer(text), length: -1),
                        ]
                        g_log_structured_array(
                            GLogLevelFlags(rawValue: numericCast(FOLDOUT_LOG_LEVEL_DEBUG)), &fields, gsize(fields.count)
                        )
                    }
                }
            }
        }
    }
}
