// LLVMFuzzerRunDriver comes from libFuzzer, linked by -sanitize=fuzzer.
#define _GNU_SOURCE
#include <string.h>

#include "CFuzzerDriver.h"

int pushloc_fuzz_contains(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length) != NULL;
}
