// Font lists from fontconfig and HarfBuzz fonts over their files.
//
// A request is made as Pango 1.50 makes it (pangofc-fontmap.c), so that the estimate picks the
// fonts Pango picks: every family (strong binding, in order), the weight (OpenType scale mapped by
// FcWeightFromOpenTypeDouble), roman slant, normal width, the pixel size and the size in points at
// 96 dpi, the language; then the configuration's substitutions and FcFontSort. A character takes
// the first font of that list whose charset covers it (trimming the list keeps exactly those).
//
// Advances are HarfBuzz's own OpenType functions (hb_font_create's default, as Pango 1.50 uses)
// at a scale of the pixel size in 1/1024 px truncated to an integer, as Pango sets it: unhinted,
// and a bitmap-only color font (CBDT, Noto Color Emoji) is measured by its hmtx advances scaled
// like any other, with no FreeType size selection to fail.
//
// Concurrency and lifetime: fontconfig is only called under `fontconfigMutex`. Faces are cached
// for the life of the process (one per installed file and index: bounded by the installation).
// Font lists are cached by request, at most `maxLists`, and each thread keeps (lock-free) at most
// `maxLists` of those it asked for; an evicted list lives on while a call or a thread holds it
// (shared_ptr). A list's HarfBuzz fonts are made under the list's mutex, made immutable, and
// destroyed with the list. A list's `recent_` slots (the font of recently seen scalars) are single
// atomic words written by any thread: a reader sees a whole entry or an empty slot.
#include "FontCatalog.hpp"

#include <cstring>
#include <map>
#include <unordered_map>
#include <utility>

namespace ctl {

namespace {

std::mutex fontconfigMutex;
constexpr size_t maxLists = 64;

/// The HarfBuzz face of a font file's face `index`, cached for the life of the process; nullptr
/// when the file cannot be read.
hb_face_t *cachedFace(const std::string &file, int index) {
    static std::mutex mutex;
    static std::map<std::pair<std::string, int>, hb_face_t *> faces;
    std::lock_guard<std::mutex> lock(mutex);
    auto key = std::make_pair(file, index);
    auto found = faces.find(key);
    if (found != faces.end()) {
        return found->second;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(file.c_str());
    if (blob == nullptr) {
        return nullptr;
    }
    hb_face_t *face = hb_face_create(blob, static_cast<unsigned>(index));
    hb_blob_destroy(blob);
    if (face == hb_face_get_empty() || hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return nullptr;
    }
    hb_face_make_immutable(face);
    faces.emplace(key, face);
    return face;
}

/// The cache key of a request, written into `key` (whose storage is reused).
void listKey(const char *const *families, int32_t count, int weight, double pixelSize, const char *language,
             std::string &key) {
    key.clear();
    for (int32_t i = 0; i < count; ++i) {
        if (families[i] != nullptr) {
            key += families[i];
            key += '\x1f';
        }
    }
    key += std::to_string(weight);
    key += '\x1f';
    char bits[sizeof(double)];
    std::memcpy(bits, &pixelSize, sizeof(double));
    key.append(bits, sizeof(double));
    key += '\x1f';
    key += language;
}

FcFontSet *sortedFonts(const std::vector<std::string> &families, int weight, double pixelSize,
                       const std::string &language) {
    std::lock_guard<std::mutex> lock(fontconfigMutex);
    FcPattern *pattern = FcPatternCreate();
    if (pattern == nullptr) {
        return nullptr;
    }
    for (const auto &family : families) {
        FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8 *>(family.c_str()));
    }
    FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(static_cast<double>(weight)));
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL);
    FcPatternAddDouble(pattern, FC_SIZE, pixelSize * 72.0 / 96.0);
    FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixelSize);
    if (!language.empty()) {
        FcPatternAddString(pattern, FC_LANG, reinterpret_cast<const FcChar8 *>(language.c_str()));
    }
    FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *sorted = FcFontSort(nullptr, pattern, FcTrue, nullptr, &result);
    FcPatternDestroy(pattern);
    if (sorted != nullptr && sorted->nfont == 0) {
        FcFontSetDestroy(sorted);
        return nullptr;
    }
    return sorted;
}

}  // namespace

FontList::FontList(FcFontSet *sorted, int32_t scale) : sorted_(sorted), scale_(scale) {
    for (int i = 0; i < sorted->nfont; ++i) {
        FcPattern *font = sorted->fonts[i];
        FcChar8 *file = nullptr;
        FcCharSet *charset = nullptr;
        int index = 0;
        if (FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch || file == nullptr) {
            continue;
        }
        if (FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch) {
            charset = nullptr;
        }
        if (FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch) {
            index = 0;
        }
        entries_.push_back(Entry{charset, reinterpret_cast<const char *>(file), index, nullptr});
    }
}

FontList::~FontList() {
    for (auto &entry : entries_) {
        if (entry.font != nullptr) {
            hb_font_destroy(entry.font);
        }
    }
    std::lock_guard<std::mutex> lock(fontconfigMutex);
    FcFontSetDestroy(sorted_);
}

size_t FontList::fontFor(uint32_t scalar) const {
    std::atomic<uint64_t> &slot = recent_[scalar & (recent_.size() - 1)];
    uint64_t seen = slot.load(std::memory_order_relaxed);
    if ((seen >> 32) == static_cast<uint64_t>(scalar) + 1) {
        return static_cast<size_t>(seen & 0xFFFFFFFFu);
    }
    size_t index = searchFontFor(scalar);
    slot.store(((static_cast<uint64_t>(scalar) + 1) << 32) | static_cast<uint64_t>(index), std::memory_order_relaxed);
    return index;
}

size_t FontList::searchFontFor(uint32_t scalar) const {
    for (size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].charset != nullptr && FcCharSetHasChar(entries_[i].charset, scalar)) {
            return i;
        }
    }
    return 0;
}

hb_font_t *FontList::hbFont(size_t index, std::string &error) {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry &entry = entries_[index];
    if (entry.font != nullptr) {
        return entry.font;
    }
    hb_face_t *face = cachedFace(entry.file, entry.faceIndex);
    if (face == nullptr) {
        error = "the font file '" + entry.file + "' (face " + std::to_string(entry.faceIndex) +
                ") could not be loaded";
        return nullptr;
    }
    hb_font_t *font = hb_font_create(face);
    hb_font_set_scale(font, scale_, scale_);
    hb_font_make_immutable(font);
    entry.font = font;
    return font;
}

namespace {

std::shared_ptr<FontList> sharedFontList(const std::string &key, const char *const *families, int32_t count,
                                         int weight, double pixelSize, const char *language, std::string &error);

}  // namespace

std::shared_ptr<FontList> fontList(const char *const *families, int32_t count, int weight, double pixelSize,
                                   const char *language, std::string &error) {
    // The lists this thread asked for, by request, so that a call in a style seen before takes no
    // lock and copies no family name. An entry keeps its list alive after the shared cache drops
    // it; it is the list the request gives (fontconfig's configuration does not change while the
    // process runs).
    thread_local std::unordered_map<std::string, std::shared_ptr<FontList>> known;
    thread_local std::string key;
    listKey(families, count, weight, pixelSize, language, key);
    auto found = known.find(key);
    if (found != known.end()) {
        return found->second;
    }
    std::shared_ptr<FontList> list = sharedFontList(key, families, count, weight, pixelSize, language, error);
    if (list != nullptr) {
        if (known.size() >= maxLists) {
            known.clear();
        }
        known.emplace(key, list);
    }
    return list;
}

namespace {

std::shared_ptr<FontList> sharedFontList(const std::string &key, const char *const *names, int32_t count,
                                         int weight, double pixelSize, const char *language, std::string &error) {
    static std::mutex mutex;
    static std::unordered_map<std::string, std::shared_ptr<FontList>> lists;
    {
        std::lock_guard<std::mutex> lock(mutex);
        auto found = lists.find(key);
        if (found != lists.end()) {
            return found->second;
        }
    }
    std::vector<std::string> families;
    for (int32_t i = 0; i < count; ++i) {
        if (names[i] != nullptr) {
            families.emplace_back(names[i]);
        }
    }
    FcFontSet *sorted = sortedFonts(families, weight, pixelSize, language);
    if (sorted == nullptr) {
        error = "fontconfig found no font for the families";
        for (const auto &family : families) {
            error += " '" + family + "'";
        }
        error += families.empty() ? " (none given), nor any fallback" : ", nor any fallback";
        return nullptr;
    }
    // Pango sets the scale as an integer count of 1/1024 px, truncating.
    auto list = std::make_shared<FontList>(sorted, static_cast<int32_t>(pixelSize * 1024.0));
    if (list->size() == 0) {
        error = "fontconfig listed fonts without files";
        return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (lists.size() >= maxLists) {
        lists.clear();
    }
    lists.emplace(key, list);
    return list;
}

}  // namespace

}  // namespace ctl
