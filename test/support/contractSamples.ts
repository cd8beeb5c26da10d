// Arguments for every request of the IPC contract, made from the request's own zod schema
// (through its JSON Schema): a valid one, and for each field a value of the wrong type. The
// binding tests use them so a request added by any screen is covered without a hand-written
// sample. Sizes are kept small (strings, arrays): the point is shape, not volume.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const MAX_STRING = 24;
const MAX_ITEMS = 2;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  if (schema.format === 'base64') return fc.base64String({ maxLength: 16 });
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  if (schema.format === 'uuid') return fc.uuid();
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.001) : schema.minimum;
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.001) : schema.maximum;
  const min = Math.max(low ?? -1000, -1000);
  const max = Math.min(high ?? 1000, Math.max(min, 1000));
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** Values the schema is meant to accept (zod's refinements may still refuse a few: callers filter). */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(arbitraryOf(schema.items ?? {}), { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant('any');
  }
}

/** A valid argument of `schema`, or null when none of `tries` generated values passed it. */
export function validSample(schema: z.ZodType, tries = 300, seed = 7): unknown {
  const candidates = fc.sample(arbitraryOf(jsonSchemaOf(schema)), { numRuns: tries, seed });
  return candidates.find((candidate) => schema.safeParse(candidate).success) ?? null;
}

/**
 * A value no field of this JSON Schema type accepts: a number for text, text for a number,
 * and so on. Null for a field that takes anything (nothing is "wrong" for it).
 */
export function wrongValueFor(schema: JsonSchema): unknown {
  const choices = schema.anyOf ?? schema.oneOf;
  const types = choices ? choices.map(typeOf) : [typeOf(schema)];
  if (types.includes(undefined)) return null;
  if (!types.includes('object')) return { wrong: true };
  if (!types.includes('array')) return [1, 2, 3];
  return null;
}
