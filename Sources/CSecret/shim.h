// SPDX-License-Identifier: GPL-3.0-or-later
#include <libsecret/secret.h>

// The schema Foldout keeps a database's password under: its name is the app's id, its attributes
// say which server, database and user the password is for. A static C structure, since Swift
// cannot call the variadic secret_schema_new.
static inline const SecretSchema *foldout_database_schema(void) {
    static const SecretSchema schema = {
        "dev.foldout.Foldout.Database",
        SECRET_SCHEMA_NONE,
        {
            {"host", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"port", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"database", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {"user", SECRET_SCHEMA_ATTRIBUTE_STRING},
            {NULL, 0},
        },
    };
    return &schema;
}
