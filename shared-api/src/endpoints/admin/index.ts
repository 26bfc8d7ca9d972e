// The admin's calls, one chunk loaded with the first of them (../admin-calls.ts).
export * from './activity.ts';
export * from './products.ts';
export * from './releases.ts';
export * from './spreadsheets.ts';
export * from './users.ts';
