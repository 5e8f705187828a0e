// `import RxBlocking` is `import RillBlocking` (and, as with RxSwift's RxBlocking, the core).
@_exported import RillBlocking
@_exported import RxSwift
