// SPDX-License-Identifier: Apache-2.0
// Export macros (Tiled's tiled_global.h pattern). RBLAB_SDK_EXPORT marks what the SDK library
// (librblab-sdk, the only library a strategy plugin links) offers; RBLAB_ENGINE_EXPORT marks
// what the engine library offers to this project's own programs and tests. Plugins never see
// the engine's symbols: they are not in the SDK package's library or headers.
#pragma once

#include <QtCore/qglobal.h>

#if defined(RBLAB_SDK_LIBRARY)
#define RBLAB_SDK_EXPORT Q_DECL_EXPORT
#else
#define RBLAB_SDK_EXPORT Q_DECL_IMPORT
#endif

#if defined(RBLAB_ENGINE_LIBRARY)
#define RBLAB_ENGINE_EXPORT Q_DECL_EXPORT
#else
#define RBLAB_ENGINE_EXPORT Q_DECL_IMPORT
#endif
