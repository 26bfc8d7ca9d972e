import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { DOCS_CSP } from './security-headers.ts';

/**
 * The OpenAPI document, generated from the same zod schemas the routes validate with, at
 * /api/docs/json, and an interactive reference page at /api/docs. Must be registered before the routes.
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description:
          'The /api/v1 contract of the shop: catalog, reviews, orders, card payments (local test-mode gateway or Stripe), ' +
          'the local identity provider and the admin panel. Money is in rupees on the wire and paise in the payment ' +
          'calls. Errors are `{ success: false, message }`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
}
