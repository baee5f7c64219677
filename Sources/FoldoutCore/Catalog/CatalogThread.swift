import Glibc

/// Runs a closure on a thread of its own; `join` waits for it to finish. For splitting one large
/// job in two, where the caller does the other half and waits.
final class CatalogThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private var thread = pthread_t()
    private var running = false

    init(_ body: @escaping () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        running = pthread_create(&thread, nil, { raw in
            Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, work) == 0
        if !running { Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body() }
    }

    func join() {
        if running { pthread_join(thread, nil) }
        running = false
    }
}
