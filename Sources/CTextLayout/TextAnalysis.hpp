// What ICU says about a text: its grapheme clusters, the locale's line break opportunities and
// the bidi levels. Not part of the public (plain-C) header: it includes ICU headers.
#ifndef CTEXTLAYOUT_TEXT_ANALYSIS_HPP
#define CTEXTLAYOUT_TEXT_ANALYSIS_HPP

#include <unicode/utypes.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ctl {

/// A line break opportunity: a line may (or, when `mandatory`, must) end before UTF-16 offset `offset`.
struct LineBreak {
    int32_t offset;
    bool mandatory;
};

/// `length` bytes of UTF-8 as UTF-16 (ill-formed bytes become U+FFFD); false when too long or ICU fails.
bool utf16(const char *text, int64_t length, std::vector<UChar> &out);

/// The end offsets of the text's extended grapheme clusters, in order (none for empty text).
bool graphemeEnds(const std::vector<UChar> &text, std::vector<int32_t> &ends);

/// The line break opportunities of the locale's rules (ICU line break iterator), offset 0 excluded.
bool lineBreaks(const std::string &locale, const std::vector<UChar> &text, std::vector<LineBreak> &breaks);

/// The bidi level of every UTF-16 unit, paragraphs' direction from their first strong character
/// outside isolates (with none, right to left when `defaultRightToLeft`: the locale's direction),
/// and whether the first paragraph is right to left.
bool bidiLevels(const std::vector<UChar> &text, bool defaultRightToLeft, std::vector<uint8_t> &levels,
                bool &rightToLeft);

}  // namespace ctl

#endif  // CTEXTLAYOUT_TEXT_ANALYSIS_HPP
