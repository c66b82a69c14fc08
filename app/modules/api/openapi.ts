import { z } from "zod";
import { OPERATIONS, type Operation } from "./operations";
import { apiSchemas, SiteQuery } from "./schemas";

/**
 * The OpenAPI 3.1 document of /api/v1, made from the operations table and the
 * zod schemas the handlers validate with (decision 045): response shapes become
 * components (output types), parameters and bodies are inlined as their input
 * types. Nothing here is written twice by hand.
 */

const API_VERSION = "1.0.0";
export const API_BASE_PATH = "/api/v1";

type JsonSchema = Record<string, unknown>;

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

const REF = (id: string) => `#/components/schemas/${id}`;

function components() {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: REF, io: "output", unrepresentable: "any" }) as {
    schemas: Record<string, JsonSchema>;
  };
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, clean(schema)]));
}

/** A schema of the registry as a $ref, anything else inlined. */
function schemaRef(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const id = apiSchemas.get(schema)?.id;
  if (id) return { $ref: REF(id) };
  return clean(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema);
}

type Parameter = { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema };

function parametersOf(object: z.ZodObject | undefined, where: "path" | "query"): Parameter[] {
  if (!object) return [];
  const json = z.toJSONSchema(object, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === "path" || (json.required ?? []).includes(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

const ERROR_TEXT: Record<number, string> = {
  400: "validation_error: a parameter or the body is not valid (see issues)",
  401: "unauthorized: no key, or a key that is unknown or revoked",
  403: "forbidden: the key may not act on that site",
  404: "not_found: no such record in the key's workspace and site",
  409: "conflict: the record's state does not allow it",
  413: "payload_too_large: the body is over 2 MB",
  422: "quota_exceeded: the plan allows no more AI articles now",
  429: "rate_limited: too many requests with this key; see Retry-After",
  500: "internal_error",
};

const RATE_HEADERS = {
  RateLimit: { description: 'Quota left in the window, e.g. "default";r=119;t=60', schema: { type: "string" } },
  "RateLimit-Policy": { description: 'The key\'s limit, e.g. "default";q=120;w=60', schema: { type: "string" } },
};

function operationObject(operationId: string, op: Operation) {
  const errorStatuses = [...new Set([...op.errors, 401, 403, 429, 500])].sort();
  const responses: Record<string, unknown> = {
    [op.success.status]: {
      description: op.success.description,
      headers: RATE_HEADERS,
      ...(op.success.schema ? { content: { "application/json": { schema: schemaRef(op.success.schema, "output") } } } : {}),
    },
  };
  for (const status of errorStatuses) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? "error",
      ...(status === 429 ? { headers: { ...RATE_HEADERS, "Retry-After": { schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: { $ref: REF("Error") } } },
    };
  }
  return {
    operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    parameters: [...parametersOf(op.params, "path"), ...parametersOf(op.query, "query"), ...parametersOf(SiteQuery, "query")],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: schemaRef(op.body, "input"),
                ...(op.example?.body ? { example: op.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document; `serverUrl` is this server's origin. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, op] of Object.entries(OPERATIONS) as Array<[string, Operation]>) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(operationId, op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Inkpilot API",
      version: API_VERSION,
      description:
        'Articles, AI generations, publishing, connections, topics and plan items of one workspace. Authenticate with `Authorization: Bearer <key>` (Settings → Integrations → Developer API). Errors are `{ "error": { "code", "message" } }` with stable codes. Each key may make 120 requests a minute (RateLimit and RateLimit-Policy headers).',
    },
    servers: [{ url: `${serverUrl}${API_BASE_PATH}` }],
    security: [{ bearerAuth: [] }],
    tags: ["Sites", "Articles", "Generations", "Publishing", "Topics", "Plan"].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key, ink_live_…" } },
      schemas: components(),
    },
  };
}
