import { readFileSync, readdirSync } from 'node:fs';
import { ERN_VERSIONS, type ErnVersion } from '../../src/ern-version.ts';

/* The official DDEX sample messages copied into fixtures/samples/, one folder per ERN version. */

export const SAMPLE_FOLDERS: Readonly<Record<ErnVersion, string>> = { '4.3': 'ern43', '4.2': 'ern42', '3.8.2': 'ern382' };

const folderUrl = (version: ErnVersion): URL => new URL(`../fixtures/samples/${SAMPLE_FOLDERS[version]}/`, import.meta.url);

export interface ErnSample {
  version: ErnVersion;
  name: string;
  xml: string;
}

export const sampleXml = (version: ErnVersion, name: string): string => readFileSync(new URL(name, folderUrl(version)), 'utf8');

export const allSamples = (): ErnSample[] =>
  ERN_VERSIONS.flatMap((version) =>
    readdirSync(folderUrl(version))
      .filter((name) => name.endsWith('.xml'))
      .sort()
      .map((name) => ({ version, name, xml: sampleXml(version, name) })),
  );

/** Replaces the first occurrence (or the nth), failing loudly when the fragment is not there. */
export const replaceOnce = (xml: string, from: string | RegExp, to: string): string => {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`The message has no ${String(from)}`);
  return changed;
};
