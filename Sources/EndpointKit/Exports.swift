// `import EndpointKit` is enough to write an Authenticator, a Middleware or a Transport: the types
// they use (`URLRequest`, `URL`, `Data`) come with it. On Linux `URLRequest` and `URLSession` live
// in FoundationNetworking, which a user would otherwise have to know to import; on Apple platforms
// they are in Foundation. Test: Tests/EndpointKitTests/Unit/ImportTests.swift imports nothing else.
// An exported import also holds in every file of EndpointKit itself, so none imports
// FoundationNetworking again (the Linux Notes article lists the code that differs by platform).
//
// The documentation stays EndpointKit's own: swift-symbolgraph-extract, which the DocC plugin and
// `scripts/test` use, leaves re-exported modules out (the compiler's -emit-symbol-graph would not).
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
