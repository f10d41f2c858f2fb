/**
 * The two tables a service keeps the catalogue's recording codes in, created by that service's own
 * migration in its own schema (this module fills and reads them). Only codes that match are kept:
 * tracks and releases not deleted, each code once per tenant as the catalogue keeps it among its
 * live rows.
 */
export const recordingCodeTablesSql = (schema: string): string[] => [
  `create table "${schema}"."recording_track_code" (
      "tenant_id" uuid not null,
      "track_id" uuid not null,
      "isrc" text not null,
      "release_id" uuid not null,
      "artist_id" uuid null,
      "title" text not null,
      "release_title" text not null,
      "updated_at" timestamptz not null,
      primary key ("tenant_id", "track_id")
    )`,
  // The match: a report's ISRCs joined by tenant and code.
  `create unique index "recording_track_code_isrc_uq" on "${schema}"."recording_track_code" ("tenant_id", "isrc")`,
  // A refresh replaces one release's tracks; a rebuild page replaces a range of releases.
  `create index "recording_track_code_release_idx" on "${schema}"."recording_track_code" ("tenant_id", "release_id")`,
  `create table "${schema}"."recording_release_code" (
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "upc" text not null,
      "artist_id" uuid null,
      "title" text not null,
      "updated_at" timestamptz not null,
      primary key ("tenant_id", "release_id")
    )`,
  `create unique index "recording_release_code_upc_uq" on "${schema}"."recording_release_code" ("tenant_id", "upc")`,
];
