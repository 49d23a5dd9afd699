// The concrete types behind CICU.h's opaque handles, shared by the .cpp files of this target.
#ifndef CICU_HANDLES_HPP
#define CICU_HANDLES_HPP

#include "CICU.h"

#include <unicode/decimfmt.h>
#include <unicode/format.h>
#include <unicode/plurrule.h>

#include <memory>
#include <mutex>
#include <string>

/// A number formatter built as icu::MessageFormat builds it, cached forever.
///
/// Concurrency: DecimalFormat and LocalizedNumberFormatterAsFormat (skeletons) are formatted only
/// through const methods, which ICU documents as safe to call concurrently. RuleBasedNumberFormat
/// lazily builds internal state inside its const format methods in some versions, so RBNF
/// formatters (`needsLock`) are used under `mutex`.
struct cicu_number_format {
    std::unique_ptr<icu::Format> format;
    /// Non-null when `format` is an icu::DecimalFormat (then plural selection uses its decimal quantity).
    const icu::DecimalFormat *decimal = nullptr;
    bool needsLock = false;
    /// Whether ICU 72 would recurse without end on a whole number it hands to its fallback format:
    /// INT64_MIN, or a decimal beyond int64 (see `formatInt64Minimum` in NumberFormats.cpp).
    bool fallbackRecurses = false;
    std::mutex mutex;
};

/// Cardinal or ordinal plural rules of one locale, cached forever.
///
/// Concurrency: PluralRules::select is const and safe for concurrent use. getSamples is not
/// declared const, so it runs under `mutex`.
struct cicu_plural_rules {
    std::unique_ptr<icu::PluralRules> rules;
    std::string localeTag;
    std::mutex mutex;
};

namespace cicu {
/// The locale's default number format (NumberFormat::createInstance), cached; nullptr on failure.
const cicu_number_format *defaultNumberFormat(const std::string &localeTag);
}  // namespace cicu

#endif  // CICU_HANDLES_HPP
