// What the fuzz targets need from C: libFuzzer's entry point for programs that keep their own
// main (compiler-rt's FuzzerInterface.h), and glibc's memmem (hidden from Swift's Glibc module).
#ifndef PUSHLOC_FUZZ_DRIVER_H
#define PUSHLOC_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Parses libFuzzer's flags from argv and runs `callback` on every input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// Whether `needle` occurs in `haystack` (1) or not (0).
int pushloc_fuzz_contains(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
