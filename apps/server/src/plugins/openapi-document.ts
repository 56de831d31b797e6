/**
 * The finishing touches of the OpenAPI document, once @fastify/swagger and
 * fastify-type-provider-zod have written it: one component per named shape, and a description
 * for every response.
 */

/**
 * What each status means wherever it is answered (docs/architecture.md, "Error codes"): the
 * description of an error, and of a success whose shape has none.
 */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  400: 'The request is invalid: `message` says why, `errors` lists each field that failed',
  401: 'The credentials are wrong',
  403: "The user's role or the firm's plan does not allow this",
  404: 'Nothing of that id in the firm',
  409: 'It conflicts with the current state',
  413: 'The file or body is too large',
  420: 'The bearer token is missing, invalid or expired',
  421: 'Not enough credits',
  422: 'The file cannot be imported',
  429: 'Too many attempts; try again later',
  502: 'The payment provider failed',
  503: 'A service the request needs is unavailable',
};

/** The parts of the document tidied here. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}
const SCHEMAS = '#/components/schemas/';
const INPUT = 'Input';

/** Every component name the document references, following references inside components. */
function referencedComponents(doc: OpenApiDocument): Set<string> {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const found = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!;
      if (found.has(name)) continue;
      found.add(name);
      visit(schemas[name]);
    }
  };
  visit(doc.paths);
  return found;
}

/**
 * fastify-type-provider-zod writes every named schema twice, as read (`NameInput`) and as
 * written (`Name`). Keep one `Name` where both read the same or only one is used, and drop what
 * nothing references, so client generators get one type per shape, named as the contract names it.
 */
function tidyComponents(doc: OpenApiDocument): OpenApiDocument {
  const used = referencedComponents(doc);
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const outputOf = (name: string) => name.slice(0, -INPUT.length);
  /** Input shapes that take their output's name: unused as output, or equal to it. */
  const folded = new Set([...used].filter((name) => name.endsWith(INPUT)));
  const rewrite = (value: unknown) =>
    JSON.stringify(value).replace(/"#\/components\/schemas\/([^"]+)"/g, (ref, name: string) =>
      folded.has(name) ? `"${SCHEMAS}${outputOf(name)}"` : ref,
    );
  // Equal once the shapes they reference fold too: repeat until nothing more unfolds.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of folded) {
      const output = outputOf(name);
      if (used.has(output) && rewrite(schemas[name]) !== rewrite(schemas[output])) {
        folded.delete(name);
        changed = true;
      }
    }
  }
  const kept: Record<string, unknown> = {};
  const keep = (name: string, from: string) => {
    // Their `$id` ("#/components/schemas/…") would only confuse resolvers: the key names them.
    const { $id: _id, $schema: _schema, ...schema } = schemas[from] as Record<string, unknown>;
    kept[name] = schema;
  };
  for (const name of [...used].sort()) {
    if (!folded.has(name)) keep(name, name);
    else if (!used.has(outputOf(name))) keep(outputOf(name), name);
  }
  return JSON.parse(
    rewrite({ ...doc, components: { ...doc.components, schemas: kept } }),
  ) as OpenApiDocument;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

/**
 * Gives every response without a description of its own (@fastify/swagger writes "Default
 * Response") one: its named shape's for a success, its status's for an error.
 */
function describeResponses(doc: OpenApiDocument): OpenApiDocument {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, { description?: string }>;
  for (const operations of Object.values(doc.paths ?? {}) as Record<string, unknown>[]) {
    for (const operation of Object.values(operations)) {
      const responses = (operation as { responses?: Record<string, ResponseObject> }).responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        if (response.description && response.description !== 'Default Response') continue;
        const ref = response.content?.['application/json']?.schema?.$ref;
        const named = ref?.startsWith(SCHEMAS)
          ? schemas[ref.slice(SCHEMAS.length)]?.description
          : undefined;
        const byStatus = STATUS_DESCRIPTIONS[status];
        // An error's status says more than its body's shape (the same for every error).
        response.description =
          (Number(status) >= 400 ? (byStatus ?? named) : (named ?? byStatus)) ?? `HTTP ${status}`;
      }
    }
  }
  return doc;
}

export function finishDocument(doc: OpenApiDocument): OpenApiDocument {
  return describeResponses(tidyComponents(doc));
}
