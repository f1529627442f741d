import Foundation

/// Command-line options: `--name value` pairs.
struct Options {
    private var values: [String: String] = [:]

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("--"), let value = iterator.next() else {
                throw UsageError(message: "expected --name value, got \(argument)")
            }
            values[String(argument.dropFirst(2))] = value
        }
    }

    func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw UsageError(message: "missing --\(name)") }
        return value
    }

    func string(_ name: String, default fallback: String) -> String {
        values[name] ?? fallback
    }

    func integer(_ name: String, default fallback: Int, allowsZero: Bool = false) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), value > 0 || (allowsZero && value == 0) else {
            throw UsageError(message: "--\(name) needs a \(allowsZero ? "non-negative" : "positive") integer")
        }
        return value
    }

    func seconds(_ name: String, default fallback: TimeInterval) throws -> TimeInterval {
        guard let text = values[name] else { return fallback }
        guard let value = TimeInterval(text), value > 0, value.isFinite else {
            throw UsageError(message: "--\(name) needs a positive number of seconds")
        }
        return value
    }

    func url(_ name: String) throws -> URL {
        guard let url = URL(string: try string(name)) else { throw UsageError(message: "--\(name) is not a URL") }
        return url
    }
}

/// A command line that does not make sense; printed with the usage.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
