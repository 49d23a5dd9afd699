// Font lists from fontconfig and HarfBuzz fonts over their files, cached process-wide.
//
// Not part of the public (plain-C) header: it includes fontconfig and HarfBuzz headers.
#ifndef CTEXTLAYOUT_FONT_CATALOG_HPP
#define CTEXTLAYOUT_FONT_CATALOG_HPP

#include <fontconfig/fontconfig.h>
#include <harfbuzz/hb.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ctl {

/// The fonts fontconfig sorts for one request (families, weight, pixel size, language), each with
/// the characters it covers, and the HarfBuzz font of each at the request's size, made when first
/// asked for.
///
/// Lifetime: a list is shared (`std::shared_ptr`) between the cache and the calls using it, so the
/// cache may drop it while a call still measures with it. Its HarfBuzz fonts are made immutable
/// and are only read after that, which HarfBuzz allows from many threads at once.
class FontList {
public:
    FontList(FcFontSet *sorted, int32_t scale);
    ~FontList();
    FontList(const FontList &) = delete;
    FontList &operator=(const FontList &) = delete;

    /// How many fonts the list holds (at least 1).
    size_t size() const { return entries_.size(); }

    /// The index of the first font covering `scalar`, or 0 (the first font, as Pango uses) when none does.
    /// Answers from `recent_` when the scalar was looked up lately in this list (the same answer:
    /// the list's charsets never change).
    size_t fontFor(uint32_t scalar) const;

    /// The HarfBuzz font of entry `index`, or nullptr with `error` set when its file does not load.
    hb_font_t *hbFont(size_t index, std::string &error);

private:
    struct Entry {
        FcCharSet *charset;     // owned by sorted_
        std::string file;
        int faceIndex;
        hb_font_t *font;        // made on first use, under mutex_
    };
    FcFontSet *sorted_;
    int32_t scale_;
    std::vector<Entry> entries_;
    std::mutex mutex_;
    /// Recently looked-up scalars, direct-mapped by the scalar's low bits: each slot holds
    /// `(scalar + 1) << 32 | index` (0: empty). Threads read and write slots without a lock; a
    /// slot is one atomic word, so a reader sees a whole entry or misses and searches the charsets.
    mutable std::array<std::atomic<uint64_t>, 256> recent_{};

    size_t searchFontFor(uint32_t scalar) const;
};

/// The sorted font list for a request; nullptr with `error` set when fontconfig has no font.
/// `families` are NUL-terminated UTF-8 names (`count` of them; null entries are skipped).
std::shared_ptr<FontList> fontList(const char *const *families, int32_t count, int weight, double pixelSize,
                                   const char *language, std::string &error);

}  // namespace ctl

#endif  // CTEXTLAYOUT_FONT_CATALOG_HPP
