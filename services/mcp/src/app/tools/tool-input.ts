import { z } from 'zod';
import { UPLOAD_MAX_MEGABYTES, zodToJsonSchema, type AnyRouteDefinition, type UploadSpec } from '@sv/contracts';

/** Where each argument of a tool goes in the HTTP request to the gateway. */
export interface ArgumentPlaces {
  params: readonly string[];
  query: readonly string[];
  /** Declared body fields (an upload's form fields); undeclared arguments of a write go there too. */
  body: readonly string[];
  /** Arguments the MCP server reads itself: the upload's file and the Idempotency-Key. */
  control: readonly string[];
}

export interface ToolInput {
  places: ArgumentPlaces;
  /** The schema the MCP SDK is given (see wireSchema). */
  schema: z.ZodObject;
}

/** The object of a body schema: a preprocessed body (input aliases) pipes into one, a transformed one out of one. */
const objectOf = (schema: z.ZodType | undefined): z.ZodObject | undefined => {
  if (!schema) return undefined;
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.out as z.ZodType) ?? objectOf(schema.in as z.ZodType);
  return undefined;
};

const keysOf = (schema: z.ZodType | undefined): string[] => Object.keys(objectOf(schema)?.shape ?? {});

const idempotencyArgument = {
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Sent as the Idempotency-Key header: a retry with the same key and arguments within 24 hours replays the first answer.'),
};

const fileArguments = (upload: UploadSpec) => ({
  file_url: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(`An http(s) URL the server fetches the file from (at most ${UPLOAD_MAX_MEGABYTES[upload.kind]} MB). Give this or file_base64.`),
  file_base64: z
    .string()
    .optional()
    .describe('The file itself, base64-encoded (a data: URL is accepted too); for small files. Give this or file_url.'),
  file_name: z.string().max(255).optional().describe('The file name to upload under; by default the URL\'s last segment.'),
  content_type: z.string().max(255).optional().describe('The file\'s media type, e.g. image/png or text/csv; by default guessed from the source.'),
});

/**
 * What the SDK is given: an object that accepts any keys and hands the arguments over exactly as
 * the caller sent them, carrying the route's JSON Schema (what it accepts, in draft-7 as the tool
 * outputs) for clients to see. The gateway is the one validator (its 422 names each field):
 * parsing here would also fill in defaults and rewrite values, and a PATCH must send only the
 * fields the caller gave, a cursor walk no default page.
 */
const wireSchema = (declared: z.ZodObject): z.ZodObject => z.object({}).catchall(z.unknown()).meta(zodToJsonSchema(declared, 'input', 'draft-7'));

/** A tool's arguments: path parameters, query, body (or the upload's file), in one flat object. */
export const toolInputOf = (route: AnyRouteDefinition): ToolInput => {
  const { params, query, body } = route.request;
  const bodyShape = objectOf(body)?.shape ?? {};
  const control = {
    ...(route.upload ? fileArguments(route.upload) : {}),
    ...(route.idempotent ? idempotencyArgument : {}),
  };
  const places: ArgumentPlaces = { params: keysOf(params), query: keysOf(query), body: keysOf(body), control: Object.keys(control) };
  const all = [...places.params, ...places.query, ...places.body, ...places.control];
  const repeated = all.find((key, index) => all.indexOf(key) !== index);
  if (repeated) throw new Error(`${route.method} ${route.path}: the argument ${repeated} would mean two things`);
  const declared = z.object({ ...(params?.shape ?? {}), ...(query?.shape ?? {}), ...bodyShape, ...control });
  return { places, schema: wireSchema(declared) };
};
