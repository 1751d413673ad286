#if canImport(Glibc)
import Glibc
#endif
@testable import GalgenServe
import Testing

/// serve's share of file descriptors: connections never take the ones a rebuild needs.
struct DescriptorBudgetTests {
    @Test func connectionsLeaveTheReserveFreeAndNeverDropBelowAFloor() {
        #expect(DescriptorBudget.maximumConnections(openFileLimit: 1024) == (1024 - DescriptorBudget.reserve) / 2)
        #expect(DescriptorBudget.maximumConnections(openFileLimit: 1024) == 416)
        #expect(DescriptorBudget.maximumConnections(openFileLimit: 100) == 32)
        #expect(DescriptorBudget.maximumConnections(openFileLimit: 1 << 20) == ((1 << 20) - 192) / 2)
    }

    @Test func theSoftLimitRisesToTheHardLimitAndNoFurther() {
        var before = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &before) == 0)
        let now = DescriptorBudget.raiseOpenFileLimit()
        #expect(now >= Int(clamping: before.rlim_cur))
        #expect(now <= Int(clamping: before.rlim_max))
        #expect(now == Int(clamping: min(before.rlim_max, rlim_t(1 << 20))))
    }
}
