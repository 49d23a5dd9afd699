// ctl_measure: itemize a text as Pango does (bidi level, script, emoji presentation, font), shape
// each item with HarfBuzz, and hand back its grapheme clusters with advances and break flags.
//
// Itemization follows Pango 1.50 (pango/itemize.c) where it changes widths: an item ends where
// the bidi level, the script (Common and Inherited characters take the script around them), the
// emoji presentation or the font changes; spaces, format and control characters and variation
// selectors pick no font of their own but take the one of the item they are in (the next
// character's at an item's start), so a space never switches fonts. Paragraph separators take no
// width. Tabs are measured as the font's glyph for U+0009, not as tab stops.
#include "CTextLayout.h"

#include "FontCatalog.hpp"
#include "TextAnalysis.hpp"

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace {

/// One Unicode scalar of the text and what itemizes it.
struct Scalar {
    int32_t start;      // UTF-16 offset
    int32_t length;     // UTF-16 units
    uint32_t value;
    UScriptCode script;
    uint8_t level;
    bool emoji;
    int32_t font;       // index in its list, or -1: takes its item's font
};

void writeError(char *out, int32_t capacity, const std::string &message) {
    if (out == nullptr || capacity <= 0) {
        return;
    }
    size_t n = std::min(message.size(), static_cast<size_t>(capacity - 1));
    std::memcpy(out, message.data(), n);
    out[n] = '\0';
}

/// Characters that choose no font (Pango: not g_unichar_isgraph, space and line separators,
/// variation selectors).
bool takesItemFont(uint32_t value) {
    if ((value >= 0xFE00 && value <= 0xFE0F) || (value >= 0xE0100 && value <= 0xE01EF)) {
        return true;
    }
    switch (u_charType(static_cast<UChar32>(value))) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_UNASSIGNED:
    case U_SURROGATE:
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
        return true;
    default:
        return false;
    }
}

bool isParagraphSeparator(uint32_t value) {
    return value == 0x0A || value == 0x0B || value == 0x0C || value == 0x0D || value == 0x85 || value == 0x2028 ||
           value == 0x2029;
}

bool isSpace(uint32_t value) {
    return value == 0x09 || u_charType(static_cast<UChar32>(value)) == U_SPACE_SEPARATOR;
}

/// The lowest code point with emoji presentation by default, as ICU's data has it: no cluster that
/// starts below it has emoji presentation unless a selector, keycap or modifier asks for it.
UChar32 lowestEmojiPresentation() {
    static const UChar32 lowest = [] {
        UErrorCode status = U_ZERO_ERROR;
        const USet *set = u_getBinaryPropertySet(UCHAR_EMOJI_PRESENTATION, &status);
        if (U_FAILURE(status) || set == nullptr || uset_isEmpty(set)) {
            return static_cast<UChar32>(0);  // unknown: ask ICU for every cluster
        }
        return uset_charAt(set, 0);
    }();
    return lowest;
}

/// Whether a grapheme cluster (its scalars) is shown as an emoji: emoji presentation by default
/// unless U+FE0E follows, or an emoji followed by U+FE0F or a keycap, or a regional indicator pair.
bool isEmojiCluster(const Scalar *scalars, size_t count) {
    if (count == 0) {
        return false;
    }
    auto first = static_cast<UChar32>(scalars[0].value);
    if (first >= 0x1F1E6 && first <= 0x1F1FF) {
        return true;
    }
    bool textSelector = false;
    bool emojiSelector = false;
    for (size_t i = 1; i < count; ++i) {
        textSelector = textSelector || scalars[i].value == 0xFE0E;
        emojiSelector = emojiSelector || scalars[i].value == 0xFE0F || scalars[i].value == 0x20E3 ||
                        (scalars[i].value >= 0x1F3FB && scalars[i].value <= 0x1F3FF);
    }
    if (textSelector || (!emojiSelector && first < lowestEmojiPresentation())) {
        return false;
    }
    if (u_hasBinaryProperty(first, UCHAR_EMOJI_PRESENTATION)) {
        return true;
    }
    return emojiSelector && u_hasBinaryProperty(first, UCHAR_EMOJI);
}

/// Common and Inherited scalars take the script before them, or after them at the start.
void resolveScripts(std::vector<Scalar> &scalars) {
    UScriptCode current = USCRIPT_COMMON;
    size_t pending = 0;
    for (size_t i = 0; i < scalars.size(); ++i) {
        UScriptCode script = scalars[i].script;
        if (script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == USCRIPT_UNKNOWN) {
            scalars[i].script = current;
            continue;
        }
        if (current == USCRIPT_COMMON) {
            for (; pending < i; ++pending) {
                scalars[pending].script = script;
            }
        }
        current = script;
        pending = i + 1;
    }
}

hb_script_t hbScript(UScriptCode script) {
    const char *name = uscript_getShortName(script);
    return name == nullptr ? HB_SCRIPT_COMMON : hb_script_from_string(name, -1);
}

struct BufferDestroyer {
    void operator()(hb_buffer_t *buffer) const { hb_buffer_destroy(buffer); }
};

/// Shapes text[start, end) with `font` and adds each glyph's advance to its grapheme's units. In a
/// left-to-right run, the last glyph of a grapheme followed by another one carries the kerning of
/// that pair (HarfBuzz puts a pair's adjustment on its first glyph); `kerning` gets it, so that a
/// line ending there can be measured as Pango measures it: shaped without what follows.
void shape(hb_font_t *font, const std::vector<UChar> &text, int32_t start, int32_t end, const Scalar &first,
           hb_language_t language, const std::vector<int32_t> &graphemeOf, std::vector<int64_t> &units,
           std::vector<int64_t> &kerning) {
    thread_local std::unique_ptr<hb_buffer_t, BufferDestroyer> buffer(hb_buffer_create());
    hb_buffer_t *b = buffer.get();
    hb_buffer_reset(b);
    hb_buffer_add_utf16(b, reinterpret_cast<const uint16_t *>(text.data()), static_cast<int>(text.size()),
                        static_cast<unsigned>(start), end - start);
    hb_buffer_set_direction(b, (first.level & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(b, hbScript(first.script));
    hb_buffer_set_language(b, language);
    int flags = HB_BUFFER_FLAG_DEFAULT;
    if (start == 0) {
        flags |= HB_BUFFER_FLAG_BOT;
    }
    if (end == static_cast<int32_t>(text.size())) {
        flags |= HB_BUFFER_FLAG_EOT;
    }
    hb_buffer_set_flags(b, static_cast<hb_buffer_flags_t>(flags));
    hb_shape(font, b, nullptr, 0);
    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(b, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(b, &count);
    bool leftToRight = (first.level & 1) == 0;
    // The glyphs' own advances (what hb_font_get_glyph_h_advance gives each), in one call.
    thread_local std::vector<hb_position_t> nominal;
    if (leftToRight && count > 1) {
        nominal.resize(count);
        hb_font_get_glyph_h_advances(font, count, &infos[0].codepoint, sizeof(hb_glyph_info_t), nominal.data(),
                                     sizeof(hb_position_t));
    }
    for (unsigned i = 0; i < count; ++i) {
        auto grapheme = static_cast<size_t>(graphemeOf[infos[i].cluster]);
        units[grapheme] += positions[i].x_advance;
        if (leftToRight && i + 1 < count && static_cast<size_t>(graphemeOf[infos[i + 1].cluster]) != grapheme &&
            positions[i].x_advance != 0) {
            kerning[grapheme] = positions[i].x_advance - nominal[i];
        }
    }
}

/// What a call needs of its locale tag beyond the line breaker: whether the locale's script is
/// written right to left (uloc_isRightToLeft, which ICU answers from the likely subtags) and
/// HarfBuzz's language (hb_language_from_string, a search of the languages seen).
struct LocaleFacts {
    bool rightToLeft;
    hb_language_t language;
};

/// The facts of `tag`, remembered per thread by tag.
LocaleFacts localeFacts(const std::string &tag) {
    thread_local std::unordered_map<std::string, LocaleFacts> known;
    auto found = known.find(tag);
    if (found != known.end()) {
        return found->second;
    }
    LocaleFacts facts{uloc_isRightToLeft(tag.c_str()) != 0, hb_language_from_string(tag.c_str(), -1)};
    // A thread sees few locales; the bound only guards against a caller cycling through many.
    if (known.size() >= 64) {
        known.clear();
    }
    known.emplace(tag, facts);
    return facts;
}

}  // namespace

extern "C" int64_t ctl_measure(const char *text, int64_t length, const char *localeTag, const ctl_style *style,
                               ctl_cluster *clusters, int64_t capacity, int32_t *rtl_out, char *error_out,
                               int32_t error_capacity) {
    if (rtl_out != nullptr) {
        *rtl_out = 0;
    }
    if (style == nullptr || !std::isfinite(style->pixel_size) || style->pixel_size <= 0 ||
        style->pixel_size > 100000) {
        writeError(error_out, error_capacity, "the font size must be a positive number of pixels up to 100000");
        return CTL_ERROR_ARGUMENT;
    }
    if (style->weight < 1 || style->weight > 1000) {
        writeError(error_out, error_capacity, "the font weight must be 1...1000");
        return CTL_ERROR_ARGUMENT;
    }
    if (length < 0 || (length > 0 && text == nullptr) || (style->family_count > 0 && style->families == nullptr)) {
        writeError(error_out, error_capacity, "no text or no family names were given");
        return CTL_ERROR_ARGUMENT;
    }
    thread_local std::string tag;
    tag.assign(localeTag == nullptr ? "" : localeTag);
    const LocaleFacts locale = localeFacts(tag);
    const char *const *families = style->family_count > 0 ? style->families : nullptr;
    int32_t familyCount = std::max(style->family_count, 0);

    thread_local std::vector<UChar> text16;
    thread_local std::vector<int32_t> ends;
    thread_local std::vector<ctl::LineBreak> breaks;
    thread_local std::vector<uint8_t> levels;
    bool rightToLeft = false;
    if (!ctl::utf16(text, length, text16)) {
        writeError(error_out, error_capacity, "the text is too long or not readable");
        return CTL_ERROR_ARGUMENT;
    }
    if (!ctl::graphemeEnds(text16, ends) || !ctl::lineBreaks(tag, text16, breaks) ||
        !ctl::bidiLevels(text16, locale.rightToLeft, levels, rightToLeft)) {
        writeError(error_out, error_capacity, "ICU could not analyse the text");
        return CTL_ERROR_INTERNAL;
    }
    if (rtl_out != nullptr) {
        *rtl_out = rightToLeft ? 1 : 0;
    }
    auto graphemeCount = static_cast<int64_t>(ends.size());
    if (clusters == nullptr || capacity < graphemeCount) {
        return graphemeCount;
    }

    std::string error;
    std::shared_ptr<ctl::FontList> base =
        ctl::fontList(families, familyCount, style->weight, style->pixel_size, tag.c_str(), error);
    if (base == nullptr) {
        writeError(error_out, error_capacity, error);
        return CTL_ERROR_NO_FONT;
    }
    std::shared_ptr<ctl::FontList> emoji;

    // Scalars, and the grapheme of every UTF-16 unit.
    thread_local std::vector<Scalar> scalars;
    thread_local std::vector<int32_t> graphemeOf;
    thread_local std::vector<size_t> firstScalarOf;
    scalars.clear();
    graphemeOf.assign(text16.size(), 0);
    firstScalarOf.assign(ends.size() + 1, 0);
    size_t grapheme = 0;
    for (int32_t offset = 0; offset < static_cast<int32_t>(text16.size());) {
        int32_t start = offset;
        UChar32 value = 0;
        U16_NEXT(text16.data(), offset, static_cast<int32_t>(text16.size()), value);
        while (grapheme < ends.size() && ends[grapheme] <= start) {
            ++grapheme;
            firstScalarOf[grapheme] = scalars.size();
        }
        for (int32_t unit = start; unit < offset; ++unit) {
            graphemeOf[static_cast<size_t>(unit)] = static_cast<int32_t>(grapheme);
        }
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(value, &status);
        scalars.push_back(Scalar{start, offset - start, static_cast<uint32_t>(value),
                                 U_FAILURE(status) ? USCRIPT_COMMON : script, levels[static_cast<size_t>(start)],
                                 false, -1});
    }
    firstScalarOf[ends.size()] = scalars.size();
    for (size_t g = 0; g < ends.size(); ++g) {
        size_t first = firstScalarOf[g];
        size_t last = g + 1 < ends.size() ? firstScalarOf[g + 1] : scalars.size();
        if (isEmojiCluster(scalars.data() + first, last - first)) {
            for (size_t i = first; i < last; ++i) {
                scalars[i].emoji = true;
            }
        }
    }
    resolveScripts(scalars);
    for (auto &scalar : scalars) {
        if (takesItemFont(scalar.value)) {
            continue;
        }
        if (scalar.emoji) {
            if (emoji == nullptr) {
                emoji = ctl::fontList(families, familyCount, style->weight, style->pixel_size, "und-zsye", error);
                if (emoji == nullptr) {
                    writeError(error_out, error_capacity, error);
                    return CTL_ERROR_NO_FONT;
                }
            }
            scalar.font = static_cast<int32_t>(emoji->fontFor(scalar.value));
        } else {
            scalar.font = static_cast<int32_t>(base->fontFor(scalar.value));
        }
    }

    // Items: runs of one level, script and presentation; inside each, runs of one font.
    thread_local std::vector<int64_t> units;
    thread_local std::vector<int64_t> kerning;
    units.assign(ends.size(), 0);
    kerning.assign(ends.size(), 0);
    hb_language_t language = locale.language;
    for (size_t itemStart = 0; itemStart < scalars.size();) {
        const Scalar &head = scalars[itemStart];
        size_t itemEnd = itemStart + 1;
        while (itemEnd < scalars.size() && scalars[itemEnd].level == head.level &&
               scalars[itemEnd].script == head.script && scalars[itemEnd].emoji == head.emoji) {
            ++itemEnd;
        }
        ctl::FontList &list = head.emoji ? *emoji : *base;
        // Scalars without a font of their own take the one before them in the item, else the next.
        int32_t current = -1;
        for (size_t i = itemStart; i < itemEnd && current < 0; ++i) {
            current = scalars[i].font;
        }
        if (current < 0) {
            current = static_cast<int32_t>(list.fontFor(0x20));
        }
        for (size_t i = itemStart; i < itemEnd; ++i) {
            if (scalars[i].font < 0) {
                scalars[i].font = current;
            }
            current = scalars[i].font;
        }
        for (size_t runStart = itemStart; runStart < itemEnd;) {
            size_t runEnd = runStart + 1;
            while (runEnd < itemEnd && scalars[runEnd].font == scalars[runStart].font) {
                ++runEnd;
            }
            hb_font_t *font = list.hbFont(static_cast<size_t>(scalars[runStart].font), error);
            if (font == nullptr) {
                writeError(error_out, error_capacity, error);
                return CTL_ERROR_FONT_LOAD;
            }
            int32_t end = scalars[runEnd - 1].start + scalars[runEnd - 1].length;
            shape(font, text16, scalars[runStart].start, end, scalars[runStart], language, graphemeOf, units,
                  kerning);
            runStart = runEnd;
        }
        itemStart = itemEnd;
    }

    for (size_t g = 0; g < ends.size(); ++g) {
        size_t first = firstScalarOf[g];
        size_t last = g + 1 < ends.size() ? firstScalarOf[g + 1] : scalars.size();
        uint32_t value = scalars[first].value;
        bool separator = isParagraphSeparator(value);
        clusters[g].advance = separator ? 0.0 : static_cast<double>(units[g]) / 1024.0;
        clusters[g].end_advance = separator ? 0.0 : static_cast<double>(units[g] - kerning[g]) / 1024.0;
        clusters[g].flags = isSpace(value) ? CTL_SPACE : 0;
        clusters[g].scalars = static_cast<uint32_t>(last - first);
    }
    for (const auto &lineBreak : breaks) {
        if (lineBreak.offset <= 0) {
            continue;
        }
        auto g = static_cast<size_t>(graphemeOf[static_cast<size_t>(lineBreak.offset - 1)]);
        if (ends[g] != lineBreak.offset) {
            continue;  // ICU's line rules never break inside a grapheme cluster; ignore it if they did
        }
        clusters[g].flags |= lineBreak.mandatory ? (CTL_BREAK_AFTER | CTL_MANDATORY_BREAK_AFTER) : CTL_BREAK_AFTER;
    }
    return graphemeCount;
}
