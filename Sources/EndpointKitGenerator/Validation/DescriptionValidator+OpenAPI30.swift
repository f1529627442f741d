#if OpenAPIGenerator
    import Foundation
    import OpenAPIKit30

    extension DescriptionValidator {
        /// A 3.0 description through OpenAPIKit30, OpenAPIKit's model of 3.0 (its coding paths are
        /// the description's own, which a conversion to 3.1 would change).
        static func validate30(_ json: Data) -> [ValidationFinding] {
            let document: OpenAPIKit30.OpenAPI.Document
            switch decodeReportingEvery(OpenAPIKit30.OpenAPI.Document.self, from: json) {
            case .decoded(let decoded): document = decoded
            case .failed(let findings): return findings
            }
            do {
                return sorted(try document.validate(strict: false).map(finding(for:)))
            } catch let errors as OpenAPIKit30.ValidationErrorCollection {
                return sorted(
                    errors.values.map {
                        finding(failing: $0.reason, at: $0.codingPath, operationIDs: document.allOperationIds)
                    })
            } catch {
                return [ValidationFinding(.error, "\(error)", at: .root)]
            }
        }
    }
#endif
