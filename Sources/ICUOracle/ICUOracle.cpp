// ICU4C's own icu::MessageFormat behind ICUOracle.h: the oracle of the differential tests.
//
// Concurrency: one process-wide mutex serializes every call. This is needed beyond the
// MessageFormat itself because a `{d}` argument holding a date is formatted by a default date
// format that MessageFormat creates lazily with the *process default* time zone; so each call
// installs the requested zone as ICU's default while it formats and restores the old one after.
#include "ICUOracle.h"

#include <unicode/datefmt.h>
#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/stringpiece.h>
#include <unicode/timezone.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace icu;

namespace {

std::mutex &oracleMutex() {
    static auto *mutex = new std::mutex();
    return *mutex;
}

void writeError(char *errorOut, int32_t capacity, const std::string &message) {
    if (errorOut == nullptr || capacity <= 0) {
        return;
    }
    size_t n = std::min(message.size(), static_cast<size_t>(capacity - 1));
    std::memcpy(errorOut, message.data(), n);
    errorOut[n] = '\0';
}

std::string describe(UErrorCode status, const UParseError *parseError) {
    std::string message = u_errorName(status);
    // MessageFormat zeroes the UParseError even for errors that have no position (an invalid
    // skeleton), so an offset is only reported when ICU filled in some context.
    if (parseError != nullptr && parseError->offset >= 0 &&
        (parseError->offset > 0 || parseError->preContext[0] != 0 || parseError->postContext[0] != 0)) {
        message += " at offset " + std::to_string(parseError->offset);
    }
    return message;
}

/// Restores ICU's default time zone when the call ends, however it ends.
class DefaultZoneScope {
public:
    explicit DefaultZoneScope(const TimeZone &zone) : saved_(TimeZone::createDefault()) { TimeZone::setDefault(zone); }
    ~DefaultZoneScope() {
        if (saved_ != nullptr) {
            TimeZone::adoptDefault(saved_.release());
        }
    }

private:
    std::unique_ptr<TimeZone> saved_;
};

}  // namespace

extern "C" int32_t icu_oracle_format(const char *pattern, const char *locale, const char *time_zone,
                                     const icu_oracle_arg *args, int32_t arg_count, char *out, int32_t capacity,
                                     char *error_out, int32_t error_capacity) {
    std::lock_guard<std::mutex> lock(oracleMutex());
    if (pattern == nullptr || arg_count < 0 || (arg_count > 0 && args == nullptr)) {
        writeError(error_out, error_capacity, "U_ILLEGAL_ARGUMENT_ERROR");
        return -1;
    }
    UErrorCode status = U_ZERO_ERROR;
    Locale loc = Locale::forLanguageTag(locale == nullptr ? "" : locale, status);
    if (U_FAILURE(status)) {
        writeError(error_out, error_capacity, describe(status, nullptr) + " (locale)");
        return -1;
    }
    std::unique_ptr<TimeZone> zone(
        TimeZone::createTimeZone(UnicodeString::fromUTF8(time_zone == nullptr || *time_zone == '\0' ? "UTC" : time_zone)));
    if (zone == nullptr || *zone == TimeZone::getUnknown()) {
        writeError(error_out, error_capacity, "U_ILLEGAL_ARGUMENT_ERROR (unknown time zone)");
        return -1;
    }
    DefaultZoneScope defaultZone(*zone);

    UParseError parseError;
    parseError.offset = -1;
    MessageFormat format(UnicodeString::fromUTF8(pattern), loc, parseError, status);
    if (U_FAILURE(status)) {
        writeError(error_out, error_capacity, describe(status, &parseError));
        return -1;
    }
    int32_t formatCount = 0;
    const Format **formats = format.getFormats(formatCount);
    for (int32_t i = 0; formats != nullptr && i < formatCount; ++i) {
        // getFormats hands out the MessageFormat's own subformats; setting their zone is the
        // documented way to configure them.
        if (auto *dateFormat = dynamic_cast<const DateFormat *>(formats[i])) {
            const_cast<DateFormat *>(dateFormat)->setTimeZone(*zone);
        }
    }

    std::vector<UnicodeString> names;
    std::vector<Formattable> values;
    names.reserve(static_cast<size_t>(arg_count));
    values.reserve(static_cast<size_t>(arg_count));
    for (int32_t i = 0; i < arg_count; ++i) {
        const icu_oracle_arg &arg = args[i];
        names.push_back(UnicodeString::fromUTF8(arg.name == nullptr ? "" : arg.name));
        switch (arg.kind) {
        case ICU_ORACLE_STRING:
            values.emplace_back(UnicodeString::fromUTF8(arg.string_value == nullptr ? "" : arg.string_value));
            break;
        case ICU_ORACLE_INT64:
            values.emplace_back(static_cast<int64_t>(arg.int_value));
            break;
        case ICU_ORACLE_DOUBLE:
            values.emplace_back(arg.double_value);
            break;
        case ICU_ORACLE_DATE:
            values.emplace_back(static_cast<UDate>(arg.double_value), Formattable::kIsDate);
            break;
        case ICU_ORACLE_DECIMAL: {
            UErrorCode decimalStatus = U_ZERO_ERROR;
            values.emplace_back(StringPiece(arg.string_value == nullptr ? "" : arg.string_value), decimalStatus);
            if (U_FAILURE(decimalStatus)) {
                writeError(error_out, error_capacity, describe(decimalStatus, nullptr) + " (decimal argument)");
                return -1;
            }
            break;
        }
        default:
            writeError(error_out, error_capacity, "U_ILLEGAL_ARGUMENT_ERROR (argument kind)");
            return -1;
        }
    }

    UnicodeString result;
    format.format(names.data(), values.data(), arg_count, result, status);
    if (U_FAILURE(status)) {
        writeError(error_out, error_capacity, describe(status, nullptr));
        return -1;
    }
    std::string utf8;
    result.toUTF8String(utf8);
    auto length = static_cast<int32_t>(utf8.size());
    if (out != nullptr && length <= capacity) {
        std::memcpy(out, utf8.data(), utf8.size());
    }
    return length;
}
