import Foundation

/// HTTP dates (RFC 9110 §5.6.7): `Date`, `Expires`, `Last-Modified` and `Retry-After` values.
///
/// The preferred form, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), is read by hand: a cache
/// reads a response's dates on every lookup, and a `DateFormatter` costs far more. The obsolete
/// RFC 850 and asctime forms, which RFC 9110 says a recipient must accept, go to a formatter.
package enum HTTPDate {
    /// The date `value` names, or `nil` when it is no HTTP date.
    package static func parse(_ value: String) -> Date? {
        let value = value.trimmingCharacters(in: .whitespaces)
        // HTTP dates hold only ASCII letters, digits, spaces, `,`, `:` and `-`; anything else is
        // refused before it reaches `DateFormatter`, which on Linux traps on a character made of
        // several scalars ("t" + U+05A9, found by the fuzzer; see Fuzz/README.md).
        guard value.utf8.count <= 64, value.utf8.allSatisfy(isDateByte) else { return nil }
        return parseFixdate(Array(value.utf8)) ?? parseObsolete(value)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: exactly 29 bytes.
    private static func parseFixdate(_ bytes: [UInt8]) -> Date? {
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == space, bytes[7] == space,
            bytes[11] == space, bytes[16] == space, bytes[19] == colon, bytes[22] == colon, bytes[25] == space,
            bytes[26...28].elementsEqual("GMT".utf8),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]),
            let hour = number(bytes[17..<19]), let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
            let month = months.firstIndex(where: { $0.elementsEqual(bytes[8..<11]) })
        else { return nil }
        return date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    }

    private static func parseObsolete(_ value: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for format in ["EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, as a `Date` header carries it.
    package static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(fromDays: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (index 4 of `weekdays`)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[weekday]), \(two(day)) \(String(decoding: months[month - 1], as: UTF8.self)) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDateByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), space, colon, UInt8(ascii: ","), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let colon = UInt8(ascii: ":")
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .map { Array($0.utf8) }
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}
