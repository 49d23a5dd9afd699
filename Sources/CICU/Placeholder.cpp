#include "CICU.h"
#include <unicode/uversion.h>
#include <unicode/locid.h>
#include <unicode/numfmt.h>
#include <cstring>
extern "C" int32_t cicu_icu_version(char *out, int32_t capacity) {
    UErrorCode st = U_ZERO_ERROR;
    icu::NumberFormat *nf = icu::NumberFormat::createInstance(icu::Locale::forLanguageTag("de", st), st);
    icu::UnicodeString s; nf->format(1234.5, s); std::string u; s.toUTF8String(u); delete nf;
    std::string r = std::string(U_ICU_VERSION) + " " + u;
    int32_t n = (int32_t)r.size(); if (n <= capacity) memcpy(out, r.data(), n); return n;
}
