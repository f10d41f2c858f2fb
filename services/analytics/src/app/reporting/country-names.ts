/** English country names from the runtime's ICU data (ISO 3166-1 alpha-2 regions). */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The territory's English name; the code itself when ICU does not know it. */
export const countryName = (territory: string): string => regionNames.of(territory) ?? territory;
