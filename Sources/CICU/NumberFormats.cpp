// Number formatters built exactly as ICU 72's MessageFormat::createAppropriateFormat and makeRBNF
// build them, so that our MessageFormat engine formats numbers byte-identically.
#include "CICU.h"
#include "Handles.hpp"
#include "Internal.hpp"

#include <cmath>

#include <unicode/fmtable.h>
#include <unicode/numberformatter.h>
#include <unicode/numfmt.h>
#include <unicode/numsys.h>
#include <unicode/rbnf.h>
#include <unicode/stringpiece.h>
#include <unicode/uchar.h>

using namespace icu;

namespace {

cicu::ImmortalCache<cicu_number_format> &numberCache() {
    static auto *cache = new cicu::ImmortalCache<cicu_number_format>();
    return *cache;
}

std::string describe(const char *what, const std::string &style, UErrorCode status) {
    std::string message = what;
    if (!style.empty()) {
        message += " '" + style + "'";
    }
    message += ": ";
    message += u_errorName(status);
    return message;
}

/// Creates the ICU formatter for one (locale, kind, style); reports failures through `reason`.
Format *createFormat(const Locale &locale, cicu_number_kind kind, const std::string &style, std::string &reason) {
    UErrorCode status = U_ZERO_ERROR;
    UnicodeString ustyle = UnicodeString::fromUTF8(style);
    Format *format = nullptr;
    switch (kind) {
    case CICU_NUMBER_DEFAULT:
        format = NumberFormat::createInstance(locale, status);
        break;
    case CICU_NUMBER_CURRENCY:
        format = NumberFormat::createCurrencyInstance(locale, status);
        break;
    case CICU_NUMBER_PERCENT:
        format = NumberFormat::createPercentInstance(locale, status);
        break;
    case CICU_NUMBER_INTEGER: {
        // MessageFormat::createIntegerFormat.
        NumberFormat *nf = NumberFormat::createInstance(locale, status);
        if (auto *df = dynamic_cast<DecimalFormat *>(nf)) {
            df->setMaximumFractionDigits(0);
            df->setDecimalSeparatorAlwaysShown(false);
            df->setParseIntegerOnly(true);
        }
        format = nf;
        break;
    }
    case CICU_NUMBER_SKELETON:
        // The caller passes the text after "::", trailing text included, as MessageFormat does.
        format = number::NumberFormatter::forSkeleton(ustyle, status).locale(locale).toFormat(status);
        break;
    case CICU_NUMBER_PATTERN: {
        NumberFormat *nf = NumberFormat::createInstance(locale, status);
        if (auto *df = dynamic_cast<DecimalFormat *>(nf)) {
            UParseError parseError;
            df->applyPattern(ustyle, parseError, status);  // the style exactly as written
        }
        format = nf;
        break;
    }
    case CICU_NUMBER_SPELLOUT:
    case CICU_NUMBER_ORDINAL:
    case CICU_NUMBER_DURATION: {
        URBNFRuleSetTag tag = kind == CICU_NUMBER_SPELLOUT  ? URBNF_SPELLOUT
                              : kind == CICU_NUMBER_ORDINAL ? URBNF_ORDINAL
                                                            : URBNF_DURATION;
        auto *rbnf = new RuleBasedNumberFormat(tag, locale, status);
        if (U_SUCCESS(status) && !ustyle.isEmpty()) {
            // ICU 72's makeRBNF passes the style untrimmed and ignores an unknown rule set name
            // (the default rule set stays), so we do too.
            UErrorCode ignored = U_ZERO_ERROR;
            rbnf->setDefaultRuleSet(ustyle, ignored);
        }
        format = rbnf;
        break;
    }
    default:
        reason = "unknown number format kind";
        return nullptr;
    }
    if (U_FAILURE(status) || format == nullptr) {
        delete format;
        const char *what = kind == CICU_NUMBER_SKELETON  ? "invalid number skeleton"
                           : kind == CICU_NUMBER_PATTERN ? "invalid number pattern"
                                                         : "cannot create number format";
        reason = describe(what, style, U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR);
        return nullptr;
    }
    return format;
}

/// Formats through Format::format(const Formattable&, …), the path icu::MessageFormat uses.
UErrorCode formatToString(const cicu_number_format *fmt, const Formattable &value, UnicodeString &result) {
    UErrorCode status = U_ZERO_ERROR;
    if (fmt->needsLock) {
        // The handle is logically const; the lock only serializes RBNF's internal lazy state.
        auto &mutex = const_cast<cicu_number_format *>(fmt)->mutex;
        std::lock_guard<std::mutex> lock(mutex);
        fmt->format->format(value, result, status);
    } else {
        fmt->format->format(value, result, status);
    }
    return status;
}

int32_t formatValue(const cicu_number_format *fmt, const Formattable &value, char *out, int32_t capacity) {
    if (fmt == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    UnicodeString result;
    UErrorCode status = formatToString(fmt, value, result);
    if (U_FAILURE(status)) {
        return status == U_ILLEGAL_ARGUMENT_ERROR ? CICU_ERROR_TYPE : CICU_ERROR_INTERNAL;
    }
    return cicu::copyOut(result, out, capacity);
}

/// INT64_MIN where ICU 72 cannot format it. A RuleBasedNumberFormat formats INT64_MIN with
/// `NumberFormat::createInstance(locale)`; when the locale's numbering system is algorithmic and
/// its rules are named without a locale (`-u-nu-roman`, `hebr`, `taml`, `grek`, `cyrl`, …; not
/// `jpan` or `hans`, whose rules are "ja/SpelloutRules/…"), that instance is a RuleBasedNumberFormat
/// for the same locale, and the two call each other until the stack runs out. INT64_MIN + 1 is
/// formatted instead (ICU writes numbers that large with plain digits), its last digit corrected.
int32_t formatInt64Minimum(const cicu_number_format *fmt, char *out, int32_t capacity) {
    UnicodeString result;
    UErrorCode status = formatToString(fmt, Formattable(static_cast<int64_t>(INT64_MIN + 1)), result);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    // The last digit written: 7 when the number was written exactly (it becomes 8); another digit
    // when it went through a double first, which holds INT64_MIN and INT64_MIN + 1 alike.
    for (int32_t index = result.length() - 1; index >= 0; --index) {
        int32_t digit = u_charDigitValue(result.charAt(index));
        if (digit == 7) {
            result.setCharAt(index, static_cast<char16_t>(result.charAt(index) + 1));
        }
        if (digit >= 0) {
            break;
        }
    }
    return cicu::copyOut(result, out, capacity);
}

/// The text around the substitution of a rule-based format's negative-number rule, when that
/// substitution is a decimal pattern (`-x: 第−>#,##0>;`: the ordinal rules of zh, zh-Hant, ja and
/// th). ICU 72 cannot format -∞ with such a rule: NFSubstitution::doSubstitution looks the
/// infinity rule up in the substitution's rule set, which a decimal pattern does not have, and
/// dereferences null. False for every other format (ICU formats -∞ itself).
bool decimalNegativeRule(const cicu_number_format *fmt, UnicodeString &prefix, UnicodeString &suffix) {
    auto *rules = dynamic_cast<const RuleBasedNumberFormat *>(fmt->format.get());
    if (rules == nullptr) {
        return false;
    }
    UnicodeString text;
    UnicodeString name;
    {
        auto &mutex = const_cast<cicu_number_format *>(fmt)->mutex;
        std::lock_guard<std::mutex> lock(mutex);
        text = rules->getRules();
        name = rules->getDefaultRuleSetName();
    }
    int32_t set = text.indexOf(name + u":");
    if (set < 0) {
        return false;
    }
    int32_t setEnd = text.indexOf(u"\n%", set + 1);
    setEnd = setEnd < 0 ? text.length() : setEnd;
    int32_t rule = text.indexOf(u"-x:", set);
    int32_t ruleEnd = rule < 0 ? -1 : text.indexOf(u';', rule);
    int32_t open = rule < 0 ? -1 : text.indexOf(u'>', rule);
    int32_t close = open < 0 ? -1 : text.indexOf(u'>', open + 1);
    if (rule < 0 || ruleEnd < 0 || ruleEnd > setEnd || open < 0 || close < 0 || close > ruleEnd) {
        return false;
    }
    char16_t first = text.charAt(open + 1);
    if (first != u'#' && first != u'0') {
        return false;  // `>>` or `>%set>`: a rule set, which has an infinity rule
    }
    int32_t start = rule + 3;
    while (start < open && text.charAt(start) == u' ') {
        ++start;
    }
    prefix = UnicodeString(text, start, open - start);
    suffix = UnicodeString(text, close + 1, ruleEnd - close - 1);
    return true;
}

/// -∞ where ICU 72 crashes on it (see decimalNegativeRule): the negative-number rule's text around
/// +∞ as the same format writes it (`第−∞`), which is what the rule says. False when ICU can do it.
bool formatNegativeInfinity(const cicu_number_format *fmt, char *out, int32_t capacity, int32_t &written) {
    UnicodeString prefix;
    UnicodeString suffix;
    if (!decimalNegativeRule(fmt, prefix, suffix)) {
        return false;
    }
    UnicodeString infinity;
    UErrorCode status = formatToString(fmt, Formattable(INFINITY), infinity);
    if (U_FAILURE(status)) {
        written = CICU_ERROR_INTERNAL;
        return true;
    }
    UnicodeString result(prefix);
    result.append(infinity).append(suffix);
    written = cicu::copyOut(result, out, capacity);
    return true;
}

}  // namespace

extern "C" const cicu_number_format *cicu_number_format_open(const char *locale, cicu_number_kind kind,
                                                             const char *style, char *error_out,
                                                             int32_t error_capacity) {
    std::string tag = cicu::str(locale);
    std::string styleText = cicu::str(style);
    std::string reason;
    auto key = cicu::cacheKey({tag, std::to_string(static_cast<int>(kind)), styleText});
    cicu_number_format *handle = numberCache().findOrCreate(key, [&]() -> cicu_number_format * {
        UErrorCode status = U_ZERO_ERROR;
        Locale loc = cicu::localeFromTag(tag.c_str(), status);
        if (U_FAILURE(status)) {
            reason = describe("invalid locale", tag, status);
            return nullptr;
        }
        Format *format = createFormat(loc, kind, styleText, reason);
        if (format == nullptr) {
            return nullptr;
        }
        auto *made = new cicu_number_format();
        made->format.reset(format);
        made->decimal = dynamic_cast<const DecimalFormat *>(format);
        made->needsLock = dynamic_cast<const RuleBasedNumberFormat *>(format) != nullptr;
        UErrorCode numberingStatus = U_ZERO_ERROR;
        std::unique_ptr<NumberingSystem> numbering(NumberingSystem::createInstance(loc, numberingStatus));
        made->fallbackRecurses = made->needsLock && U_SUCCESS(numberingStatus) && numbering != nullptr &&
                                     numbering->isAlgorithmic() && numbering->getDescription().indexOf(u'/') < 0;
        return made;
    });
    if (handle == nullptr) {
        cicu::writeError(error_out, error_capacity, reason);
    }
    return handle;
}

namespace cicu {
const cicu_number_format *defaultNumberFormat(const std::string &localeTag) {
    return cicu_number_format_open(localeTag.c_str(), CICU_NUMBER_DEFAULT, nullptr, nullptr, 0);
}
}  // namespace cicu

extern "C" int32_t cicu_number_format_double(const cicu_number_format *fmt, double value, char *out,
                                             int32_t capacity) {
    if (fmt != nullptr && fmt->needsLock && std::isinf(value) && value < 0) {
        int32_t written = 0;
        if (formatNegativeInfinity(fmt, out, capacity, written)) {
            return written;
        }
    }
    return formatValue(fmt, Formattable(value), out, capacity);
}

extern "C" int32_t cicu_number_format_int64(const cicu_number_format *fmt, int64_t value, char *out,
                                            int32_t capacity) {
    if (value == INT64_MIN && fmt != nullptr && fmt->fallbackRecurses) {
        return formatInt64Minimum(fmt, out, capacity);
    }
    return formatValue(fmt, Formattable(value), out, capacity);
}

extern "C" int32_t cicu_number_format_decimal(const cicu_number_format *fmt, const char *decimal, char *out,
                                              int32_t capacity) {
    if (decimal == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    Formattable value(StringPiece(decimal), status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    if (fmt != nullptr && fmt->fallbackRecurses) {
        // A decimal that fits is formatted as an int64 (see `formatInt64Minimum`).
        if (value.getType() == Formattable::kInt64 && value.getInt64() == INT64_MIN) {
            return formatInt64Minimum(fmt, out, capacity);
        }
        // A whole number beyond int64 goes to the same fallback, and recurses the same way; as a
        // double it is written as ICU writes such doubles.
        UErrorCode doubleStatus = U_ZERO_ERROR;
        double approximation = value.getDouble(doubleStatus);
        if (value.getType() == Formattable::kDouble && U_SUCCESS(doubleStatus) &&
            std::fabs(approximation) >= 9223372036854775808.0) {
            return formatValue(fmt, Formattable(approximation), out, capacity);
        }
    }
    return formatValue(fmt, value, out, capacity);
}

extern "C" int cicu_number_format_is_decimal_format(const cicu_number_format *fmt) {
    return fmt != nullptr && fmt->decimal != nullptr ? 1 : 0;
}
