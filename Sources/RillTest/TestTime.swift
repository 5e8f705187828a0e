/// Virtual time in `TestScheduler` ticks.
///
/// With the default resolution a tick stands for one second of scheduler time,
/// so `delay(.seconds(10), scheduler: scheduler)` delays by 10 ticks.
public typealias TestTime = Int
