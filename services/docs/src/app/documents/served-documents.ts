import { stringify } from 'yaml';
import { buildAsyncApiDocument } from '../asyncapi/asyncapi-document.ts';
import { buildOpenApiDocument, type OpenApiOptions } from '../openapi/openapi-document.ts';

/** A document serialized once at start; every request gets the same bytes. */
export interface ServedDocument {
  body: string;
  contentType: string;
}

export interface DocsDocuments {
  openApiJson: ServedDocument;
  openApiYaml: ServedDocument;
  asyncApiJson: ServedDocument;
}

/**
 * Builds every description once and serializes it once: the contracts cannot change while the
 * process runs, so each request is answered with the same prepared bytes.
 */
export const buildServedDocuments = (options: OpenApiOptions): DocsDocuments => {
  const openApi = buildOpenApiDocument(options);
  return {
    openApiJson: { body: JSON.stringify(openApi), contentType: 'application/json' },
    // No anchors or aliases: readers of the YAML see every schema where it is used.
    openApiYaml: { body: stringify(openApi, { aliasDuplicateObjects: false, lineWidth: 0 }), contentType: 'application/yaml' },
    asyncApiJson: { body: JSON.stringify(buildAsyncApiDocument()), contentType: 'application/json' },
  };
};
