import Foundation

/// What a ``RateLimitPacer`` knows of one partition at a moment: the budgets the last answers
/// announced, the pause a refusal started, and how many calls wait and how many are in flight.
struct RateLimitStatus: Sendable, Equatable {
    /// The limits announced for the partition, each with the units the pacer counts as left
    /// (the announced `remaining`, less the calls admitted since) and its reset.
    var limits: [RateLimitAnnouncement.Limit] = []
    /// The end of the pause a refusal started; `nil` when calls are not paused.
    var pausedUntil: Date?
    /// How many calls wait to be admitted.
    var waiting = 0
    /// How many admitted calls have not finished.
    var inFlight = 0
}
