import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod contracts, browsable at /api/docs with the product's mark. */
export async function registerSwagger(app: FastifyInstance, webDistDir: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stratos API', description: 'Intelligence beyond storage', version: '0.1.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', logo: productMark(webDistDir) });
}

/**
 * The web app's icon for the docs' top bar, read here: given no logo, Swagger UI reads its own
 * with an await, and in a start's profile that await kept the plugin queue idle for ~130 ms.
 * While the web app is not built (tests, a checkout before its first start), Swagger UI's own.
 */
function productMark(webDistDir: string) {
  const file = path.join(webDistDir, 'favicon.svg');
  return existsSync(file) ? { type: 'image/svg+xml', content: readFileSync(file) } : undefined;
}
