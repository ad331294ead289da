/**
 * OpenAPI 3.1 document generated from `endpoints` (server-side; deliberately not re-exported from index.ts
 * so the browser bundle never carries the JSON Schema generator).
 * Requests are described as the server accepts them (io 'input'), responses as it sends them (io 'output').
 */
import * as z from 'zod/mini';
import { API_HEADERS } from './headers';
import { ErrorEnvelope, IdempotencyKey, type EndpointDef, type Schema, successEnvelope } from './core';
import { endpointList } from './index';
import { opsEndpointList } from './ops';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};
interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema; description?: string }>;
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
}

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'auth', description: 'Sign-up, sign-in, email codes, token refresh (no bearer token).' },
  { name: 'users', description: 'The signed-in user.' },
  { name: 'wallet', description: 'Balances, transactions, SBP top-up, currency exchange.' },
  { name: 'cards', description: 'Cards, card products, trades, sensitive data.' },
  { name: 'config', description: 'Runtime configuration and exchange quotes.' },
  { name: 'app-lock', description: 'App lock: passcode, tries, biometric unlock tokens.' },
  { name: 'promo', description: 'Referral programme.' },
  { name: 'notifications', description: 'Telegram bot notifications: which kinds the user gets.' },
  { name: 'observability', description: 'Errors in the app, reported to the server (counted in the metrics).' },
  {
    name: 'ops',
    description:
      "The operator side (/api/ops/*, docs/ops.md): the console's calls. An operator's bearer token (its own audience; a user's token is refused here and an operator's everywhere else); x-roles lists the roles that may call.",
  },
];

const toJson = (schema: Schema, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Object schema → one OpenAPI parameter per property. */
const parametersOf = (schema: Schema | undefined, location: 'path' | 'query'): OpenApiOperation['parameters'] => {
  if (!schema) return [];
  const json = toJson(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, propSchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propSchema,
  }));
};

const errorResponse = { $ref: '#/components/responses/Error' };

const operationOf = (endpoint: EndpointDef): OpenApiOperation => {
  const parameters = [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')];
  if (endpoint.idempotent) {
    parameters.push({
      name: API_HEADERS.idempotencyKey,
      in: 'header',
      required: true,
      schema: toJson(IdempotencyKey, 'input'),
      description: 'Unique per user action; a retry with the same key and body answers the first result.',
    });
  }
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Success',
      content: { 'application/json': { schema: toJson(successEnvelope(endpoint.response), 'output') } },
    },
    '4XX': errorResponse,
    '5XX': errorResponse,
  };
  if (endpoint.auth !== 'none') responses['401'] = errorResponse;
  if (endpoint.roles) responses['403'] = { ...errorResponse, description: `Refused unless the operator holds one of: ${endpoint.roles.join(', ')}.` };
  const guards = (endpoint.requires ?? []).map((r) => (typeof r === 'string' ? r : `${r.guard} (some requests)`));
  if (guards.length) responses['403'] = { ...errorResponse, description: `Refused by a guard: ${guards.join(', ')} (docs/api.md "Guards").` };
  return {
    operationId: endpoint.id,
    ...(guards.length ? { 'x-guards': guards } : {}),
    ...(endpoint.roles ? { 'x-roles': [...endpoint.roles] } : {}),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    security: endpoint.auth === 'bearer' ? [{ bearerAuth: [] }] : endpoint.auth === 'operator' ? [{ operatorAuth: [] }] : [],
    parameters,
    ...(endpoint.body
      ? { requestBody: { required: true as const, content: { 'application/json': { schema: toJson(endpoint.body, 'input') } } } }
      : {}),
    responses,
  };
};

export const buildOpenApiDocument = (options: { serverUrl?: string } = {}): OpenApiDocument => {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of [...endpointList, ...opsEndpointList] as ReadonlyArray<EndpointDef>) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Wallet & Cards Mini App API',
      version: '1.0.0',
      description:
        'Every answer is an envelope: { success: true, data } or { success: false, error: { service, code, message } }. ' +
        'Money is { amount: integer minor units, currency }. See docs/api.md.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        operatorAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "An operator's access token (audience ops)." },
      },
      schemas: {
        ErrorEnvelope: toJson(ErrorEnvelope, 'output'),
      },
      responses: {
        Error: {
          description: 'Error envelope; error.code is listed in docs/api.md "Errors".',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
};
