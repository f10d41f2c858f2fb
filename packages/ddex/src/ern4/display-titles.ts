import { cleanText } from '../xml/xml-text.ts';
import type { XmlAttributes, XmlWriter } from '../xml/xml-writer.ts';
import { displayTitleText, type LocalizedTitle, type Title } from '../ern/titles.ts';

/**
 * DisplayTitleText and DisplayTitle, first in the message's language (IsDefault when other
 * languages follow), then one block per language, each marked with its LanguageAndScriptCode.
 * The version travels as a SubTitle of type Version.
 */
export const writeTitles = (w: XmlWriter, main: Title, localized: readonly LocalizedTitle[]): void => {
  const isDefault = localized.length > 0 ? true : undefined;
  w.leaf('DisplayTitleText', displayTitleText(main), { IsDefault: isDefault });
  for (const title of localized) w.leaf('DisplayTitleText', displayTitleText(title), { LanguageAndScriptCode: title.language });
  writeDisplayTitle(w, main, { IsDefault: isDefault });
  for (const title of localized) writeDisplayTitle(w, title, { LanguageAndScriptCode: title.language });
};

const writeDisplayTitle = (w: XmlWriter, { title, version }: Title, attributes: XmlAttributes): void => {
  w.open('DisplayTitle', attributes).leaf('TitleText', title);
  w.optionalLeaf('SubTitle', cleanText(version ?? ''), { SubTitleType: 'Version' });
  w.close('DisplayTitle');
};
