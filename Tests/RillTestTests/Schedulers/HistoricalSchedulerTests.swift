import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct HistoricalSchedulerTests {
        private static let epoch = Date(timeIntervalSince1970: 0)

        @Test func theClockStartsAtTheEpochByDefaultAndIsNow() {
            let scheduler = HistoricalScheduler()
            #expect(scheduler.clock == Self.epoch)
            #expect(scheduler.now == Self.epoch)
        }

        @Test func scheduleRelativeRunsWhenTheClockReachesTheDueDate() {
            let start = Date(timeIntervalSince1970: 1_000_000)
            let scheduler = HistoricalScheduler(initialClock: start)
            let log = RunLog<TimeInterval>()
            _ = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in
                log.append(scheduler.now.timeIntervalSince(start))
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_500)) { _ in
                log.append(scheduler.now.timeIntervalSince(start))
                return Disposables.create()
            }
            scheduler.start()
            #expect(log.entries == [1.5, 60])
        }

        @Test func advanceToAndSleepMoveTheClockByDates() {
            let scheduler = HistoricalScheduler()
            let log = RunLog<Date>()
            scheduler.at(Date(timeIntervalSince1970: 10)) { log.append(scheduler.clock) }
            scheduler.at(Date(timeIntervalSince1970: 100)) { log.append(scheduler.clock) }
            scheduler.advanceTo(Date(timeIntervalSince1970: 50))
            #expect(log.entries == [Date(timeIntervalSince1970: 10)])
            #expect(scheduler.clock == Date(timeIntervalSince1970: 50))
            scheduler.sleep(100)
            #expect(scheduler.clock == Date(timeIntervalSince1970: 150))
            #expect(log.entries.count == 1)
            scheduler.start()
            #expect(log.entries == [Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 150)])
        }

        @Test func schedulePeriodicRunsEveryPeriodInHistoricalTime() {
            let scheduler = HistoricalScheduler()
            let log = RunLog<TimeInterval>()
            let periodic = scheduler.schedulePeriodic((), startAfter: .seconds(60), period: .seconds(60)) { _ in
                log.append(scheduler.now.timeIntervalSince1970)
            }
            scheduler.advanceTo(Date(timeIntervalSince1970: 200))
            periodic.dispose()
            scheduler.start()
            #expect(log.entries == [60, 120, 180])
        }

        @Test func theConverterPassesValuesThrough() {
            let converter = HistoricalSchedulerTimeConverter()
            let date = Date(timeIntervalSince1970: 42)
            #expect(converter.convertFromVirtualTime(date) == date)
            #expect(converter.convertToVirtualTime(date) == date)
            #expect(converter.convertFromVirtualTimeInterval(3) == 3)
            #expect(converter.convertToVirtualTimeInterval(3) == 3)
            #expect(converter.offsetVirtualTime(date, offset: 8) == Date(timeIntervalSince1970: 50))
            #expect(converter.compareVirtualTime(date, Date(timeIntervalSince1970: 43)) == .lessThan)
            #expect(converter.compareVirtualTime(date, date) == .equal)
            #expect(converter.compareVirtualTime(Date(timeIntervalSince1970: 43), date) == .greaterThan)
        }
    }
}
