// ICUOracle — test support only: ICU4C's own icu::MessageFormat behind a plain-C header, the
// oracle of the differential tests. Never linked into the product.
#ifndef ICU_ORACLE_H
#define ICU_ORACLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ICU_ORACLE_STRING = 0,  ///< Formattable(UnicodeString(utf8))
    ICU_ORACLE_INT64 = 1,   ///< Formattable(int64_t)
    ICU_ORACLE_DOUBLE = 2,  ///< Formattable(double)
    ICU_ORACLE_DATE = 3,    ///< Formattable(UDate, Formattable::kIsDate); value in double_value (epoch ms)
    ICU_ORACLE_DECIMAL = 4, ///< Formattable(StringPiece(string_value)): a decimal number string
} icu_oracle_arg_kind;

typedef struct {
    const char *name;          ///< UTF-8 argument name
    icu_oracle_arg_kind kind;
    const char *string_value;  ///< for STRING and DECIMAL
    int64_t int_value;         ///< for INT64
    double double_value;       ///< for DOUBLE and DATE
} icu_oracle_arg;

/// Formats `pattern` (UTF-8) with icu::MessageFormat(pattern, Locale::forLanguageTag(locale))
/// and named arguments. Every DateFormat the MessageFormat holds gets the time zone `time_zone`
/// (IANA id; NULL = UTC) before formatting.
/// Returns the UTF-8 length of the result (see CICU.h conventions), or -1 on an ICU error, when
/// `error_out` receives u_errorName() and the parse error offset if any, NUL-terminated.
/// Safe to call from many threads (serialized by a mutex).
int32_t icu_oracle_format(const char *pattern, const char *locale, const char *time_zone, const icu_oracle_arg *args,
                          int32_t arg_count, char *out, int32_t capacity, char *error_out, int32_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif
