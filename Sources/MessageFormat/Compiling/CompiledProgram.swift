import ICUKit

/// A message compiled for one locale as flat tables: instructions, their literal text, references,
/// plurals and selects, each in one buffer the program owns. Formatting walks the buffers through
/// pointers, so it reads a message without retaining anything but the program itself.
// @unchecked Sendable: the buffers are written once in `init`, only read afterwards, and freed in
// `deinit`.
final class CompiledProgram: @unchecked Sendable {
    let text: UnsafeBufferPointer<UInt8>
    let instructions: UnsafeBufferPointer<Instruction>
    let references: UnsafeBufferPointer<ArgumentReference>
    let plurals: UnsafeBufferPointer<PluralInstruction>
    let exactCases: UnsafeBufferPointer<ExactCase>
    let categoryCases: UnsafeBufferPointer<InstructionRange>
    let selects: UnsafeBufferPointer<SelectInstruction>
    let selectCases: UnsafeBufferPointer<SelectCaseInstruction>
    /// ICU objects, reached only by the instructions that need them.
    let numberFormats: [ICUNumberFormat]
    let dateFormats: [ICUDateFormat]
    let pluralRules: [ICUPluralRules]
    /// The message's own instructions.
    let root: InstructionRange
    /// The locale it formats for, its default number format, and ICU's answers for small integers.
    let locale: String
    let defaultNumberFormat: ICUNumberFormat
    let smallIntegers: SmallIntegerTable?
    /// Whether the default number format is a DecimalFormat: then the plural category of a whole
    /// number is that of the number itself (`ICUPluralRules.category(ofWhole:)`).
    let selectsWholeNumbersDirectly: Bool
    /// Whether some literal text would be escaped in a JSON string (`FormatOptions.escapesJSON`
    /// then escapes literals as they are written; otherwise they are copied).
    let textNeedsJSONEscape: Bool

    /// The one allocation that holds every table (nil when all are empty): a message's tables sit
    /// side by side, so formatting it touches a few cache lines rather than one per table.
    private let storage: UnsafeMutableRawPointer?

    /// - Parameters:
    ///   - smallIntegers: the locale's table of whole numbers 0…999 (see `LocaleSetup`).
    ///   - isDecimalFormat: whether `defaultNumberFormat` is an `icu::DecimalFormat`.
    init(
        _ builder: ProgramBuilder,
        root: InstructionRange,
        locale: String,
        defaultNumberFormat: ICUNumberFormat,
        smallIntegers: SmallIntegerTable?,
        isDecimalFormat: Bool
    ) {
        self.locale = locale
        self.defaultNumberFormat = defaultNumberFormat
        self.smallIntegers = smallIntegers
        selectsWholeNumbersDirectly = isDecimalFormat
        var layout = TableLayout()
        let instructionsAt = layout.place(builder.instructions)
        let referencesAt = layout.place(builder.references)
        let pluralsAt = layout.place(builder.plurals)
        let exactCasesAt = layout.place(builder.exactCases)
        let categoryCasesAt = layout.place(builder.categoryCases)
        let selectsAt = layout.place(builder.selects)
        let selectCasesAt = layout.place(builder.selectCases)
        let textAt = layout.place(builder.text)
        let storage =
            layout.size == 0
            ? nil : UnsafeMutableRawPointer.allocate(byteCount: layout.size, alignment: layout.alignment)
        self.storage = storage
        instructions = Self.copy(builder.instructions, into: storage, at: instructionsAt)
        references = Self.copy(builder.references, into: storage, at: referencesAt)
        plurals = Self.copy(builder.plurals, into: storage, at: pluralsAt)
        exactCases = Self.copy(builder.exactCases, into: storage, at: exactCasesAt)
        categoryCases = Self.copy(builder.categoryCases, into: storage, at: categoryCasesAt)
        selects = Self.copy(builder.selects, into: storage, at: selectsAt)
        selectCases = Self.copy(builder.selectCases, into: storage, at: selectCasesAt)
        text = Self.copy(builder.text, into: storage, at: textAt)
        textNeedsJSONEscape = JSONStringText.needsEscape(text)
        numberFormats = builder.numberFormats
        dateFormats = builder.dateFormats
        pluralRules = builder.pluralRules
        self.root = root
    }

    deinit {
        // Only the references hold anything to release (their names).
        if let base = references.baseAddress {
            UnsafeMutablePointer(mutating: base).deinitialize(count: references.count)
        }
        storage?.deallocate()
    }

    /// The bytes of `range` in the program's text.
    @inline(__always)
    func bytes(_ range: TextRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[Int(range.start)..<Int(range.end)])
    }

    /// The argument reference at `index` (instructions only hold indices of references the
    /// program has), read in place.
    @inline(__always)
    func reference(_ index: Int32) -> UnsafePointer<ArgumentReference> {
        references.baseAddress.unsafelyUnwrapped + Int(index)
    }

    /// When the message is one literal (or nothing), its bytes.
    var literal: [UInt8]? {
        switch root.end - root.start {
        case 0: return []
        case 1:
            if case .literal(let range) = instructions[Int(root.start)] { return Array(bytes(range)) }
            return nil
        default: return nil
        }
    }

    /// The literal texts the message's own instructions start and end with (nil where anything but
    /// literal text does, and both nil for a message of at most one instruction: there is nothing
    /// between them to write).
    var edgeLiterals: (leading: TextRange?, trailing: TextRange?) {
        guard root.end - root.start >= 2 else { return (nil, nil) }
        var leading: TextRange?
        var trailing: TextRange?
        if case .literal(let range) = instructions[Int(root.start)] { leading = range }
        if case .literal(let range) = instructions[Int(root.end) - 1] { trailing = range }
        return (leading, trailing)
    }

    /// The message's own instructions without its `edgeLiterals`.
    var rootWithoutEdgeLiterals: InstructionRange {
        let edges = edgeLiterals
        return InstructionRange(
            start: root.start + (edges.leading == nil ? 0 : 1),
            end: root.end - (edges.trailing == nil ? 0 : 1)
        )
    }

    /// The elements copied into `storage` at `offset`; an empty table takes no room (most
    /// messages have no plural or select at all).
    private static func copy<Element>(
        _ elements: [Element],
        into storage: UnsafeMutableRawPointer?,
        at offset: Int
    ) -> UnsafeBufferPointer<Element> {
        guard !elements.isEmpty, let storage else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = (storage + offset).bindMemory(to: Element.self, capacity: elements.count)
        let buffer = UnsafeMutableBufferPointer(start: start, count: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }
}

/// Where each of a program's tables goes in its one allocation: one after another, each aligned
/// for its element type.
private struct TableLayout {
    private(set) var size = 0
    /// The allocation's alignment: the largest of the tables' element types.
    private(set) var alignment = 1

    /// Reserves room for `elements`; returns their offset.
    mutating func place<Element>(_ elements: [Element]) -> Int {
        guard !elements.isEmpty else { return 0 }
        let elementAlignment = MemoryLayout<Element>.alignment
        alignment = max(alignment, elementAlignment)
        let offset = (size + elementAlignment - 1) / elementAlignment * elementAlignment
        size = offset + MemoryLayout<Element>.stride * elements.count
        return offset
    }
}

/// Collects a program's tables while `MessageCompiler` walks a syntax tree.
struct ProgramBuilder {
    var text: [UInt8] = []
    var instructions: [Instruction] = []
    var references: [ArgumentReference] = []
    var plurals: [PluralInstruction] = []
    var exactCases: [ExactCase] = []
    var categoryCases: [InstructionRange] = []
    var selects: [SelectInstruction] = []
    var selectCases: [SelectCaseInstruction] = []
    var numberFormats: [ICUNumberFormat] = []
    var dateFormats: [ICUDateFormat] = []
    var pluralRules: [ICUPluralRules] = []

    /// Adds `bytes` to the text.
    mutating func addText(_ bytes: some Collection<UInt8>) -> TextRange {
        let start = Int32(text.count)
        text.append(contentsOf: bytes)
        return TextRange(start: start, end: Int32(text.count))
    }

    /// Adds one sequence's instructions, contiguous, after everything its cases added.
    mutating func addSequence(_ sequence: [Instruction]) -> InstructionRange {
        let start = Int32(instructions.count)
        instructions.append(contentsOf: sequence)
        return InstructionRange(start: start, end: Int32(instructions.count))
    }

    mutating func addReference(_ reference: ArgumentReference) -> Int32 {
        references.append(reference)
        return Int32(references.count - 1)
    }

    mutating func addNumberFormat(_ format: ICUNumberFormat) -> Int32 {
        numberFormats.append(format)
        return Int32(numberFormats.count - 1)
    }

    mutating func addDateFormat(_ format: ICUDateFormat) -> Int32 {
        dateFormats.append(format)
        return Int32(dateFormats.count - 1)
    }
}
