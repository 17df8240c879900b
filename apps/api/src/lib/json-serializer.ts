import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { rememberSharedBody } from './shared-bodies.js';

/**
 * Response serialization for hot routes (decision 020): the route's zod response schema is turned
 * into JSON Schema once, when the route is registered, and compiled with fast-json-stringify (what
 * Fastify uses for JSON Schema responses), instead of parsing every answer with zod at run time.
 *
 * What changes against the zod serializer: the answer is not validated. A property the schema does not
 * name is left out (as zod's strip did); a missing required property throws (a 500, as before); a
 * value of the wrong type is coerced rather than refused. So a route takes this only when its answers
 * are built field by field from typed rows (the service's to…() mappers), and every field it answers
 * is in its schema. A route opts in with `serializerCompiler: jsonSerializerCompiler`.
 */
export function jsonSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const serialize = fastJson(serializationSchema(schema as z.ZodType) as unknown as Parameters<typeof fastJson>[0]);
  // A frozen answer is a cached one, frozen whole (lib/public-cache.ts, lib/session-cache.ts): it
  // cannot change, so it is written once and its JSON handed to every later reader (decision 024),
  // remembered as a shared body so that it is compressed once too (lib/shared-bodies.ts).
  const written = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
      rememberSharedBody(json);
    }
    return json;
  };
}

type JsonSchema = { [key: string]: unknown };

/** The JSON Schema fast-json-stringify serializes `schema`'s output by, flattened where it can. */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  return simplify(json);
}

/** Keywords that only validate: fast-json-stringify never checks them, and `format` would make it convert. */
const VALIDATION_ONLY = new Set([
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'propertyNames',
]);

/**
 * anyOf makes fast-json-stringify validate each value against the branches at run time (ajv) to pick
 * one; the shapes zod produces are flattened instead: `X | null` becomes a nullable type, an enum or
 * any string becomes a string, and alternative objects (a tip jar in full or its public part) become
 * one object with every property, required only where every branch requires it. A property is only
 * written when present, so each answer keeps exactly the fields it has.
 */
function simplify(node: unknown): JsonSchema {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, simplify(v)]));
    } else if (key === 'anyOf') {
      Object.assign(out, flattenAnyOf((value as unknown[]).map(simplify)));
    } else {
      out[key] = typeof value === 'object' && value !== null && !Array.isArray(value) ? simplify(value) : value;
    }
  }
  return out;
}

function flattenAnyOf(branches: JsonSchema[]): JsonSchema {
  const nullable = branches.some((b) => b.type === 'null');
  const rest = branches.filter((b) => b.type !== 'null');
  let merged: JsonSchema | undefined;
  if (rest.length === 1) merged = rest[0];
  else if (rest.every((b) => b.type === 'string')) merged = { type: 'string' };
  else if (rest.every((b) => b.type === 'object' && b.properties)) merged = mergeObjects(rest);
  if (!merged || typeof merged.type !== 'string') return { anyOf: branches };
  return nullable ? { ...merged, type: [merged.type, 'null'] } : merged;
}

function mergeObjects(branches: JsonSchema[]): JsonSchema | undefined {
  const properties: JsonSchema = {};
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties as JsonSchema)) {
      // The same name with another shape in another branch: not one object, leave the anyOf.
      if (name in properties && JSON.stringify(properties[name]) !== JSON.stringify(property)) return undefined;
      properties[name] = property;
    }
  }
  const required = branches
    .map((b) => (b.required as string[] | undefined) ?? [])
    .reduce((common, names) => common.filter((n) => names.includes(n)));
  return { type: 'object', properties, required };
}
