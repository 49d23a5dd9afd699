// CICU — a plain-C seam over the system ICU4C (libicu-dev, ICU 72).
//
// This header must never include an ICU header: Foundation on Linux ships its own ICU, and
// importing `unicode/*.h` into a Swift module next to Foundation does not compile. Everything
// here is plain C types; the implementation (C++) lives in the .cpp files of this target.
//
// Conventions
// - Locales are BCP 47 tags in UTF-8 ("pt-BR", "zh-Hant-TW"); they are read with
//   icu::Locale::forLanguageTag, exactly as the test oracle does.
// - Text in and out is UTF-8. A function that writes text takes `out`/`capacity` and returns the
//   full length it needs (in bytes, excluding any terminator; nothing is NUL-terminated). When
//   the result is longer than `capacity`, call again with a larger buffer. A negative return is
//   an error (see cicu_status).
// - Handles returned by `*_open` functions are owned by a process-wide cache and live until the
//   process ends: never free them. Opening the same (locale, kind, style) twice returns the same
//   handle. They are safe to use from many threads at once (see each type's comment).
#ifndef CICU_H
#define CICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Negative return values.
typedef enum {
    CICU_ERROR_ARGUMENT = -1,   ///< bad input (unparsable skeleton, pattern, tag, time zone, …)
    CICU_ERROR_TYPE = -2,       ///< the value cannot be formatted by this formatter
    CICU_ERROR_INTERNAL = -3,   ///< ICU reported a failure
} cicu_status;

// MARK: - Number formats ------------------------------------------------------------------------

/// The number formatter kinds of icu::MessageFormat's `{n, number, …}` and friends.
typedef enum {
    CICU_NUMBER_DEFAULT = 0,    ///< `{n}` and `{n, number}`: NumberFormat::createInstance
    CICU_NUMBER_INTEGER = 1,    ///< `{n, number, integer}`
    CICU_NUMBER_PERCENT = 2,    ///< `{n, number, percent}`
    CICU_NUMBER_CURRENCY = 3,   ///< `{n, number, currency}`
    CICU_NUMBER_SKELETON = 4,   ///< `{n, number, ::skeleton}`; style = the skeleton (without "::")
    CICU_NUMBER_PATTERN = 5,    ///< `{n, number, #,##0.00}`; style = the DecimalFormat pattern
    CICU_NUMBER_SPELLOUT = 6,   ///< `{n, spellout[, ruleset]}`; style = the rule set text as ICU's ARG_STYLE
                                ///< (untrimmed); as in ICU 72's makeRBNF an unknown name is ignored
    CICU_NUMBER_ORDINAL = 7,    ///< `{n, ordinal[, ruleset]}`
    CICU_NUMBER_DURATION = 8,   ///< `{n, duration[, ruleset]}`
} cicu_number_kind;

typedef struct cicu_number_format cicu_number_format;

/// Opens (or finds in the cache) a number formatter built exactly as icu::MessageFormat builds
/// it for that argument. `style` is UTF-8 (may be NULL for none). Pass the style text exactly as
/// ICU's MessagePattern ARG_STYLE substring (everything after the comma, white space included):
/// ICU applies PATTERN styles and RBNF rule set names untrimmed.
/// Returns NULL when ICU rejects the locale, skeleton or pattern; `error_out` (if not NULL,
/// `error_capacity` bytes) then receives a short UTF-8 reason, NUL-terminated.
/// Thread safety: the cache is guarded by a mutex; the formatter itself is only used through
/// const ICU methods, which ICU documents as safe for concurrent use.
const cicu_number_format *cicu_number_format_open(const char *locale, cicu_number_kind kind, const char *style,
                                                  char *error_out, int32_t error_capacity);

/// Formats a double. Returns the UTF-8 length (see conventions).
int32_t cicu_number_format_double(const cicu_number_format *fmt, double value, char *out, int32_t capacity);

/// Formats a 64-bit integer. Returns the UTF-8 length (see conventions).
int32_t cicu_number_format_int64(const cicu_number_format *fmt, int64_t value, char *out, int32_t capacity);

/// Formats a decimal number given as an ASCII string ("12345678901234567890.5"), keeping its
/// full precision, as icu::Formattable(StringPiece) does.
int32_t cicu_number_format_decimal(const cicu_number_format *fmt, const char *decimal, char *out, int32_t capacity);

/// True when this formatter is an icu::DecimalFormat (then plural selection uses the formatted
/// decimal quantity, otherwise the plain double), mirroring icu::MessageFormat.
int cicu_number_format_is_decimal_format(const cicu_number_format *fmt);

// MARK: - Plural rules --------------------------------------------------------------------------

typedef struct cicu_plural_rules cicu_plural_rules;

/// Opens (cached) the cardinal (`ordinal` = 0) or ordinal (`ordinal` = 1) rules of a locale.
/// Thread safety: PluralRules::select is const and safe for concurrent use.
const cicu_plural_rules *cicu_plural_rules_open(const char *locale, int ordinal);

/// The plural category of `value` exactly as icu::MessageFormat picks it for a plural/
/// selectordinal argument whose number is formatted by `fmt` (NULL = the locale's default number
/// format): when `fmt` is a DecimalFormat the category of its formatted decimal quantity (so
/// visible fraction digits count: "1.50" is not "one" in English), else of the double.
/// Writes the keyword ("zero", "one", "two", "few", "many", "other") to `out`; returns its length.
int32_t cicu_plural_select(const cicu_plural_rules *rules, const cicu_number_format *fmt, double value, char *out,
                           int32_t capacity);

/// The CLDR rank (0 zero, 1 one, 2 two, 3 few, 4 many, 5 other) of the category of a whole
/// number, as PluralRules::select(double) gives it: operands n = i = value, no visible fraction
/// digits. For a whole number below 10^15 this is also what cicu_plural_select answers with a
/// DecimalFormat, whose formatted quantity of a whole number has no fraction digits either.
/// Returns a negative error code for NULL rules.
int32_t cicu_plural_select_whole(const cicu_plural_rules *rules, double value);

/// cicu_plural_select for an argument that is a decimal string or an int64 beyond 2^53 (pass its
/// digits), as icu::MessageFormat selects for Formattable(StringPiece) / Formattable(int64_t) with
/// offset 0: a DecimalFormat formats the exact value; any other format selects on its double.
int32_t cicu_plural_select_formatted_decimal(const cicu_plural_rules *rules, const cicu_number_format *fmt,
                                             const char *decimal, char *out, int32_t capacity);

/// The category of a decimal given as a string with its visible fraction digits ("1.0", "2.50").
int32_t cicu_plural_select_decimal(const cicu_plural_rules *rules, const char *decimal, char *out, int32_t capacity);

/// The categories the locale uses, in CLDR order, separated by single spaces ("one few many other").
int32_t cicu_plural_rules_keywords(const cicu_plural_rules *rules, char *out, int32_t capacity);

/// Up to `capacity` CLDR sample numbers for one category, as PluralRules::getSamples gives them:
/// the integer samples, or the decimal samples when the category has none. Returns how many were
/// written (0 for a category the locale does not use); a negative value on error.
int32_t cicu_plural_rules_samples(const cicu_plural_rules *rules, const char *keyword, double *out, int32_t capacity);

// MARK: - Date formats --------------------------------------------------------------------------

typedef enum {
    CICU_DATE_DEFAULT = 0,      ///< `{d}` holding a date: createDateTimeInstance(kShort, kShort)
    CICU_DATE_DATE = 1,         ///< `{d, date[, short|medium|long|full|pattern|::skeleton]}`
    CICU_DATE_TIME = 2,         ///< `{d, time[, …]}`
} cicu_date_kind;

typedef struct cicu_date_format cicu_date_format;

/// Opens (cached) a date formatter built exactly as icu::MessageFormat builds it. `style` is the
/// argument style text as written after the comma ("short", "::yMMMd", "dd.MM.yyyy", or NULL).
/// Returns NULL on an invalid style; `error_out` then holds the reason.
const cicu_date_format *cicu_date_format_open(const char *locale, cicu_date_kind kind, const char *style,
                                              char *error_out, int32_t error_capacity);

/// Formats `epoch_ms` (milliseconds since 1970-01-01T00:00:00Z) in the IANA time zone `time_zone`
/// (NULL or "" = UTC). Returns the UTF-8 length, or CICU_ERROR_ARGUMENT for an unknown zone or
/// when ICU reports a formatting error. (An unknown pattern letter such as "j" makes ICU 72 emit
/// nothing for it without an error, in MessageFormat too.)
/// Thread safety: one formatter clone per (format, zone) is cached under a mutex and each clone is
/// used under its own lock, because SimpleDateFormat keeps mutable calendar state.
int32_t cicu_date_format_format(const cicu_date_format *fmt, const char *time_zone, double epoch_ms, char *out,
                                int32_t capacity);

/// True when `time_zone` is an IANA id ICU knows (not the "Etc/Unknown" fallback).
int cicu_time_zone_is_valid(const char *time_zone);

// MARK: - Text boundaries (UTF-8, offsets in bytes) --------------------------------------------

/// The largest extended-grapheme-cluster boundary <= `offset` in `text` (ICU character break
/// iterator over UTF-8). `offset` is clamped to 0...length. Returns the boundary (>= 0).
int64_t cicu_grapheme_preceding_or_at(const char *text, int64_t length, int64_t offset);

/// The smallest grapheme boundary > `offset` (or `length` when none).
int64_t cicu_grapheme_following(const char *text, int64_t length, int64_t offset);

/// All grapheme boundaries of `text` (including 0 and `length`); returns how many there are,
/// writing at most `capacity` of them to `out`.
int64_t cicu_grapheme_boundaries(const char *text, int64_t length, int64_t *out, int64_t capacity);

/// The largest word boundary <= `offset` for the locale's word break rules (ICU word break, so
/// Thai, Japanese and Chinese break by dictionary).
int64_t cicu_word_preceding_or_at(const char *locale, const char *text, int64_t length, int64_t offset);

/// 1 when the locale's word break rules are the root locale's (its dictionaries aside), else 0.
/// Decided once per thread and locale.
int cicu_word_rules_are_root(const char *locale);

// MARK: - Locales -------------------------------------------------------------------------------

/// Canonical BCP 47 form of a tag: accepts "pt_BR", legacy and deprecated codes ("iw" → "he",
/// "in" → "id", "no" → "nb"; the last one is ours, CLDR 42 keeps "no"), normalizes case. It does
/// not add subtags ("zh-TW" stays "zh-TW"; see cicu_locale_maximize). Returns CICU_ERROR_ARGUMENT when it is not a tag.
int32_t cicu_locale_canonicalize(const char *tag, char *out, int32_t capacity);

/// Canonicalizes (as cicu_locale_canonicalize), then adds likely subtags ("zh-TW" → "zh-Hant-TW",
/// "sr" → "sr-Cyrl-RS").
int32_t cicu_locale_maximize(const char *tag, char *out, int32_t capacity);

/// Canonicalizes, then removes likely subtags ("zh-Hant-TW" → "zh-TW", "en-Latn-US" → "en").
int32_t cicu_locale_minimize(const char *tag, char *out, int32_t capacity);

/// The CLDR parent of a locale ("es-MX" → "es-419", "pt-AO" → "pt-PT", "en-AU" → "en-001",
/// "zh-Hant-HK" → "zh-Hant", "zh-TW" → "zh-Hant", "es" → "", "zh-Hant" → "" (CLDR: root)), from
/// the locale bundle's own %%Parent or else truncation; alias bundles (zh_TW = zh_Hant_TW) use
/// their target's parent. The input is canonicalized first; a parent that canonicalizes back to
/// the input (ICU 72: nb → "no") is skipped. "" means root. Output is canonical BCP 47.
int32_t cicu_locale_parent(const char *tag, char *out, int32_t capacity);

/// The version of the ICU library in use ("72.1"), for diagnostics.
int32_t cicu_icu_version(char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif  // CICU_H
