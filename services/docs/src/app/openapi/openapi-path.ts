/*
 * Registry paths are express-style (`/releases/:uuid`); OpenAPI writes parameters in braces
 * (`/releases/{uuid}`). A registry path already in braces is taken as it is.
 */

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The OpenAPI spelling of a registry path. */
export const toOpenApiPath = (path: string): string => path.replace(PARAMETER, (_match, colon?: string, braced?: string) => `{${colon ?? braced}}`);

/** The names of a path's parameters, in order. */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(PARAMETER)].map((found) => found[1] ?? found[2] ?? '');
