#include "ICUOracle.h"
// Placeholder: implemented by the bridge work.
extern "C" int32_t icu_oracle_format(const char *, const char *, const char *, const icu_oracle_arg *, int32_t,
                                     char *, int32_t, char *, int32_t) {
    return -1;
}
