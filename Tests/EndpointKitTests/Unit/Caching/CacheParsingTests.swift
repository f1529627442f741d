import Foundation
import Testing

@testable import EndpointKit

@Suite("Cache-Control directives and HTTP dates, as RFC 9111 and RFC 9110 write them")
struct CacheParsingTests {
    @Test("Directives are case-insensitive, may be quoted, keep their first value, and join across fields")
    func directives() {
        let control = CacheControl(
            HTTPHeaders([
                .init(name: "Cache-Control", value: "Max-Age=60, private=\"Set-Cookie, X-Id\""),
                .init(name: "cache-control", value: "max-age=5, s-maxage=\"30\", no-cache"),
            ]))
        #expect(control.maxAge == 60)
        #expect(control.sharedMaxAge == 30)
        #expect(control.isPrivate)
        #expect(control.noCache)
        #expect(!control.noStore)
    }

    @Test("Spaces and tabs around names and values, empty members, escapes and non-ASCII quoted text")
    func directiveEdges() {
        let control = CacheControl(" ,\tMAX-AGE = 60\t, , no-store,private=\"a\\\"b, é\" ,  s-maxage=10,")
        #expect(control.maxAge == 60)
        #expect(control.noStore)
        #expect(control.isPrivate)
        #expect(control.sharedMaxAge == 10)
        #expect(CacheControl("no-cache=\"unterminated").noCache)
        #expect(CacheControl("=5, max-age=7").maxAge == 7)
        #expect(CacheControl("max-age=\"\"").maxAge == 0)
        #expect(CacheControl("immutable").isImmutable)
        #expect(CacheControl("immutablex").isImmutable == false)
    }

    @Test("An invalid delta-seconds reads as 0, a huge one as 2^31 - 1, max-stale alone as any staleness")
    func deltaSeconds() {
        #expect(CacheControl("max-age=abc").maxAge == 0)
        #expect(CacheControl("max-age=-1").maxAge == 0)
        #expect(CacheControl("max-age=99999999999999").maxAge == TimeInterval(Int32.max))
        #expect(CacheControl("max-age=000000000007").maxAge == 7)
        #expect(CacheControl("max-stale").maxStale == .infinity)
        #expect(CacheControl("max-stale=30").maxStale == 30)
        #expect(CacheControl("").maxAge == nil)
    }

    @Test("HTTP dates: IMF-fixdate by hand, the obsolete forms, and nothing else")
    func dates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06 08:49:37 UTC
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("0") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 CET") == nil)
        #expect(HTTPDate.parse("Sun, 36 Nov 1994 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("t\u{05A9}") == nil)
        #expect(HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
        for seconds in stride(from: 0, to: 4_102_444_800, by: 86_400 * 37 + 3_661) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
        }
    }

    @Test("Entity tags compare weakly; an If-None-Match list splits on commas outside quotes")
    func entityTags() {
        #expect(EntityTag.weaklyMatch("W/\"1\"", "\"1\""))
        #expect(!EntityTag.weaklyMatch("\"1\"", "\"2\""))
        #expect(EntityTag.list("\"a,b\", W/\"c\"", matches: "\"c\""))
        #expect(!EntityTag.list("\"a,b\"", matches: "\"a\""))
        #expect(EntityTag.list(" * ", matches: "\"anything\""))
    }
}
