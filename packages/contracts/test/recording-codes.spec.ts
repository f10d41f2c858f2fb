import { randomUUID } from 'node:crypto';
import {
  RECORDING_CODES_PAGE_RELEASES,
  RecordingCodesBody,
  RecordingCodesRebuildBody,
  RecordingCodesReply,
  busPermissions,
  apiSubject,
} from '../src/index.ts';

describe('recordings.codes request', () => {
  it('asks for one release by its uuid', () => {
    const release_id = randomUUID();
    expect(RecordingCodesBody.parse({ kind: 'release', release_id })).toEqual({ kind: 'release', release_id });
    expect(RecordingCodesBody.safeParse({ kind: 'release', release_id: 'not-a-uuid' }).success).toBe(false);
    expect(RecordingCodesBody.safeParse({ kind: 'release' }).success).toBe(false);
  });

  it('pages from the start of the caller tenant, as many releases as a page holds, unless told otherwise', () => {
    expect(RecordingCodesBody.parse({ kind: 'page' })).toEqual({ kind: 'page', all_tenants: false, after: null, limit: RECORDING_CODES_PAGE_RELEASES });
  });

  it('bounds a page to between one and RECORDING_CODES_PAGE_RELEASES releases', () => {
    expect(RecordingCodesBody.safeParse({ kind: 'page', limit: 1 }).success).toBe(true);
    expect(RecordingCodesBody.safeParse({ kind: 'page', limit: RECORDING_CODES_PAGE_RELEASES }).success).toBe(true);
    expect(RecordingCodesBody.safeParse({ kind: 'page', limit: 0 }).success).toBe(false);
    expect(RecordingCodesBody.safeParse({ kind: 'page', limit: RECORDING_CODES_PAGE_RELEASES + 1 }).success).toBe(false);
    expect(RecordingCodesBody.safeParse({ kind: 'page', limit: 2.5 }).success).toBe(false);
  });

  it('takes a cursor of a tenant and a release, both uuids', () => {
    const after = { tenant_id: randomUUID(), release_id: randomUUID() };
    expect(RecordingCodesBody.parse({ kind: 'page', after })).toMatchObject({ after });
    expect(RecordingCodesBody.safeParse({ kind: 'page', after: { tenant_id: after.tenant_id } }).success).toBe(false);
    expect(RecordingCodesBody.safeParse({ kind: 'page', after: { ...after, release_id: 'x' } }).success).toBe(false);
  });

  it('refuses any other kind of question', () => {
    expect(RecordingCodesBody.safeParse({ kind: 'everything' }).success).toBe(false);
    expect(RecordingCodesBody.safeParse({}).success).toBe(false);
  });
});

describe('recordings.codes reply', () => {
  it('holds releases with their tracks and where the next page starts', () => {
    const release = {
      tenant_id: randomUUID(),
      release_id: randomUUID(),
      upc: null,
      artist_id: null,
      title: 'Album',
      live: true,
      tracks: [{ track_id: randomUUID(), isrc: 'QZABC2600001', artist_id: randomUUID(), title: 'Song' }],
    };
    expect(RecordingCodesReply.parse({ releases: [release], next: null })).toEqual({ releases: [release], next: null });
    expect(RecordingCodesReply.safeParse({ releases: [{ ...release, live: undefined }], next: null }).success).toBe(false);
    expect(RecordingCodesReply.safeParse({ releases: [release] }).success).toBe(false);
  });
});

describe('recording_codes.rebuild', () => {
  it("rebuilds the principal's tenant unless every tenant is asked for", () => {
    expect(RecordingCodesRebuildBody.parse({})).toEqual({ all_tenants: false });
    expect(RecordingCodesRebuildBody.parse({ all_tenants: true })).toEqual({ all_tenants: true });
    expect(RecordingCodesRebuildBody.safeParse({ all_tenants: 'yes' }).success).toBe(false);
  });

  it('is asked by the operator command of both services that keep codes', () => {
    const publish = busPermissions('admin', 'sv.production').publish;
    expect(publish).toContain(apiSubject('sv.production', 'analytics'));
    expect(publish).toContain(apiSubject('sv.production', 'royalties'));
  });
});
