// Zod schemas of every entity, request and response of the /api/v1 contract. The api validates with these
// and the browser types its calls with them, so this folder imports nothing but zod.
export * from './common.ts';
export * from './user.ts';
export * from './product.ts';
export * from './order.ts';
export * from './payment.ts';
export * from './cart.ts';
export * from './pricing.ts';
export * from './admin-lists.ts';
