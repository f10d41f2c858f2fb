import { ONBOARDING_STEPS, type DspDeliveryType, type LeadTimeDays, type OnboardingStep } from '@sv/contracts';
import { DEFAULT_PRICING_TIER } from '../../catalogues/pricing-tiers.ts';

/**
 * The DSP registry: every destination the platform delivers to, as versioned data. At start-up
 * the service copies it into supply_chain.dsp when the stored version is older (registry-sync.ts).
 *
 * To change it: edit the entries and raise REGISTRY_VERSION. Never reuse or renumber a dsp_id
 * (selections and deliveries refer to it); never remove an entry: retire it with
 * is_active: false, so selections that name it keep resolving.
 */
export const REGISTRY_VERSION = 5;

/** The registry's name in supply_chain.registry_version. */
export const DSP_REGISTRY_NAME = 'dsp';

export type DeliveryMethod = 'sftp' | 's3' | 'api' | 'aspera';
export type ErnVersion = '4.3' | '4.2' | '3.8.2';
export type CertificationLevel = 'ddex_certified' | 'preferred' | 'standard';

export interface DspRegistryEntry {
  /** Stable positive integer; the id clients send as dsp_ids. */
  dsp_id: number;
  /** Lowercase letters, digits and underscores; also the <slug> of release.dsp.<slug>.* events. */
  slug: string;
  name: string;
  delivery_method: DeliveryMethod;
  ern_version: ErnVersion;
  certification_level: CertificationLevel;
  website_url: string;
  /** The store's logo, relative to the CDN address; null while the deployment has published none (logo_url null). */
  logo_path: string | null;
  delivery_type: DspDeliveryType;
  is_active: boolean;
  /** The DDEX party id (DPID) the store is addressed by: `PADPIDA` and 11 letters or digits. */
  ddex_party_id: string;
  /** The monetization policies (codes of the catalogue) the store is sent unless a release says otherwise. */
  default_monetization_policy_codes: readonly string[];
  /** The pricing tier (a code of the catalogue) the store is sent unless a release says otherwise. */
  default_pricing_tier_code: string;
  /** Days before the release date a new release, and before it is to show an update, should reach the store. */
  lead_time_days: LeadTimeDays;
  /** Where lead_time_days comes from: the store's published delivery specification, or the platform's default. */
  lead_time_source: LeadTimeSource;
  /** The test deliveries the store asks of a new distributor, in order; null: none. */
  onboarding_series: readonly OnboardingStep[] | null;
}

export type LeadTimeSource = 'published' | 'default';

/**
 * The lead time of a store that publishes none: a week for a new release (the usual minimum
 * for a store to ingest a release and show it on its date), two days for an update.
 */
export const DEFAULT_LEAD_TIME_DAYS: LeadTimeDays = { new_release: 7, update: 2 };

/**
 * Lead times a store states in its delivery specification, by slug. Spotify asks for a new
 * release five (business) days before its release date and for an update two days before it is
 * to show; counted here as calendar days. Every other store uses DEFAULT_LEAD_TIME_DAYS until its
 * figure is confirmed with its delivery agreement and written here (raising REGISTRY_VERSION).
 */
const PUBLISHED_LEAD_TIMES: Readonly<Record<string, LeadTimeDays>> = {
  spotify: { new_release: 5, update: 2 },
};

/**
 * Stores that certify a distributor with a fixed series of test deliveries, by slug. Spotify's
 * delivery specification asks for a new album, then updates of it (territories, release date,
 * streaming rights of one track), then its takedown.
 */
const ONBOARDING_SERIES: Readonly<Record<string, readonly OnboardingStep[]>> = {
  spotify: ONBOARDING_STEPS,
};

/**
 * What each kind of store takes by default: the deals a delivery carries when neither the
 * release nor its per-DSP override sets monetization. A release may override them per store.
 */
const DEAL_PROFILES = {
  streaming: ['subscription_streaming', 'ad_supported_streaming'],
  subscription: ['subscription_streaming'],
  streaming_download: ['subscription_streaming', 'ad_supported_streaming', 'permanent_download'],
  subscription_download: ['subscription_streaming', 'permanent_download'],
  download: ['permanent_download'],
  radio: ['non_interactive_streaming'],
  ugc: ['user_generated_content'],
  identification: ['content_identification'],
} as const satisfies Record<string, readonly string[]>;
type DealProfile = keyof typeof DEAL_PROFILES;

/**
 * A store's DDEX party id. Each store gives its DPID to a distributor with the delivery
 * agreement; a deployment confirms the value per store agreement and writes it here (raising
 * REGISTRY_VERSION). Until then every entry carries a placeholder of the DPID format, unique
 * per store: `PADPIDA` + `SV` + the dsp_id in nine digits.
 */
const AGREED_PARTY_IDS: Readonly<Record<string, string>> = {};
const partyIdOf = (dspId: number, slug: string): string => AGREED_PARTY_IDS[slug] ?? `PADPIDASV${String(dspId).padStart(9, '0')}`;

/**
 * The store logos this deployment has published on its CDN, by slug (a path relative to the CDN
 * address, e.g. `dsps/spotify.png`). The repository ships no store artwork (each logo is its
 * store's trademark, used under that store's brand terms), so none is listed and every store
 * answers logo_url null. A deployment that publishes a logo lists it here (raising REGISTRY_VERSION).
 */
const PUBLISHED_LOGOS: Readonly<Record<string, string>> = {};

type Row = [
  dsp_id: number,
  slug: string,
  name: string,
  delivery_method: DeliveryMethod,
  ern_version: ErnVersion,
  certification_level: CertificationLevel,
  website_url: string,
  deals: DealProfile,
  delivery_type?: DspDeliveryType,
];

const active = (rows: Row[]): DspRegistryEntry[] =>
  rows.map(([dsp_id, slug, name, delivery_method, ern_version, certification_level, website_url, deals, delivery_type]) => ({
    dsp_id,
    slug,
    name,
    delivery_method,
    ern_version,
    certification_level,
    website_url,
    logo_path: PUBLISHED_LOGOS[slug] ?? null,
    delivery_type: delivery_type ?? 'audio',
    is_active: true,
    ddex_party_id: partyIdOf(dsp_id, slug),
    default_monetization_policy_codes: DEAL_PROFILES[deals],
    default_pricing_tier_code: DEFAULT_PRICING_TIER,
    lead_time_days: PUBLISHED_LEAD_TIMES[slug] ?? DEFAULT_LEAD_TIME_DAYS,
    lead_time_source: PUBLISHED_LEAD_TIMES[slug] ? 'published' : 'default',
    onboarding_series: ONBOARDING_SERIES[slug] ?? null,
  }));

const retired = (rows: Row[]): DspRegistryEntry[] => active(rows).map((entry) => ({ ...entry, is_active: false }));

export const DSP_REGISTRY: readonly DspRegistryEntry[] = [
  ...active([
    [1, 'spotify', 'Spotify', 'sftp', '4.3', 'ddex_certified', 'https://www.spotify.com', 'streaming'],
    [2, 'apple_music', 'Apple Music', 'aspera', '4.3', 'ddex_certified', 'https://www.apple.com/apple-music/', 'subscription', 'audio_video'],
    [3, 'itunes', 'iTunes', 'aspera', '4.3', 'ddex_certified', 'https://www.apple.com/itunes/', 'download'],
    [4, 'amazon_music', 'Amazon Music', 's3', '4.3', 'ddex_certified', 'https://music.amazon.com', 'streaming_download'],
    [5, 'youtube_music', 'YouTube Music', 'sftp', '4.3', 'ddex_certified', 'https://music.youtube.com', 'streaming', 'audio_video'],
    [6, 'youtube_content_id', 'YouTube Content ID', 'sftp', '4.3', 'ddex_certified', 'https://www.youtube.com', 'ugc', 'audio_video'],
    [7, 'deezer', 'Deezer', 'sftp', '4.3', 'ddex_certified', 'https://www.deezer.com', 'streaming'],
    [8, 'tidal', 'TIDAL', 'sftp', '4.3', 'ddex_certified', 'https://tidal.com', 'subscription', 'audio_video'],
    [9, 'pandora', 'Pandora', 'sftp', '4.3', 'ddex_certified', 'https://www.pandora.com', 'radio'],
    [10, 'soundcloud', 'SoundCloud', 'sftp', '4.3', 'preferred', 'https://soundcloud.com', 'streaming'],
    [11, 'audiomack', 'Audiomack', 'api', '4.3', 'preferred', 'https://audiomack.com', 'streaming'],
    [12, 'tiktok', 'TikTok', 'sftp', '4.3', 'ddex_certified', 'https://www.tiktok.com', 'ugc'],
    [13, 'meta', 'Facebook & Instagram (Meta)', 'sftp', '4.3', 'ddex_certified', 'https://www.meta.com', 'ugc'],
    [14, 'napster', 'Napster', 'sftp', '3.8.2', 'preferred', 'https://www.napster.com', 'subscription'],
    [15, 'iheartradio', 'iHeartRadio', 'sftp', '3.8.2', 'preferred', 'https://www.iheart.com', 'radio'],
    [16, 'anghami', 'Anghami', 'sftp', '4.3', 'preferred', 'https://www.anghami.com', 'streaming'],
    [17, 'boomplay', 'Boomplay', 'sftp', '4.3', 'preferred', 'https://www.boomplay.com', 'streaming'],
    [18, 'jiosaavn', 'JioSaavn', 'sftp', '4.3', 'preferred', 'https://www.jiosaavn.com', 'streaming'],
    [19, 'gaana', 'Gaana', 'sftp', '4.2', 'standard', 'https://gaana.com', 'streaming'],
    [20, 'netease_cloud_music', 'NetEase Cloud Music', 'sftp', '4.3', 'preferred', 'https://music.163.com', 'streaming'],
    [21, 'tencent_music', 'Tencent Music (QQ Music)', 'sftp', '4.3', 'preferred', 'https://y.qq.com', 'streaming'],
    [22, 'kkbox', 'KKBOX', 'sftp', '4.3', 'preferred', 'https://www.kkbox.com', 'subscription'],
    [23, 'line_music', 'LINE MUSIC', 'sftp', '4.3', 'standard', 'https://music.line.me', 'subscription'],
    [24, 'awa', 'AWA', 'sftp', '4.2', 'standard', 'https://awa.fm', 'streaming'],
    [25, 'joox', 'JOOX', 'sftp', '4.3', 'standard', 'https://www.joox.com', 'streaming'],
    [26, 'yandex_music', 'Yandex Music', 'sftp', '4.3', 'standard', 'https://music.yandex.com', 'streaming'],
    [27, 'vk_music', 'VK Music', 'sftp', '4.2', 'standard', 'https://vk.com', 'streaming'],
    [28, 'zvuk', 'Zvuk', 'sftp', '4.2', 'standard', 'https://zvuk.com', 'streaming'],
    [29, 'qobuz', 'Qobuz', 'sftp', '4.3', 'preferred', 'https://www.qobuz.com', 'subscription_download'],
    [30, '7digital', '7digital', 'sftp', '3.8.2', 'standard', 'https://www.7digital.com', 'download'],
    [31, 'beatport', 'Beatport', 'api', '4.3', 'preferred', 'https://www.beatport.com', 'download'],
    [32, 'traxsource', 'Traxsource', 'sftp', '3.8.2', 'standard', 'https://www.traxsource.com', 'download'],
    [33, 'juno_download', 'Juno Download', 'sftp', '3.8.2', 'standard', 'https://www.junodownload.com', 'download'],
    [34, 'shazam', 'Shazam', 'api', '4.3', 'preferred', 'https://www.shazam.com', 'identification'],
    [35, 'claro_musica', 'Claro Música', 'sftp', '3.8.2', 'standard', 'https://www.claromusica.com', 'streaming'],
    [36, 'kuack', 'Kuack', 'sftp', '3.8.2', 'standard', 'https://kuackmedia.com', 'streaming'],
    [37, 'trebel', 'Trebel', 'sftp', '4.3', 'standard', 'https://trebel.io', 'streaming'],
    [38, 'audible_magic', 'Audible Magic', 'api', '4.3', 'standard', 'https://www.audiblemagic.com', 'identification'],
    [39, 'peloton', 'Peloton', 's3', '4.3', 'standard', 'https://www.onepeloton.com', 'subscription'],
    [40, 'snapchat', 'Snapchat', 's3', '4.3', 'preferred', 'https://www.snapchat.com', 'ugc'],
    [41, 'roblox', 'Roblox', 'api', '4.3', 'standard', 'https://www.roblox.com', 'ugc'],
    [42, 'mixcloud', 'Mixcloud', 'api', '4.3', 'standard', 'https://www.mixcloud.com', 'radio'],
    [43, 'triller', 'Triller', 's3', '4.3', 'standard', 'https://triller.co', 'ugc'],
    [44, 'gracenote', 'Gracenote', 'sftp', '3.8.2', 'standard', 'https://www.gracenote.com', 'identification'],
    [45, 'melon', 'Melon', 'sftp', '4.3', 'standard', 'https://www.melon.com', 'streaming'],
    [46, 'genie_music', 'Genie Music', 'sftp', '4.2', 'standard', 'https://www.genie.co.kr', 'streaming'],
    [47, 'bugs', 'Bugs!', 'sftp', '4.2', 'standard', 'https://music.bugs.co.kr', 'streaming'],
    [48, 'flo', 'FLO', 'sftp', '4.2', 'standard', 'https://www.music-flo.com', 'streaming'],
    [49, 'hungama', 'Hungama Music', 'sftp', '3.8.2', 'standard', 'https://www.hungama.com', 'streaming'],
    [50, 'wynk_music', 'Wynk Music', 'sftp', '4.3', 'standard', 'https://wynk.in', 'streaming'],
    [51, 'medianet', 'MediaNet', 'sftp', '3.8.2', 'standard', 'https://www.mndigital.com', 'streaming_download'],
    [52, 'touchtunes', 'TouchTunes', 'sftp', '3.8.2', 'standard', 'https://www.touchtunes.com', 'radio'],
    [53, 'siriusxm', 'SiriusXM', 'sftp', '3.8.2', 'preferred', 'https://www.siriusxm.com', 'radio'],
    [54, 'soundtrack_your_brand', 'Soundtrack Your Brand', 'api', '4.3', 'standard', 'https://www.soundtrackyourbrand.com', 'radio'],
    [55, 'hdtracks', 'HDtracks', 'sftp', '3.8.2', 'standard', 'https://www.hdtracks.com', 'download'],
  ]),
  // Closed services: kept so selections and past deliveries that name them still resolve.
  ...retired([
    [56, 'google_play_music', 'Google Play Music', 'sftp', '3.8.2', 'standard', 'https://play.google.com/music', 'streaming_download'],
    [57, 'resso', 'Resso', 'sftp', '4.3', 'standard', 'https://www.resso.com', 'streaming'],
  ]),
];
