// Server test files open a real database (migrations and seed) in their hooks; on a busy machine
// that takes longer than jest's 5 s default, which a project's `testTimeout` does not change.
jest.setTimeout(60_000);
