// SPDX-License-Identifier: GPL-3.0-or-later
#include <archive.h>
#include <archive_entry.h>

// AE_IFREG is a cast, which Swift cannot import.
static inline unsigned int foldout_archive_regular_file(void) { return AE_IFREG; }
