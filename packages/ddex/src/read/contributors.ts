import type { IngestedErnContributor } from './ingested-message.ts';

/** One entry per name, with every role the message gives it, in the order they first appear. */
export const mergeContributors = (entries: { name: string; roles: string[] }[]): IngestedErnContributor[] => {
  const byName = new Map<string, IngestedErnContributor>();
  for (const { name, roles } of entries) {
    if (name === '') continue;
    const known = byName.get(name) ?? { name, roles: [] };
    for (const role of roles) if (!known.roles.includes(role)) known.roles.push(role);
    byName.set(name, known);
  }
  return [...byName.values()];
};

/** Elements with a SequenceNumber attribute in that order; the others after them, as given. */
export const bySequenceAttribute = <T extends { attribute(name: string): string | undefined }>(elements: T[]): T[] => {
  const rank = (element: T): number => {
    const value = Number(element.attribute('SequenceNumber'));
    return Number.isInteger(value) ? value : Number.MAX_SAFE_INTEGER;
  };
  return elements
    .map((element, order) => ({ element, order }))
    .sort((a, b) => rank(a.element) - rank(b.element) || a.order - b.order)
    .map(({ element }) => element);
};
