/*
 * Element paths for problems in a message, such as
 * `/NewReleaseMessage/ResourceList/SoundRecording[2]/ISRC`: local names (prefixes dropped),
 * and a 1-based index only on an element that repeats among its siblings (same local name),
 * the way XPath and libxml2 number them. `SoundRecording[1]` therefore means "the first of
 * several", and a lone element has no index.
 *
 * The elements are found by a scan of the markup, which is only run for a message that has
 * problems and has already been parsed (well-formed) by libxml2.
 */

export interface ScannedElement {
  qualifiedName: string;
  localName: string;
  parent: ScannedElement | null;
  children: ScannedElement[];
}

export interface ElementIndex {
  /** The path of the element whose start tag begins at `offset` (its `<`); null when none does. */
  pathAt(offset: number): string | null;
  /**
   * Our path for the node libxml2 names in an error (its xmlGetNodePath form, such as
   * `/ern:NewReleaseMessage/ResourceList/SoundRecording[2]/ISRC` or, for elements in a
   * default namespace, `/*\/*[3]`); attributes end in `/@Name`. Null when it names no element.
   */
  pathOfNodePath(nodePath: string): string | null;
}

/** Comments, CDATA, processing instructions and a DOCTYPE hold no elements; then end tags, then start tags. */
export const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<\/[^\s>]+\s*>|<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export const localNameOf = (qualifiedName: string): string => qualifiedName.slice(qualifiedName.indexOf(':') + 1);

export const indexElements = (xml: string): ElementIndex => {
  const document: ScannedElement = { qualifiedName: '', localName: '', parent: null, children: [] };
  const startingAt = new Map<number, ScannedElement>();
  let open = document;

  for (const match of xml.matchAll(MARKUP)) {
    const [whole, qualifiedName, attributes = ''] = match;
    if (whole.startsWith('</')) {
      open = open.parent ?? document;
      continue;
    }
    if (qualifiedName === undefined) continue;
    const element: ScannedElement = { qualifiedName, localName: localNameOf(qualifiedName), parent: open, children: [] };
    open.children.push(element);
    startingAt.set(match.index, element);
    if (!attributes.endsWith('/')) open = element;
  }

  return {
    pathAt: (offset) => {
      const element = startingAt.get(offset);
      return element ? pathOf(element) : null;
    },
    pathOfNodePath: (nodePath) => {
      let element = document;
      const steps = nodePath.split('/').slice(1);
      for (const [position, step] of steps.entries()) {
        if (step.startsWith('@')) return position === steps.length - 1 && element !== document ? `${pathOf(element)}/@${localNameOf(step.slice(1))}` : null;
        const parsed = /^([^[()]+)(?:\[(\d+)\])?$/.exec(step);
        // text(), comment() and the like: the problem is in the element reached so far.
        if (parsed === null) return element === document ? null : pathOf(element);
        const [, name = '', index = '1'] = parsed;
        const candidates = name === '*' ? element.children : element.children.filter((child) => child.qualifiedName === name);
        const next = candidates[Number(index) - 1];
        if (next === undefined) return null;
        element = next;
      }
      return element === document ? null : pathOf(element);
    },
  };
};

export const pathOf = (element: ScannedElement): string => {
  const steps: string[] = [];
  for (let current: ScannedElement = element; current.parent !== null; current = current.parent) {
    const namesakes = current.parent.children.filter((sibling) => sibling.localName === current.localName);
    steps.push(namesakes.length > 1 ? `${current.localName}[${namesakes.indexOf(current) + 1}]` : current.localName);
  }
  return `/${steps.reverse().join('/')}`;
};
