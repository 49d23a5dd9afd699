// Plural rules and the plural selection of icu::MessageFormat's PluralSelectorProvider.
#include <string_view>
#include "CICU.h"
#include "Handles.hpp"
#include "Internal.hpp"

#include <unicode/numberformatter.h>
#include <unicode/fmtable.h>
#include <unicode/strenum.h>

#include <algorithm>
#include <vector>

using namespace icu;

namespace {

cicu::ImmortalCache<cicu_plural_rules> &pluralCache() {
    static auto *cache = new cicu::ImmortalCache<cicu_plural_rules>();
    return *cache;
}

/// CLDR's category order; ICU's keyword enumeration follows its resource order instead.
int cldrRank(const UnicodeString &keyword) {
    static constexpr std::u16string_view order[] = {u"zero", u"one", u"two", u"few", u"many", u"other"};
    // Compared in place: a UnicodeString made of each keyword would copy it, on every selection.
    for (int i = 0; i < 6; ++i) {
        const auto length = static_cast<int32_t>(order[i].size());
        if (keyword.length() == length && keyword.compare(0, length, order[i].data(), 0, length) == 0) {
            return i;
        }
    }
    return 6;
}

int32_t writeKeyword(const UnicodeString &keyword, char *out, int32_t capacity) {
    if (keyword.isEmpty()) {
        return CICU_ERROR_INTERNAL;
    }
    return cicu::copyOut(keyword, out, capacity);
}

}  // namespace

extern "C" const cicu_plural_rules *cicu_plural_rules_open(const char *locale, int ordinal) {
    std::string tag = cicu::str(locale);
    auto key = cicu::cacheKey({tag, ordinal ? "ordinal" : "cardinal"});
    return pluralCache().findOrCreate(key, [&]() -> cicu_plural_rules * {
        UErrorCode status = U_ZERO_ERROR;
        Locale loc = cicu::localeFromTag(tag.c_str(), status);
        if (U_FAILURE(status)) {
            return nullptr;
        }
        PluralRules *rules =
            PluralRules::forLocale(loc, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, status);
        if (U_FAILURE(status) || rules == nullptr) {
            delete rules;
            return nullptr;
        }
        auto *made = new cicu_plural_rules();
        made->rules.reset(rules);
        made->localeTag = tag;
        return made;
    });
}

// Mirrors ICU 72 MessageFormat::PluralSelectorProvider::select. ICU calls
// DecimalFormat::formatToDecimalQuantity, whose DecimalQuantity type is internal API and not
// installed; that function is `toNumberFormatter()->formatDouble(value).getDecimalQuantity()`,
// and PluralRules::select(FormattedNumber) selects on exactly that quantity, so the public route
// below gives the same answer.
extern "C" int32_t cicu_plural_select(const cicu_plural_rules *rules, const cicu_number_format *fmt, double value,
                                      char *out, int32_t capacity) {
    if (rules == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    if (fmt == nullptr) {
        fmt = cicu::defaultNumberFormat(rules->localeTag);
    }
    if (fmt != nullptr && fmt->decimal != nullptr) {
        UErrorCode status = U_ZERO_ERROR;
        const number::LocalizedNumberFormatter *lnf = fmt->decimal->toNumberFormatter(status);
        if (U_SUCCESS(status) && lnf != nullptr) {
            number::FormattedNumber formatted = lnf->formatDouble(value, status);
            UnicodeString keyword = rules->rules->select(formatted, status);
            if (U_FAILURE(status)) {
                // ICU's MessageFormat answers "other" when the quantity cannot be computed.
                return writeKeyword(u"other", out, capacity);
            }
            return writeKeyword(keyword, out, capacity);
        }
        return writeKeyword(u"other", out, capacity);
    }
    return writeKeyword(rules->rules->select(value), out, capacity);
}

extern "C" int32_t cicu_plural_select_whole(const cicu_plural_rules *rules, double value) {
    if (rules == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    int rank = cldrRank(rules->rules->select(value));
    return rank < 6 ? rank : 5;
}

extern "C" int32_t cicu_plural_select_formatted_decimal(const cicu_plural_rules *rules, const cicu_number_format *fmt,
                                                        const char *decimal, char *out, int32_t capacity) {
    if (rules == nullptr || decimal == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    Formattable number(StringPiece(decimal), status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    if (fmt == nullptr) {
        fmt = cicu::defaultNumberFormat(rules->localeTag);
    }
    if (fmt == nullptr || fmt->decimal == nullptr) {
        return writeKeyword(rules->rules->select(number.getDouble(status)), out, capacity);
    }
    const number::LocalizedNumberFormatter *lnf = fmt->decimal->toNumberFormatter(status);
    if (U_FAILURE(status) || lnf == nullptr) {
        return writeKeyword(u"other", out, capacity);
    }
    number::FormattedNumber formatted = lnf->formatDecimal(StringPiece(decimal), status);
    UnicodeString keyword = rules->rules->select(formatted, status);
    return writeKeyword(U_FAILURE(status) ? UnicodeString(u"other") : keyword, out, capacity);
}

extern "C" int32_t cicu_plural_select_decimal(const cicu_plural_rules *rules, const char *decimal, char *out,
                                              int32_t capacity) {
    if (rules == nullptr || decimal == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    // Keep exactly the visible fraction digits of the input (the CLDR `v` operand): "1.0" is not
    // "1". The digits after '.' (up to any exponent) fix both minimum and maximum fraction digits.
    std::string text(decimal);
    int32_t fractionDigits = 0;
    size_t dot = text.find('.');
    if (dot != std::string::npos) {
        size_t end = text.find_first_of("eE", dot);
        fractionDigits = static_cast<int32_t>((end == std::string::npos ? text.size() : end) - dot - 1);
    }
    if (fractionDigits > 999) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    number::FormattedNumber formatted = number::NumberFormatter::withLocale(Locale::getRoot())
                                            .precision(number::Precision::minMaxFraction(fractionDigits, fractionDigits))
                                            .grouping(UNUM_GROUPING_OFF)
                                            .formatDecimal(StringPiece(text), status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    UnicodeString keyword = rules->rules->select(formatted, status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    return writeKeyword(keyword, out, capacity);
}

extern "C" int32_t cicu_plural_rules_keywords(const cicu_plural_rules *rules, char *out, int32_t capacity) {
    if (rules == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<StringEnumeration> keywords(rules->rules->getKeywords(status));
    if (U_FAILURE(status) || keywords == nullptr) {
        return CICU_ERROR_INTERNAL;
    }
    std::vector<UnicodeString> list;
    while (const UnicodeString *keyword = keywords->snext(status)) {
        list.push_back(*keyword);
    }
    std::sort(list.begin(), list.end(),
                     [](const UnicodeString &a, const UnicodeString &b) { return cldrRank(a) < cldrRank(b); });
    UnicodeString joined;
    for (const auto &keyword : list) {
        if (!joined.isEmpty()) {
            joined.append(u' ');
        }
        joined.append(keyword);
    }
    return cicu::copyOut(joined, out, capacity);
}

extern "C" int32_t cicu_plural_rules_samples(const cicu_plural_rules *rules, const char *keyword, double *out,
                                             int32_t capacity) {
    if (rules == nullptr || keyword == nullptr || capacity < 0 || (out == nullptr && capacity > 0)) {
        return CICU_ERROR_ARGUMENT;
    }
    if (capacity == 0) {
        return 0;
    }
    auto *mutableRules = const_cast<cicu_plural_rules *>(rules);
    std::lock_guard<std::mutex> lock(mutableRules->mutex);
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = mutableRules->rules->getSamples(UnicodeString::fromUTF8(keyword), out, capacity, status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    return count;
}
