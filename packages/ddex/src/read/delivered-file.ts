import type { ErnElement } from './ern-element.ts';
import type { IngestedErnFile } from './ingested-message.ts';
import { codedValue } from './release-types.ts';

/** ERN 4.x `File`: URI, and HashSum with Algorithm and HashSumValue. */
export const ern4FileOf = (file: ErnElement | undefined): IngestedErnFile | undefined => {
  const uri = file?.textAt('URI');
  if (file === undefined || uri === undefined) return undefined;
  const hashSum = file.child('HashSum');
  return withHash(uri, codedValue(hashSum?.child('Algorithm')), hashSum?.textAt('HashSumValue'));
};

/** ERN 3.8.2 `File`: a URL, or a FileName in an optional FilePath; HashSum with HashSum and HashSumAlgorithmType. */
export const ern382FileOf = (file: ErnElement | undefined): IngestedErnFile | undefined => {
  if (file === undefined) return undefined;
  const name = file.textAt('FileName');
  const path = file.textAt('FilePath');
  const uri = file.textAt('URL') ?? (name === undefined ? undefined : joinPath(path, name));
  if (uri === undefined) return undefined;
  const hashSum = file.child('HashSum');
  return withHash(uri, codedValue(hashSum?.child('HashSumAlgorithmType')), hashSum?.textAt('HashSum'));
};

const joinPath = (path: string | undefined, name: string): string => {
  if (path === undefined) return name;
  return path.endsWith('/') ? `${path}${name}` : `${path}/${name}`;
};

const withHash = (uri: string, algorithm: string | undefined, value: string | undefined): IngestedErnFile =>
  algorithm !== undefined && value !== undefined ? { uri, hash: { algorithm, value } } : { uri };
