import Foundation

/// What an observer answers for a call it does not watch: a tracer that is the no-op one, metrics
/// that go nowhere. The client leaves such an observation out, and a call that only such
/// observations would watch runs as a call without observers: no observation step at all.
package struct UnobservedCall: CallObservation {
    package init() {}
}
