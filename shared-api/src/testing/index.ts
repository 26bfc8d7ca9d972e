export * from './fixtures.ts';
export { apiFailure, fakeApi, type FakeRequest, type FakeRoute } from './fake-api.ts';
