// SPDX-License-Identifier: Apache-2.0
#include "json/utf8decoder.h"

namespace Rblab {

Utf8Decoder::Result Utf8Decoder::decode(const QByteArray &data)
{
    Result result;
    result.text.reserve(size_t(data.size()));
    const auto *p = reinterpret_cast<const unsigned char *>(data.constData());
    const qsizetype n = data.size();
    qsizetype i = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
        i = 3;
    }
    while (i < n) {
        const unsigned char b = p[i];
        char32_t cp = 0;
        int extra = 0;
        char32_t minimum = 0;
        if (b < 0x80) {
            cp = b;
        } else if (b >= 0xC2 && b <= 0xDF) {
            cp = b & 0x1F;
            extra = 1;
            minimum = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            cp = b & 0x0F;
            extra = 2;
            minimum = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            cp = b & 0x07;
            extra = 3;
            minimum = 0x10000;
        } else {
            extra = -1; // a continuation byte, or a lead byte UTF-8 never uses
        }
        bool valid = extra >= 0 && i + extra < n;
        for (int k = 1; valid && k <= extra; ++k) {
            const unsigned char c = p[i + k];
            valid = (c & 0xC0) == 0x80;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (!valid || cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            result.badByteIndex = i;
            result.badByte = b;
            return result;
        }
        result.text.push_back(cp);
        i += 1 + extra;
    }
    return result;
}

} // namespace Rblab
