import { UPLOAD_MAX_MEGABYTES, type AnyRouteDefinition, type UploadSpec } from '@sv/contracts';
import { toJsonSchema } from './json-schema.ts';
import type { JsonSchema, RequestBody } from './openapi-types.ts';
import { validExample } from './valid-example.ts';

const MEGABYTE = 1024 * 1024;

/** The spec states audio's ceiling for the whole multipart body, the others for the file. */
const capWords = (upload: UploadSpec): string => {
  const megabytes = UPLOAD_MAX_MEGABYTES[upload.kind];
  return upload.kind === 'audio'
    ? `At most ${megabytes} MB for the whole request, multipart framing included (413 beyond).`
    : `At most ${megabytes} MB (413 beyond).`;
};

/** The file itself: binary, with the kind's ceiling in bytes. */
const fileSchema = (upload: UploadSpec): JsonSchema => ({
  type: 'string',
  format: 'binary',
  maxLength: UPLOAD_MAX_MEGABYTES[upload.kind] * MEGABYTE,
  description: `The ${upload.kind} file. ${capWords(upload)} A type the upload does not take is 415.`,
});

const uploadBody = (upload: UploadSpec): RequestBody => {
  const raw = upload.rawContentTypes ?? [];
  return {
    description:
      `A ${upload.kind} upload: multipart/form-data with the file in the \`${upload.field}\` field` +
      (raw.length > 0 ? `, or the file itself as the body with Content-Type ${raw.join(' or ')}` : '') +
      `. ${capWords(upload)}`,
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', required: [upload.field], properties: { [upload.field]: fileSchema(upload) } },
      },
      ...Object.fromEntries(raw.map((contentType) => [contentType, { schema: fileSchema(upload) }])),
    },
  };
};

/** A JSON body with an example the registry's own schema accepts. */
const jsonBody = (route: AnyRouteDefinition): RequestBody | undefined => {
  if (!route.request.body) return undefined;
  const schema = toJsonSchema(route.request.body, 'input');
  const { example } = validExample(route.request.body, schema);
  return { required: true, content: { 'application/json': { schema, example } } };
};

export const requestBody = (route: AnyRouteDefinition): RequestBody | undefined => (route.upload ? uploadBody(route.upload) : jsonBody(route));
