// CICU locale matching — icu::LocaleMatcher behind a plain-C function.
//
// Like CICU.h, this header includes no ICU header (see there for why) and follows its conventions.
#ifndef CICU_LOCALE_MATCHING_H
#define CICU_LOCALE_MATCHING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The supported locale that ICU 72's icu::LocaleMatcher (CLDR language matching, default
/// threshold and favor, no default locale) picks for one desired locale.
/// `supported` is a comma-separated list of BCP 47 tags ("en,en-GB,es-419").
/// Returns the index of the winner in that list, `count` (the number of tags in the list) when no
/// supported locale is close enough, or a negative cicu_status (CICU_ERROR_ARGUMENT for a tag
/// ICU cannot read).
int32_t cicu_locale_matcher_best_index(const char *desired, const char *supported);

#ifdef __cplusplus
}
#endif

#endif  // CICU_LOCALE_MATCHING_H
