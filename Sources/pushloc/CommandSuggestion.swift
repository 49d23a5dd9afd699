/// Recognizes a mistyped command (`pushloc rendr`) before the argument parser answers
/// "Unexpected argument", and names the command that was probably meant.
enum CommandSuggestion {
    /// The usage error for `arguments` when their first word is not a command, or nil when it is one
    /// (or is an option, or there is no argument): `unknown command 'rendr'; did you mean 'render'?`.
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - commands: the command names `pushloc` knows.
    static func failure(for arguments: [String], commands: [String]) -> CommandFailure? {
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" else {
            return nil
        }
        let list = commands.joined(separator: ", ")
        guard let suggestion = closest(to: word, among: commands) else {
            return CommandFailure(
                lines: ["error: unknown command '\(word)' (commands: \(list))", "See 'pushloc --help'."],
                exitCode: 2
            )
        }
        return CommandFailure(
            lines: ["error: unknown command '\(word)'; did you mean '\(suggestion)'?", "See 'pushloc --help'."],
            exitCode: 2
        )
    }

    /// The command nearest to `word`: fewest single-letter edits (insert, delete, substitute, or swap
    /// two neighbours), at most one edit per three letters of the command and at least one edit
    /// allowed; ties go to the earlier command. Case is ignored.
    static func closest(to word: String, among commands: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        var best: (command: String, distance: Int)?
        for command in commands {
            let distance = editDistance(typed, Array(command.unicodeScalars))
            let allowed = max(1, command.unicodeScalars.count / 3)
            guard distance <= allowed else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (command, distance)
        }
        return best?.command
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
