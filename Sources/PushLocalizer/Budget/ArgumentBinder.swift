import ICUKit

/// Checks a request's arguments against a template's declarations and turns them into values.
struct ArgumentBinder {
    let compiled: CompiledTemplate
    let cutter: TextCutter

    struct Bound {
        /// Values by slot: the template's declaration order, which is how its messages are compiled.
        var values: [ArgumentValue?]
        /// Slots of the truncatable text arguments, in declaration order.
        var truncatable: [Int]
        var trimmedByCap: [TrimmedArgument]
        /// The sum of the truncatable arguments' UTF-8 sizes (max-bytes caps applied).
        var truncatableBytes: Int
        /// The whole UTF-8 sizes of texts that `limitingLongTexts(budget:)` shortened, by slot (0
        /// for a text it kept; empty when it shortened none). An array of integers, not a
        /// dictionary: the compiler releases it inline after every render.
        var wholeLengths: [Int] = []

        /// The UTF-8 bytes of the text argument in `slot` (empty for any other value), at most
        /// `prefix` of them.
        func text(_ slot: Int, prefix: Int = .max) -> [UInt8] {
            guard case .string(var text)? = values[slot] else { return [] }
            return text.withUTF8 { Array($0.prefix(prefix)) }
        }

        /// The UTF-8 size of the text argument in `slot` as the request gave it (after its
        /// `max-bytes` cut; 0 for any other value).
        func text(length slot: Int) -> Int {
            if slot < wholeLengths.count, wholeLengths[slot] > 0 { return wholeLengths[slot] }
            guard case .string(let text)? = values[slot] else { return 0 }
            return text.utf8.count
        }

        /// The values with every truncatable text empty: the payload fitting measures the rest with.
        var valuesWithTruncatableEmpty: [ArgumentValue?] {
            var emptied = values
            for slot in truncatable { emptied[slot] = .string("") }
            return emptied
        }

        /// The arguments cut to their `max-bytes`, with their occurrences in a payload (`occurrences`
        /// by slot), then `more`, in one array, with room for `extra` more.
        func cappedArguments<Occurrences: RandomAccessCollection<Int>, More: Collection<TrimmedArgument>>(
            occurrences: Occurrences,
            in compiled: CompiledTemplate,
            then more: More,
            reservingCapacity extra: Int = 0
        ) -> [TrimmedArgument] where Occurrences.Index == Int {
            guard !trimmedByCap.isEmpty || extra > 0 else { return Array(more) }
            var arguments: [TrimmedArgument] = []
            arguments.reserveCapacity(trimmedByCap.count + more.count + extra)
            for var argument in trimmedByCap {
                argument.occurrences =
                    compiled.slot(of: argument.name).map { occurrences.indices.contains($0) ? occurrences[$0] : 0 } ?? 0
                arguments.append(argument)
            }
            arguments.append(contentsOf: more)
            return arguments
        }

        /// The size of the text argument in `slot` in `cutter`'s unit (0 for any other value).
        func size(_ slot: Int, by cutter: TextCutter) -> Int {
            guard case .string(var text)? = values[slot] else { return 0 }
            return text.withUTF8 { cutter.size(ofContiguous: $0) }
        }
    }

    /// Binds the arguments. An argument the template does not declare is the error reported
    /// before any other; then the first declared argument that is missing or does not convert.
    func bind(_ arguments: [String: JSONValue]) throws(RenderError) -> Bound {
        // Every declared argument is required, so when all of them bind, the request names no
        // other exactly when it has as many arguments as the template declares. When one does
        // not bind, an undeclared name still comes first.
        do {
            let bound = try bindDeclared(arguments)
            if arguments.count != compiled.template.arguments.count { try checkUnknownArguments(arguments) }
            return bound
        } catch {
            try checkUnknownArguments(arguments)
            throw error
        }
    }

    private func bindDeclared(_ arguments: [String: JSONValue]) throws(RenderError) -> Bound {
        let declarations = compiled.bindings
        var bound = Bound(values: [], truncatable: compiled.truncatableSlots, trimmedByCap: [], truncatableBytes: 0)
        bound.values.reserveCapacity(declarations.count)
        for declaration in declarations {
            guard let json = Self.value(named: declaration.name, in: arguments), !json.isNull else {
                throw RenderError(
                    RenderError.Code.missingArgument,
                    "template '\(compiled.template.key)' needs argument '\(declaration.name)' (\(declaration.type.rawValue))"
                )
            }
            bound.values.append(try admit(try convert(consume json, for: declaration), for: declaration, into: &bound))
        }
        return bound
    }

    /// Binds values given by slot (the template's declaration order), as `PreparedTemplate`
    /// takes them: each must be there and of its declared type.
    func bind(slots values: [ArgumentValue?]) throws(RenderError) -> Bound {
        let declarations = compiled.bindings
        guard values.count == declarations.count else {
            throw RenderError(
                RenderError.Code.invalidRequest,
                "template '\(compiled.template.key)' takes \(declarations.count) argument values "
                    + "(\(declarations.map(\.name).joined(separator: ", "))), got \(values.count)"
            )
        }
        // The caller's array is shared, not copied, unless a text is cut to its max-bytes.
        var bound = Bound(values: values, truncatable: compiled.truncatableSlots, trimmedByCap: [], truncatableBytes: 0)
        for (slot, declaration) in declarations.enumerated() {
            guard let value = values[slot] else {
                throw RenderError(
                    RenderError.Code.missingArgument,
                    "template '\(compiled.template.key)' needs argument '\(declaration.name)' (\(declaration.type.rawValue))"
                )
            }
            let cutBefore = bound.trimmedByCap.count
            let checked = try check(value, for: declaration)
            let admitted = try admit(checked.value, for: declaration, into: &bound)
            if checked.converted || bound.trimmedByCap.count != cutBefore { bound.values[slot] = admitted }
        }
        return bound
    }

    /// `value` when it is of `declaration`'s type (a decimal given as text must read as one).
    private func check(
        _ value: ArgumentValue,
        for declaration: CompiledTemplate.Binding
    ) throws(RenderError)
        -> (value: ArgumentValue, converted: Bool)
    {
        if Self.admitsAsGiven(value, as: declaration.type) { return (value, false) }
        // Decimal text is read as a request's JSON number text is read, so that both render the same.
        if declaration.type == .number, case .decimal(let text) = value,
            let number = ArgumentConversion.number(fromText: text)
        {
            return (number, true)
        }
        // Not "declared number but got a number": say what is wrong with the number.
        switch (declaration.type, value) {
        case (.number, .double(let number)) where !number.isFinite:
            throw Self.outOfRange(declaration, "\(number)")
        case (.number, .decimal(let text)) where ArgumentConversion.isOutOfRange(text):
            throw Self.outOfRange(declaration, text)
        case (.date, .date(let milliseconds)) where !milliseconds.isFinite:
            throw RenderError(
                RenderError.Code.argumentType,
                "argument '\(declaration.name)' is a date of \(milliseconds) epoch milliseconds, not a finite instant"
            )
        default:
            break
        }
        throw RenderError(
            RenderError.Code.argumentType,
            "argument '\(declaration.name)' is declared \(declaration.type.rawValue) but got \(value.kindName)"
        )
    }

    /// `argument-type` for a number no double holds (`1e400`, infinity, NaN).
    private static func outOfRange(_ declaration: CompiledTemplate.Binding, _ text: String) -> RenderError {
        RenderError(
            RenderError.Code.argumentType,
            "argument '\(declaration.name)' is \(text), a number out of range "
                + "(a number argument must lie within ±\(Double.greatestFiniteMagnitude))"
        )
    }

    /// Whether `value` is bound as it is given to an argument of `type`: of that type, and finite
    /// where it is a number or a date (decimal text is converted first, so it is not).
    @inline(__always)
    static func admitsAsGiven(_ value: ArgumentValue, as type: ArgumentType) -> Bool {
        switch (type, value) {
        case (.string, .string), (.number, .int): true
        case (.number, .double(let number)): number.isFinite
        case (.date, .date(let milliseconds)): milliseconds.isFinite
        default: false
        }
    }

    /// A converted value as bound: a text over its `max-bytes` is cut to it (or refused when
    /// pinned); truncatable texts are summed and cuts noted in `bound`.
    private func admit(
        _ value: ArgumentValue,
        for declaration: CompiledTemplate.Binding,
        into bound: inout Bound
    ) throws(RenderError) -> ArgumentValue {
        guard case .string(let text) = value else { return value }
        let size = text.utf8.count
        guard let cap = declaration.maxBytes, size > cap else {
            if declaration.truncate { bound.truncatableBytes += size }
            return value
        }
        guard declaration.truncate else {
            throw RenderError(
                RenderError.Code.argumentTooLong,
                "pinned argument '\(declaration.name)' is \(size) bytes, over its max-bytes \(cap)"
            )
        }
        let cut = cutter.cut(text, rawByteLimit: cap)
        let cutSize = cut.utf8.count
        bound.trimmedByCap.append(
            TrimmedArgument(
                name: declaration.name,
                bytesBefore: size,
                bytesAfter: cutSize,
                occurrences: 0,
                reason: "max-bytes"
            )
        )
        bound.truncatableBytes += cutSize
        return .string(cut)
    }

    /// The value of the argument `name`. A request has a handful of arguments: comparing their
    /// names (short strings compare as two words) is cheaper than hashing one. Only the keys are
    /// walked: walking the pairs copies every value on the way, a reference count up and down for
    /// each long text.
    @inline(__always)
    private static func value(named name: String, in arguments: [String: JSONValue]) -> JSONValue? {
        guard arguments.count <= 8 else { return arguments[name] }
        var index = arguments.startIndex
        while index != arguments.endIndex {
            if arguments.keys[index] == name { return arguments.values[index] }
            arguments.formIndex(after: &index)
        }
        return nil
    }

    /// Throws `unknown-argument` for the first (alphabetically) argument the template does not declare.
    private func checkUnknownArguments(_ arguments: [String: JSONValue]) throws(RenderError) {
        let template = compiled.template
        guard let name = arguments.keys.sorted().first(where: { compiled.slot(of: $0) == nil }) else { return }
        let declared = template.arguments.isEmpty ? "none" : template.arguments.map(\.name).joined(separator: ", ")
        throw RenderError(
            RenderError.Code.unknownArgument,
            "template '\(template.key)' has no argument '\(name)' (declared: \(declared))"
        )
    }

    private func convert(
        _ json: consuming JSONValue,
        for declaration: CompiledTemplate.Binding
    ) throws(RenderError) -> ArgumentValue {
        func mismatch(_ kind: String) -> RenderError {
            RenderError(
                RenderError.Code.argumentType,
                "argument '\(declaration.name)' is declared \(declaration.type.rawValue) but got \(kind)"
            )
        }
        switch declaration.type {
        case .string:
            // The request's text is moved into the value, not copied (a reference count up and
            // down for each long text).
            switch consume json {
            case .string(let text): return .string(text)
            case .number(let text): return .string(text)
            case .bool(let flag): return .string(flag ? "true" : "false")
            case let other: throw mismatch(other.kindName)
            }
        case .number:
            switch json {
            case .number(let text), .string(let text):
                guard let number = ArgumentConversion.number(fromText: text) else {
                    if ArgumentConversion.isOutOfRange(text) { throw Self.outOfRange(declaration, text) }
                    throw mismatch(json.kindName)
                }
                return number
            default: throw mismatch(json.kindName)
            }
        case .date:
            switch json {
            case .number(let text):
                guard let milliseconds = Double(text), milliseconds.isFinite else { throw mismatch(json.kindName) }
                return .date(epochMilliseconds: milliseconds)
            case .string(let text):
                guard let milliseconds = ArgumentConversion.epochMilliseconds(fromISO8601: text) else {
                    throw RenderError(
                        RenderError.Code.argumentType,
                        "argument '\(declaration.name)' is not an ISO-8601 date with an offset: \"\(text)\""
                    )
                }
                return .date(epochMilliseconds: milliseconds)
            default: throw mismatch(json.kindName)
            }
        }
    }
}

extension TextCutter {
    /// `text` cut to at most `limit` raw UTF-8 bytes, ellipsis included, at a grapheme boundary
    /// (word-aligned when cheap), as `max-bytes` demands.
    func cut(_ text: String, rawByteLimit limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        guard limit >= ellipsis.count else { return "" }
        var source = text
        // Only the bytes near the cap matter to the cut: whether a position is a grapheme or word
        // boundary depends on what precedes it and a few characters after it, so a kilobyte past
        // the cap is ample context, and a 10 MB value is never copied whole (the cut reads the
        // string's own bytes).
        let kept = source.withUTF8 { bytes in
            let near = UnsafeBufferPointer(rebasing: bytes.prefix(limit + 1024))
            return wordAligned(near, cut: TextBoundaries.graphemeBoundary(atOrBefore: limit - ellipsis.count, in: near))
        }
        // The kept bytes are the string's own, cut at a grapheme boundary: copied as a slice of
        // it, their UTF-8 is not checked again.
        var cut = String(source[..<source.utf8.index(source.utf8.startIndex, offsetBy: kept)])
        cut.append(String(decoding: ellipsis, as: UTF8.self))
        return cut
    }
}
