// Shared helpers of the CICU implementation. Not part of the public (plain-C) header: it includes
// ICU headers, which Swift must never see.
#ifndef CICU_INTERNAL_HPP
#define CICU_INTERNAL_HPP

#include <unicode/locid.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace cicu {

/// Copies a UTF-16 string out as UTF-8 (unpaired surrogates become U+FFFD, as
/// UnicodeString::toUTF8String does). Returns the full UTF-8 length even when it exceeds
/// `capacity`; nothing is written past `capacity` and nothing is NUL-terminated.
inline int32_t copyOut(const icu::UnicodeString &text, char *out, int32_t capacity) {
    if (text.isBogus()) {
        return 0;
    }
    if (out == nullptr || capacity < 0) {
        capacity = 0;
    }
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(out, capacity, &needed, text.getBuffer(), text.length(), 0xFFFD, nullptr, &status);
    // U_BUFFER_OVERFLOW_ERROR and U_STRING_NOT_TERMINATED_WARNING are the normal "did not fit" /
    // "exactly fit" outcomes of the convention; anything else is a real failure.
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) {
        return -3;
    }
    return needed;
}

/// Copies UTF-8 bytes out under the same convention as copyOut.
inline int32_t copyOut(const std::string &text, char *out, int32_t capacity) {
    auto length = static_cast<int32_t>(text.size());
    if (out != nullptr && length <= capacity) {
        std::memcpy(out, text.data(), text.size());
    }
    return length;
}

/// Writes a NUL-terminated (possibly truncated) reason into a caller's error buffer.
inline void writeError(char *errorOut, int32_t capacity, const std::string &message) {
    if (errorOut == nullptr || capacity <= 0) {
        return;
    }
    size_t n = std::min(message.size(), static_cast<size_t>(capacity - 1));
    std::memcpy(errorOut, message.data(), n);
    errorOut[n] = '\0';
}

/// The text of a possibly-NULL C string.
inline std::string str(const char *s) { return s == nullptr ? std::string() : std::string(s); }

/// Reads a BCP 47 tag exactly as the oracle (and our callers' contract) does.
inline icu::Locale localeFromTag(const char *tag, UErrorCode &status) {
    return icu::Locale::forLanguageTag(tag == nullptr ? "" : tag, status);
}

/// A process-wide cache of immortal objects keyed by string.
///
/// Concurrency: lookups and insertions happen under one mutex; values are created while the lock
/// is held, so two threads asking for the same key never build two objects. Values are never
/// removed or freed (the C API promises handles live until the process ends), so a pointer handed
/// out stays valid without further locking. Instances are themselves created with `new` and never
/// destroyed, which avoids static destruction order problems at exit while other threads may
/// still be formatting.
template <typename Value>
class ImmortalCache {
public:
    /// Returns the cached value for `key`, or calls `create()` (which returns a heap object or
    /// nullptr on failure). Failures are not cached.
    template <typename Create>
    Value *findOrCreate(const std::string &key, Create create) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto found = map_.find(key);
        if (found != map_.end()) {
            return found->second;
        }
        Value *value = create();
        if (value != nullptr) {
            map_.emplace(key, value);
        }
        return value;
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::string, Value *> map_;
};

/// Builds a cache key from parts that cannot contain the separator (U+001F).
inline std::string cacheKey(std::initializer_list<std::string> parts) {
    std::string key;
    for (const auto &part : parts) {
        key += part;
        key += '\x1f';
    }
    return key;
}

/// Pattern_White_Space, as icu::PatternProps::isWhiteSpace (which is internal API).
inline bool isPatternWhiteSpace(UChar32 c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0x200E || c == 0x200F || c == 0x2028 ||
           c == 0x2029;
}

/// `s` without leading and trailing Pattern_White_Space (as PatternProps::trimWhiteSpace).
inline icu::UnicodeString trimPatternWhiteSpace(const icu::UnicodeString &s) {
    int32_t start = 0;
    int32_t limit = s.length();
    while (start < limit && isPatternWhiteSpace(s.charAt(start))) {
        ++start;
    }
    while (limit > start && isPatternWhiteSpace(s.charAt(limit - 1))) {
        --limit;
    }
    return s.tempSubStringBetween(start, limit);
}

}  // namespace cicu

#endif  // CICU_INTERNAL_HPP
