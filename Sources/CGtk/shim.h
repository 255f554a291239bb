// GTK 4 and libadwaita for the settings app (gesture-bridge-settings).
// Swift imports GTK's functions and types; what it cannot import is here:
// variadic functions (gtk_accessible_update_*) and the type macros.
#ifndef GESTURE_BRIDGE_CGTK_SHIM_H
#define GESTURE_BRIDGE_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>

// The name a screen reader (and the AT-SPI tests) reads for a widget.
static inline void cx_gtk_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// A progress bar's value for assistive technologies.
static inline void cx_gtk_set_accessible_value(GtkWidget *widget, double value, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, value,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

#endif
