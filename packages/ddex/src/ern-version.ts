/** The ERN versions the platform reads and writes; stores name theirs in the DSP registry. */
export const ERN_VERSIONS = ['4.3', '4.2', '3.8.2'] as const;
export type ErnVersion = (typeof ERN_VERSIONS)[number];

/** The target namespace of each version's NewReleaseMessage schema. */
export const ERN_NAMESPACES: Readonly<Record<ErnVersion, string>> = {
  '4.3': 'http://ddex.net/xml/ern/43',
  '4.2': 'http://ddex.net/xml/ern/42',
  '3.8.2': 'http://ddex.net/xml/ern/382',
};

export const isErnVersion = (value: string): value is ErnVersion => (ERN_VERSIONS as readonly string[]).includes(value);
