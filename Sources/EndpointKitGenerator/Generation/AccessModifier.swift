#if OpenAPIGenerator
    /// The access level of the generated declarations, as in the `accessModifier` key of the
    /// configuration file and `--access-modifier` on the command line.
    ///
    /// `public` is the default (it is what the generator has always written), for endpoints in a
    /// module of their own that other modules import; an app target that keeps its endpoints to
    /// itself chooses `internal`, and the modules of one package share them with `package`.
    package enum AccessModifier: String, Sendable, CaseIterable {
        /// `public`: every module that imports the generated one sees the endpoints and types.
        case `public`
        /// `package`: only the modules of the same package see them.
        case `package`
        /// `internal`: only the module they are generated into; no keyword is written.
        case `internal`

        /// What starts a declaration: `public `, `package `, or nothing.
        var keyword: String {
            switch self {
            case .public: return "public "
            case .package: return "package "
            case .internal: return ""
            }
        }
    }
#endif
