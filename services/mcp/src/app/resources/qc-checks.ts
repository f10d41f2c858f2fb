import type { ToolLookup } from '../tools/tool-lookup.ts';

/*
 * The checks the delivery service's QC runs when a release is in qc_inspection, in words an
 * agent can act on before submitting. The delivery service owns them (services share no code);
 * this page follows its rules and limits.
 */

/** sv://rules/qc-checks */
export const qcCheckRules = (tool: ToolLookup): string => `# QC checks

After approval a release is in \`qc_inspection\` and every check below runs. Any failure rejects the
release with a \`rejection_reason\` listing each problem in plain words; a pass approves it and
starts delivery to the selected stores. Check these before calling \`${tool('POST', '/releases/:uuid/submit').name}\`.

## Release metadata

| check | passes when |
|---|---|
| \`display_artist\` | the release has an artist with a name, or every track has an \`artist_name\` |
| \`upc\` | the UPC is 12 or 13 digits (one is assigned when you leave it out) |
| \`release_date\` | a release date is set |
| \`genre\` | the genre is not blank |
| \`tracks\` | the release has at least one track |
| \`isrc\` | every track has a valid ISRC: 2 letters, 3 letters or digits, 7 digits (generated when omitted) |
| \`isrc_duplicate\` | no two tracks of the release share an ISRC |
| \`title_version_empty\` | a track's \`title_version\`, when set, is more than brackets and dashes |
| \`ai_disclosure\` | a track marked \`includes_ai\` names the AI service and at least one AI element (sv://rules/ai-disclosure) |

## Title style (release title, track titles, track versions)

| check | fails when |
|---|---|
| \`title_style_explicit\` | the title contains "explicit" or "clean": set the track's \`explicit\` flag instead |
| \`title_style_featuring\` | the title credits a featured artist ("feat.", "ft.", "featuring"): add them as \`contributors\` or \`additional_artists\` |
| \`title_style_caps\` | the title is written in capitals throughout |

## Audio (every track)

| check | passes when |
|---|---|
| \`audio_missing\` | the track has an uploaded audio file (\`audio_url\` is set) |
| \`audio_undecodable\` | the file decodes |
| \`audio_sample_rate\` | the sample rate is at least 44,100 Hz |
| \`audio_bit_depth\` | the audio is lossless at 16 or 24 bit (MP3 and AAC are refused here) |
| \`audio_channels\` | mono or stereo (immersive mixes go in the Dolby Atmos slot: \`dolby_isrc\`, \`dolby_audio_uri\`) |
| \`audio_duration\` | the audio lasts at least 1 second; 30 seconds when the release goes to YouTube Content ID or Audible Magic |
| \`audio_silent\` | the overall level is above -60 dBFS |
| \`audio_clipping\` | at most 0.01 % of the samples reach full scale (-0.1 dBFS); fewer than 8 such samples never count |

Integrated loudness, true peak and loudness range are measured and reported, not judged.
Each upload is also checked on its own by the audio validator within minutes, so a bad file can be
replaced (\`${tool('POST', '/tracks/:uuid/audio').name}\`) before submitting.

## Cover artwork

| check | passes when |
|---|---|
| \`artwork_missing\` | the release has a cover and it can be read |
| \`artwork_square\` | the cover is square |
| \`artwork_size\` | each side is between 3000 and 8000 pixels |

Upload the cover with \`${tool('POST', '/releases/:uuid/artwork').name}\` or set \`cover_art_url\`; it is stored as JPEG.
`;
