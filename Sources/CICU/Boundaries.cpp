// Grapheme and word boundaries over UTF-8 text, with byte offsets.
//
// The text is never copied: a UText reads the caller's UTF-8 bytes in place, so its native
// indexes are byte offsets and a 1 MB string costs no UTF-16 conversion. Ill-formed UTF-8 is read
// by ICU's UTF-8 UText as U+FFFD, so it cannot crash the iterator.
//
// Concurrency: break iterators carry per-text state and are expensive to create, so each thread
// keeps its own (thread_local) and re-points it with setText for every call. No iterator is ever
// shared between threads, and none outlives its call's text in any way that matters: it is always
// re-pointed before the next use.
#include "CICU.h"
#include "Internal.hpp"

#include <unicode/brkiter.h>
#include <unicode/rbbi.h>
#include <unicode/utext.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>

using namespace icu;

namespace {

BreakIterator *graphemeIterator() {
    thread_local std::unique_ptr<BreakIterator> iterator;
    if (iterator == nullptr) {
        UErrorCode status = U_ZERO_ERROR;
        iterator.reset(BreakIterator::createCharacterInstance(Locale::getRoot(), status));
        if (U_FAILURE(status)) {
            iterator.reset();
        }
    }
    return iterator.get();
}

BreakIterator *wordIterator(const char *tag) {
    thread_local std::unordered_map<std::string, std::unique_ptr<BreakIterator>> iterators;
    std::string key = cicu::str(tag);
    auto found = iterators.find(key);
    if (found != iterators.end()) {
        return found->second.get();
    }
    UErrorCode status = U_ZERO_ERROR;
    Locale locale = cicu::localeFromTag(key.c_str(), status);
    if (U_FAILURE(status)) {
        // An unreadable tag still gets word breaks: the root rules.
        status = U_ZERO_ERROR;
        locale = Locale::getRoot();
    }
    std::unique_ptr<BreakIterator> iterator(BreakIterator::createWordInstance(locale, status));
    if (U_FAILURE(status) || iterator == nullptr) {
        return nullptr;
    }
    // A thread sees few locales; the bound only guards against a caller cycling through many.
    if (iterators.size() >= 32) {
        iterators.clear();
    }
    BreakIterator *result = iterator.get();
    iterators.emplace(key, std::move(iterator));
    return result;
}

/// The rules of a word break iterator, or a bogus string when it is not rule based.
UnicodeString wordRules(BreakIterator *iterator) {
    auto *rules = dynamic_cast<RuleBasedBreakIterator *>(iterator);
    UnicodeString result;
    if (rules == nullptr) {
        result.setToBogus();
        return result;
    }
    return rules->getRules();
}

/// A locale tag of at most 23 bytes as three words, zero padded, so that two compare in three
/// steps with no call.
struct ShortTag {
    uint64_t words[3] = {0, 0, 0};

    /// Reads `tag`; false (and nothing copied) when it has 24 bytes or more.
    bool read(const char *tag) {
        size_t length = strnlen(tag, sizeof words);
        if (length == sizeof words) {
            return false;
        }
        std::memcpy(words, tag, length);
        return true;
    }

    bool operator==(const ShortTag &other) const {
        return words[0] == other.words[0] && words[1] == other.words[1] && words[2] == other.words[2];
    }
};

/// The answers for the last eight short tags a thread looked up (first in, first out: a hit does
/// not refresh an entry), for as many locales as a render usually sees in a row.
struct RecentAnswers {
    static constexpr int capacity = 8;
    ShortTag tags[capacity];
    bool answers[capacity] = {};
    int count = 0;
    /// The entry the next answer replaces once all are taken.
    int next = 0;

    const bool *find(const ShortTag &tag) const {
        for (int index = 0; index < count; ++index) {
            if (tags[index] == tag) {
                return &answers[index];
            }
        }
        return nullptr;
    }

    void add(const ShortTag &tag, bool answer) {
        int index = count < capacity ? count++ : next;
        next = (index + 1) % capacity;
        tags[index] = tag;
        answers[index] = answer;
    }
};

/// Whether the locale's word break iterator runs the root locale's rules (dictionaries aside,
/// which only see dictionary characters). Asked once per thread and locale.
bool wordRulesAreRoot(const char *tag) {
    // A thread asks about a few locales many times each: their answers are kept at hand (tags of
    // 24 bytes or more are not), read without a hash or an allocation (cutting text asks several
    // times per render).
    thread_local RecentAnswers recent;
    ShortTag shortTag;
    bool isShort = tag != nullptr && shortTag.read(tag);
    if (isShort) {
        if (const bool *answer = recent.find(shortTag)) {
            return *answer;
        }
    }
    thread_local std::unordered_map<std::string, bool> answers;
    std::string key = cicu::str(tag);
    auto found = answers.find(key);
    if (found != answers.end()) {
        if (isShort) {
            recent.add(shortTag, found->second);
        }
        return found->second;
    }
    thread_local std::unique_ptr<BreakIterator> root;
    if (root == nullptr) {
        UErrorCode status = U_ZERO_ERROR;
        root.reset(BreakIterator::createWordInstance(Locale::getRoot(), status));
        if (U_FAILURE(status)) {
            root.reset();
        }
    }
    BreakIterator *iterator = wordIterator(tag);
    bool same = false;
    if (root != nullptr && iterator != nullptr) {
        UnicodeString rootRules = wordRules(root.get());
        UnicodeString localeRules = wordRules(iterator);
        same = !rootRules.isBogus() && !localeRules.isBogus() && rootRules == localeRules;
    }
    if (answers.size() >= 32) {
        answers.clear();
    }
    answers.emplace(key, same);
    if (isShort) {
        recent.add(shortTag, same);
    }
    return same;
}

/// A UText over the caller's bytes, closed when the scope ends.
class Utf8Text {
public:
    Utf8Text(const char *text, int64_t length) {
        UErrorCode status = U_ZERO_ERROR;
        static const char empty = 0;
        utext_openUTF8(&text_, text == nullptr ? &empty : text, text == nullptr ? 0 : length, &status);
        ok_ = U_SUCCESS(status);
    }
    ~Utf8Text() { utext_close(&text_); }
    Utf8Text(const Utf8Text &) = delete;
    Utf8Text &operator=(const Utf8Text &) = delete;

    bool ok() const { return ok_; }
    UText *get() { return &text_; }

    /// The start of the code point holding `offset`, as ICU's UText sees it.
    int64_t codePointStart(int64_t offset) {
        utext_setNativeIndex(&text_, offset);
        return utext_getNativeIndex(&text_);
    }

private:
    UText text_ = UTEXT_INITIALIZER;
    bool ok_ = false;
};

bool bind(BreakIterator *iterator, Utf8Text &text) {
    if (iterator == nullptr || !text.ok()) {
        return false;
    }
    UErrorCode status = U_ZERO_ERROR;
    iterator->setText(text.get(), status);
    return U_SUCCESS(status);
}

/// BreakIterator offsets are int32_t; longer texts are out of this API's reach.
bool tooLong(int64_t length) { return length > INT32_MAX - 1; }

int64_t precedingOrAt(BreakIterator *iterator, const char *text, int64_t length, int64_t offset) {
    if (text == nullptr || length <= 0 || offset <= 0) {
        return 0;
    }
    if (offset >= length) {
        return length;
    }
    if (tooLong(length)) {
        return offset;
    }
    Utf8Text utext(text, length);
    if (!bind(iterator, utext)) {
        return offset;
    }
    // preceding() first moves a mid-code-point offset back to the code point start and then looks
    // strictly before it, which would skip that start when it is itself a boundary; so do the move
    // here and test the start first.
    auto start = static_cast<int32_t>(utext.codePointStart(offset));
    if (iterator->isBoundary(start)) {
        return start;
    }
    int32_t boundary = iterator->preceding(start);
    return boundary == BreakIterator::DONE ? 0 : boundary;
}

}  // namespace

extern "C" int64_t cicu_grapheme_preceding_or_at(const char *text, int64_t length, int64_t offset) {
    return precedingOrAt(graphemeIterator(), text, length, offset);
}

extern "C" int64_t cicu_grapheme_following(const char *text, int64_t length, int64_t offset) {
    if (text == nullptr || length <= 0) {
        return 0;
    }
    if (offset < 0) {
        return 0;
    }
    if (offset >= length || tooLong(length)) {
        return length;
    }
    Utf8Text utext(text, length);
    BreakIterator *iterator = graphemeIterator();
    if (!bind(iterator, utext)) {
        return length;
    }
    int32_t boundary = iterator->following(static_cast<int32_t>(offset));
    return boundary == BreakIterator::DONE ? length : boundary;
}

extern "C" int64_t cicu_grapheme_boundaries(const char *text, int64_t length, int64_t *out, int64_t capacity) {
    if (text == nullptr || length <= 0) {
        if (out != nullptr && capacity > 0) {
            out[0] = 0;
        }
        return 1;
    }
    if (tooLong(length)) {
        return CICU_ERROR_ARGUMENT;
    }
    Utf8Text utext(text, length);
    BreakIterator *iterator = graphemeIterator();
    if (!bind(iterator, utext)) {
        return CICU_ERROR_INTERNAL;
    }
    int64_t count = 0;
    for (int32_t boundary = iterator->first(); boundary != BreakIterator::DONE; boundary = iterator->next()) {
        if (out != nullptr && count < capacity) {
            out[count] = boundary;
        }
        ++count;
    }
    return count;
}

extern "C" int64_t cicu_word_preceding_or_at(const char *locale, const char *text, int64_t length, int64_t offset) {
    return precedingOrAt(wordIterator(locale), text, length, offset);
}

extern "C" int cicu_word_rules_are_root(const char *locale) { return wordRulesAreRoot(locale) ? 1 : 0; }
