// Date formatters built exactly as ICU 72's MessageFormat builds them, formatted per time zone.
#include "CICU.h"
#include "Internal.hpp"

#include <unicode/datefmt.h>
#include <unicode/fieldpos.h>
#include <unicode/fmtable.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>

#include <memory>

using namespace icu;

namespace {

/// One formatter set to one time zone. SimpleDateFormat::format mutates its calendar, so a clone
/// is only ever used while holding its own mutex.
struct ZonedClone {
    std::unique_ptr<DateFormat> format;
    std::mutex mutex;
};

}  // namespace

/// A date formatter as MessageFormat builds it (the prototype, never used to format), plus one
/// clone per time zone.
///
/// Concurrency: `prototype` is immutable after creation and only cloned; clones are found or made
/// in `clones` (its own mutex-guarded immortal cache) and each is formatted under its own lock,
/// so different zones format in parallel and one zone's users take turns.
struct cicu_date_format {
    std::unique_ptr<DateFormat> prototype;
    cicu::ImmortalCache<ZonedClone> clones;
};

namespace {

cicu::ImmortalCache<cicu_date_format> &dateCache() {
    static auto *cache = new cicu::ImmortalCache<cicu_date_format>();
    return *cache;
}

/// `style` keyword index as MessageFormat::findKeyword with DATE_STYLE_IDS: -1 when not a keyword.
int dateStyleIndex(const UnicodeString &style) {
    if (style.isEmpty()) {
        return 0;
    }
    UnicodeString trimmed = cicu::trimPatternWhiteSpace(style);
    trimmed.toLower(Locale::getRoot());
    static const char16_t *const ids[] = {u"", u"short", u"medium", u"long", u"full"};
    for (int i = 0; i < 5; ++i) {
        if (trimmed == UnicodeString(ids[i])) {
            return i;
        }
    }
    return -1;
}

DateFormat *createFormat(const Locale &locale, cicu_date_kind kind, const UnicodeString &style,
                         std::string &reason) {
    if (kind == CICU_DATE_DEFAULT) {
        // MessageFormat::getDefaultDateFormat, used for a date value in `{d}`.
        return DateFormat::createDateTimeInstance(DateFormat::kShort, DateFormat::kShort, locale);
    }
    if (kind != CICU_DATE_DATE && kind != CICU_DATE_TIME) {
        reason = "unknown date format kind";
        return nullptr;
    }
    int32_t firstNonSpace = 0;
    while (firstNonSpace < style.length() && cicu::isPatternWhiteSpace(style.charAt(firstNonSpace))) {
        ++firstNonSpace;
    }
    if (style.compare(firstNonSpace, 2, u"::", 0, 2) == 0) {
        UErrorCode status = U_ZERO_ERROR;
        UnicodeString skeleton = style.tempSubString(firstNonSpace + 2);
        DateFormat *format = DateFormat::createInstanceForSkeleton(skeleton, locale, status);
        if (U_FAILURE(status)) {
            delete format;
            reason = std::string("invalid date skeleton: ") + u_errorName(status);
            return nullptr;
        }
        return format;
    }
    static const DateFormat::EStyle styles[] = {DateFormat::kDefault, DateFormat::kShort, DateFormat::kMedium,
                                                DateFormat::kLong, DateFormat::kFull};
    int index = dateStyleIndex(style);
    DateFormat::EStyle dateStyle = index >= 0 ? styles[index] : DateFormat::kDefault;
    DateFormat *format = kind == CICU_DATE_DATE ? DateFormat::createDateInstance(dateStyle, locale)
                                                : DateFormat::createTimeInstance(dateStyle, locale);
    if (index < 0 && format != nullptr) {
        if (auto *simple = dynamic_cast<SimpleDateFormat *>(format)) {
            simple->applyPattern(style);  // the style exactly as written, as MessageFormat does
        }
    }
    return format;
}

/// The ICU time zone for an IANA id, or nullptr when ICU does not know it.
TimeZone *zoneFor(const std::string &id) {
    TimeZone *zone = TimeZone::createTimeZone(UnicodeString::fromUTF8(id.empty() ? "UTC" : id));
    if (zone == nullptr || *zone == TimeZone::getUnknown()) {
        delete zone;
        return nullptr;
    }
    return zone;
}

}  // namespace

extern "C" const cicu_date_format *cicu_date_format_open(const char *locale, cicu_date_kind kind, const char *style,
                                                         char *error_out, int32_t error_capacity) {
    std::string tag = cicu::str(locale);
    std::string styleText = cicu::str(style);
    std::string reason;
    auto key = cicu::cacheKey({tag, std::to_string(static_cast<int>(kind)), styleText});
    cicu_date_format *handle = dateCache().findOrCreate(key, [&]() -> cicu_date_format * {
        UErrorCode status = U_ZERO_ERROR;
        Locale loc = cicu::localeFromTag(tag.c_str(), status);
        if (U_FAILURE(status)) {
            reason = std::string("invalid locale '") + tag + "': " + u_errorName(status);
            return nullptr;
        }
        DateFormat *format = createFormat(loc, kind, UnicodeString::fromUTF8(styleText), reason);
        if (format == nullptr) {
            if (reason.empty()) {
                reason = "cannot create date format";
            }
            return nullptr;
        }
        auto *made = new cicu_date_format();
        made->prototype.reset(format);
        return made;
    });
    if (handle == nullptr) {
        cicu::writeError(error_out, error_capacity, reason);
    }
    return handle;
}

extern "C" int32_t cicu_date_format_format(const cicu_date_format *fmt, const char *time_zone, double epoch_ms,
                                           char *out, int32_t capacity) {
    if (fmt == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    std::string zoneId = cicu::str(time_zone);
    if (zoneId.empty()) {
        zoneId = "UTC";
    }
    // The handle is logically const: only its clone cache (internally synchronized) changes.
    auto &clones = const_cast<cicu_date_format *>(fmt)->clones;
    ZonedClone *clone = clones.findOrCreate(zoneId, [&]() -> ZonedClone * {
        TimeZone *zone = zoneFor(zoneId);
        if (zone == nullptr) {
            return nullptr;  // unknown zones are not cached, so the cache stays bounded
        }
        auto *made = new ZonedClone();
        made->format.reset(fmt->prototype->clone());
        if (made->format == nullptr) {
            delete zone;
            delete made;
            return nullptr;
        }
        made->format->adoptTimeZone(zone);
        return made;
    });
    if (clone == nullptr) {
        return CICU_ERROR_ARGUMENT;
    }
    UnicodeString result;
    UErrorCode status = U_ZERO_ERROR;
    {
        std::lock_guard<std::mutex> lock(clone->mutex);
        // Format::format(Formattable) is MessageFormat's path; it reports invalid pattern letters.
        FieldPosition position(FieldPosition::DONT_CARE);
        clone->format->format(Formattable(epoch_ms, Formattable::kIsDate), result, position, status);
    }
    if (U_FAILURE(status)) {
        return CICU_ERROR_ARGUMENT;
    }
    return cicu::copyOut(result, out, capacity);
}

extern "C" int cicu_time_zone_is_valid(const char *time_zone) {
    if (time_zone == nullptr || *time_zone == '\0') {
        return 0;
    }
    std::unique_ptr<TimeZone> zone(zoneFor(time_zone));
    return zone != nullptr ? 1 : 0;
}
