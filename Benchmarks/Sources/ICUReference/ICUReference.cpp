// ICU4C reference implementation. Everything a real service needs per payload is done per call:
// UTF-8 → UTF-16 for the argument, icu::MessageFormat::format with named arguments, UTF-16 →
// UTF-8, JSON escaping. What a real service would hoist out of the loop is hoisted: compiled
// formats, constant texts, and scratch buffers that keep their capacity.
#include "ICUReference.h"

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <cstring>
#include <new>
#include <string>

struct ICURefMessage {
    icu::MessageFormat format;
    ICURefMessage(const icu::UnicodeString &pattern, const icu::Locale &locale, UParseError &parseError,
                  UErrorCode &status)
        : format(pattern, locale, parseError, status) {}
};

struct ICURefBuffer {
    std::string output;
    std::string text;
    icu::UnicodeString formatted;
    icu::UnicodeString name;
};

namespace {

const icu::UnicodeString argumentNames[2] = {icu::UnicodeString(u"name"), icu::UnicodeString(u"count")};

void appendHex(std::string &out, unsigned char byte) {
    static const char digits[] = "0123456789abcdef";
    out.append("\\u00");
    out.push_back(digits[byte >> 4]);
    out.push_back(digits[byte & 0xF]);
}

// Compact JSON string escaping: only '"', '\' and C0 controls; everything else raw UTF-8.
void appendEscaped(std::string &out, const char *text, size_t length) {
    out.push_back('"');
    size_t run = 0;
    for (size_t index = 0; index < length; ++index) {
        unsigned char byte = static_cast<unsigned char>(text[index]);
        if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
        out.append(text + run, index - run);
        run = index + 1;
        switch (byte) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        default: appendHex(out, byte); break;
        }
    }
    out.append(text + run, length - run);
    out.push_back('"');
}

void appendEscaped(std::string &out, const std::string &text) { appendEscaped(out, text.data(), text.size()); }

void appendEscaped(std::string &out, const char *text) { appendEscaped(out, text, std::strlen(text)); }

// Formats into buffer->text (UTF-8).
UErrorCode formatBody(const ICURefMessage *message, ICURefBuffer *buffer, const char *name, size_t nameLength,
                      int64_t count, bool isolate) {
    UErrorCode status = U_ZERO_ERROR;
    buffer->name = icu::UnicodeString::fromUTF8(icu::StringPiece(name, static_cast<int32_t>(nameLength)));
    if (isolate) {
        buffer->name.insert(0, static_cast<char16_t>(0x2068));
        buffer->name.append(static_cast<char16_t>(0x2069));
    }
    const icu::Formattable arguments[2] = {icu::Formattable(buffer->name), icu::Formattable(count)};
    buffer->formatted.remove();
    message->format.format(argumentNames, arguments, 2, buffer->formatted, status);
    buffer->text.clear();
    buffer->formatted.toUTF8String(buffer->text);
    return status;
}

} // namespace

extern "C" {

ICURefMessage *icuref_message_create(const char *pattern, const char *locale, char *error, size_t errorCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    auto *message = new (std::nothrow)
        ICURefMessage(icu::UnicodeString::fromUTF8(pattern), icu::Locale::forLanguageTag(locale, status),
                      parseError, status);
    if (message == nullptr || U_FAILURE(status)) {
        if (error != nullptr && errorCapacity > 0) {
            std::snprintf(error, errorCapacity, "%s (offset %d)", u_errorName(status), parseError.offset);
        }
        delete message;
        return nullptr;
    }
    return message;
}

void icuref_message_destroy(ICURefMessage *message) { delete message; }

ICURefBuffer *icuref_buffer_create(void) {
    auto *buffer = new (std::nothrow) ICURefBuffer();
    if (buffer != nullptr) {
        buffer->output.reserve(1024);
        buffer->text.reserve(512);
    }
    return buffer;
}

void icuref_buffer_destroy(ICURefBuffer *buffer) { delete buffer; }

const uint8_t *icuref_buffer_bytes(const ICURefBuffer *buffer, size_t *count) {
    *count = buffer->output.size();
    return reinterpret_cast<const uint8_t *>(buffer->output.data());
}

int32_t icuref_format(const ICURefMessage *message, ICURefBuffer *buffer, const char *name, size_t nameLength,
                      int64_t count) {
    UErrorCode status = formatBody(message, buffer, name, nameLength, count, false);
    buffer->output.assign(buffer->text);
    return U_FAILURE(status) ? static_cast<int32_t>(status) : 0;
}

int32_t icuref_payload(const ICURefMessage *message, ICURefBuffer *buffer, const char *title, const char *sound,
                       const char *threadID, int isolate, const char *name, size_t nameLength, int64_t count) {
    UErrorCode status = formatBody(message, buffer, name, nameLength, count, isolate != 0);
    if (U_FAILURE(status)) return static_cast<int32_t>(status);
    std::string &out = buffer->output;
    out.clear();
    out.append("{\"aps\":{\"alert\":{\"title\":");
    appendEscaped(out, title);
    out.append(",\"body\":");
    appendEscaped(out, buffer->text);
    out.append("},\"sound\":");
    appendEscaped(out, sound);
    out.append(",\"thread-id\":");
    appendEscaped(out, threadID);
    out.append("}}");
    return 0;
}

} // extern "C"
