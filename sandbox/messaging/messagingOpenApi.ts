// GET /openapi.json of the Messaging API (OpenAPI 3.1), built from the operation list: each
// operation's zod input and output schemas and its result-code table, so the document says
// what the server does. Bodies come in three formats with the same fields.
import { z } from 'zod';
import { MESSAGING_LIMITS, OPENAPI_VERSION } from '../../shared/limits.ts';
import {
  MESSAGING_RESULT_TABLES,
  resultHttpStatus,
  type MessagingOperation,
  type ResultCode,
} from '../../shared/messagingCodes.ts';
import { FaultsInput, type AdminRoute } from './messagingAdmin.ts';
import type { Operation } from './operation.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

function codeTable(rows: readonly ResultCode[]): string {
  return [
    '| Status | Code | HTTP | Meaning |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.status} | ${r.code} | ${resultHttpStatus(r.code)} | ${r.meaning} |`),
  ].join('\n');
}

/** The answer schema for the codes of one table that share an HTTP status. */
function resultSchema(rows: readonly ResultCode[], extra: Json | undefined): Json {
  const base: Json = {
    status: { enum: [...new Set(rows.map((r) => r.status))] },
    code: { enum: rows.map((r) => r.code) },
    message: { type: 'string', description: 'What happened and what to change.' },
    requestId: {
      type: 'string',
      format: 'uuid',
      description: 'Quote it when reporting a problem; also in X-Request-Id.',
    },
  };
  const properties = { ...((extra?.properties as Json | undefined) ?? {}), ...base };
  return { type: 'object', required: ['status', 'code', 'message', 'requestId'], properties };
}

/** The route's answers every operation can get: a target that is not a URL, a wrong method, and (GET) too long a query. */
function routeRows(table: MessagingOperation, method: string): ResultCode[] {
  if (table === 'admin') return [];
  const codes = method === 'GET' ? ['400', '405', '414'] : ['400', '405'];
  return MESSAGING_RESULT_TABLES.route.filter((r) => codes.includes(r.code));
}

function responses(table: MessagingOperation, extra: Json | undefined, method = 'POST'): Json {
  const byStatus = new Map<number, ResultCode[]>();
  const own = MESSAGING_RESULT_TABLES[table] as readonly ResultCode[];
  const rows = [...own, ...routeRows(table, method).filter((r) => !own.some((o) => o.code === r.code))];
  for (const row of rows) {
    const status = resultHttpStatus(row.code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), row]);
  }
  const out: Json = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: group.map((r) => `${r.code}: ${r.meaning}`).join('; '),
      content: { 'application/json': { schema: resultSchema(group, status === 200 ? extra : undefined) } },
    };
  }
  return out;
}

const KEY_NOTE =
  'The key may instead (or also) come as `Authorization: Bearer <key>`; when both are given they must name the same key (else 401).';

function withKey(schema: Json, keyField: string): Json {
  const properties = {
    [keyField]: { type: 'string', description: `The Messaging API key. ${KEY_NOTE}` },
    ...((schema.properties as Json) ?? {}),
  };
  return { ...schema, properties };
}

function operationDoc(op: Operation): Json {
  const input = withKey(jsonSchema(op.input, 'input'), op.keyField);
  const doc: Json = {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    tags: [op.table === 'calendar' ? 'Calendar' : op.table === 'contacts' ? 'Contacts' : 'Messages'],
    description: `Result codes (the HTTP status follows the code):\n\n${codeTable(MESSAGING_RESULT_TABLES[op.table])}`,
    security: [{ bearerAuth: [] }, {}],
    responses: responses(op.table, jsonSchema(op.output, 'output'), op.method),
  };
  if (op.source === 'query') {
    const props = input.properties as Record<string, Json>;
    doc.parameters = Object.entries(props).map(([name, property]) => {
      const { description, ...rest } = property;
      // Query values are always text, whatever JSON would also take.
      const schema = rest.type === 'string' ? rest : { type: 'string' };
      return { name, in: 'query', required: false, schema, ...(description ? { description } : {}) };
    });
    doc.security = [{ bearerAuth: [] }, { keyQuery: [] }, {}];
    return doc;
  }
  const content: Json = { 'application/json': { schema: input } };
  if (op.source === 'body') {
    const formNote = 'The same fields as text; nested fields use brackets, e.g. start[dateTime], custom[plan].';
    content['application/x-www-form-urlencoded'] = { schema: { ...input, description: formNote } };
    const multipart = op.file
      ? withFile(
          input,
          op.file.field,
          `The MMS file: an image, video or audio file of at most ${MESSAGING_LIMITS.mmsMaxBytes} bytes (sniffed, not trusted by name).`,
        )
      : input;
    content['multipart/form-data'] = { schema: { ...multipart, description: formNote } };
  }
  doc.requestBody = { required: true, content };
  return doc;
}

function withFile(schema: Json, field: string, description: string): Json {
  const properties = {
    ...((schema.properties as Json) ?? {}),
    [field]: { type: 'string', contentMediaType: 'application/octet-stream', description },
  };
  return { ...schema, properties };
}

function adminDoc(route: AdminRoute): Json {
  const doc: Json = {
    operationId: `sandbox${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: `${route.summary} (sandbox only)`,
    tags: ['Sandbox admin'],
    security: [{ sandboxAdmin: [] }],
    responses: responses('admin', { type: 'object', additionalProperties: true }),
  };
  if (route.path.endsWith('/faults'))
    doc.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(FaultsInput, 'input') } } };
  return doc;
}

export function buildMessagingOpenApi(serverUrl: string, operations: Operation[], admin: AdminRoute[]): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationDoc(op) };
  for (const route of admin)
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: adminDoc(route) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Messaging API (Clipdesk sandbox)',
      version: OPENAPI_VERSION,
      description: [
        'Calendar events, contacts (leads) and text/MMS messages (spec: messaging-api.md).',
        'Every answer is JSON `{status, code, message, requestId, …}` with status Success, Error or Busy and a result code from the',
        "operation's table. The HTTP status is the code when the code is 400, 401, 404, 405 or 500, and 200 otherwise.",
        'Bodies may be JSON, application/x-www-form-urlencoded or multipart/form-data with the same fields (form and query values',
        'are URL-decoded once, by their format; JSON and multipart values are taken as sent). The calendar takes the key as',
        '`apiKey`, the others as `key`; `Authorization: Bearer <key>` also works. 02 is a key the service does not recognise; 401 is',
        'a revoked key, a malformed Authorization header, or one naming another key than the key field.',
        'Message status moves from scheduled (before its time) to queued, sent and delivered.',
      ].join(' '),
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Calendar', description: 'Business hours are Monday to Friday, 09:00 to 18:00 in the start time zone.' },
      {
        name: 'Contacts',
        description: 'Contacts sharing a group_id form a group that messages can address with groupid.',
      },
      {
        name: 'Messages',
        description: `At most ${MESSAGING_LIMITS.contactsPerRequest} numbers per request and ${MESSAGING_LIMITS.messageLength} characters per text.`,
      },
      { name: 'Sandbox admin', description: 'Controls that exist only in the sandbox, for tests.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The Messaging API key as a Bearer token.' },
        sandboxAdmin: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Sandbox-Admin',
          description: 'The adminToken of the READY line; only the sandbox-only controls take it.',
        },
        keyQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description: 'The Messaging API key as the key query parameter.',
        },
      },
    },
  };
}
