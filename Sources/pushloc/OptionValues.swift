import ArgumentParser
import PushLocalizer

// Option values are read by ArgumentParser itself: a wrong value is answered with the option's
// name, the value given and every accepted value, the same way for every command.

extension RenderMode: ExpressibleByArgument {}

extension Platform: ExpressibleByArgument {}
extension PushType: ExpressibleByArgument {}
extension OverflowPolicy: ExpressibleByArgument {}
extension LintOutputFormat: ExpressibleByArgument {}

/// `--format` of `coverage` and `preview`.
enum TableFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
}

/// `lint --color`: `auto` colours only a terminal, and not when `NO_COLOR` is set (no-color.org)
/// or `TERM` is `dumb`.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto
    case always
    case never
}

/// `--budget N`: a payload byte budget from 1 to the largest APNs accepts. Negative numbers are
/// read as the value (not as an option) so that `--budget -5` is answered about the budget.
struct ByteBudget: ExpressibleByArgument {
    let bytes: Int

    init?(argument: String) {
        guard let bytes = Int(argument), (1...RenderRequest.maximumBudget).contains(bytes) else { return nil }
        self.bytes = bytes
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
