import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { accessOf, ERRORS, ZFailure, type Endpoint } from '@bp/contract';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
}

/** OpenAPI 3 document generated from the contract: the contract is the one definition of the API. */
export function buildOpenApi(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const p = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', e.query],
      ['path', e.params],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        });
      }
    }
    if (e.auth !== 'none') {
      parameters.push({
        name: 'Authorization',
        in: 'header',
        required: e.auth === 'member' || e.auth === 'operator',
        description: 'raw session token (no Bearer prefix)',
        schema: { type: 'string' },
      });
    }
    if (e.auth !== 'operator') {
      parameters.push({
        name: 'Merchant',
        in: 'header',
        required: false,
        description: 'merchant code; omit to resolve the merchant from the host',
        schema: { type: 'string' },
      });
    }
    parameters.push({
      name: 'Language',
      in: 'header',
      required: false,
      schema: { type: 'string', example: 'BN' },
    });
    const op: Record<string, unknown> = {
      operationId: e.id,
      summary: e.summary,
      tags: e.tags ?? [],
      parameters,
      responses: {
        200: {
          description: 'success envelope',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success', 'value'],
                properties: {
                  success: { type: 'boolean', enum: [true] },
                  value: jsonSchema(e.response, 'output'),
                },
              },
            },
          },
        },
        default: {
          description: `failure envelope; errorCode one of ${Object.keys(ERRORS).join(', ')}`,
          content: { 'application/json': { schema: jsonSchema(ZFailure, 'output') } },
        },
      },
      // who may call: session kind, member kinds or operator permission (the authorization matrix test reads it)
      'x-access': accessOf(e),
      ...(e.modId ? { 'x-module-id': e.modId } : {}),
      ...(e.encrypted ? { 'x-encrypted': true } : {}),
    };
    if (e.body) {
      op.requestBody = {
        required: true,
        content: {
          [e.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
            schema: jsonSchema(e.body, 'input'),
          },
        },
      };
    }
    (paths[p] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Betting platform API',
      version: '1.0.0',
      description:
        'Every response is the platform envelope: {success:true,value} or {success:false,errorCode,message,msg}.',
    },
    paths,
  };
}

/**
 * Serves the document at /docs (Swagger UI) and /docs/json. It is written on its first read, not at
 * start-up: writing it (every endpoint's schemas as JSON Schema) takes a few hundred milliseconds and
 * holds about 2.5 MB, which an instance nobody asks for its documentation never needs.
 */
export async function installDocs(app: FastifyInstance, endpoints: Endpoint[]) {
  let built: ReturnType<typeof buildOpenApi> | undefined;
  const doc = () => (built ??= buildOpenApi(endpoints));
  // the plugin keeps this object and hands it out as the document: its parts are read through getters
  const document = {
    get openapi() {
      return doc().openapi;
    },
    get info() {
      return doc().info;
    },
    get paths() {
      return doc().paths;
    },
  };
  await app.register(swagger, {
    mode: 'static',
    specification: { document: document as any },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
