// SPDX-License-Identifier: Apache-2.0
// Export macro of the Rebalance Lab engine library (Tiled's tiled_global.h pattern).
#pragma once

#include <QtCore/qglobal.h>

#if defined(RBLAB_ENGINE_LIBRARY)
#define RBLAB_ENGINE_EXPORT Q_DECL_EXPORT
#else
#define RBLAB_ENGINE_EXPORT Q_DECL_IMPORT
#endif
