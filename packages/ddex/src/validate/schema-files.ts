import { fileURLToPath } from 'node:url';
import type { ErnVersion } from '../ern-version.ts';

/** One version's bundled schema: the message schema and every file it imports, directly or not. */
export interface ErnSchemaFiles {
  main: string;
  imported: readonly string[];
}

const directory = (folder: string): string => fileURLToPath(new URL(`../../schemas/${folder}/`, import.meta.url));

const ERN43_DIRECTORY = directory('ern43');
const ERN42_DIRECTORY = directory('ern42');
const ERN382_DIRECTORY = directory('ern382');

export const ERN43_SCHEMA_FILE = `${ERN43_DIRECTORY}release-notification.xsd`;
export const ERN43_AVS_FILE = `${ERN43_DIRECTORY}allowed-value-sets.xsd`;

/*
 * What imports what (xs:import; none of them uses xs:include):
 * - 4.3: release-notification.xsd → allowed-value-sets.xsd.
 * - 4.2: release-notification.xsd → avs20200518.xsd.
 * - 3.8.2: release-notification.xsd → avs_20161006.xsd. The folder's ddex.xsd, ddexC.xsd and
 *   iso*.xsd (the older shared DDEX types) import one another but the message schema does not
 *   import any of them, so they are not served.
 * A test follows the imports in the files and compares them with these lists.
 */
export const ERN_SCHEMA_FILES: Readonly<Record<ErnVersion, ErnSchemaFiles>> = {
  '4.3': { main: ERN43_SCHEMA_FILE, imported: [ERN43_AVS_FILE] },
  '4.2': { main: `${ERN42_DIRECTORY}release-notification.xsd`, imported: [`${ERN42_DIRECTORY}avs20200518.xsd`] },
  '3.8.2': { main: `${ERN382_DIRECTORY}release-notification.xsd`, imported: [`${ERN382_DIRECTORY}avs_20161006.xsd`] },
};
