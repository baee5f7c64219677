/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_file_chooser.h"
#include "foldout_gtk_runtime.h"

/* GtkFileDialog's calls (GTK 4.10), looked up in the running GTK: the headers may be 4.8's. */
typedef struct {
    GObject *(*new_dialog)(void);
    void (*set_title)(GObject *dialog, const char *title);
    void (*set_accept_label)(GObject *dialog, const char *label);
    void (*set_filters)(GObject *dialog, GListModel *filters);
    void (*set_default_filter)(GObject *dialog, GtkFileFilter *filter);
    void (*set_initial_folder)(GObject *dialog, GFile *folder);
    void (*set_initial_name)(GObject *dialog, const char *name);
    void (*open)(GObject *dialog, GtkWindow *parent, GCancellable *cancellable, GAsyncReadyCallback done, gpointer data);
    GFile *(*open_finish)(GObject *dialog, GAsyncResult *result, GError **error);
    void (*save)(GObject *dialog, GtkWindow *parent, GCancellable *cancellable, GAsyncReadyCallback done, gpointer data);
    GFile *(*save_finish)(GObject *dialog, GAsyncResult *result, GError **error);
} FileDialogCalls;

/* The calls, or NULL where the running GTK has no GtkFileDialog. */
static const FileDialogCalls *file_dialog_calls(void) {
    static FileDialogCalls calls;
    static const FileDialogCalls *found;
    static gsize looked_up;
    if (g_once_init_enter(&looked_up)) {
        if (foldout_gtk_at_least(10)) {
            calls.new_dialog = foldout_gtk_function("gtk_file_dialog_new");
            calls.set_title = foldout_gtk_function("gtk_file_dialog_set_title");
            calls.set_accept_label = foldout_gtk_function("gtk_file_dialog_set_accept_label");
            calls.set_filters = foldout_gtk_function("gtk_file_dialog_set_filters");
            calls.set_default_filter = foldout_gtk_function("gtk_file_dialog_set_default_filter");
            calls.set_initial_folder = foldout_gtk_function("gtk_file_dialog_set_initial_folder");
            calls.set_initial_name = foldout_gtk_function("gtk_file_dialog_set_initial_name");
            calls.open = foldout_gtk_function("gtk_file_dialog_open");
            calls.open_finish = foldout_gtk_function("gtk_file_dialog_open_finish");
            calls.save = foldout_gtk_function("gtk_file_dialog_save");
            calls.save_finish = foldout_gtk_function("gtk_file_dialog_save_finish");
            gboolean complete = calls.new_dialog && calls.set_title && calls.set_accept_label && calls.set_filters &&
                                calls.set_default_filter && calls.set_initial_folder && calls.set_initial_name &&
                                calls.open && calls.open_finish && calls.save && calls.save_finish;
            found = complete ? &calls : NULL;
        }
        g_once_init_leave(&looked_up, 1);
    }
    return found;
}

struct _FoldoutFileChooser {
    GObject parent_instance;
    gboolean save;
    /* Exactly one of the two. */
    GObject *dialog;
    GtkNativeDialog *native;
    GListStore *filters;
    GtkWindow *parent; /* weak */
};

G_DEFINE_FINAL_TYPE(FoldoutFileChooser, foldout_file_chooser, G_TYPE_OBJECT)

enum { CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void foldout_file_chooser_dispose(GObject *object) {
    FoldoutFileChooser *self = FOLDOUT_FILE_CHOOSER(object);
    if (self->parent != NULL) {
        g_object_remove_weak_pointer(G_OBJECT(self->parent), (gpointer *)&self->parent);
        self->parent = NULL;
    }
    if (self->native != NULL)
        gtk_native_dialog_destroy(self->native);
    g_clear_object(&self->native);
    g_clear_object(&self->dialog);
    g_clear_object(&self->filters);
    G_OBJECT_CLASS(foldout_file_chooser_parent_class)->dispose(object);
}

static void foldout_file_chooser_class_init(FoldoutFileChooserClass *class) {
    G_OBJECT_CLASS(class)->dispose = foldout_file_chooser_dispose;
    signals[CHOSEN] = g_signal_new("chosen", G_TYPE_FROM_CLASS(class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void foldout_file_chooser_init(FoldoutFileChooser *self) {
    self->filters = g_list_store_new(GTK_TYPE_FILE_FILTER);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS /* GtkFileChooserNative: the GTK 4.8 path, and the one with choices */

FoldoutFileChooser *foldout_file_chooser_new(GtkWindow *parent, const char *title, const char *accept_label,
                                             const char *cancel_label, gboolean save, gboolean with_choices) {
    FoldoutFileChooser *self = g_object_new(FOLDOUT_TYPE_FILE_CHOOSER, NULL);
    self->save = save;
    const FileDialogCalls *calls = with_choices ? NULL : file_dialog_calls();
    if (calls != NULL) {
        self->dialog = calls->new_dialog();
        calls->set_title(self->dialog, title);
        calls->set_accept_label(self->dialog, accept_label);
        if (parent != NULL) {
            self->parent = parent;
            g_object_add_weak_pointer(G_OBJECT(parent), (gpointer *)&self->parent);
        }
    } else {
        GtkFileChooserAction action = save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN;
        self->native = GTK_NATIVE_DIALOG(gtk_file_chooser_native_new(title, parent, action, accept_label, cancel_label));
    }
    return self;
}

gboolean foldout_file_chooser_is_file_dialog(FoldoutFileChooser *self) { return self->dialog != NULL; }

void foldout_file_chooser_add_filter(FoldoutFileChooser *self, GtkFileFilter *filter) {
    g_list_store_append(self->filters, filter);
    if (self->native != NULL)
        gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(self->native), filter);
}

void foldout_file_chooser_suggest(FoldoutFileChooser *self, const char *name, const char *folder) {
    GFile *file = folder != NULL && *folder != '\0' ? g_file_new_for_path(folder) : NULL;
    if (self->dialog != NULL) {
        const FileDialogCalls *calls = file_dialog_calls();
        if (name != NULL)
            calls->set_initial_name(self->dialog, name);
        if (file != NULL)
            calls->set_initial_folder(self->dialog, file);
    } else {
        if (name != NULL)
            gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(self->native), name);
        if (file != NULL)
            gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(self->native), file, NULL);
    }
    g_clear_object(&file);
}

void foldout_file_chooser_add_choice(FoldoutFileChooser *self, const char *id, const char *label, const char **ids,
                                     const char **labels) {
    g_return_if_fail(self->native != NULL);
    gtk_file_chooser_add_choice(GTK_FILE_CHOOSER(self->native), id, label, ids, labels);
    if (ids != NULL && ids[0] != NULL)
        gtk_file_chooser_set_choice(GTK_FILE_CHOOSER(self->native), id, ids[0]);
}

const char *foldout_file_chooser_get_choice(FoldoutFileChooser *self, const char *id) {
    return self->native != NULL ? gtk_file_chooser_get_choice(GTK_FILE_CHOOSER(self->native), id) : NULL;
}

static void emit_chosen(FoldoutFileChooser *self, GFile *file) {
    char *path = file != NULL ? g_file_get_path(file) : NULL;
    g_signal_emit(self, signals[CHOSEN], 0, path);
    g_free(path);
}

static void native_responded(GtkNativeDialog *native, int response, gpointer data) {
    FoldoutFileChooser *self = data;
    GFile *file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file(GTK_FILE_CHOOSER(native)) : NULL;
    emit_chosen(self, file);
    g_clear_object(&file);
}

G_GNUC_END_IGNORE_DEPRECATIONS

/* The dialog's answer; `data` is the chooser, referenced while the dialog was open. */
static void dialog_answered(GObject *dialog, GAsyncResult *result, gpointer data) {
    FoldoutFileChooser *self = data;
    const FileDialogCalls *calls = file_dialog_calls();
    GError *error = NULL;
    GFile *file = (self->save ? calls->save_finish : calls->open_finish)(dialog, result, &error);
    /* Dismissed or cancelled (GtkDialogError 2 and 1; the headers may be older than the enum) is
     * not a failure to report; anything else is said on stderr. */
    gboolean answered_no = error != NULL && error->domain == g_quark_from_static_string("gtk-dialog-error-quark") &&
                           (error->code == 1 || error->code == 2);
    if (error != NULL && !answered_no)
        g_message("The file chooser failed: %s", error->message);
    g_clear_error(&error);
    emit_chosen(self, file);
    g_clear_object(&file);
    g_object_unref(self);
}

void foldout_file_chooser_show(FoldoutFileChooser *self) {
    if (self->native != NULL) {
        g_signal_connect_object(self->native, "response", G_CALLBACK(native_responded), self, 0);
        gtk_native_dialog_show(self->native);
        return;
    }
    const FileDialogCalls *calls = file_dialog_calls();
    if (g_list_model_get_n_items(G_LIST_MODEL(self->filters)) > 0) {
        calls->set_filters(self->dialog, G_LIST_MODEL(self->filters));
        GtkFileFilter *first = g_list_model_get_item(G_LIST_MODEL(self->filters), 0);
        calls->set_default_filter(self->dialog, first);
        g_object_unref(first);
    }
    (self->save ? calls->save : calls->open)(self->dialog, self->parent, NULL, dialog_answered, g_object_ref(self));
}
