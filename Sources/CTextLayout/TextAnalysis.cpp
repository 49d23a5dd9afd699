// Grapheme clusters, line break opportunities and bidi levels from ICU, over UTF-16.
//
// Concurrency and lifetime: break iterators and the bidi object carry per-text state and are
// costly to open, so each thread keeps its own (thread_local) and points it at the caller's text
// for the length of one call; nothing keeps the text after the call returns (the next call
// re-points the object before using it).
#include "TextAnalysis.hpp"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include <climits>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace ctl {

namespace {

struct BreakIteratorCloser {
    void operator()(UBreakIterator *iterator) const { ubrk_close(iterator); }
};
using BreakIteratorPointer = std::unique_ptr<UBreakIterator, BreakIteratorCloser>;

struct BidiCloser {
    void operator()(UBiDi *bidi) const { ubidi_close(bidi); }
};

UBreakIterator *characterIterator() {
    thread_local BreakIteratorPointer iterator;
    if (iterator == nullptr) {
        UErrorCode status = U_ZERO_ERROR;
        iterator.reset(ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &status));
        if (U_FAILURE(status)) {
            iterator.reset();
        }
    }
    return iterator.get();
}

/// The ICU locale ID of a BCP 47 tag ("ja-u-lb-strict" → "ja@lb=strict"); the root locale when
/// the tag does not read.
std::string icuLocale(const std::string &tag) {
    char id[ULOC_FULLNAME_CAPACITY] = {0};
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag.c_str(), id, sizeof(id) - 1, &parsed, &status);
    if (U_FAILURE(status) || parsed != static_cast<int32_t>(tag.size())) {
        return "";
    }
    return id;
}

// The locale with ICU's strict line breaking (`lb=strict`) unless the tag asks for another: no line
// starts with a small kana or the prolonged sound mark ー (class CJ), as on iPhones, in Pango
// (UAX #14's default) and in the preview page (CSS `line-break: strict`). Outside Chinese and
// Japanese text, strict and normal breaking agree.
std::string strictLineBreaking(const std::string &id) {
    char value[32] = {0};
    UErrorCode status = U_ZERO_ERROR;
    if (uloc_getKeywordValue(id.c_str(), "lb", value, sizeof(value) - 1, &status) > 0 && U_SUCCESS(status)) {
        return id;
    }
    char strict[ULOC_FULLNAME_CAPACITY] = {0};
    if (id.size() >= sizeof(strict) - 16) {
        return id;
    }
    std::memcpy(strict, id.c_str(), id.size());
    status = U_ZERO_ERROR;
    uloc_setKeywordValue("lb", "strict", strict, sizeof(strict) - 1, &status);
    return U_SUCCESS(status) ? std::string(strict) : id;
}

UBreakIterator *lineIterator(const std::string &locale) {
    thread_local std::unordered_map<std::string, BreakIteratorPointer> iterators;
    auto found = iterators.find(locale);
    if (found != iterators.end()) {
        return found->second.get();
    }
    UErrorCode status = U_ZERO_ERROR;
    BreakIteratorPointer iterator(ubrk_open(UBRK_LINE, strictLineBreaking(icuLocale(locale)).c_str(), nullptr, 0, &status));
    if (U_FAILURE(status) || iterator == nullptr) {
        return nullptr;
    }
    // A thread sees few locales; the bound only guards against a caller cycling through many.
    if (iterators.size() >= 32) {
        iterators.clear();
    }
    UBreakIterator *result = iterator.get();
    iterators.emplace(locale, std::move(iterator));
    return result;
}

}  // namespace

bool utf16(const char *text, int64_t length, std::vector<UChar> &out) {
    out.clear();
    if (length <= 0 || text == nullptr) {
        return true;
    }
    if (length > INT32_MAX / 2) {
        return false;
    }
    out.resize(static_cast<size_t>(length));
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strFromUTF8WithSub(out.data(), static_cast<int32_t>(out.size()), &written, text,
                         static_cast<int32_t>(length), 0xFFFD, nullptr, &status);
    if (U_FAILURE(status)) {
        return false;
    }
    out.resize(static_cast<size_t>(written));
    return true;
}

// Sets `iterator` (nullptr: it could not be made) on `text` at its start; false on failure.
static bool startIterating(UBreakIterator *iterator, const std::vector<UChar> &text) {
    if (iterator == nullptr) {
        return false;
    }
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, text.data(), static_cast<int32_t>(text.size()), &status);
    if (U_FAILURE(status)) {
        return false;
    }
    ubrk_first(iterator);
    return true;
}

bool graphemeEnds(const std::vector<UChar> &text, std::vector<int32_t> &ends) {
    ends.clear();
    if (text.empty()) {
        return true;
    }
    UBreakIterator *iterator = characterIterator();
    if (!startIterating(iterator, text)) {
        return false;
    }
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; end = ubrk_next(iterator)) {
        ends.push_back(end);
    }
    return true;
}

bool lineBreaks(const std::string &locale, const std::vector<UChar> &text, std::vector<LineBreak> &breaks) {
    breaks.clear();
    if (text.empty()) {
        return true;
    }
    UBreakIterator *iterator = lineIterator(locale);
    if (!startIterating(iterator, text)) {
        return false;
    }
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        int32_t rule = ubrk_getRuleStatus(iterator);
        breaks.push_back(LineBreak{offset, rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT});
    }
    return true;
}

bool bidiLevels(const std::vector<UChar> &text, bool defaultRightToLeft, std::vector<uint8_t> &levels,
                bool &rightToLeft) {
    levels.clear();
    rightToLeft = false;
    if (text.empty()) {
        return true;
    }
    thread_local std::unique_ptr<UBiDi, BidiCloser> bidi;
    if (bidi == nullptr) {
        bidi.reset(ubidi_open());
        if (bidi == nullptr) {
            return false;
        }
    }
    UErrorCode status = U_ZERO_ERROR;
    // A text with no strong character outside isolates (only an isolated name, only digits) takes
    // the locale's direction, as the message around the argument would give it.
    UBiDiLevel paragraph = defaultRightToLeft ? UBIDI_DEFAULT_RTL : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi.get(), text.data(), static_cast<int32_t>(text.size()), paragraph, nullptr, &status);
    if (U_FAILURE(status)) {
        return false;
    }
    // For several paragraphs, ubidi_getParaLevel answers the first one's level.
    rightToLeft = (ubidi_getParaLevel(bidi.get()) & 1) == 1;
    const UBiDiLevel *all = ubidi_getLevels(bidi.get(), &status);
    if (U_FAILURE(status) || all == nullptr) {
        return false;
    }
    levels.assign(all, all + text.size());
    return true;
}

}  // namespace ctl
