import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    baseDir: SWAGGER_UI_STATIC,
    logo: productMark(webDistDir),
  });
}

/**
 * Swagger UI's pages, in its package. Its code is bundled into the built server (required from
 * node_modules, it loaded a second copy of its YAML library, ~60 modules and 25-65 ms of every
 * start), so it is told where its files are rather than finding them beside its code.
 */
const SWAGGER_UI_STATIC = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

/**
 * The web app's icon for the docs' top bar, read here: given no logo, Swagger UI reads its own
 * with an await (in a start's profile that await kept the plugin queue idle for ~130 ms), and
 * from beside its code, which the built server does not have. While the web app is not built
 * (tests, a checkout before its first start), Swagger UI's own.
 */
function productMark(webDistDir: string) {
  const file = path.join(webDistDir, 'favicon.svg');
  const mark = existsSync(file) ? file : path.join(SWAGGER_UI_STATIC, 'logo.svg');
  return { type: 'image/svg+xml', content: readFileSync(mark) };
}
