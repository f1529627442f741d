import EndpointKit
import Foundation
import Testing

/// The WHATWG HTML standard's event stream parser (§9.2.6), stream by stream: each stream of the
/// corpus must give the same events whole, in every split into two chunks, and one byte at a time.
@Suite("Parsing Server-Sent Events")
struct ServerSentEventParserTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let stream: [UInt8]
        let events: [ServerSentEvent<String>]
        var testDescription: String { name }

        init(_ name: String, _ stream: String, _ events: [ServerSentEvent<String>]) {
            self.init(name, Array(stream.utf8), events)
        }

        init(_ name: String, _ stream: [UInt8], _ events: [ServerSentEvent<String>]) {
            self.name = name
            self.stream = stream
            self.events = events
        }
    }

    static let corpus: [Case] = [
        Case("one event", "data: hello\n\n", [ServerSentEvent(data: "hello")]),
        Case(
            "a byte order mark at the start is dropped", "\u{FEFF}data: a\n\n", [ServerSentEvent(data: "a")]),
        Case(
            "a second byte order mark is part of the field name", "\u{FEFF}\u{FEFF}data: a\n\ndata: b\n\n",
            [
                ServerSentEvent(data: "b")
            ]),
        Case(
            "a byte order mark later in the stream is not dropped", "data: a\n\n\u{FEFF}data: b\n\n",
            [
                ServerSentEvent(data: "a")
            ]),
        Case("a stream that is only the first bytes of a byte order mark", [0xEF, 0xBB], []),
        Case(
            "CR LF, LF and CR all end lines", "data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\ndata: e\r\r",
            [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: "c"),
                ServerSentEvent(data: "d\ne"),
            ]),
        Case(
            "a CR LF is one line end, two CRs are two", "data: a\r\ndata: b\r\n\r\ndata: c\r\r",
            [
                ServerSentEvent(data: "a\nb"), ServerSentEvent(data: "c"),
            ]),
        Case(
            "a lone CR after LF lines ends a line, and LF lines after it still do",
            "data: a\n\ndata: b\rdata: c\n\ndata: d\n\n",
            [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b\nc"), ServerSentEvent(data: "d"),
            ]),
        Case(
            "comments dispatch nothing, also inside an event", ": keep-alive\n\ndata: a\n: note\ndata: b\n\n",
            [
                ServerSentEvent(data: "a\nb")
            ]),
        Case(
            "one leading space is dropped from a value, not two", "data:a\n\ndata: b\n\ndata:  c\n\n",
            [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: " c"),
            ]),
        Case("the value runs from the first colon", "data: a: b:c\n\n", [ServerSentEvent(data: "a: b:c")]),
        Case(
            "a line without a colon is a field with an empty value", "data\n\ndata\ndata\n\n",
            [
                ServerSentEvent(data: ""), ServerSentEvent(data: "\n"),
            ]),
        Case(
            "data lines join with LF, an empty one included", "data: a\ndata:\ndata: b\n\n",
            [
                ServerSentEvent(data: "a\n\nb")
            ]),
        Case(
            "event sets the type of one event only", "event: delta\ndata: a\n\ndata: b\n\n",
            [
                ServerSentEvent(type: "delta", data: "a"), ServerSentEvent(data: "b"),
            ]),
        Case(
            "an event without data is not dispatched, and its type is forgotten", "event: x\n\ndata: a\n\n",
            [
                ServerSentEvent(data: "a")
            ]),
        Case(
            "the last event ID outlives its event; an empty id resets it",
            "id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
            [
                ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "7"),
                ServerSentEvent(data: "c", id: ""),
            ]),
        Case(
            "an id that contains NUL is ignored", "id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\n",
            [
                ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1"),
            ]),
        Case(
            "retry counts only when it is all ASCII digits",
            "retry: 1500\ndata: a\n\nretry: -5\ndata: b\n\nretry: 1.5\ndata: c\n\nretry: 12x\ndata: d\n\nretry:\ndata: e\n\n",
            [
                ServerSentEvent(data: "a", retry: 1500), ServerSentEvent(data: "b"), ServerSentEvent(data: "c"),
                ServerSentEvent(data: "d"), ServerSentEvent(data: "e"),
            ]),
        Case("unknown fields are ignored", "foo: bar\nData: no\ndata: a\nretryx: 1\n\n", [ServerSentEvent(data: "a")]),
        Case("a partial event at the end is discarded", "data: a\n\ndata: b\n", [ServerSentEvent(data: "a")]),
        Case("a partial line at the end is discarded", "data: a\n\ndata: b", [ServerSentEvent(data: "a")]),
        Case(
            "invalid UTF-8 becomes U+FFFD", [UInt8]("data: a".utf8) + [0xFF, 0xC3] + [UInt8]("\n\n".utf8),
            [
                ServerSentEvent(data: "a\u{FFFD}\u{FFFD}")
            ]),
        Case("multi-byte characters survive any split", "data: ü😀\n\n", [ServerSentEvent(data: "ü😀")]),
        Case(
            "a chat completion stream",
            "data: {\"delta\":\"Hel\"}\n\ndata: {\"delta\":\"lo\"}\n\ndata: [DONE]\n\n",
            [
                ServerSentEvent(data: #"{"delta":"Hel"}"#), ServerSentEvent(data: #"{"delta":"lo"}"#),
                ServerSentEvent(data: "[DONE]"),
            ]),
    ]

    private static func events(of chunks: [ArraySlice<UInt8>]) -> [ServerSentEvent<String>] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent<String>] = []
        for chunk in chunks {
            events += parser.parse(chunk)
        }
        parser.finish()
        return events
    }

    @Test("Each stream gives the standard's events whole, in every two-chunk split and byte by byte", arguments: corpus)
    func parsesWhateverTheSplit(_ example: Case) {
        let bytes = example.stream[...]
        #expect(Self.events(of: [bytes]) == example.events)
        for split in bytes.indices.dropFirst() {
            let events = Self.events(of: [bytes[..<split], bytes[split...]])
            #expect(events == example.events, "split at byte \(split)")
        }
        let oneByteAtATime = bytes.indices.map { bytes[$0...$0] }
        #expect(Self.events(of: oneByteAtATime) == example.events, "one byte at a time")
    }

    @Test("The parser keeps the last dispatched event ID and the reconnection time for a reconnection")
    func keepsStateForReconnection() {
        var parser = ServerSentEventParser()
        _ = parser.parse(Array("retry: 250\nid: 41\ndata: a\n\nid: 42\ndata: b".utf8))
        parser.finish()  // the connection dropped in the middle of an event
        // The partial event's `id` went to the buffer only; a reconnection sends the event source's
        // "last event ID string", which the standard sets at a blank line.
        #expect(parser.lastEventID == "41")
        #expect(parser.reconnectionTime == 250)
        #expect(parser.parse(Array("data: c\n\n".utf8)) == [ServerSentEvent(data: "c", id: "41")])
    }

    @Test("A new stream after finish may start with its own byte order mark")
    func dropsTheByteOrderMarkOfTheNextStream() {
        var parser = ServerSentEventParser()
        _ = parser.parse(Array("data: a\n\n".utf8))
        parser.finish()
        #expect(parser.parse(Array("\u{FEFF}data: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }
}
