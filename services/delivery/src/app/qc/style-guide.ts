/**
 * Common store style-guide rules for titles: the explicit flag carries explicitness (no
 * "explicit"/"clean" in titles), featured artists are credits (no "feat." in titles), and titles
 * are not written in capitals throughout.
 */
export interface StyleProblem {
  code: string;
  message: string;
}

const EXPLICIT_WORDS = /\b(explicit|clean)\b/i;
const FEATURING = /(\(|\[|\s|^)(feat\.?|ft\.|featuring)(\s|$)/i;

/** A title in capitals throughout: at least two words of letters and no lowercase letter at all. */
const isAllCaps = (title: string): boolean => {
  const letters = title.replace(/[^\p{L}]/gu, '');
  if (letters.length < 5 || !/\s/.test(title.trim())) return false;
  return letters === letters.toUpperCase() && letters !== letters.toLowerCase();
};

export const titleStyleProblems = (title: string, what: string): StyleProblem[] => {
  const problems: StyleProblem[] = [];
  if (EXPLICIT_WORDS.test(title)) {
    problems.push({ code: 'title_style_explicit', message: `${what} contains "explicit" or "clean"; use the explicit flag instead.` });
  }
  if (FEATURING.test(title)) {
    problems.push({ code: 'title_style_featuring', message: `${what} credits a featured artist ("feat."); credit featured artists as contributors instead.` });
  }
  if (isAllCaps(title)) problems.push({ code: 'title_style_caps', message: `${what} is written in capitals throughout.` });
  return problems;
};
