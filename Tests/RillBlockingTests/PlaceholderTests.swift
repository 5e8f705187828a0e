// Replaced by the RillBlocking tests.
