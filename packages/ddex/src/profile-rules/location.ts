import type { ErnElement } from '../read/ern-element.ts';

/*
 * The element a Schematron finding names. Compiled rules write its location as a full XPath,
 * either `/*:NewReleaseMessage[namespace-uri()='…'][1]/ResourceList[1]/SoundRecording[2]` (the
 * 2.1 rules) or `/*[local-name()='NewReleaseMessage']/ReleaseList/Release[1]/ReleaseId/ISRC`
 * (the 1.4 rules, which leave out the index of an element that does not repeat).
 */
const STEP = /\/(?:\*:([\w.-]+)|\*\[local-name\(\)='([\w.-]+)'\]|([\w.-]+))(?:\[namespace-uri\(\)='[^']*'\])?(?:\[(\d+)\])?/y;

/** The element at a finding's location below (and including) the root; undefined when there is none. */
export const elementAtLocation = (root: ErnElement, location: string): ErnElement | undefined => {
  const steps: { name: string; index: number }[] = [];
  STEP.lastIndex = 0;
  while (STEP.lastIndex < location.length) {
    const match = STEP.exec(location);
    if (!match) return undefined;
    steps.push({ name: match[1] ?? match[2] ?? match[3] ?? '', index: Number(match[4] ?? 1) });
  }
  const [first, ...rest] = steps;
  if (!first || first.name !== root.name || first.index !== 1) return undefined;
  return rest.reduce<ErnElement | undefined>((element, step) => element?.children(step.name)[step.index - 1], root);
};
