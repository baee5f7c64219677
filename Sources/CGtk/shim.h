/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef FOLDOUT_CGTK_SHIM_H
#define FOLDOUT_CGTK_SHIM_H

#include <errno.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>

/* Swift cannot call C variadic functions, and some GLib "constants" are casts in macros.
 * These small inline helpers give Swift a fixed-argument way in. They use GTK 4.8's API only:
 * a call that has a newer form goes to CFoldoutModel's foldout_gtk_runtime.h, which chooses it
 * at run time, so that a build against 4.8's headers uses the newer GTK where it runs on one. */

/* GLib 2.87 and later mark their flags enums G_GNUC_FLAG_ENUM, which Swift imports as option sets
 * whose values it names differently from GLib 2.74's plain enums (and whose types have no
 * unlabelled init). The flags Foldout passes, as plain numbers, the same on every GLib: Swift
 * wraps one with `Type(rawValue: numericCast(FOLDOUT_…))`. */
static const guint FOLDOUT_APPLICATION_HANDLES_OPEN = G_APPLICATION_HANDLES_OPEN;
static const guint FOLDOUT_APPLICATION_HANDLES_COMMAND_LINE = G_APPLICATION_HANDLES_COMMAND_LINE;
static const guint FOLDOUT_APPLICATION_NON_UNIQUE = G_APPLICATION_NON_UNIQUE;
static const guint FOLDOUT_OPTION_FLAG_HIDDEN = G_OPTION_FLAG_HIDDEN;
static const guint FOLDOUT_FILE_MONITOR_WATCH_MOVES = G_FILE_MONITOR_WATCH_MOVES;
static const guint FOLDOUT_FILE_TEST_IS_REGULAR = G_FILE_TEST_IS_REGULAR;
static const guint FOLDOUT_FILE_TEST_IS_DIR = G_FILE_TEST_IS_DIR;
static const guint FOLDOUT_RESOURCE_LOOKUP_FLAGS_NONE = G_RESOURCE_LOOKUP_FLAGS_NONE;
static const guint FOLDOUT_LOG_LEVEL_DEBUG = G_LOG_LEVEL_DEBUG;

static inline void foldout_accessible_set_expanded(GtkWidget *widget, gboolean expanded) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

static inline void foldout_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline void foldout_accessible_set_checked(GtkWidget *widget, gboolean checked) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_CHECKED,
                                checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

static inline void foldout_accessible_set_value_text(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

static inline void foldout_accessible_set_has_popup(GtkWidget *widget) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE, -1);
}

/* GTK 4.8 names a widget labelled by a mnemonic label after the label's text with its underscore
 * and then its text again ("_Add Add"); without the relation, the widget's own label is its name. */
static inline void foldout_accessible_reset_labelled_by(GtkWidget *widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline void foldout_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* NULL when the widget's accessible EXPANDED state equals `expanded`, else a message (free it). */
static inline char *foldout_accessible_check_expanded(GtkWidget *widget, gboolean expanded) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
}

/* NULL when the widget's accessible CHECKED state equals `checked`, else a message (free it). */
static inline char *foldout_accessible_check_checked(GtkWidget *widget, gboolean checked) {
    return gtk_test_accessible_check_state(
        GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_CHECKED, checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE);
}

/* NULL when the widget's accessible LABEL property is `label`, else a message (free it). */
static inline char *foldout_accessible_check_label(GtkWidget *widget, const char *label) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

static inline void foldout_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

static inline gboolean foldout_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

static inline void foldout_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(object, property, value, NULL);
}

static inline int foldout_object_get_int(gpointer object, const char *property) {
    int value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

static inline void foldout_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

/* A drop target that accepts files (a GdkFileList), for copying. */
static inline GtkDropTarget *foldout_drop_target_new_for_files(void) {
    return gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
}

/* The local path of the first file in a dropped GdkFileList value, or NULL (free it). */
static inline char *foldout_dropped_file_path(const GValue *value) {
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return NULL;
    GSList *files = gdk_file_list_get_files(g_value_get_boxed(value));
    char *path = files ? g_file_get_path(G_FILE(files->data)) : NULL;
    g_slist_free(files);
    return path;
}

static inline char *foldout_object_dup_string(gpointer object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

/* A recently used files list kept in `filename` instead of the user's (tests). */
static inline GtkRecentManager *foldout_recent_manager_new(const char *filename) {
    return GTK_RECENT_MANAGER(g_object_new(GTK_TYPE_RECENT_MANAGER, "filename", filename, NULL));
}

static inline const GVariantType *foldout_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *foldout_variant_type_bytestring(void) { return G_VARIANT_TYPE_BYTESTRING; }
static inline const GVariantType *foldout_variant_type_strings(void) { return G_VARIANT_TYPE_STRING_ARRAY; }

static inline GtkWidget *foldout_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                                   "accessible-role", role, NULL));
}

static inline GtkWidget *foldout_button_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BUTTON, "accessible-role", role, NULL));
}

static inline GtkWidget *foldout_message_dialog_new(GtkWindow *parent, const char *primary, const char *secondary) {
    GtkWidget *dialog = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                               GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", secondary);
    return dialog;
}

/* GtkDialog's buttons are deprecated from GTK 4.10; the message dialog is too, and goes with them. */
static inline GtkWidget *foldout_dialog_add_button(GtkWidget *dialog, const char *label, int response) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *button = gtk_dialog_add_button(GTK_DIALOG(dialog), label, response);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return button;
}

static inline GtkWidget *foldout_dialog_button_for_response(GtkWidget *dialog, int response) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *button = gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), response);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return button;
}

static inline void foldout_command_line_printerr(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_printerr(command_line, "%s", text);
}

/* Foldout's messages are UTF-8 and go out as they are: g_printerr would turn every character its
 * locale's charset lacks into "?" (a German message under LANG=de_DE, say). */
static inline void foldout_printerr(const char *text) { fputs(text, stderr); }

/* NULL when `path` can be accessed for `mode` (R_OK), else the system's reason. */
static inline const char *foldout_access_problem(const char *path, int mode) {
    return g_access(path, mode) == 0 ? NULL : g_strerror(errno);
}

static const int FOLDOUT_READABLE = R_OK;

static inline GdkPopup *foldout_surface_as_popup(GdkSurface *surface) {
    return GDK_IS_POPUP(surface) ? GDK_POPUP(surface) : NULL;
}

#endif
