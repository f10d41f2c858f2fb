/**
 * A body preprocessor that accepts other names for fields (legacy names, the machine-readable
 * description's names): each alias is moved to its field's name, and when both are sent the
 * field's own name wins. Anything that is not a plain object passes through for zod to refuse.
 */
export const foldInputAliases =
  (aliases: Readonly<Record<string, string>>) =>
  (input: unknown): unknown => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const folded: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [alias, name] of Object.entries(aliases)) {
      if (alias in folded) {
        if (!(name in folded)) folded[name] = folded[alias];
        delete folded[alias];
      }
    }
    return folded;
  };
