import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');
const list = () => p.json<string[]>().columnType('jsonb');
const localized = () => p.json<Record<string, string>>().columnType('jsonb');

/** A track of one release. Soft-deleted; the ISRC is unique among a tenant's live tracks. */
export const Track = defineEntity({
  name: 'Track',
  tableName: 'track',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The parent release, in the same schema (a real foreign key: both rows are the catalogue's). */
    releaseId: p.uuid(),
    title: p.text(),
    position: p.integer(),
    /** 1 unless the release has several discs; position is unique per release and disc. */
    discNumber: p.integer(),
    explicit: p.boolean(),
    /** 12 uppercase characters, without hyphens. */
    isrc: p.text(),
    /** The ISWC of the recording's musical work, T and 10 digits; null when not known. */
    iswc: optionalText(),
    /** Given by the client, or taken from the audio file when the track had none. */
    durationSeconds: p.integer().nullable(),
    language: p.text(),
    trackProperties: list(),
    aiService: optionalText(),
    aiServiceOther: optionalText(),
    aiElements: list(),
    versionType: optionalText(),
    titleVersion: optionalText(),
    lyricFormat: optionalText(),
    lyrics: optionalText(),
    audioLufs: p.double().nullable(),
    dolbyIsrc: optionalText(),
    dolbyAudioUri: optionalText(),
    albumOnly: p.boolean(),
    instrumental: p.boolean(),
    performanceLanguage: optionalText(),
    artistId: p.uuid().nullable(),
    artistName: optionalText(),
    copyrightHolder: optionalText(),
    copyrightYear: p.integer().nullable(),
    yearPublished: p.integer().nullable(),
    previewStartSec: p.double().nullable(),
    previewEndSec: p.double().nullable(),
    contributors: p.json<{ name: string; role: string }[]>().columnType('jsonb'),
    additionalArtists: p.json<{ name: string; role?: string | undefined }[]>().columnType('jsonb'),
    localizedTitles: localized(),
    localizedTitleVersions: localized(),
    localizedLyrics: localized(),
    /**
     * The stored audio file and what was read from its bytes (never from the client's claims).
     * Before an upload, audioFormat, audioSampleRateHz, audioBitDepth and audioChannels hold what
     * the client declared; an upload replaces them with the file's own values.
     */
    audioUrl: optionalText(),
    audioKey: optionalText(),
    mimeType: optionalText(),
    fileSize: p.bigint('number').nullable(),
    audioFormat: optionalText(),
    audioSampleRateHz: p.integer().nullable(),
    audioBitDepth: p.integer().nullable(),
    audioChannels: p.integer().nullable(),
    audioDurationMs: p.integer().nullable(),
    audioUploadedAt: moment().nullable(),
    /** What the audio validator found in the current file (null until it has checked it). */
    audioProblems: p.json<string[]>().columnType('jsonb').nullable(),
    audioIntegratedLufs: p.double().nullable(),
    audioTruePeakDbfs: p.double().nullable(),
    audioCheckedAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Track = InferEntity<typeof Track>;
