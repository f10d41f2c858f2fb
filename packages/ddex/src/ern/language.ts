/** The shape ERN 4.3 accepts for LanguageAndScriptCode: lang[-script][-region][-variant]. */
const DDEX_LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z]+)?(-[a-zA-Z]{2}|-[0-9]{3})?(-[a-zA-Z][a-zA-Z0-9]{4}[a-zA-Z0-9]*)?$/;

const canonical = (tag: string): string => {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
};

/**
 * The value as a LanguageAndScriptCode (canonical case, `pt-br` → `pt-BR`), or undefined when
 * it is not one: a release's free-text language such as "English" is left out rather than
 * sent in a shape the schema rejects.
 */
export const languageTag = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim() ?? '';
  if (!DDEX_LANGUAGE_TAG.test(trimmed)) return undefined;
  const tag = canonical(trimmed);
  return DDEX_LANGUAGE_TAG.test(tag) ? tag : trimmed;
};
