import { Messages } from '@sv/contracts';
import { expectError, expectValidation } from './support/api-expectations.ts';
import { createRelease, createTrack, setReleaseStatus, useCreditsWorld, type Api } from './support/credits-world.ts';
import { eventsNaming } from './support/outbox.ts';

/*
 * Localized metadata: /releases/{uuid}/localizations[/{locale}] (its own records) and
 * /tracks/{uuid}/localizations[/{locale}] (the track's localized_* fields).
 */

const world = useCreditsWorld();

const put = (api: Api, path: string, body: unknown) => api(path, { method: 'PUT', body });
const del = (api: Api, path: string) => api(path, { method: 'DELETE' });

describe('release localizations', () => {
  it('PUT creates or replaces a locale (stored canonical), GET lists them in locale order, and events are recorded', async () => {
    const releaseId = await createRelease(world.a.nova);
    const base = `/v1/releases/${releaseId}/localizations`;
    expect((await world.a.nova(base)).body).toEqual({ localizations: [] });

    const created = await put(world.a.nova, `${base}/pt-br`, { title: 'Primeira Luz', description: 'Um single.' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      localization: { locale: 'pt-BR', title: 'Primeira Luz', title_version: null, label: null, description: 'Um single.' },
    });
    await put(world.a.nova, `${base}/de`, { title: 'Erstes Licht', title_version: 'Remix', label: 'Nova Musik' });
    // PUT is the whole localization of that locale: what is not sent is cleared.
    const replaced = await put(world.a.nova, `${base}/PT-BR`, { label: 'Nova Brasil' });
    expect(replaced.body.localization).toEqual({ locale: 'pt-BR', title: null, title_version: null, label: 'Nova Brasil', description: null });

    expect((await world.a.owner(base)).body).toEqual({
      localizations: [
        { locale: 'de', title: 'Erstes Licht', title_version: 'Remix', label: 'Nova Musik', description: null },
        { locale: 'pt-BR', title: null, title_version: null, label: 'Nova Brasil', description: null },
      ],
    });
    const events = await eventsNaming(world.db, 'release.localization.updated', 'release_id', releaseId);
    expect(events.map((event) => event.locale)).toEqual(['pt-BR', 'de', 'pt-BR']);
  });

  it('DELETE removes a locale (any spelling) with 204, and is idempotent', async () => {
    const releaseId = await createRelease(world.a.nova);
    const base = `/v1/releases/${releaseId}/localizations`;
    await put(world.a.nova, `${base}/zh-hant`, { title: '第一道光' });
    const removed = await del(world.a.nova, `${base}/ZH-Hant`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await del(world.a.nova, `${base}/zh-Hant`)).status).toBe(204);
    expect((await del(world.a.nova, `${base}/fr`)).status).toBe(204);
    expect((await world.a.nova(base)).body).toEqual({ localizations: [] });
    expect(await eventsNaming(world.db, 'release.localization.deleted', 'release_id', releaseId)).toEqual([
      { release_id: releaseId, locale: 'zh-Hant' },
    ]);
  });

  it('refuses a bad locale, an empty body and over-long fields (422) and changes nothing', async () => {
    const releaseId = await createRelease(world.a.nova);
    const base = `/v1/releases/${releaseId}/localizations`;
    await put(world.a.nova, `${base}/fr`, { title: 'Première lumière' });
    for (const locale of ['en_US', 'x-private', 'abcdefghi', '12']) {
      const response = await put(world.a.nova, `${base}/${locale}`, { title: 'x' });
      expectValidation(response, ['locale']);
      expect(response.body.errors.locale).toEqual(['The locale must be a valid BCP-47 language tag, such as en, pt-BR or zh-Hant.']);
      expectValidation(await del(world.a.nova, `${base}/${locale}`), ['locale']);
    }
    const empty = await put(world.a.nova, `${base}/fr`, { title: '  ', description: null });
    expectValidation(empty, ['body']);
    expect(empty.body.errors.body).toEqual(['Provide at least one of title, title_version, label, description.']);
    expectValidation(await put(world.a.nova, `${base}/fr`, { title: 'x'.repeat(501), label: 5 }), ['title', 'label']);
    expect((await world.a.nova(base)).body.localizations).toEqual([expect.objectContaining({ locale: 'fr', title: 'Première lumière' })]);
  });

  it('change while the release is draft, pending or rejected; 409 once it is approved or delivered', async () => {
    const releaseId = await createRelease(world.a.nova);
    const base = `/v1/releases/${releaseId}/localizations`;
    for (const status of ['pending', 'rejected']) {
      await setReleaseStatus(world.db, releaseId, status);
      expect((await put(world.a.nova, `${base}/es`, { title: `Primera luz ${status}` })).status).toBe(200);
    }
    for (const status of ['qc_inspection', 'approved', 'live', 'taken_down']) {
      await setReleaseStatus(world.db, releaseId, status);
      expectError(await put(world.a.nova, `${base}/es`, { title: 'Nope' }), 409, Messages.releaseLocalizationsLocked);
      expectError(await del(world.a.nova, `${base}/es`), 409, Messages.releaseLocalizationsLocked);
    }
    expect((await world.a.nova(base)).body.localizations).toEqual([expect.objectContaining({ title: 'Primera luz rejected' })]);
  });

  it("another tenant's or another artist's release is 404 on every route", async () => {
    const releaseId = await createRelease(world.a.nova);
    const base = `/v1/releases/${releaseId}/localizations`;
    await put(world.a.nova, `${base}/it`, { title: 'Prima luce' });
    for (const api of [world.b.owner, world.b.artist, world.a.luna]) {
      expectError(await api(base), 404, Messages.releaseNotFound);
      expectError(await put(api, `${base}/it`, { title: 'Mine now' }), 404, Messages.releaseNotFound);
      expectError(await del(api, `${base}/it`), 404, Messages.releaseNotFound);
    }
    expect((await world.a.nova(base)).body.localizations).toEqual([expect.objectContaining({ title: 'Prima luce' })]);
  });
});

describe('track localizations', () => {
  const newTrack = async (): Promise<{ releaseId: string; trackId: string; base: string }> => {
    const releaseId = await createRelease(world.a.nova);
    const trackId = await createTrack(world.a.nova, releaseId);
    return { releaseId, trackId, base: `/v1/tracks/${trackId}/localizations` };
  };

  it("PUT writes the track's localized_* fields; GET lists one entry per locale; the track shows the same", async () => {
    const { releaseId, trackId, base } = await newTrack();
    expect((await world.a.nova(base)).body).toEqual({ localizations: [] });
    const response = await put(world.a.nova, `${base}/es-mx`, { title: 'Primera luz', lyrics: 'La la la' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ localization: { locale: 'es-MX', title: 'Primera luz', title_version: null, lyrics: 'La la la' } });
    await put(world.a.nova, `${base}/ja`, { title_version: 'リミックス' });

    expect((await world.a.owner(base)).body).toEqual({
      localizations: [
        { locale: 'es-MX', title: 'Primera luz', title_version: null, lyrics: 'La la la' },
        { locale: 'ja', title: null, title_version: 'リミックス', lyrics: null },
      ],
    });
    const track = (await world.a.nova(`/v1/tracks/${trackId}`)).body.track;
    expect(track.localized_titles).toEqual({ 'es-MX': 'Primera luz' });
    expect(track.localized_title_versions).toEqual({ ja: 'リミックス' });
    expect(track.localized_lyrics).toEqual({ 'es-MX': 'La la la' });
    expect(await eventsNaming(world.db, 'track.localization.updated', 'track_id', trackId)).toEqual([
      { release_id: releaseId, track_id: trackId, locale: 'es-MX' },
      { release_id: releaseId, track_id: trackId, locale: 'ja' },
    ]);
  });

  it("reads what the track's own fields hold, and PUT replaces the locale's entry in every map", async () => {
    const { trackId, base } = await newTrack();
    await world.db.query(
      `update "catalogue"."track" set "localized_titles" = '{"fr": "Lumière", "de": "Licht"}', "localized_lyrics" = '{"fr": "Paroles"}' where "id" = $1`,
      [trackId],
    );
    expect((await world.a.nova(base)).body.localizations).toEqual([
      { locale: 'de', title: 'Licht', title_version: null, lyrics: null },
      { locale: 'fr', title: 'Lumière', title_version: null, lyrics: 'Paroles' },
    ]);
    await put(world.a.nova, `${base}/fr`, { title_version: 'Version acoustique' });
    expect((await world.a.nova(base)).body.localizations).toEqual([
      { locale: 'de', title: 'Licht', title_version: null, lyrics: null },
      { locale: 'fr', title: null, title_version: 'Version acoustique', lyrics: null },
    ]);
  });

  it('DELETE removes the locale from every map with 204, and is idempotent', async () => {
    const { trackId, base } = await newTrack();
    await put(world.a.nova, `${base}/fr`, { title: 'Lumière', title_version: 'Live', lyrics: 'Paroles' });
    await put(world.a.nova, `${base}/de`, { title: 'Licht' });
    expect((await del(world.a.nova, `${base}/FR`)).status).toBe(204);
    expect((await del(world.a.nova, `${base}/fr`)).status).toBe(204);
    const track = (await world.a.nova(`/v1/tracks/${trackId}`)).body.track;
    expect([track.localized_titles, track.localized_title_versions, track.localized_lyrics]).toEqual([{ de: 'Licht' }, {}, {}]);
    expect(await eventsNaming(world.db, 'track.localization.deleted', 'track_id', trackId)).toHaveLength(1);
  });

  it('refuses a bad locale or an empty body (422)', async () => {
    const { base } = await newTrack();
    expectValidation(await put(world.a.nova, `${base}/en_GB`, { title: 'x' }), ['locale']);
    expectValidation(await put(world.a.nova, `${base}/en`, { label: 'not a track field' }), ['body']);
    expectValidation(await put(world.a.nova, `${base}/en`, { lyrics: 42 }), ['lyrics']);
    expect((await world.a.nova(base)).body).toEqual({ localizations: [] });
  });

  it('change only while the release is draft (409 otherwise)', async () => {
    const { releaseId, base } = await newTrack();
    await put(world.a.nova, `${base}/fr`, { title: 'Lumière' });
    for (const status of ['pending', 'rejected', 'approved', 'live']) {
      await setReleaseStatus(world.db, releaseId, status);
      expectError(await put(world.a.nova, `${base}/fr`, { title: 'Nope' }), 409, Messages.trackLocalizationsLocked);
      expectError(await del(world.a.nova, `${base}/fr`), 409, Messages.trackLocalizationsLocked);
    }
    expect((await world.a.nova(base)).body.localizations).toEqual([expect.objectContaining({ title: 'Lumière' })]);
  });

  it("another tenant's or another artist's track is 404 on every route", async () => {
    const { base } = await newTrack();
    for (const api of [world.b.owner, world.b.artist, world.a.luna]) {
      expectError(await api(base), 404, Messages.trackNotFound);
      expectError(await put(api, `${base}/fr`, { title: 'x' }), 404, Messages.trackNotFound);
      expectError(await del(api, `${base}/fr`), 404, Messages.trackNotFound);
    }
    expectError(await world.a.owner('/v1/tracks/not-a-uuid/localizations'), 404, Messages.trackNotFound);
  });
});
