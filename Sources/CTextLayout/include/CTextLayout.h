// CTextLayout — a plain-C seam over fontconfig, HarfBuzz and ICU that measures text for line
// wrapping (the DisplayLayout target's estimator).
//
// This header includes no fontconfig, HarfBuzz or ICU header: Foundation on Linux ships its own
// ICU, and no C library type may leak into a Swift module. The implementation (C++) lives in the
// .cpp files of this target.
//
// What it answers: for a UTF-8 text, a locale and a style, the text's extended grapheme clusters
// in logical order, each with its advance (the sum of its glyphs' unhinted advances, in CSS
// pixels, as HarfBuzz's own OpenType functions give them at the pixel size) and what the locale's
// line breaking (ICU) allows after it; and the paragraph direction (ICU bidi, rules P2 and P3).
//
// Fonts are picked as Pango picks them: fontconfig's sorted list for the families (in order), the
// weight, the pixel size and the language, and for each character the first font in that list
// that covers it; emoji presentation sequences use the list sorted for the language `und-zsye`.
//
// Caches: font lists, faces and fonts are kept process-wide (bounded) and shared by all threads;
// break iterators, the bidi object, the font lists a thread asked for (bounded) and what it looked
// up about its locales are kept per thread; a font list remembers which of its fonts covers the
// characters it was asked about lately. Each cache answers exactly what the lookup it saves would.
// Every function is safe to call from many threads at once.
#ifndef CTEXTLAYOUT_H
#define CTEXTLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Negative return values of ctl_measure.
typedef enum {
    CTL_ERROR_ARGUMENT = -1,    ///< bad input: a size that is not a positive finite number, text too long
    CTL_ERROR_NO_FONT = -2,     ///< fontconfig found no font at all for the style
    CTL_ERROR_FONT_LOAD = -3,   ///< a font file fontconfig named could not be read by HarfBuzz
    CTL_ERROR_INTERNAL = -4,    ///< ICU or fontconfig reported a failure
} ctl_status;

/// What the locale's line breaking allows after a cluster (flags, or-ed).
typedef enum {
    CTL_BREAK_AFTER = 1,            ///< a line may end after this cluster
    CTL_MANDATORY_BREAK_AFTER = 2,  ///< a line must end after this cluster (`\n`, `\r\n`, U+2028, …)
    CTL_SPACE = 4,                  ///< white space: it hangs past the end of a line (does not count)
} ctl_cluster_flag;

/// One extended grapheme cluster of the text.
typedef struct {
    double advance;     ///< its width in CSS pixels (a multiple of 1/1024, as Pango's units)
    double end_advance; ///< its width when a line ends after it: without the kerning its last glyph
                        ///< takes from the next cluster's (left-to-right runs; else `advance`)
    uint32_t flags;     ///< ctl_cluster_flag bits
    uint32_t scalars;   ///< how many Unicode scalars it holds
} ctl_cluster;

/// The fonts and size of a measurement.
typedef struct {
    const char *const *families;    ///< family names in order of preference (UTF-8), may be empty
    int32_t family_count;
    double pixel_size;              ///< the font size in CSS pixels (> 0)
    int32_t weight;                 ///< the CSS weight (1...1000; 400 regular, 700 bold)
} ctl_style;

/// Measures `text` (`length` bytes of UTF-8; ill-formed bytes read as U+FFFD) for line wrapping
/// in `locale` (a BCP 47 tag; an unreadable tag gets the root locale's rules).
///
/// Writes at most `capacity` clusters to `clusters` (`length` is always enough) and returns how
/// many the text has, or a negative ctl_status (then `error_out`, `error_capacity` bytes, receives
/// a NUL-terminated reason naming the font or value). `*rtl_out` (when not NULL) is set to 1 when
/// the first paragraph is right to left (ICU bidi: its first strong character outside isolates, or,
/// with none, the locale's direction), else 0.
int64_t ctl_measure(const char *text, int64_t length, const char *locale, const ctl_style *style,
                    ctl_cluster *clusters, int64_t capacity, int32_t *rtl_out, char *error_out,
                    int32_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif  // CTEXTLAYOUT_H
