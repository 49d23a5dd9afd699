// icu::LocaleMatcher for one desired locale. The negotiator does not rank with it (see
// LocaleNegotiator.Closeness for why); it is the independent oracle its tests compare against.
//
// Concurrency: each call builds its own matcher, so nothing is shared between threads.
#include "CICU.h"
#include "CICULocaleMatching.h"
#include "Internal.hpp"

#include <unicode/localematcher.h>

#include <string>
#include <vector>

using namespace icu;

extern "C" int32_t cicu_locale_matcher_best_index(const char *desired, const char *supported) {
    std::vector<Locale> locales;
    std::string list = cicu::str(supported);
    size_t start = 0;
    while (start <= list.size() && !list.empty()) {
        size_t comma = list.find(',', start);
        std::string tag = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        UErrorCode status = U_ZERO_ERROR;
        Locale locale = Locale::forLanguageTag(tag, status);
        if (U_FAILURE(status) || locale.isBogus()) {
            return CICU_ERROR_ARGUMENT;
        }
        locales.push_back(locale);
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }

    UErrorCode status = U_ZERO_ERROR;
    Locale wanted = cicu::localeFromTag(desired, status);
    if (U_FAILURE(status) || wanted.isBogus()) {
        return CICU_ERROR_ARGUMENT;
    }
    LocaleMatcher::Builder builder;
    builder.setNoDefaultLocale();
    for (const Locale &locale : locales) {
        builder.addSupportedLocale(locale);
    }
    LocaleMatcher matcher = builder.build(status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    LocaleMatcher::Result result = matcher.getBestMatchResult(wanted, status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    int32_t index = result.getSupportedIndex();
    return index < 0 ? static_cast<int32_t>(locales.size()) : index;
}
