// The ICU4C reference of the benchmarks: what a careful C++ service would do to render the
// benchmark template with ICU4C's own icu::MessageFormat (named arguments) and a hand-written
// JSON escaper. Plain C on purpose: no ICU type crosses this header, so the Swift side never
// meets ICU's headers (Foundation on Linux carries its own ICU).
#ifndef ICU_REFERENCE_H
#define ICU_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled `{name} … {count, plural, …}` message for one locale (an icu::MessageFormat).
typedef struct ICURefMessage ICURefMessage;

/// A reusable output buffer with the scratch strings one call needs (allocated once).
typedef struct ICURefBuffer ICURefBuffer;

/// Compiles `pattern` (UTF-8) for `locale` (BCP 47). Returns NULL on failure and writes ICU's
/// reason into `error` (NUL-terminated, at most `errorCapacity` bytes).
ICURefMessage *icuref_message_create(const char *pattern, const char *locale, char *error, size_t errorCapacity);

/// Frees a message.
void icuref_message_destroy(ICURefMessage *message);

/// Creates an empty buffer.
ICURefBuffer *icuref_buffer_create(void);

/// Frees a buffer.
void icuref_buffer_destroy(ICURefBuffer *buffer);

/// The bytes last written into the buffer and their count.
const uint8_t *icuref_buffer_bytes(const ICURefBuffer *buffer, size_t *count);

/// Scenario 1: formats the message with `name` (UTF-8) and `count`, replacing the buffer's content
/// with the UTF-8 result. Returns 0, or ICU's error code.
int32_t icuref_format(const ICURefMessage *message, ICURefBuffer *buffer, const char *name, size_t nameLength,
                      int64_t count);

/// Scenario 2: writes the complete APNs payload
/// `{"aps":{"alert":{"title":T,"body":B},"sound":S,"thread-id":I}}` in compact JSON, where B is
/// the message formatted with `name` and `count`; `title`, `sound` and `threadID` are UTF-8 text
/// (NUL-terminated). When `isolate` is non-zero the name is wrapped in FSI…PDI (U+2068…U+2069),
/// as right-to-left locales do. Strings escape only `"`, `\` and C0 controls. Replaces the
/// buffer's content. Returns 0, or ICU's error code.
int32_t icuref_payload(const ICURefMessage *message, ICURefBuffer *buffer, const char *title, const char *sound,
                       const char *threadID, int isolate, const char *name, size_t nameLength, int64_t count);

#ifdef __cplusplus
}
#endif

#endif
