import ArgumentParser

@main
struct Pushloc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushloc",
        abstract: "Localize Apple push notifications from a template catalog."
    )
}
