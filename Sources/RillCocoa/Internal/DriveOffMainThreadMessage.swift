/// The message `drive` stops with off the main thread.
let driveOffMainThreadMessage = """
    Rill: drive(...) was called off the main thread. A Driver sends its latest element \
    to a new subscriber at once, on the subscribing thread, so that element would \
    arrive off the main thread. Call drive on the main thread (for example inside \
    DispatchQueue.main.async), or use asObservable() to subscribe elsewhere.
    """
