/*
 * The parts of an OpenAPI 3.1 document this service writes, typed only as far as the builders need:
 * schemas are JSON Schema 2020-12 objects and stay open.
 */

export type JsonSchema = { [keyword: string]: unknown };

export interface Reference {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema: JsonSchema;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters: (Parameter | Reference)[];
  requestBody?: RequestBody;
  responses: Record<string, Response | Reference>;
  deprecated?: boolean;
  /** Specification extensions (x-rate-limit-category, x-status, …). */
  [extension: `x-${string}`]: unknown;
}

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>;

export interface SecurityScheme {
  type: 'http';
  scheme: 'bearer';
  bearerFormat: string;
  description: string;
}

export interface Tag {
  name: string;
  description: string;
}

export interface Components {
  securitySchemes: Record<string, SecurityScheme>;
  schemas: Record<string, JsonSchema>;
  parameters: Record<string, Parameter>;
  headers: Record<string, Header>;
  responses: Record<string, Response>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  webhooks: Record<string, PathItem>;
  components: Components;
}
