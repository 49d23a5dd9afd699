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
        text = Self.copy(builder.text)
        instructions = Self.copy(builder.instructions)
        references = Self.copy(builder.references)
        plurals = Self.copy(builder.plurals)
        exactCases = Self.copy(builder.exactCases)
        categoryCases = Self.copy(builder.categoryCases)
        selects = Self.copy(builder.selects)
        selectCases = Self.copy(builder.selectCases)
        numberFormats = builder.numberFormats
        dateFormats = builder.dateFormats
        pluralRules = builder.pluralRules
        self.root = root
    }

    deinit {
        text.deallocateIfAllocated()
        instructions.deallocateIfAllocated()
        references.deinitializeAndDeallocate()
        plurals.deallocateIfAllocated()
        exactCases.deallocateIfAllocated()
        categoryCases.deallocateIfAllocated()
        selects.deallocateIfAllocated()
        selectCases.deallocateIfAllocated()
    }

    /// The bytes of `range` in the program's text.
    @inline(__always)
    func bytes(_ range: TextRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[Int(range.start)..<Int(range.end)])
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

    /// The elements in a buffer of their own; an empty table allocates nothing (most messages
    /// have no plural or select at all).
    private static func copy<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        guard !elements.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }
}

extension UnsafeBufferPointer {
    /// Frees the memory `copy` allocated, if it allocated any.
    fileprivate func deallocateIfAllocated() {
        if baseAddress != nil { deallocate() }
    }

    /// Deinitializes the elements and frees the memory, if `copy` allocated any.
    fileprivate func deinitializeAndDeallocate() {
        guard baseAddress != nil else { return }
        let mutable = UnsafeMutableBufferPointer(mutating: self)
        mutable.deinitialize()
        mutable.deallocate()
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
