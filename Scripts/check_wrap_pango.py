#!/usr/bin/env python3
"""Checks the line-wrap estimator's line counts against Pango's on a table of texts.

Issue 19: "The estimator's line counts equal Pango's (hinting off) on a table of texts in Latin,
Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK and emoji." TABLE below holds the texts, each laid
out at several widths, sizes and weights:

- by Pango 1.50 through PyGObject (Debian's python3-gi, gir1.2-pango-1.0, python3-gi-cairo), set up
  as the estimator works: a PangoCairo context with hinting off (hint style none, hint metrics off)
  and unrounded glyph positions, the text's locale as the context language, the same families as a
  font description with an absolute pixel size and the weight, PANGO_WRAP_WORD_CHAR, no hyphen
  inserted where a word is broken (the estimate inserts none), and the width in Pango units;
- by `pushloc wrap` (one JSON line per text).

Every disagreement is printed with Pango's lines, and the exit status is 1 if any line count
differs. `--self-test` first runs the comparison with the estimator's widths perturbed (x0.8) and
fails unless that run finds disagreements, so the check is known to fail when it should.

Usage: python3 Scripts/check_wrap_pango.py [--binary PATH] [--self-test] [--verbose]
       (default binary: the debug build's pushloc). It re-runs itself with /usr/bin/python3 when the
       current Python has no `gi` module (pyenv's Python does not see Debian's python3-gi).
"""

import argparse
import json
import os
import subprocess
import sys
import unicodedata

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

try:
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    import cairo
    from gi.repository import Pango, PangoCairo
except (ImportError, ValueError):
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("check_wrap_pango: needs python3-gi, gir1.2-pango-1.0 and python3-gi-cairo (apt-get install them)")

FSI, PDI = "\u2068", "\u2069"
SF = ["Inter"]          # the stand-in for Apple's SF Pro
ROBOTO = ["Noto Sans"]  # the stand-in for Android's Roboto

# (group, locale, text, fonts, sizes, weights, widths): every combination of size, weight and width
# is one case. Widths are chosen to give 1, 2, 3, 4 and more lines.
TABLE = [
    ("latin", "en", "Zofia started following you", SF, [17], [400, 600], [343, 150, 90]),
    ("latin", "en", f"{FSI}Zofia{PDI} and {FSI}Jan{PDI} invited you to play {FSI}Szachy{PDI}: tap to join the lobby "
     "before the game starts in five minutes", SF, [15, 17], [400, 700], [343, 240, 160, 100]),
    ("latin", "de", "Ihre Bestellung wurde versandt und wird voraussichtlich übermorgen zugestellt",
     ROBOTO, [14, 16], [400, 700], [300, 200, 120]),
    ("latin", "pl", "Zażółć gęślą jaźń — Łódź, Kraków i Wrocław czekają na Ciebie!", SF, [17], [400], [343, 180, 95]),
    ("latin", "en", "Reset your password at https://accounts.example.com/reset?token=8f1e2d3c4b5a69788796a5b4c3d2e1f0",
     SF, [17], [400], [343, 200, 120]),
    ("latin", "fr", "Votre colis arrive aujourd’hui entre 14 h et 16 h.\nSuivez-le en direct.", ROBOTO, [16],
     [400], [343, 150]),
    ("latin", "vi", "Bạn có một tin nhắn mới từ Nguyễn Thị Minh Khai", ROBOTO, [16], [400, 700], [343, 160, 90]),
    ("cyrillic", "ru", "Анна начала читать вас и оставила комментарий к вашей последней публикации",
     SF, [17], [400, 600], [343, 200, 120]),
    ("cyrillic", "uk", "Ваше замовлення №4821 вже в дорозі: очікуйте доставку завтра до 18:00",
     ROBOTO, [15, 16], [400, 700], [300, 180, 110]),
    ("cyrillic", "sr", "Добродошли назад! Имате три нове поруке", SF, [17], [400], [343, 150, 80]),
    ("arabic", "ar", f"{FSI}John Appleseed{PDI} أرسل لك رسالة جديدة في المجموعة", SF, [17], [400, 700],
     [343, 200, 120]),
    ("arabic", "ar", "تم شحن طلبك وسيصل خلال يومين. شكراً لتسوقك معنا!", ROBOTO, [16], [400], [343, 180, 100]),
    ("arabic", "fa", "سفارش شما ارسال شد و فردا به دستتان می‌رسد", ROBOTO, [16], [400], [300, 150, 90]),
    ("hebrew", "he", "דנה התחילה לעקוב אחריך והגיבה לתמונה האחרונה שלך", SF, [17], [400, 600], [343, 180, 100]),
    ("hebrew", "he", f"{FSI}Zofia{PDI} הזמינה אותך למשחק {FSI}Szachy{PDI} — הצטרף עכשיו", ROBOTO, [16], [400],
     [343, 160, 90]),
    ("devanagari", "hi", "प्रिया ने आपको फ़ॉलो करना शुरू किया और आपकी पोस्ट पर टिप्पणी की", SF, [17], [400, 700],
     [343, 200, 110]),
    ("devanagari", "hi", "आपका ऑर्डर भेज दिया गया है और कल तक पहुँच जाएगा", ROBOTO, [16], [400], [300, 150, 90]),
    ("devanagari", "mr", "तुमची ऑर्डर पाठवली आहे", ROBOTO, [16], [400], [343, 100, 60]),
    ("thai", "th", "คุณมีข้อความใหม่จากสมชายและเพื่อนอีกสามคนในกลุ่มครอบครัว", SF, [17], [400, 700],
     [343, 200, 120]),
    ("thai", "th", "คำสั่งซื้อของคุณถูกจัดส่งแล้ว จะถึงภายในวันพรุ่งนี้", ROBOTO, [16], [400], [300, 160, 90]),
    ("cjk", "ja", "山田さんがあなたをフォローしました。最新の投稿にコメントが付いています。", SF, [17], [400, 700],
     [343, 200, 120, 70]),
    ("cjk", "zh-Hans", "您的订单已发货，预计明天送达。感谢您的购买！", ROBOTO, [16], [400], [300, 160, 90]),
    ("cjk", "zh-Hant", "王小明開始追蹤你，並對你的相片留言", SF, [17], [400], [343, 150, 80]),
    ("cjk", "ko", "김민수 님이 회원님의 게시물을 좋아합니다. 지금 확인해 보세요!", ROBOTO, [16], [400, 700],
     [300, 160, 90]),
    ("emoji", "en", "👩‍👩‍👧 Family dinner at 7 tonight 🍝🎉 Don't be late! ❤️", SF, [17], [400],
     [343, 180, 100, 60]),
    ("emoji", "en", "🇫🇷🇩🇪🇯🇵🇧🇷🏳️‍🌈 Your trip starts tomorrow ✈️ 👨🏽‍💻 👍🏿", SF, [17], [400, 700],
     [343, 200, 120, 50]),
    ("emoji", "en", "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉", ROBOTO, [16], [400], [343, 150, 60]),
    ("emoji", "ja", "おめでとう🎂🥳誕生日プレゼントが届きました🎁", SF, [17], [400], [343, 150, 90]),
    # Titles: one line on a phone, two or more only when narrow.
    ("latin", "en", "New follower", SF, [15, 17], [600], [343, 80, 40]),
    ("cyrillic", "ru", "Новый подписчик", ROBOTO, [16], [700], [343, 90]),
    ("arabic", "ar", "متابع جديد", SF, [17], [600], [343, 50]),
    ("hebrew", "he", "עוקב חדש", ROBOTO, [16], [700], [343, 40]),
    ("devanagari", "hi", "नया फ़ॉलोअर", SF, [17], [600], [343, 50]),
    ("thai", "th", "ผู้ติดตามใหม่", ROBOTO, [16], [700], [343, 60]),
    ("cjk", "ja", "新しいフォロワー", SF, [17], [600], [343, 60]),
    ("cjk", "zh-Hant", "新追蹤者", ROBOTO, [16], [400], [343, 30]),
    ("emoji", "en", "🎉 Party time 🥳", SF, [17], [600], [343, 70]),
    ("emoji", "en", "❤️‍🔥", ROBOTO, [16], [400], [343]),
    # Whole bodies on a wide surface (an iPad, a desktop browser's notification): one line each.
    ("latin", "en", "Your order has shipped", SF, [13], [400], [1024]),
    ("arabic", "ar", f"{FSI}John Appleseed{PDI} أرسل لك رسالة جديدة في المجموعة", SF, [13], [400], [1024]),
    ("devanagari", "hi", "आपका ऑर्डर भेज दिया गया है और कल तक पहुँच जाएगा", ROBOTO, [14], [400], [1024]),
    ("thai", "th", "คำสั่งซื้อของคุณถูกจัดส่งแล้ว จะถึงภายในวันพรุ่งนี้", ROBOTO, [14], [400], [1024]),
    ("cjk", "ko", "김민수 님이 회원님의 게시물을 좋아합니다. 지금 확인해 보세요!", ROBOTO, [14], [400], [1024]),
    ("hebrew", "he", "דנה התחילה לעקוב אחריך והגיבה לתמונה האחרונה שלך", SF, [13], [400], [1024]),
    ("cyrillic", "ru", "Анна начала читать вас и оставила комментарий", SF, [13], [400], [1024]),
]

# --sweep: every text of TABLE in both font stacks, at 13, 17 and 22 px, weights 400, 600 and 700,
# and widths 37 to 411 px by 11 (28,350 cases). Its differences in these groups have causes in the
# line breakers, shown on every one of them by the lines printed: Japanese, ICU's "normal" rules
# (a break before ー and the small kana; the estimate with "ja-u-lb-strict" agrees everywhere), and
# Thai, whose words ICU's dictionary and Pango's libthai cut differently (สมชาย, คนใน).
SWEEP_CAUSES = {("thai", "th"): "ICU vs libthai dictionary"}

GROUPS = ["latin", "cyrillic", "arabic", "hebrew", "devanagari", "thai", "cjk", "emoji"]


def cases():
    """Every (group, locale, text, fonts, size, weight, width) of TABLE."""
    for group, locale, text, fonts, sizes, weights, widths in TABLE:
        for size in sizes:
            for weight in weights:
                for width in widths:
                    yield group, locale, text, fonts, size, weight, width


def pango_context():
    """A PangoCairo context with hinting off and unrounded glyph positions."""
    context = PangoCairo.FontMap.get_default().create_context()
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    PangoCairo.context_set_font_options(context, options)
    context.set_round_glyph_positions(False)
    return context


def pango_layout(context, locale, text, fonts, size, weight, width):
    """Pango's layout of one case (the layout's own language is the locale)."""
    context.set_language(Pango.Language.from_string(locale))
    layout = Pango.Layout.new(context)
    description = Pango.FontDescription.from_string(",".join(fonts))
    description.set_absolute_size(size * Pango.SCALE)
    description.set_weight(weight)
    layout.set_font_description(description)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(round(width * Pango.SCALE))
    # Pango adds a hyphen where it breaks inside a word (and counts its width); the estimate, as
    # CSS's overflow-wrap: anywhere and the phones' character wrapping, adds none.
    attributes = Pango.AttrList()
    attributes.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attributes)
    layout.set_text(text, -1)
    return layout


def pango_lines(layout, text):
    """The text of each of Pango's lines."""
    data = text.encode("utf-8")
    return [data[line.start_index:line.start_index + line.length].decode("utf-8") for line in layout.get_lines_readonly()]


def graphemes(text):
    """The start of each grapheme cluster of `text`, approximately (for showing lines only: marks,
    joiners, variation selectors, emoji modifiers, tags and regional indicator pairs)."""
    starts = []
    regional = 0
    for index, character in enumerate(text):
        point = ord(character)
        previous = ord(text[index - 1]) if index > 0 else 0
        joins = (unicodedata.category(character) in ("Mn", "Mc", "Me") or point in (0x200D, 0x0E33, 0x0EB3)
                 or 0xFE00 <= point <= 0xFE0F or 0x1F3FB <= point <= 0x1F3FF or 0xE0020 <= point <= 0xE007F
                 or previous == 0x200D or (0x1F1E6 <= point <= 0x1F1FF and regional % 2 == 1))
        regional = regional + 1 if 0x1F1E6 <= point <= 0x1F1FF else 0
        if index == 0 or not joins:
            starts.append(index)
    return starts


def estimated_lines(text, answer):
    """The text of each of the estimate's lines (cut at approximate grapheme starts)."""
    boundaries = graphemes(text) + [len(text)]
    starts = [boundaries[min(start, len(boundaries) - 1)] for start in answer.get("starts", [0])]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def request(locale, text, fonts, size, weight, width):
    return {"text": text, "locale": locale, "fonts": fonts, "size": size, "weight": weight, "width": width,
            "lines": 4}


def estimates(binary, requests, repeat=1, timing=False, line_starts=True, options=()):
    """`pushloc wrap`'s answers to `requests` (and its standard error)."""
    arguments = [binary, "wrap"] + list(options) + (["--line-starts"] if line_starts else []) + (["--repeat", str(repeat)] if repeat > 1 else []) + (["--timing"] if timing else [])
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    try:
        run = subprocess.run(arguments, input=lines.encode("utf-8"), capture_output=True, check=False)
    except OSError as error:
        sys.exit(f"check_wrap_pango: cannot run {binary}: {error} (build it with swift build, or pass --binary)")
    answers = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(requests):
        sys.exit(f"check_wrap_pango: {binary} wrap answered {len(answers)} lines for {len(requests)}:\n"
                 + run.stderr.decode("utf-8", "replace"))
    return answers, run.stderr.decode("utf-8", "replace")


def compare(binary, width_factor=1.0, verbose=False, quiet=False):
    """Lays every case out both ways; returns the number of cases and the disagreements."""
    context = pango_context()
    table = list(cases())
    answers, _ = estimates(binary, [request(l, t, f, s, w, width * width_factor)
                                    for _, l, t, f, s, w, width in table])
    disagreements = []
    for (group, locale, text, fonts, size, weight, width), answer in zip(table, answers):
        layout = pango_layout(context, locale, text, fonts, size, weight, width)
        expected = layout.get_line_count()
        got = answer.get("lines")
        if verbose and not quiet:
            print(f"{group:10} {locale:7} {size:>3}px w{weight} {width:>4}px  pango {expected}  estimate {got}")
        if got != expected:
            disagreements.append((group, locale, text, fonts, size, weight, width, expected, answer,
                                  pango_lines(layout, text), estimated_lines(text, answer)))
    return len(table), disagreements


def report(disagreements):
    for group, locale, text, fonts, size, weight, width, expected, answer, lines, estimated in disagreements:
        answer = {key: value for key, value in answer.items() if key != "starts"}
        print(f"DIFFERENT [{group}] {locale} {'/'.join(fonts)} {size}px weight {weight} width {width}px: "
              f"Pango {expected} lines, estimate {answer}")
        print(f"  text: {text!r}")
        for number in range(max(len(lines), len(estimated))):
            pango = repr(lines[number]) if number < len(lines) else ""
            estimate = repr(estimated[number]) if number < len(estimated) else ""
            print(f"  line {number + 1:>2}: Pango {pango:30} estimate {estimate}")


def sweep(binary):
    """The wider grid: prints the differences by group and cause, exit 1 on one without a known cause."""
    global TABLE
    TABLE = [(group, locale, text, fonts, [13, 17, 22], [400, 600, 700], list(range(37, 412, 11)))
             for group, locale, text, _, _, _, _ in TABLE for fonts in (SF, ROBOTO)]
    count, disagreements = compare(binary)
    unexplained = [d for d in disagreements if (d[0], d[1]) not in SWEEP_CAUSES]
    report(unexplained)
    groups = {}
    for d in disagreements:
        groups[(d[0], d[1])] = groups.get((d[0], d[1]), 0) + 1
    for (group, locale), number in sorted(groups.items()):
        print(f"  {group} {locale}: {number} differ ({SWEEP_CAUSES.get((group, locale), 'NO KNOWN CAUSE')})")
    print(f"check_wrap_pango --sweep: {count} cases, {len(disagreements)} differ, "
          f"{len(unexplained)} without a known cause")
    return 1 if unexplained else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "pushloc"))
    parser.add_argument("--self-test", action="store_true", help="first prove that a perturbed estimate fails")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    parser.add_argument("--sweep", action="store_true", help="a wider grid of sizes, weights and widths (see SWEEP_CAUSES)")
    arguments = parser.parse_args()
    if arguments.sweep:
        return sweep(arguments.binary)

    missing = [group for group in GROUPS if group not in {row[0] for row in TABLE}]
    if missing:
        sys.exit(f"check_wrap_pango: the table has no text for {', '.join(missing)}")

    if arguments.self_test:
        count, disagreements = compare(arguments.binary, width_factor=0.8, quiet=True)
        if not disagreements:
            sys.exit("check_wrap_pango: self-test FAILED: estimates at 0.8 of the width agree with Pango everywhere")
        print(f"self-test: estimates at 0.8 of the width disagree on {len(disagreements)} of {count} cases, as they must")

    count, disagreements = compare(arguments.binary, verbose=arguments.verbose)
    report(disagreements)
    texts = len(TABLE)
    print(f"check_wrap_pango: {count} cases ({texts} texts, {len(GROUPS)} script groups), "
          f"{len(disagreements)} line counts differ from Pango {Pango.version_string()}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
