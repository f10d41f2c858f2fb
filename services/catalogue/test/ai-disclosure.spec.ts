import {
  AI_ELEMENTS_REQUIRED,
  AI_SERVICE_REQUIRED,
  NO_AI_DISCLOSURE,
  normalizeAiElements,
  resolveAiDisclosure,
  type AiDisclosure,
} from '../src/app/tracks/ai-disclosure.ts';

/* The spec's Rules for tracks 2–5, on the pure module the use-cases apply. */

const disclosed: AiDisclosure = {
  trackProperties: ['remix', 'includes_ai'],
  aiService: 'Suno',
  aiServiceOther: null,
  aiElements: ['vocals', 'lyrics'],
};

describe('normalizeAiElements', () => {
  it('trims, ignores case, removes duplicates and returns the canonical order', () => {
    expect(normalizeAiElements([' Production', 'LYRICS', 'vocals', 'lyrics ', 'Instrumentation', 'composition'])).toEqual({
      elements: ['vocals', 'instrumentation', 'composition', 'lyrics', 'production'],
      unknown: [],
    });
  });

  it('reports values that are not AI elements', () => {
    expect(normalizeAiElements(['vocals', 'Mastering', ' drums '])).toEqual({ elements: ['vocals'], unknown: ['mastering', 'drums'] });
  });
});

describe('resolveAiDisclosure', () => {
  describe('rule 2: includes_ai needs a service and at least one element', () => {
    it('accepts ai_service with elements, normalised', () => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, {
        track_properties: ['includes_ai'],
        ai_service: '  Udio ',
        ai_elements: ['LYRICS', 'vocals', 'Vocals'],
      });
      expect(outcome).toEqual({
        ok: true,
        disclosure: { trackProperties: ['includes_ai'], aiService: 'Udio', aiServiceOther: null, aiElements: ['vocals', 'lyrics'] },
      });
    });

    it('accepts ai_service_other in place of ai_service', () => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, {
        track_properties: ['includes_ai'],
        ai_service_other: 'In-house model',
        ai_elements: ['production'],
      });
      expect(outcome.ok).toBe(true);
    });

    it('refuses a disclosure without a service', () => {
      expect(resolveAiDisclosure(NO_AI_DISCLOSURE, { track_properties: ['includes_ai'], ai_elements: ['vocals'] })).toEqual({
        ok: false,
        errors: { ai_service: [AI_SERVICE_REQUIRED] },
      });
    });

    it('treats a blank service as none', () => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, {
        track_properties: ['includes_ai'],
        ai_service: '   ',
        ai_service_other: '',
        ai_elements: ['vocals'],
      });
      expect(outcome).toEqual({ ok: false, errors: { ai_service: [AI_SERVICE_REQUIRED] } });
    });

    it('refuses a disclosure without elements, or with an empty list', () => {
      for (const ai_elements of [undefined, null, []]) {
        expect(
          resolveAiDisclosure(NO_AI_DISCLOSURE, { track_properties: ['includes_ai'], ai_service: 'Suno', ai_elements }),
        ).toEqual({ ok: false, errors: { ai_elements: [AI_ELEMENTS_REQUIRED] } });
      }
    });

    it('names both missing parts at once', () => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, { track_properties: ['includes_ai'] });
      expect(outcome).toEqual({ ok: false, errors: { ai_service: [AI_SERVICE_REQUIRED], ai_elements: [AI_ELEMENTS_REQUIRED] } });
    });

    it('refuses an unknown element even without includes_ai', () => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, { ai_elements: ['vocals', 'mastering'] });
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.errors.ai_elements?.[0]).toMatch(/Unknown ai_elements value\(s\): mastering\./);
    });

    it('asks nothing of a track without includes_ai', () => {
      expect(resolveAiDisclosure(NO_AI_DISCLOSURE, { track_properties: ['remix'] })).toEqual({
        ok: true,
        disclosure: { ...NO_AI_DISCLOSURE, trackProperties: ['remix'] },
      });
    });
  });

  describe('rule 3: on update, stored values satisfy the requirement', () => {
    it('keeps the stored service and elements when only track_properties is sent', () => {
      expect(resolveAiDisclosure(disclosed, { track_properties: ['includes_ai'] })).toEqual({
        ok: true,
        disclosure: { ...disclosed, trackProperties: ['includes_ai'] },
      });
    });

    it('completes a stored includes_ai with the values now sent', () => {
      const stored: AiDisclosure = { trackProperties: ['includes_ai'], aiService: 'Suno', aiServiceOther: null, aiElements: [] };
      expect(resolveAiDisclosure(stored, { ai_elements: ['composition'] })).toEqual({
        ok: true,
        disclosure: { ...stored, aiElements: ['composition'] },
      });
    });

    it('refuses an update that removes what the stored includes_ai needs', () => {
      expect(resolveAiDisclosure(disclosed, { ai_service: null })).toEqual({ ok: false, errors: { ai_service: [AI_SERVICE_REQUIRED] } });
      expect(resolveAiDisclosure(disclosed, { ai_elements: [] })).toEqual({ ok: false, errors: { ai_elements: [AI_ELEMENTS_REQUIRED] } });
    });
  });

  describe('rule 4: track_properties without includes_ai retracts the disclosure', () => {
    it('clears the service names and the elements', () => {
      expect(resolveAiDisclosure(disclosed, { track_properties: ['remix'] })).toEqual({
        ok: true,
        disclosure: { trackProperties: ['remix'], aiService: null, aiServiceOther: null, aiElements: [] },
      });
    });

    it('clears them even when they are sent with the retraction', () => {
      expect(
        resolveAiDisclosure(disclosed, { track_properties: [], ai_service: 'Suno', ai_service_other: 'x', ai_elements: ['vocals'] }),
      ).toEqual({ ok: true, disclosure: NO_AI_DISCLOSURE });
    });

    it('treats null track_properties as an empty list', () => {
      expect(resolveAiDisclosure(disclosed, { track_properties: null })).toEqual({ ok: true, disclosure: NO_AI_DISCLOSURE });
    });

    it('keeps the disclosure when track_properties is not sent', () => {
      expect(resolveAiDisclosure(disclosed, { ai_service: 'Udio' })).toEqual({ ok: true, disclosure: { ...disclosed, aiService: 'Udio' } });
    });
  });

  describe('rule 5: no AI service is refused by name', () => {
    it.each(['Suno', 'Udio', 'OpenAI Jukebox', 'Stable Audio', 'MusicLM', 'Boomy', 'AIVA', '🤖 anything at all'])('accepts %s', (service) => {
      const outcome = resolveAiDisclosure(NO_AI_DISCLOSURE, { track_properties: ['includes_ai'], ai_service: service, ai_elements: ['vocals'] });
      expect(outcome).toEqual({ ok: true, disclosure: expect.objectContaining({ aiService: service }) });
    });
  });
});
