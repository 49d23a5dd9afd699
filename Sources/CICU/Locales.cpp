// Locale tags: canonical form, likely subtags, CLDR parent locales, ICU version.
//
// Concurrency: every function works on local icu::Locale values; ICU's locale data lookups
// (likely subtags, resource bundles) are internally synchronized.
#include "CICU.h"
#include "Internal.hpp"

#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>

#include <algorithm>
#include <memory>

using namespace icu;

namespace {

/// The CLDR canonical form of an ICU locale (UTS #35 aliases: iw → he, in → id, …).
Locale canonicalOf(const char *icuId) {
    Locale canonical = Locale::createCanonical(icuId);
    // CLDR 42 (ICU 72) has no alias for the macrolanguage "no" (it even makes "no" the parent of
    // "nb"), but our spec maps no → nb for matching: every CLDR "no" locale is Bokmål.
    if (!canonical.isBogus() && std::strcmp(canonical.getLanguage(), "no") == 0) {
        std::string id = std::string("nb") + (canonical.getName() + 2);
        canonical = Locale(id.c_str());
    }
    return canonical;
}

/// Reads a tag leniently ("pt_BR" as "pt-BR") and canonicalizes it. Returns false when it is not
/// a well-formed tag.
bool readCanonical(const char *tag, Locale &result) {
    if (tag == nullptr || *tag == '\0') {
        return false;
    }
    std::string text(tag);
    std::replace(text.begin(), text.end(), '_', '-');
    UErrorCode status = U_ZERO_ERROR;
    Locale parsed = Locale::forLanguageTag(text, status);
    if (U_FAILURE(status) || parsed.isBogus()) {
        return false;
    }
    Locale canonical = canonicalOf(parsed.getName());
    if (canonical.isBogus()) {
        return false;
    }
    result = canonical;
    return true;
}

int32_t writeTag(const Locale &locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    std::string tag = locale.toLanguageTag<std::string>(status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_INTERNAL;
    }
    return cicu::copyOut(tag, out, capacity);
}

/// The CLDR parent of an ICU locale id (base name) as an ICU id; "" for root.
std::string parentId(const std::string &id, int depth = 0) {
    UErrorCode status = U_ZERO_ERROR;
    // %%Parent lives in the locale's own resource bundle; only trust it when ICU really opened
    // that bundle rather than falling back to an ancestor.
    UResourceBundle *bundle = ures_open(nullptr, id.c_str(), &status);
    std::string result;
    bool found = false;
    if (U_SUCCESS(status) && status != U_USING_FALLBACK_WARNING && status != U_USING_DEFAULT_WARNING) {
        const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &status);
        if (U_SUCCESS(status) && actual != nullptr && id != actual && depth < 2) {
            // A bundle that opens without fallback under another name is an alias ("zh_TW" is
            // "zh_Hant_TW"): its parent is the alias target's, which keeps the script.
            std::string target(actual);
            ures_close(bundle);
            return parentId(target, depth + 1);
        }
        if (U_SUCCESS(status) && actual != nullptr && id == actual) {
            int32_t length = 0;
            UErrorCode keyStatus = U_ZERO_ERROR;
            const UChar *parent = ures_getStringByKey(bundle, "%%Parent", &length, &keyStatus);
            // Only the bundle's own %%Parent counts: a value inherited from an ancestor bundle
            // (U_USING_FALLBACK_WARNING) is that ancestor's parent, not ours.
            if (keyStatus == U_ZERO_ERROR && parent != nullptr) {
                UnicodeString(parent, length).toUTF8String(result);
                found = true;
            }
        }
    }
    ures_close(bundle);
    if (!found) {
        char buffer[ULOC_FULLNAME_CAPACITY];
        status = U_ZERO_ERROR;
        int32_t length = uloc_getParent(id.c_str(), buffer, sizeof buffer, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
            return std::string();
        }
        result.assign(buffer, static_cast<size_t>(length));
    }
    if (result == "root") {
        result.clear();
    }
    return result;
}

}  // namespace

extern "C" int32_t cicu_locale_canonicalize(const char *tag, char *out, int32_t capacity) {
    Locale locale;
    if (!readCanonical(tag, locale)) {
        return CICU_ERROR_ARGUMENT;
    }
    return writeTag(locale, out, capacity);
}

extern "C" int32_t cicu_locale_maximize(const char *tag, char *out, int32_t capacity) {
    Locale locale;
    if (!readCanonical(tag, locale)) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    locale.addLikelySubtags(status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    return writeTag(locale, out, capacity);
}

extern "C" int32_t cicu_locale_minimize(const char *tag, char *out, int32_t capacity) {
    Locale locale;
    if (!readCanonical(tag, locale)) {
        return CICU_ERROR_ARGUMENT;
    }
    UErrorCode status = U_ZERO_ERROR;
    locale.minimizeSubtags(status);
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    return writeTag(locale, out, capacity);
}

extern "C" int32_t cicu_locale_parent(const char *tag, char *out, int32_t capacity) {
    Locale locale;
    if (!readCanonical(tag, locale)) {
        return CICU_ERROR_ARGUMENT;
    }
    std::string self = locale.getBaseName();
    std::string current = self;
    // A parent that canonicalizes back to the locale itself (ICU 72: nb's parent is "no", which
    // we read as nb) is skipped, so that walking parents always ends at root.
    for (int step = 0; step < 8; ++step) {
        std::string parent = parentId(current);
        if (parent.empty()) {
            return 0;
        }
        Locale canonical = canonicalOf(parent.c_str());
        if (canonical.isBogus()) {
            return 0;
        }
        if (self != canonical.getBaseName()) {
            return writeTag(canonical, out, capacity);
        }
        current = parent;
    }
    return 0;
}

extern "C" int32_t cicu_icu_version(char *out, int32_t capacity) {
    UVersionInfo version;
    u_getVersion(version);
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(version, text);
    return cicu::copyOut(std::string(text), out, capacity);
}
