# SPDX-License-Identifier: Apache-2.0
# Read by cpack at packaging time (CPACK_PROJECT_CONFIG_FILE). CPackDeb's shlibs step warns
# once per plugin that it has no SONAME; plugins are modules loaded by path, so none is right.
set(CMAKE_SUPPRESS_DEVELOPER_WARNINGS ON)
