// SPDX-License-Identifier: Apache-2.0
// Strict UTF-8 decoding into code points, for the JSON parser.
#pragma once

#include <QByteArray>

#include <string>

namespace Rblab {

/*!
    Decodes UTF-8 strictly (no overlong forms, no surrogates, nothing above U+10FFFF) into code
    points, so that the parser counts columns in characters. Where QString::fromUtf8 would put
    a replacement character, this stops and says which byte was bad. Internal to JsonParser.
*/
class Utf8Decoder
{
public:
    struct Result
    {
        std::u32string text; //!< the code points before the first bad byte
        qsizetype badByteIndex = -1; //!< -1 when all of the input decoded
        unsigned char badByte = 0;
    };

    //! Decodes data; a UTF-8 byte order mark at the start is skipped.
    static Result decode(const QByteArray &data);
};

} // namespace Rblab
