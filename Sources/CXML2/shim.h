// SPDX-License-Identifier: GPL-3.0-or-later
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the ICU inside Swift's Foundation
// when a module sees both. Only the character-set converter's struct uses them, never Foldout.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
