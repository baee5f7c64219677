/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "foldout_adaptive.h"

/* A bin expands where its child does. */
static void child_compute_expand(GtkWidget *child, gboolean *hexpand, gboolean *vexpand) {
    *hexpand = child && gtk_widget_compute_expand(child, GTK_ORIENTATION_HORIZONTAL);
    *vexpand = child && gtk_widget_compute_expand(child, GTK_ORIENTATION_VERTICAL);
}

/* -- FoldoutClamp ------------------------------------------------------------------------------ */

struct _FoldoutClamp {
    GtkWidget parent_instance;
    GtkWidget *child;
    int maximum_width;
};

G_DEFINE_FINAL_TYPE(FoldoutClamp, foldout_clamp, GTK_TYPE_WIDGET)

static void clamp_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                          int *minimum_baseline, int *natural_baseline) {
    FoldoutClamp *self = FOLDOUT_CLAMP(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
    /* With no width given, the child's height at the width it would have: a child whose height
     * depends on its width (a wrapping bar) is then measured alike for no width and for a wide one. */
    if (orientation == GTK_ORIENTATION_VERTICAL && for_size < 0) {
        int child_minimum = 0, child_natural = 0;
        gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, &child_natural, NULL, NULL);
        for_size = MAX(child_minimum, MIN(child_natural, self->maximum_width));
    }
    if (orientation == GTK_ORIENTATION_VERTICAL && for_size > self->maximum_width) for_size = self->maximum_width;
    gtk_widget_measure(self->child, orientation, for_size, minimum, natural, NULL, NULL);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) *natural = MAX(*minimum, MIN(*natural, self->maximum_width));
}

static void clamp_allocate(GtkWidget *widget, int width, int height, int baseline) {
    FoldoutClamp *self = FOLDOUT_CLAMP(widget);
    if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
    int minimum = 0;
    gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    int child_width = MAX(minimum, MIN(width, self->maximum_width));
    int x = (width - child_width) / 2;
    gtk_widget_size_allocate(self->child, &(GtkAllocation){ x, 0, child_width, height }, baseline);
}

static GtkSizeRequestMode clamp_request_mode(GtkWidget *widget) {
    FoldoutClamp *self = FOLDOUT_CLAMP(widget);
    return self->child ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void clamp_compute_expand(GtkWidget *widget, gboolean *hexpand, gboolean *vexpand) {
    child_compute_expand(FOLDOUT_CLAMP(widget)->child, hexpand, vexpand);
}

static void clamp_dispose(GObject *object) {
    FoldoutClamp *self = FOLDOUT_CLAMP(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(foldout_clamp_parent_class)->dispose(object);
}

static void foldout_clamp_class_init(FoldoutClampClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = clamp_dispose;
    widget_class->measure = clamp_measure;
    widget_class->size_allocate = clamp_allocate;
    widget_class->get_request_mode = clamp_request_mode;
    widget_class->compute_expand = clamp_compute_expand;
    gtk_widget_class_set_css_name(widget_class, "clamp");
}

static void foldout_clamp_init(FoldoutClamp *self) {
    self->maximum_width = G_MAXINT;
}

void foldout_clamp_set_maximum_width(FoldoutClamp *self, int maximum_width) {
    int width = maximum_width > 0 ? maximum_width : G_MAXINT;
    if (width == self->maximum_width) return;
    self->maximum_width = width;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

GtkWidget *foldout_clamp_new(int maximum_width) {
    FoldoutClamp *self = g_object_new(FOLDOUT_TYPE_CLAMP, NULL);
    self->maximum_width = maximum_width > 0 ? maximum_width : G_MAXINT;
    return GTK_WIDGET(self);
}

void foldout_clamp_set_child(FoldoutClamp *self, GtkWidget *child) {
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
}

/* -- FoldoutBreakpointBin ---------------------------------------------------------------------- */

struct _FoldoutBreakpointBin {
    GtkWidget parent_instance;
    GtkWidget *child;
    int minimum_width;
    int breakpoint;
    gboolean narrow;
    guint notify_source;
    FoldoutNarrowChanged changed;
    gpointer data;
    GDestroyNotify destroy;
};

G_DEFINE_FINAL_TYPE(FoldoutBreakpointBin, foldout_breakpoint_bin, GTK_TYPE_WIDGET)

static void bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                        int *minimum_baseline, int *natural_baseline) {
    FoldoutBreakpointBin *self = FOLDOUT_BREAKPOINT_BIN(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
    if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0) {
        /* The bin may be narrower than its child's minimum (it reports less); the child is then
         * laid out at its minimum and clipped, so its height is asked for that width: GTK warns
         * when a widget is measured for less width than it needs. */
        int child_minimum = 0;
        gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
        for_size = MAX(for_size, child_minimum);
    }
    gtk_widget_measure(self->child, orientation, for_size, minimum, natural, NULL, NULL);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) *minimum = MIN(*minimum, self->minimum_width);
}

static gboolean notify_change(gpointer user_data) {
    FoldoutBreakpointBin *self = user_data;
    self->notify_source = 0;
    if (self->changed) self->changed(self->narrow, self->data);
    return G_SOURCE_REMOVE;
}

static void bin_allocate(GtkWidget *widget, int width, int height, int baseline) {
    FoldoutBreakpointBin *self = FOLDOUT_BREAKPOINT_BIN(widget);
    gboolean narrow = width < self->breakpoint;
    if (narrow != self->narrow) {
        self->narrow = narrow;
        if (self->notify_source == 0) self->notify_source = g_idle_add_full(G_PRIORITY_HIGH_IDLE, notify_change, self, NULL);
    }
    if (self->child == NULL || !gtk_widget_should_layout(self->child)) return;
    /* Until the app has rearranged, the wide layout may need more than there is: it is clipped. */
    int minimum = 0, minimum_height = 0;
    gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    int child_width = MAX(width, minimum);
    gtk_widget_measure(self->child, GTK_ORIENTATION_VERTICAL, child_width, &minimum_height, NULL, NULL, NULL);
    gtk_widget_size_allocate(self->child, &(GtkAllocation){ 0, 0, child_width, MAX(height, minimum_height) }, baseline);
}

static GtkSizeRequestMode bin_request_mode(GtkWidget *widget) {
    FoldoutBreakpointBin *self = FOLDOUT_BREAKPOINT_BIN(widget);
    return self->child ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void bin_compute_expand(GtkWidget *widget, gboolean *hexpand, gboolean *vexpand) {
    child_compute_expand(FOLDOUT_BREAKPOINT_BIN(widget)->child, hexpand, vexpand);
}

static void bin_dispose(GObject *object) {
    FoldoutBreakpointBin *self = FOLDOUT_BREAKPOINT_BIN(object);
    g_clear_handle_id(&self->notify_source, g_source_remove);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (self->destroy) self->destroy(self->data);
    self->changed = NULL;
    self->destroy = NULL;
    self->data = NULL;
    G_OBJECT_CLASS(foldout_breakpoint_bin_parent_class)->dispose(object);
}

static void foldout_breakpoint_bin_class_init(FoldoutBreakpointBinClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = bin_dispose;
    widget_class->measure = bin_measure;
    widget_class->size_allocate = bin_allocate;
    widget_class->get_request_mode = bin_request_mode;
    widget_class->compute_expand = bin_compute_expand;
    gtk_widget_class_set_css_name(widget_class, "breakpointbin");
}

static void foldout_breakpoint_bin_init(FoldoutBreakpointBin *self) {
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *foldout_breakpoint_bin_new(int minimum_width, int breakpoint) {
    FoldoutBreakpointBin *self = g_object_new(FOLDOUT_TYPE_BREAKPOINT_BIN, NULL);
    self->minimum_width = minimum_width;
    self->breakpoint = breakpoint;
    return GTK_WIDGET(self);
}

void foldout_breakpoint_bin_set_child(FoldoutBreakpointBin *self, GtkWidget *child) {
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
}

void foldout_breakpoint_bin_on_change(FoldoutBreakpointBin *self, FoldoutNarrowChanged changed, gpointer data,
                                      GDestroyNotify destroy) {
    if (self->destroy) self->destroy(self->data);
    self->changed = changed;
    self->data = data;
    self->destroy = destroy;
}

gboolean foldout_breakpoint_bin_is_narrow(FoldoutBreakpointBin *self) {
    return self->narrow;
}
