import { API_BASE_PATH, openApiDocument } from "./openapi";

/**
 * The API reference page's content, read from the OpenAPI document itself
 * (decision 045), so the page, the document and the handlers say the same:
 * every operation with its parameters, body fields, an example request, the
 * success answer and the errors; then every response shape.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
};

type ReferenceField = { name: string; type: string; required: boolean; description: string };

/** A short type as a person reads it: string, integer | null, Article[], "draft" | "live". */
function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").at(-1)!;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeLabel))].join(" | ");
  if (schema.type === "array") return `${typeLabel(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return schema.type ?? "any";
}

function fieldsOf(schema: JsonSchema | undefined): ReferenceField[] {
  return Object.entries(schema?.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeLabel(field),
    required: (schema?.required ?? []).includes(name),
    description: [field.description, field.default !== undefined ? `Default ${JSON.stringify(field.default)}.` : ""]
      .filter(Boolean)
      .join(" "),
  }));
}

type Parameter = { name: string; in: string; required: boolean; description?: string; schema: JsonSchema };
type OperationObject = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema; example?: unknown } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
};

/**
 * The reference depends only on the server's URL (fixed for the life of the process), and building it from the
 * operations' schemas cost about 2 ms per view of the API reference page: built once per URL (docs/decisions/053).
 * Callers read it only; the page's loader copies it into its data.
 */
const references = new Map<string, ReturnType<typeof buildApiReference>>();

export function apiReference(serverUrl: string) {
  let reference = references.get(serverUrl);
  if (!reference) {
    reference = buildApiReference(serverUrl);
    references.set(serverUrl, reference);
  }
  return reference;
}

function buildApiReference(serverUrl: string) {
  const doc = openApiDocument(serverUrl);
  const base = `${serverUrl}${API_BASE_PATH}`;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, OperationObject>).map(([method, op]) => {
      const body = op.requestBody?.content["application/json"];
      const [successStatus, success] = Object.entries(op.responses).find(([status]) => Number(status) < 300)!;
      const curl = [
        `curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${base}${path.replace(/\{(\w+)\}/g, "$$$1")}`,
        `  -H "Authorization: Bearer $INKPILOT_API_KEY"`,
        ...(body ? [`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(body.example ?? {})}'`] : []),
      ].join(" \\\n");
      return {
        id: op.operationId,
        tag: op.tags[0] ?? "",
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? "",
        parameters: op.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeLabel(p.schema),
          required: p.required,
          description: [p.description, p.schema.default !== undefined ? `Default ${JSON.stringify(p.schema.default)}.` : ""]
            .filter(Boolean)
            .join(" "),
        })),
        bodyFields: body ? fieldsOf(body.schema) : [],
        curl,
        success: {
          status: successStatus,
          description: success.description,
          type: success.content ? typeLabel(success.content["application/json"].schema) : null,
        },
        errors: Object.entries(op.responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([status, r]) => ({ status, description: r.description })),
      };
    }),
  );
  const schemas = Object.entries(doc.components.schemas as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    description: schema.description ?? "",
    fields: fieldsOf(schema),
  }));
  return { base, title: doc.info.title, version: doc.info.version, description: doc.info.description, operations, schemas };
}
