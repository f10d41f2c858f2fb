import { fileURLToPath } from 'node:url';

/** The bundled ERN 4.3 schema: the message schema and the allowed-value sets it imports. */
const SCHEMA_DIRECTORY = fileURLToPath(new URL('../../schemas/ern43/', import.meta.url));

export const ERN43_SCHEMA_FILE = `${SCHEMA_DIRECTORY}release-notification.xsd`;
export const ERN43_AVS_FILE = `${SCHEMA_DIRECTORY}allowed-value-sets.xsd`;
