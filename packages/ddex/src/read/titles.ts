import type { ErnElement } from './ern-element.ts';
import type { IngestedErnTitle } from './ingested-message.ts';
import { preferredVariant } from './preferred-variant.ts';

export interface TitleReading {
  title: string;
  subtitle?: string;
  localizedTitles: IngestedErnTitle[];
}

/**
 * The title (TitleText) and version title (SubTitle) of the preferred variant, and the
 * titles in other languages: every other variant with a LanguageAndScriptCode, once per language.
 */
export const titlesOf = (variants: ErnElement[], messageLanguage: string | undefined, fallback?: ErnElement): TitleReading => {
  const chosen = preferredVariant(variants, messageLanguage);
  const title = chosen?.textAt('TitleText') ?? fallback?.textAt('TitleText') ?? '';
  const subtitle = chosen?.textAt('SubTitle') ?? fallback?.textAt('SubTitle');
  const seen = new Set([chosen?.attribute('LanguageAndScriptCode') ?? messageLanguage]);
  const localizedTitles: IngestedErnTitle[] = [];
  for (const variant of variants) {
    const language = variant.attribute('LanguageAndScriptCode');
    const text = variant.textAt('TitleText');
    if (variant === chosen || language === undefined || text === undefined || seen.has(language)) continue;
    seen.add(language);
    localizedTitles.push({ language, title: text });
  }
  return { title, ...(subtitle === undefined ? {} : { subtitle }), localizedTitles };
};
