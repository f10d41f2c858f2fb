import type { XmlWriter } from '../xml/xml-writer.ts';

/** A ℗ or © line: the year and the holder, and the text DDEX wants alongside (`2024 Holder`). */
export const writePLine = (w: XmlWriter, year: number, holder: string): void => {
  w.open('PLine').leaf('Year', year).leaf('PLineCompany', holder).leaf('PLineText', `${year} ${holder}`).close('PLine');
};

export const writeCLine = (w: XmlWriter, year: number, holder: string): void => {
  w.open('CLine').leaf('Year', year).leaf('CLineCompany', holder).leaf('CLineText', `${year} ${holder}`).close('CLine');
};
