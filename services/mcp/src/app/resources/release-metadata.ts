import { UPLOAD_MAX_MEGABYTES } from '@sv/contracts';
import type { ToolDefinition } from '../tools/tool-definitions.ts';
import type { ToolLookup } from '../tools/tool-lookup.ts';
import { fieldTable } from './field-table.ts';

/** The spec's words on fields whose schema alone does not say enough (spec, Resources: Release, Track). */
const RELEASE_NOTES: Record<string, string> = {
  release_date: 'YYYY-MM-DD, a real calendar date; needed to submit',
  genre: 'primary genre',
  upc: 'UPC-A (12 digits) or EAN-13 (13 digits); leave it out and one is assigned',
  copyright_year: 'defaults to the current year',
  cover_art_url: 'an image URL: fetched, converted to JPEG and re-hosted; read the stored one back as artwork_url',
  artist_id: 'required of roster keys, must be an artist of your tenant; artist and collaborator keys create under their own artist',
};

const TRACK_NOTES: Record<string, string> = {
  position: 'track number in the release (also accepted as track_number)',
  isrc: '12 characters (country 2, registrant 3, year 2, designation 5); generated when omitted',
  duration: 'seconds (also accepted as duration_seconds)',
  language: 'ISO 639-1, default en',
  track_properties: 'codes: remix, samples_or_stock, mix_or_compilation, alternate_version, special_genre, non_musical, includes_ai',
  ai_service: 'required with includes_ai (or ai_service_other); see sv://rules/ai-disclosure',
  ai_elements: 'required with includes_ai; see sv://rules/ai-disclosure',
  lyric_format: 'lrc, ttml or itt',
  artist_id: 'must be an artist of your account',
  contributors: 'each needs a non-empty name and a role (e.g. MainArtist, MusicPublisher)',
  additional_artists: 'each needs a non-empty name',
  localized_titles: 'keyed by BCP-47 locale',
};

const bodyOf = (tool: ToolDefinition) => {
  const { body } = tool.route.request;
  if (!body) throw new Error(`${tool.title} takes no body any more; the release rules need its fields`);
  return body;
};

/** sv://rules/release-metadata: what a release needs, in the order an agent builds one. */
export const releaseMetadataRules = (tool: ToolLookup): string => {
  const createRelease = tool('POST', '/releases');
  const createTrack = tool('POST', '/releases/:uuid/tracks');
  const name = (method: Parameters<ToolLookup>[0], path: string) => `\`${tool(method, path).name}\``;
  return `# Release metadata rules

What a release must carry to be accepted at creation and at submission. Fill these in before
calling ${name('POST', '/releases/:uuid/submit')}; the API answers 422 (with a message per field) for anything missing
or malformed, and 409 when the release's status does not allow the change.

## Steps

1. Create or pick the artist: ${name('POST', '/artists')} (\`name\` and \`slug\` required; the slug is lowercase letters,
   digits and hyphens, unique in your tenant) or ${name('GET', '/artists')}.
2. Create the release in draft: ${name('POST', '/releases')}. Owner and team keys cannot create releases (403);
   use an artist, collaborator or roster key (a roster key must name \`artist_id\`).
3. Add tracks: ${name('POST', '/releases/:uuid/tracks')}, one per track, while the release is in draft.
4. Upload each track's audio: ${name('POST', '/tracks/:uuid/audio')} (WAV, 24-bit / 44.1 kHz or better recommended, or FLAC;
   at most ${UPLOAD_MAX_MEGABYTES.audio} MB). The track's \`audio_url\` turning from null to a URL means it is stored.
5. Give the release its cover: ${name('POST', '/releases/:uuid/artwork')} (square, at least 3000x3000 pixels, at most
   8000x8000, JPEG, PNG, WebP or TIFF, at most ${UPLOAD_MAX_MEGABYTES.image} MB) or \`cover_art_url\` on create or update.
6. Choose the stores: ${name('GET', '/supply-chain/dsps')} lists them; ${name('POST', '/releases/:uuid/dsps')} adds
   (\`dsps\`: slugs, or \`dsp_ids\`), ${name('PUT', '/releases/:uuid/dsps')} replaces the selection.
7. Optionally set the supply-chain settings: ${name('PUT', '/supply-chain/releases/:uuid/monetization')},
   ${name('PUT', '/supply-chain/releases/:uuid/pricing-tier')}, ${name('PUT', '/supply-chain/releases/:uuid/territories')},
   and per-store overrides with ${name('PUT', '/releases/:uuid/dsps/:slug')}; check the result with
   ${name('GET', '/supply-chain/releases/:uuid/effective-config')}.
8. Submit: ${name('POST', '/releases/:uuid/submit')}.

## What submit checks

- The release is in \`draft\` or \`rejected\` (otherwise 409 "Only draft or rejected releases can be submitted.").
- It has at least one track (422 "Please add at least one track before submitting.").
- At least one store is selected (422 "Please select at least one store before submitting.").
- \`release_date\` is set (422 "Please set a release date before submitting.").
- For artist and collaborator keys on a tenant with artist plans: the plan's yearly release allowance is not used up (402).

After submit the release is \`pending\`; a reviewer approves it into \`qc_inspection\`, where the
checks of sv://rules/qc-checks run. A release that fails is \`rejected\` with a \`rejection_reason\`:
fix what it names (tracks can be changed only while the release is in draft; update the release
with ${name('PATCH', '/releases/:uuid')}) and submit again.

## Release fields (${createRelease.name})

${fieldTable(bodyOf(createRelease), RELEASE_NOTES)}

Updates (${name('PATCH', '/releases/:uuid')}) change only the fields sent; send the \`updated_at\` you read to be
told (409) when someone else changed the release in between. Release updates work in draft or pending.

## Track fields (${createTrack.name})

${fieldTable(bodyOf(createTrack), TRACK_NOTES)}

Track add, update and delete need the release in draft. \`artist_id\` must belong to your account;
\`contributors\` and \`additional_artists\` must be arrays of objects with a non-empty \`name\` (422 otherwise).
`;
};
