// Zod schemas of every entity, request and response of the /api/v1 contract (`@shop/shared-api/schemas`).
// The api validates requests and its own answers with these; the browser takes their types, the zod-free
// constants and pricing through `@shop/shared-api`, and the validators only where a form parses input.
// This folder imports nothing but zod.
export * from './constants.ts';
export * from './common.ts';
export * from './user.ts';
export * from './product.ts';
export * from './order.ts';
export * from './order-refunds.ts';
export * from './payment.ts';
export * from './payment-methods.ts';
export * from './upi.ts';
export * from './razorpay.ts';
export * from './cart.ts';
export * from './pricing.ts';
export * from './admin-lists.ts';
export * from './admin-activity.ts';
export * from './catalog-feeds.ts';
export * from './releases.ts';
export * from './site-health.ts';
export * from './spreadsheets.ts';
