import FoldoutUI
import Glibc

exit(FoldoutApplication().run())
