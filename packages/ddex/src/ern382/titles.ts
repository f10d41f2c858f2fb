import type { LocalizedTitle, Title } from '../ern/titles.ts';
import { cleanText } from '../xml/xml-text.ts';
import type { XmlWriter } from '../xml/xml-writer.ts';

/*
 * Titles in ERN 3.8.2: one ReferenceTitle (the title in the message's language, its version as
 * SubTitle), and in each territory's details typed Title composites, FormalTitle and
 * DisplayTitle, then a DisplayTitle per other language.
 */

const version = (title: Title): string => cleanText(title.version ?? '');

export const writeReferenceTitle = (w: XmlWriter, main: Title): void => {
  w.open('ReferenceTitle').leaf('TitleText', main.title).optionalLeaf('SubTitle', version(main)).close('ReferenceTitle');
};

export const writeTitles = (w: XmlWriter, main: Title, localized: readonly LocalizedTitle[]): void => {
  writeTitle(w, 'FormalTitle', main);
  writeTitle(w, 'DisplayTitle', main);
  for (const title of localized) writeTitle(w, 'DisplayTitle', title, title.language);
};

const writeTitle = (w: XmlWriter, type: 'FormalTitle' | 'DisplayTitle', title: Title, language?: string): void => {
  w.open('Title', { LanguageAndScriptCode: language, TitleType: type }).leaf('TitleText', title.title);
  w.optionalLeaf('SubTitle', version(title), { SubTitleType: 'Version' });
  w.close('Title');
};
