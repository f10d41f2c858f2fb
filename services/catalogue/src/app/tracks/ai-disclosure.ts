import { AI_ELEMENTS, type AiElement, type TrackProperty } from '@sv/contracts';
import type { FieldErrors } from '@sv/platform';

/**
 * The AI disclosure of a track (spec, Rules for tracks 2–5), as pure functions: no I/O, so the
 * rules are tested on their own and the use-cases only apply the outcome.
 */
export interface AiDisclosure {
  trackProperties: TrackProperty[];
  aiService: string | null;
  aiServiceOther: string | null;
  aiElements: AiElement[];
}

/** What a create or update request says about the disclosure; undefined means "not sent". */
export interface AiDisclosureInput {
  track_properties?: TrackProperty[] | null | undefined;
  ai_service?: string | null | undefined;
  ai_service_other?: string | null | undefined;
  ai_elements?: readonly string[] | null | undefined;
}

export type AiDisclosureOutcome = { ok: true; disclosure: AiDisclosure } | { ok: false; errors: FieldErrors };

export const NO_AI_DISCLOSURE: AiDisclosure = { trackProperties: [], aiService: null, aiServiceOther: null, aiElements: [] };

export const INCLUDES_AI: TrackProperty = 'includes_ai';

export const AI_SERVICE_REQUIRED = 'The ai_service (or ai_service_other) field is required when track_properties includes includes_ai.';
export const AI_ELEMENTS_REQUIRED = 'At least one ai_elements value is required when track_properties includes includes_ai.';
export const unknownAiElements = (values: string[]): string =>
  `Unknown ai_elements value(s): ${values.join(', ')}. Allowed: ${AI_ELEMENTS.join(', ')}.`;

/**
 * ai_elements as stored: case-insensitive, trimmed, de-duplicated and in the canonical order
 * (vocals, instrumentation, composition, lyrics, production); `unknown` lists what is not one.
 */
export const normalizeAiElements = (values: readonly string[]): { elements: AiElement[]; unknown: string[] } => {
  const given = new Set(values.map((value) => value.trim().toLowerCase()));
  const elements = AI_ELEMENTS.filter((element) => given.has(element));
  const unknown = [...given].filter((value) => !(AI_ELEMENTS as readonly string[]).includes(value));
  return { elements, unknown };
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * The disclosure after applying `input` to what is `stored` (NO_AI_DISCLOSURE on create):
 * - sent values replace stored ones; values not sent stay, so stored values satisfy the
 *   requirement on update (rule 3);
 * - with includes_ai, an AI service (ai_service or ai_service_other) and at least one
 *   ai_elements value are required (rule 2);
 * - sending track_properties without includes_ai retracts the disclosure: the service names
 *   and elements are cleared (rule 4);
 * - an unknown ai_elements value is refused whatever else is sent; no service name is (rule 5).
 */
export const resolveAiDisclosure = (stored: AiDisclosure, input: AiDisclosureInput): AiDisclosureOutcome => {
  const errors: FieldErrors = {};
  let aiElements = stored.aiElements;
  if (input.ai_elements !== undefined) {
    const normalized = normalizeAiElements(input.ai_elements ?? []);
    if (normalized.unknown.length > 0) errors.ai_elements = [unknownAiElements(normalized.unknown)];
    aiElements = normalized.elements;
  }
  const trackProperties = input.track_properties === undefined ? stored.trackProperties : (input.track_properties ?? []);
  const disclosed = trackProperties.includes(INCLUDES_AI);
  const retracted = input.track_properties !== undefined && !disclosed;

  const disclosure: AiDisclosure = retracted
    ? { trackProperties, aiService: null, aiServiceOther: null, aiElements: [] }
    : {
        trackProperties,
        aiService: input.ai_service === undefined ? stored.aiService : blankToNull(input.ai_service),
        aiServiceOther: input.ai_service_other === undefined ? stored.aiServiceOther : blankToNull(input.ai_service_other),
        aiElements,
      };

  if (disclosed) {
    if (disclosure.aiService === null && disclosure.aiServiceOther === null) errors.ai_service = [AI_SERVICE_REQUIRED];
    if (disclosure.aiElements.length === 0 && !errors.ai_elements) errors.ai_elements = [AI_ELEMENTS_REQUIRED];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, disclosure };
};
