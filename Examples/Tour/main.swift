import EndpointKit
import Foundation
struct BasicAuth: GET { typealias ResponseType = JSONValue; var path: String { "/basic-auth/user/passwd" } }
struct Redirect: GET { typealias ResponseType = JSONValue; let target: String; var path: String { "/redirect-to" }; var query: Parameters { ["url": target] } }
let base = URL(string: CommandLine.arguments[1])!
let bad = Client(baseURL: base, authenticator: .basic(username: "user", password: "wrong"))
do { print(try await bad.get(BasicAuth())) } catch { print("ERR", error) }
let good = Client(baseURL: base, authenticator: .basic(username: "user", password: "passwd"))
do { print(try await good.get(BasicAuth())) } catch { print("ERR", error) }
let port = base.port!
do { print(try await good.get(Redirect(target: "http://localhost:\(port)/headers"))) } catch { print("ERR", error) }
do { print(try await good.get(Redirect(target: "/headers"))) } catch { print("ERR", error) }
