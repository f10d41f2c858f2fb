import { Messages } from '@sv/contracts';
import type { ApiResponse } from '@sv/testing';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsOf as outboxEventsOf } from './support/outbox.ts';
import { fileForm, mp4Fixture, movFixture, truncatedMp4 } from './support/video-fixtures.ts';

/*
 * Videos through the real gateway and catalogue: the ISRC rule (Specifics 2), the workflow
 * draft → pending → approved or rejected with its 409s, the plan rule (Authentication 8), the
 * file upload, tenant isolation and the video.* events.
 */

const ISRC_12 = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

const world = useCatalogueWorld({ env: { SV_RATE_LIMIT_MULTIPLIER: '20' } });
/** Tenant A: owner, an artist key (own artist) and the artist's id; no artist plan. */
let ownerA: Api;
let artistA: Api;
let artistAId: string;
let otherArtistAId: string;
/** Tenant B: isolation. */
let ownerB: Api;
let artistBId: string;
/** Tenant P: artist plan without video distribution; Q: with it. */
let ownerP: Api;
let artistP: Api;
let artistPId: string;
let artistQ: Api;

const api = (slug: string, role: string, artistId?: string): Promise<Api> =>
  world.key(slug, role, ...(artistId ? ['--artist', artistId] : []));

const newArtist = (tenant: string, slug: string): Promise<string> => world.artist(tenant, slug, `Artist ${slug}`);

const newTenant = (slug: string) => world.tenant(slug);

const createVideo = async (client: Api, body: Record<string, unknown> = {}): Promise<Record<string, any>> => {
  const response = await client('/videos', { body: { title: 'A video', ...body } });
  if (response.status !== 201) throw new Error(`POST /videos answered ${response.status}: ${response.text}`);
  return response.body.video;
};

const upload = (client: Api, videoId: string, bytes: Buffer, type = 'video/mp4', filename = 'clip.mp4'): Promise<ApiResponse> =>
  client(`/videos/${videoId}/upload`, { method: 'POST', raw: fileForm('video', bytes, type, filename) });

/** A video with its file, ready to submit. */
const uploadedVideo = async (client: Api, body: Record<string, unknown> = {}): Promise<Record<string, any>> => {
  const video = await createVideo(client, body);
  const response = await upload(client, video.uuid, mp4Fixture(1920, 1080, 12_000));
  if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${response.text}`);
  return response.body.video;
};

const pendingVideo = async (client: Api, body: Record<string, unknown> = {}): Promise<Record<string, any>> => {
  const video = await uploadedVideo(client, body);
  const response = await client(`/videos/${video.uuid}/submit`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`submit answered ${response.status}: ${response.text}`);
  return video;
};

const eventsOf = (videoId: string) => outboxEventsOf(world.db, 'video_id', videoId);

beforeAll(async () => {
  await Promise.all(['video-a', 'video-b', 'video-p', 'video-q'].map(newTenant));
  await world.admin('tenant', 'plan', '--slug', 'video-p', '--releases-per-year', '5', '--video-distribution', 'false');
  await world.admin('tenant', 'plan', '--slug', 'video-q', '--releases-per-year', '5', '--video-distribution', 'true');
  [artistAId, otherArtistAId, artistBId, artistPId] = await Promise.all([
    newArtist('video-a', 'a-one'),
    newArtist('video-a', 'a-two'),
    newArtist('video-b', 'b-one'),
    newArtist('video-p', 'p-one'),
  ]);
  const artistQId = await newArtist('video-q', 'q-one');
  [ownerA, artistA, ownerB, ownerP, artistP, artistQ] = await Promise.all([
    api('video-a', 'owner'),
    api('video-a', 'artist', artistAId),
    api('video-b', 'owner'),
    api('video-p', 'owner'),
    api('video-p', 'artist', artistPId),
    api('video-q', 'artist', artistQId),
  ]);
}, 120_000);

describe('POST /videos', () => {
  it('creates a draft with defaults and records video.created', async () => {
    const response = await ownerA('/videos', { body: { title: '  Night Drive  ', genre: 'Pop', explicit: true, release_date: '2027-03-01' } });
    expect(response.status).toBe(201);
    const video = response.body.video;
    expect(video).toMatchObject({
      title: 'Night Drive',
      status: 'draft',
      isrc: null,
      artist_id: null,
      release_id: null,
      video_type: 'music_video',
      genre: 'Pop',
      explicit: true,
      release_date: '2027-03-01',
      video_url: null,
      width: null,
    });
    expect(await eventsOf(video.uuid)).toEqual([
      { type: 'video.created', data: expect.objectContaining({ video_id: video.uuid, title: 'Night Drive', status: 'draft', isrc: null }) },
    ]);
  });

  it('requires a title and refuses an unknown video_type', async () => {
    const response = await ownerA('/videos', { body: { video_type: 'trailer' } });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['title', 'video_type']);
  });

  it('credits an artist key\'s own artist, and refuses naming another', async () => {
    expect((await createVideo(artistA)).artist_id).toBe(artistAId);
    const other = await artistA('/videos', { body: { title: 'x', artist_id: otherArtistAId } });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe(Messages.artistNotInTenant);
  });

  it('takes an artist_id of the tenant from other keys, and refuses one of another tenant (422)', async () => {
    expect((await createVideo(ownerA, { artist_id: otherArtistAId })).artist_id).toBe(otherArtistAId);
    const foreign = await ownerA('/videos', { body: { title: 'x', artist_id: artistBId } });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ success: false, error: 'Artist not found in this tenant.', errors: { artist_id: ['Artist not found in this tenant.'] } });
  });

  it('links a release the caller can see, and refuses another tenant\'s release (422)', async () => {
    const release = await artistA('/releases', { body: { title: 'Album', type: 'album', release_date: '2027-01-01', genre: 'Pop' } });
    expect(release.status).toBe(201);
    const linked = await createVideo(ownerA, { release_id: release.body.release.uuid });
    expect(linked.release_id).toBe(release.body.release.uuid);
    const foreign = await ownerB('/videos', { body: { title: 'x', release_id: release.body.release.uuid } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.release_id).toEqual([Messages.releaseNotInTenant]);
  });
});

describe('the ISRC of a video (Specifics 2)', () => {
  it('stores an omitted or blank isrc as null', async () => {
    expect((await createVideo(ownerA)).isrc).toBeNull();
    expect((await createVideo(ownerA, { isrc: '   ' })).isrc).toBeNull();
    expect((await createVideo(ownerA, { isrc: null })).isrc).toBeNull();
  });

  it('accepts a 12-character ISRC, upper-casing it', async () => {
    expect((await createVideo(ownerA, { isrc: 'gbabc2600001' })).isrc).toBe('GBABC2600001');
  });

  it.each([['GB-ABC-26-00002'], ['GBABC260001'], ['GBABC26000012'], ['G1ABC2600002'], ['GBABC26A0002'], [12]])(
    'refuses %p with 422',
    async (isrc) => {
      const response = await ownerA('/videos', { body: { title: 'x', isrc } });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['isrc']);
    },
  );

  it('refuses a duplicate of a live video\'s ISRC with 409, and frees it once that video is deleted', async () => {
    const first = await createVideo(ownerA, { isrc: 'GBABC2600003' });
    const twin = await ownerA('/videos', { body: { title: 'twin', isrc: 'gbabc2600003' } });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toBe('A record with these details already exists.');
    // Another tenant has its own catalogue.
    expect((await createVideo(ownerB, { isrc: 'GBABC2600003' })).isrc).toBe('GBABC2600003');
    expect((await ownerA(`/videos/${first.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await createVideo(ownerA, { isrc: 'GBABC2600003' })).isrc).toBe('GBABC2600003');
  });

  it('refuses the ISRC of a live track of the tenant with 409, on create and on update', async () => {
    const release = await artistA('/releases', { body: { title: 'Single', type: 'single', release_date: '2027-01-01', genre: 'Pop' } });
    const track = await artistA(`/releases/${release.body.release.uuid}/tracks`, {
      body: { title: 'Song', position: 1, explicit: false, isrc: 'GBABC2600004' },
    });
    expect(track.status).toBe(201);
    const clash = await ownerA('/videos', { body: { title: 'x', isrc: 'GBABC2600004' } });
    expect(clash.status).toBe(409);
    const video = await createVideo(ownerA);
    const update = await ownerA(`/videos/${video.uuid}`, { method: 'PATCH', body: { isrc: 'GBABC2600004' } });
    expect(update.status).toBe(409);
    expect(update.body.error).toBe(Messages.duplicateRecord);
  });

  it('assigns a 12-character ISRC on approval when none was given, and keeps a supplied one', async () => {
    const bare = await pendingVideo(ownerA);
    const approved = await ownerA(`/videos/${bare.uuid}/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);
    expect(approved.body.video.status).toBe('approved');
    expect(approved.body.video.isrc).toMatch(ISRC_12);
    const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
    expect(approved.body.video.isrc.slice(5, 7)).toBe(yy);

    const another = await pendingVideo(ownerA);
    const second = await ownerA(`/videos/${another.uuid}/approve`, { method: 'POST' });
    expect(second.body.video.isrc).toMatch(ISRC_12);
    expect(second.body.video.isrc).not.toBe(approved.body.video.isrc);

    const named = await pendingVideo(ownerA, { isrc: 'GBABC2600005' });
    expect((await ownerA(`/videos/${named.uuid}/approve`, { method: 'POST' })).body.video.isrc).toBe('GBABC2600005');
  });
});

describe('POST /videos/{uuid}/upload', () => {
  it('stores the file and what its bytes say: type, size, picture size and duration', async () => {
    const video = await createVideo(ownerA);
    const bytes = mp4Fixture(1920, 1080, 12_000, { moovAtEnd: true });
    const response = await upload(ownerA, video.uuid, bytes);
    expect(response.status).toBe(200);
    expect(response.body.video).toMatchObject({
      uuid: video.uuid,
      mime_type: 'video/mp4',
      file_size: bytes.length,
      width: 1920,
      height: 1080,
      duration_ms: 12_000,
    });
    // A video is private: its URL is signed to expire, and each answer signs afresh.
    const videoUrl = String(response.body.video.video_url);
    expect(videoUrl).toMatch(/^http:\/\/127\.0\.0\.1:8083\/private\/.+\.mp4\?expires=\d+&signature=[0-9a-f]{64}$/);
    const readUrl = String((await ownerA(`/videos/${video.uuid}`)).body.video.video_url);
    expect(readUrl.split('?')[0]).toBe(videoUrl.split('?')[0]);
  });

  it('takes a QuickTime movie and replaces an earlier file', async () => {
    const video = await uploadedVideo(ownerA);
    const response = await upload(ownerA, video.uuid, movFixture(3840, 2160, 61_000), 'video/quicktime', 'clip.mov');
    expect(response.status).toBe(200);
    expect(response.body.video).toMatchObject({ mime_type: 'video/quicktime', width: 3840, height: 2160, duration_ms: 61_000 });
    expect(String(response.body.video.video_url).split('?')[0]).not.toBe(String(video.video_url).split('?')[0]);
  });

  it('refuses a movie it cannot read (422) and keeps the video as it was', async () => {
    const video = await createVideo(ownerA);
    const response = await upload(ownerA, video.uuid, truncatedMp4());
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(Messages.unreadableVideo);
    expect((await ownerA(`/videos/${video.uuid}`)).body.video.video_url).toBeNull();
  });
});

describe('the video workflow', () => {
  it('submits a draft with a file: 200 {message, status: pending} and video.submitted', async () => {
    const video = await uploadedVideo(ownerA);
    const response = await ownerA(`/videos/${video.uuid}/submit`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: Messages.videoSubmitted, status: 'pending' });
    expect((await ownerA(`/videos/${video.uuid}`)).body.video.status).toBe('pending');
    expect((await eventsOf(video.uuid)).map((event) => event.type)).toEqual(['video.created', 'video.submitted']);
  });

  it('refuses to submit a video without its file (422)', async () => {
    const video = await createVideo(ownerA);
    const response = await ownerA(`/videos/${video.uuid}/submit`, { method: 'POST' });
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('Please upload the video file before submitting.');
  });

  it('refuses to change, re-submit, re-upload or delete a pending video (409)', async () => {
    const video = await pendingVideo(ownerA);
    const refusals = await Promise.all([
      ownerA(`/videos/${video.uuid}/submit`, { method: 'POST' }),
      ownerA(`/videos/${video.uuid}`, { method: 'PATCH', body: { title: 'changed' } }),
      ownerA(`/videos/${video.uuid}`, { method: 'PUT', body: { title: 'changed' } }),
      upload(ownerA, video.uuid, mp4Fixture(1280, 720, 5_000)),
      ownerA(`/videos/${video.uuid}`, { method: 'DELETE' }),
    ]);
    expect(refusals.map((response) => response.status)).toEqual([409, 409, 409, 409, 409]);
    expect(refusals.map((response) => response.body.error)).toEqual([
      Messages.onlyDraftOrRejectedVideoSubmit,
      Messages.onlyDraftOrRejectedVideoUpdate,
      Messages.onlyDraftOrRejectedVideoUpdate,
      Messages.onlyDraftOrRejectedVideoUpdate,
      Messages.onlyDraftOrRejectedVideoDelete,
    ]);
    expect((await ownerA(`/videos/${video.uuid}`)).body.video).toMatchObject({ title: 'A video', status: 'pending' });
  });

  it('approves only pending videos, and only for reviewers', async () => {
    const draft = await createVideo(ownerA);
    expect((await ownerA(`/videos/${draft.uuid}/approve`, { method: 'POST' })).status).toBe(409);
    const video = await pendingVideo(artistA);
    const byArtist = await artistA(`/videos/${video.uuid}/approve`, { method: 'POST' });
    expect(byArtist.status).toBe(403);
    expect(byArtist.body.error).toBe(Messages.forbidden);
    expect((await ownerA(`/videos/${video.uuid}/approve`, { method: 'POST' })).status).toBe(200);
    const again = await ownerA(`/videos/${video.uuid}/approve`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(Messages.onlyPendingVideoApprove);
    const events = await eventsOf(video.uuid);
    expect(events.map((event) => event.type)).toEqual(['video.created', 'video.submitted', 'video.approved']);
    expect(events[2]?.data.isrc).toMatch(ISRC_12);
  });

  it('rejects with a reason; a rejected video may be changed and submitted again', async () => {
    const video = await pendingVideo(ownerA);
    const noReason = await ownerA(`/videos/${video.uuid}/reject`, { method: 'POST', body: {} });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    const rejected = await ownerA(`/videos/${video.uuid}/reject`, { method: 'POST', body: { reason: 'Logo in the corner' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.video).toMatchObject({ status: 'rejected', rejection_reason: 'Logo in the corner' });
    expect((await ownerA(`/videos/${video.uuid}/reject`, { method: 'POST', body: { reason: 'again' } })).status).toBe(409);

    const changed = await ownerA(`/videos/${video.uuid}`, { method: 'PUT', body: { title: 'Clean cut', description: 'no logo' } });
    expect(changed.status).toBe(200);
    expect(changed.body.video).toMatchObject({ title: 'Clean cut', description: 'no logo', status: 'rejected' });
    const resubmitted = await ownerA(`/videos/${video.uuid}/submit`, { method: 'POST' });
    expect(resubmitted.body).toEqual({ message: Messages.videoSubmitted, status: 'pending' });
    expect((await ownerA(`/videos/${video.uuid}`)).body.video.rejection_reason).toBeNull();
    const events = await eventsOf(video.uuid);
    expect(events.map((event) => event.type)).toEqual(['video.created', 'video.submitted', 'video.rejected', 'video.submitted']);
    expect(events[2]?.data).toMatchObject({ video_id: video.uuid, reason: 'Logo in the corner', status: 'rejected' });
  });

  it('deletes a draft (204); it is gone afterwards', async () => {
    const video = await createVideo(ownerA);
    expect((await ownerA(`/videos/${video.uuid}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await ownerA(`/videos/${video.uuid}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Video not found.');
  });
});

describe('the plan rule (Authentication 8)', () => {
  it('refuses video create to an artist key whose plan lacks video distribution (403)', async () => {
    const response = await artistP('/videos', { body: { title: 'x' } });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(Messages.planLacksVideoDistribution);
    expect((await ownerP('/videos')).body.total).toBe(0);
  });

  it('refuses video submit to that artist key (403), while the owner of the same tenant may submit', async () => {
    const video = await uploadedVideo(ownerP, { artist_id: artistPId });
    const byArtist = await artistP(`/videos/${video.uuid}/submit`, { method: 'POST' });
    expect(byArtist.status).toBe(403);
    expect(byArtist.body.error).toBe(Messages.planLacksVideoDistribution);
    expect((await artistP(`/videos/${video.uuid}`)).body.video.status).toBe('draft');
    expect((await ownerP(`/videos/${video.uuid}/submit`, { method: 'POST' })).status).toBe(200);
  });

  it('lets an artist key create and submit when the plan includes video distribution', async () => {
    const video = await uploadedVideo(artistQ);
    expect((await artistQ(`/videos/${video.uuid}/submit`, { method: 'POST' })).status).toBe(200);
  });
});

describe('GET /videos', () => {
  it('lists newest first with offset meta, filters by status, and walks by cursor', async () => {
    const ownerL = await (async () => {
      await newTenant('video-list');
      return api('video-list', 'owner');
    })();
    const made = [];
    for (const title of ['one', 'two', 'three']) made.push(await createVideo(ownerL, { title }));
    await ownerL(`/videos/${made[0]?.uuid}/upload`, { method: 'POST', raw: fileForm('video', mp4Fixture(640, 360, 1_000), 'video/mp4', 'a.mp4') });
    await ownerL(`/videos/${made[0]?.uuid}/submit`, { method: 'POST' });

    const all = await ownerL('/videos?per_page=2');
    expect(all.status).toBe(200);
    expect(all.body.videos.map((video: any) => video.title)).toEqual(['three', 'two']);
    expect(all.body.total).toBe(3);
    expect(all.body.meta).toEqual({ mode: 'offset', total: 3, per_page: 2, current_page: 1, last_page: 2 });

    const pending = await ownerL('/videos?status=pending');
    expect(pending.body.videos.map((video: any) => video.title)).toEqual(['one']);
    expect((await ownerL('/videos?status=live')).status).toBe(422);

    const first = await ownerL('/videos?cursor=&per_page=2');
    expect(first.body.meta).toMatchObject({ mode: 'cursor', has_more: true });
    const second = await ownerL(`/videos?cursor=${first.body.meta.next_cursor}&per_page=2`);
    expect(second.body.videos.map((video: any) => video.title)).toEqual(['one']);
    expect(second.body.meta.has_more).toBe(false);
  });

  it('shows an artist key only its own artist\'s videos', async () => {
    const own = await createVideo(artistA);
    const others = await createVideo(ownerA, { artist_id: otherArtistAId });
    const listed = (await artistA('/videos?per_page=100')).body.videos.map((video: any) => video.uuid);
    expect(listed).toContain(own.uuid);
    expect(listed).not.toContain(others.uuid);
    expect((await artistA(`/videos/${others.uuid}`)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('answers 404 on every video route for another tenant\'s video', async () => {
    const video = await pendingVideo(ownerA);
    const draft = await createVideo(ownerA);
    const attempts = await Promise.all([
      ownerB(`/videos/${draft.uuid}`),
      ownerB(`/videos/${draft.uuid}`, { method: 'PATCH', body: { title: 'mine' } }),
      ownerB(`/videos/${draft.uuid}`, { method: 'PUT', body: { title: 'mine' } }),
      ownerB(`/videos/${draft.uuid}`, { method: 'DELETE' }),
      upload(ownerB, draft.uuid, mp4Fixture(1280, 720, 5_000)),
      ownerB(`/videos/${draft.uuid}/submit`, { method: 'POST' }),
      ownerB(`/videos/${video.uuid}/approve`, { method: 'POST' }),
      ownerB(`/videos/${video.uuid}/reject`, { method: 'POST', body: { reason: 'not yours' } }),
    ]);
    expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(new Set(attempts.map((response) => response.body.error))).toEqual(new Set(['Video not found.']));
    expect((await ownerB('/videos?per_page=100')).body.videos.map((item: any) => item.uuid)).not.toContain(draft.uuid);
    expect((await ownerA(`/videos/${draft.uuid}`)).body.video).toMatchObject({ title: 'A video', status: 'draft', video_url: null });
    expect((await ownerA(`/videos/${video.uuid}`)).body.video.status).toBe('pending');
  });
});
