import type { ErnElement } from './ern-element.ts';

/*
 * ERN gives many values per territory and language (titles, names, ℗ lines…). The platform
 * keeps one: the variant marked IsDefault, else one valid worldwide (no
 * ApplicableTerritoryCode, or Worldwide) in the message's language (or none given), else the first.
 */
export const preferredVariant = (variants: ErnElement[], messageLanguage: string | undefined): ErnElement | undefined => {
  const marked = variants.find((variant) => variant.flag('IsDefault'));
  if (marked) return marked;
  const general = variants.find((variant) => {
    const territory = variant.attribute('ApplicableTerritoryCode');
    const language = variant.attribute('LanguageAndScriptCode');
    return (territory === undefined || territory === 'Worldwide') && (language === undefined || language === messageLanguage);
  });
  return general ?? variants[0];
};

/** ERN 3.8.2 groups a resource's or release's details per territory: the Worldwide block, else the first. */
export const preferredTerritoryBlock = (blocks: ErnElement[]): ErnElement | undefined =>
  blocks.find((block) => block.texts('TerritoryCode').includes('Worldwide')) ?? blocks[0];
