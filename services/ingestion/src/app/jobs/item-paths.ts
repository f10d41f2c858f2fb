/**
 * A field path as a job shows it: `releases[3].tracks[1].isrc` rather than the API's dotted
 * `releases.3.tracks.1.isrc`, so a label can read it against its own file.
 */
export const bracketPath = (dotted: string): string =>
  dotted
    .split('.')
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');

/** Field errors of one item, under the item's own path in the job. */
export const underItem = (itemPath: string, fields: Record<string, string[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, messages]) => [bracketPath(field === 'body' ? itemPath : `${itemPath}.${field}`), messages]));
