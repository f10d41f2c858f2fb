import type { ErnElement } from './ern-element.ts';
import type { IngestedErnRightsLine } from './ingested-message.ts';

/** A PLine or CLine: its text (PLineText / CLineText) and, when it reads as one, its Year. */
export const rightsLineOf = (line: ErnElement | undefined, textElement: 'PLineText' | 'CLineText'): IngestedErnRightsLine | undefined => {
  const text = line?.textAt(textElement);
  if (line === undefined || text === undefined) return undefined;
  const year = Number(line.textAt('Year'));
  return Number.isInteger(year) && year > 0 ? { year, text } : { text };
};
