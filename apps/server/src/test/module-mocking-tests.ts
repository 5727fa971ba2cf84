// The API test files that replace a module with vi.mock or vi.doMock. The API project shares one module graph among
// the files a worker runs (vitest.config.ts, docs/decisions/0089), where an earlier file has already loaded the real
// module; these files run in a project of their own that gives each file a fresh graph. module-mocking.test.ts fails
// for a file that mocks a module and is not listed here.
export const MODULE_MOCKING_TESTS = ['apps/server/src/features/password-recovery/reset-answer-timing.test.ts'];
