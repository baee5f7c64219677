// SPDX-License-Identifier: GPL-3.0-or-later
import FoldoutUI
import Glibc

exit(FoldoutApplication().run())
