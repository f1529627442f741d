#if OpenAPIGenerator
    import Foundation
    import Testing

    @testable import EndpointKitGenerator

    /// `--validate` reports every violation, each once, in the same order every run.
    @Suite("Validation reports")
    struct ValidationReportTests {
        static let names = ["e", "b", "d", "a", "c"]

        /// Five operations, `/e` to `/c` out of order, each with `operation` added to its GET.
        static func document(version: String = "3.0.3", operation: String) -> String {
            """
            openapi: \(version)
            info: {title: T, version: '1'}
            paths:
            \(names.map { "  /\($0):\n    get:\n      operationId: \($0)\n\(operation)" }.joined(separator: "\n"))
            """
        }

        @Test("Several values of the wrong type are each reported, sorted by pointer", arguments: ["3.0.3", "3.1.0"])
        func reportsEveryDecodingError(version: String) throws {
            let text = Self.document(
                version: version,
                operation: "      summary: 5\n      responses: {'204': {description: none}}")
            let errors = try DescriptionValidator.validate(text: text)
            #expect(
                errors.map(\.pointer.description) == ["a", "b", "c", "d", "e"].map { "#/paths/~1\($0)/get/summary" },
                "\(errors)")
            #expect(errors.allSatisfy { $0.severity == .error && $0.message.contains("String") })
        }

        @Test("A value of the wrong type among others is reported with the others, each once")
        func reportsEachWrongValueOnce() throws {
            let text = Self.document(
                operation:
                    "      summary: 5\n      deprecated: 'perhaps'\n      responses: {'204': {description: none}}"
            ).replacingOccurrences(of: "version: '1'", with: "version: 1.0")
            let errors = try DescriptionValidator.validate(text: text)
            #expect(errors.filter { $0.pointer.description == "#/info/version" }.count == 1, "\(errors)")
            for name in ["a", "b", "c", "d", "e"] {
                #expect(errors.filter { $0.pointer.description == "#/paths/~1\(name)/get/summary" }.count == 1)
                #expect(errors.filter { $0.pointer.description == "#/paths/~1\(name)/get/deprecated" }.count == 1)
            }
            #expect(errors.count == 11, "\(errors)")
            #expect(errors.map(\.pointer) == errors.map(\.pointer).sorted())
        }

        @Test("Identical rule violations are all reported, sorted by pointer")
        func sortsValidationErrors() throws {
            let text = Self.document(operation: "      responses: {}")
            let errors = try DescriptionValidator.validate(text: text).filter { $0.severity == .error }
            #expect(
                errors.map(\.pointer.description) == ["a", "b", "c", "d", "e"].map { "#/paths/~1\($0)/get/responses" },
                "\(errors)")
        }
    }
#endif
