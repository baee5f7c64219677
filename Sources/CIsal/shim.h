// SPDX-License-Identifier: GPL-3.0-or-later
#include <isa-l/igzip_lib.h>
