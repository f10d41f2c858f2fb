import { makeRelease } from '@sv/testing';
import { useDeliverySuite } from './support/delivery-suite.ts';

/*
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml on a draft that lacks what a message needs:
 * the spec's 422 naming each missing thing, never a 500, and nothing changes.
 */
describe('the DDEX preview of an incomplete draft', () => {
  const suite = useDeliverySuite('preview-gaps', ['release.*']);

  /** The release as read before and after, so a refused preview is seen to change nothing. */
  const unchangedBy = async (releaseId: string, act: () => Promise<void>): Promise<void> => {
    const before = (await suite.api(`/v1/releases/${releaseId}`)).body.release;
    const deliveriesBefore = (await suite.api(`/v1/releases/${releaseId}/ddex/deliveries`)).body;
    await act();
    expect((await suite.api(`/v1/releases/${releaseId}`)).body.release).toEqual(before);
    expect((await suite.api(`/v1/releases/${releaseId}/ddex/deliveries`)).body).toEqual(deliveriesBefore);
  };

  const attach = async (releaseId: string): Promise<void> => {
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify'] } })).status).toBe(200);
  };
  const preview = (releaseId: string) => suite.api(`/v1/releases/${releaseId}/ddex/preview/spotify.xml`);

  it('refuses a draft without tracks, naming the tracks', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'No Tracks', tracks: 0 });
    await attach(releaseId);
    await unchangedBy(releaseId, async () => {
      const refused = await preview(releaseId);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ success: false, error: 'The release has no tracks.', errors: { tracks: ['The release has no tracks.'] } });
      expect(Object.keys(refused.body.errors)).toEqual(['tracks']);
    });
  }, 120_000);

  it('refuses a draft whose track has no audio, naming the track', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'No Audio', audio: false });
    await attach(releaseId);
    await unchangedBy(releaseId, async () => {
      const refused = await preview(releaseId);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ error: "Track 1 ('Song 1') has no audio.", errors: { 'tracks[0].audio': ["Track 1 ('Song 1') has no audio."] } });
    });
  }, 120_000);

  it('refuses a draft without artwork, naming the artwork', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'No Artwork', artwork: false });
    await attach(releaseId);
    await unchangedBy(releaseId, async () => {
      const refused = await preview(releaseId);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ error: 'The release has no artwork.', errors: { artwork_url: ['The release has no artwork.'] } });
    });
  }, 120_000);

  it('names everything a bare draft lacks at once, for a store of any ERN version, under the spec\'s Validation failed', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Bare', tracks: 2, audio: false, artwork: false });
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify', 'gaana', 'napster'] } })).status).toBe(200);
    for (const slug of ['spotify', 'gaana', 'napster']) {
      const refused = await suite.api(`/v1/releases/${releaseId}/ddex/preview/${slug}.xml`);
      expect({ slug, status: refused.status }).toEqual({ slug, status: 422 });
      expect(refused.body).toMatchObject({ success: false, error: 'Validation failed' });
      expect(refused.body.errors).toEqual({
        'tracks[0].audio': ["Track 1 ('Song 1') has no audio."],
        'tracks[1].audio': ["Track 2 ('Song 2') has no audio."],
        artwork_url: ['The release has no artwork.'],
      });
    }
  }, 120_000);

  it('previews the same draft once it is complete', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Complete' });
    await attach(releaseId);
    const built = await preview(releaseId);
    expect(built.status).toBe(200);
    expect(built.text).toContain(`<ICPN>${upc}</ICPN>`);
  }, 120_000);
});
