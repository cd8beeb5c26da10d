// A served OpenAPI 3.1 document, loaded into a third-party request/response validator
// (openapi-backend: it matches a request to its operation by path template and method,
// deserialises and coerces path and query parameters, and checks bodies and responses).
// openapi-backend compiles with Ajv's draft-07 class by default; a 3.1 document's schemas are
// JSON Schema 2020-12, so it is given Ajv's 2020 class (and the formats) instead. The
// document itself is checked by @seriousme/openapi-schema-validator in openapi.test.ts.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document, type Request } from 'openapi-backend';

export interface DocumentCheck {
  /** Whether the document says the request is valid (and, when not, what it says is wrong). */
  request(request: Request): { valid: boolean; errors: string };
  /** Whether a real answer matches what the document says that operation answers with that status. */
  response(request: Request, status: number, body: unknown): { valid: boolean; errors: string };
}

export async function checkAgainst(document: unknown): Promise<DocumentCheck> {
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as Document,
    // The 3.0 definition check would refuse 3.1 keywords; the document is validated elsewhere.
    quick: true,
    strict: true,
    customizeAjv: (_draft07, options) => {
      const ajv = new Ajv2020({ ...options, strict: false });
      addFormats.default(ajv);
      return ajv as never;
    },
  });
  await api.init();
  const text = (errors: unknown) => JSON.stringify(errors ?? []).slice(0, 600);
  return {
    request(request) {
      const result = api.validateRequest(request);
      return { valid: result.valid, errors: text(result.errors) };
    },
    response(request, status, body) {
      const operation = api.router.matchOperation(request);
      if (!operation) return { valid: false, errors: `no operation for ${request.method} ${request.path}` };
      const result = api.validateResponse(body, operation, status);
      return { valid: result.valid, errors: text(result.errors) };
    },
  };
}
