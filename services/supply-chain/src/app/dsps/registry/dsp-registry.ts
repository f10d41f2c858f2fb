import type { DspDeliveryType } from '@sv/contracts';

/**
 * The DSP registry: every destination the platform delivers to, as versioned data. At start-up
 * the service copies it into supply_chain.dsp when the stored version is older (registry-sync.ts).
 *
 * To change it: edit the entries and raise REGISTRY_VERSION. Never reuse or renumber a dsp_id
 * (selections and deliveries refer to it); never remove an entry: retire it with
 * is_active: false, so selections that name it keep resolving.
 */
export const REGISTRY_VERSION = 1;

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
  delivery_type: DspDeliveryType;
  is_active: boolean;
}

type Row = [
  dsp_id: number,
  slug: string,
  name: string,
  delivery_method: DeliveryMethod,
  ern_version: ErnVersion,
  certification_level: CertificationLevel,
  website_url: string,
  delivery_type?: DspDeliveryType,
];

const active = (rows: Row[]): DspRegistryEntry[] =>
  rows.map(([dsp_id, slug, name, delivery_method, ern_version, certification_level, website_url, delivery_type]) => ({
    dsp_id,
    slug,
    name,
    delivery_method,
    ern_version,
    certification_level,
    website_url,
    delivery_type: delivery_type ?? 'audio',
    is_active: true,
  }));

const retired = (rows: Row[]): DspRegistryEntry[] => active(rows).map((entry) => ({ ...entry, is_active: false }));

export const DSP_REGISTRY: readonly DspRegistryEntry[] = [
  ...active([
    [1, 'spotify', 'Spotify', 'sftp', '4.3', 'ddex_certified', 'https://www.spotify.com'],
    [2, 'apple_music', 'Apple Music', 'aspera', '4.3', 'ddex_certified', 'https://www.apple.com/apple-music/', 'audio_video'],
    [3, 'itunes', 'iTunes', 'aspera', '4.3', 'ddex_certified', 'https://www.apple.com/itunes/'],
    [4, 'amazon_music', 'Amazon Music', 's3', '4.3', 'ddex_certified', 'https://music.amazon.com'],
    [5, 'youtube_music', 'YouTube Music', 'sftp', '4.3', 'ddex_certified', 'https://music.youtube.com', 'audio_video'],
    [6, 'youtube_content_id', 'YouTube Content ID', 'sftp', '4.3', 'ddex_certified', 'https://www.youtube.com', 'audio_video'],
    [7, 'deezer', 'Deezer', 'sftp', '4.3', 'ddex_certified', 'https://www.deezer.com'],
    [8, 'tidal', 'TIDAL', 'sftp', '4.3', 'ddex_certified', 'https://tidal.com', 'audio_video'],
    [9, 'pandora', 'Pandora', 'sftp', '4.3', 'ddex_certified', 'https://www.pandora.com'],
    [10, 'soundcloud', 'SoundCloud', 'sftp', '4.3', 'preferred', 'https://soundcloud.com'],
    [11, 'audiomack', 'Audiomack', 'api', '4.3', 'preferred', 'https://audiomack.com'],
    [12, 'tiktok', 'TikTok', 'sftp', '4.3', 'ddex_certified', 'https://www.tiktok.com'],
    [13, 'meta', 'Facebook & Instagram (Meta)', 'sftp', '4.3', 'ddex_certified', 'https://www.meta.com'],
    [14, 'napster', 'Napster', 'sftp', '3.8.2', 'preferred', 'https://www.napster.com'],
    [15, 'iheartradio', 'iHeartRadio', 'sftp', '3.8.2', 'preferred', 'https://www.iheart.com'],
    [16, 'anghami', 'Anghami', 'sftp', '4.3', 'preferred', 'https://www.anghami.com'],
    [17, 'boomplay', 'Boomplay', 'sftp', '4.3', 'preferred', 'https://www.boomplay.com'],
    [18, 'jiosaavn', 'JioSaavn', 'sftp', '4.3', 'preferred', 'https://www.jiosaavn.com'],
    [19, 'gaana', 'Gaana', 'sftp', '4.2', 'standard', 'https://gaana.com'],
    [20, 'netease_cloud_music', 'NetEase Cloud Music', 'sftp', '4.3', 'preferred', 'https://music.163.com'],
    [21, 'tencent_music', 'Tencent Music (QQ Music)', 'sftp', '4.3', 'preferred', 'https://y.qq.com'],
    [22, 'kkbox', 'KKBOX', 'sftp', '4.3', 'preferred', 'https://www.kkbox.com'],
    [23, 'line_music', 'LINE MUSIC', 'sftp', '4.3', 'standard', 'https://music.line.me'],
    [24, 'awa', 'AWA', 'sftp', '4.2', 'standard', 'https://awa.fm'],
    [25, 'joox', 'JOOX', 'sftp', '4.3', 'standard', 'https://www.joox.com'],
    [26, 'yandex_music', 'Yandex Music', 'sftp', '4.3', 'standard', 'https://music.yandex.com'],
    [27, 'vk_music', 'VK Music', 'sftp', '4.2', 'standard', 'https://vk.com'],
    [28, 'zvuk', 'Zvuk', 'sftp', '4.2', 'standard', 'https://zvuk.com'],
    [29, 'qobuz', 'Qobuz', 'sftp', '4.3', 'preferred', 'https://www.qobuz.com'],
    [30, '7digital', '7digital', 'sftp', '3.8.2', 'standard', 'https://www.7digital.com'],
    [31, 'beatport', 'Beatport', 'api', '4.3', 'preferred', 'https://www.beatport.com'],
    [32, 'traxsource', 'Traxsource', 'sftp', '3.8.2', 'standard', 'https://www.traxsource.com'],
    [33, 'juno_download', 'Juno Download', 'sftp', '3.8.2', 'standard', 'https://www.junodownload.com'],
    [34, 'shazam', 'Shazam', 'api', '4.3', 'preferred', 'https://www.shazam.com'],
    [35, 'claro_musica', 'Claro Música', 'sftp', '3.8.2', 'standard', 'https://www.claromusica.com'],
    [36, 'kuack', 'Kuack', 'sftp', '3.8.2', 'standard', 'https://kuackmedia.com'],
    [37, 'trebel', 'Trebel', 'sftp', '4.3', 'standard', 'https://trebel.io'],
    [38, 'audible_magic', 'Audible Magic', 'api', '4.3', 'standard', 'https://www.audiblemagic.com'],
    [39, 'peloton', 'Peloton', 's3', '4.3', 'standard', 'https://www.onepeloton.com'],
    [40, 'snapchat', 'Snapchat', 's3', '4.3', 'preferred', 'https://www.snapchat.com'],
    [41, 'roblox', 'Roblox', 'api', '4.3', 'standard', 'https://www.roblox.com'],
    [42, 'mixcloud', 'Mixcloud', 'api', '4.3', 'standard', 'https://www.mixcloud.com'],
    [43, 'triller', 'Triller', 's3', '4.3', 'standard', 'https://triller.co'],
    [44, 'gracenote', 'Gracenote', 'sftp', '3.8.2', 'standard', 'https://www.gracenote.com'],
    [45, 'melon', 'Melon', 'sftp', '4.3', 'standard', 'https://www.melon.com'],
    [46, 'genie_music', 'Genie Music', 'sftp', '4.2', 'standard', 'https://www.genie.co.kr'],
    [47, 'bugs', 'Bugs!', 'sftp', '4.2', 'standard', 'https://music.bugs.co.kr'],
    [48, 'flo', 'FLO', 'sftp', '4.2', 'standard', 'https://www.music-flo.com'],
    [49, 'hungama', 'Hungama Music', 'sftp', '3.8.2', 'standard', 'https://www.hungama.com'],
    [50, 'wynk_music', 'Wynk Music', 'sftp', '4.3', 'standard', 'https://wynk.in'],
    [51, 'medianet', 'MediaNet', 'sftp', '3.8.2', 'standard', 'https://www.mndigital.com'],
    [52, 'touchtunes', 'TouchTunes', 'sftp', '3.8.2', 'standard', 'https://www.touchtunes.com'],
    [53, 'siriusxm', 'SiriusXM', 'sftp', '3.8.2', 'preferred', 'https://www.siriusxm.com'],
    [54, 'soundtrack_your_brand', 'Soundtrack Your Brand', 'api', '4.3', 'standard', 'https://www.soundtrackyourbrand.com'],
    [55, 'hdtracks', 'HDtracks', 'sftp', '3.8.2', 'standard', 'https://www.hdtracks.com'],
  ]),
  // Closed services: kept so selections and past deliveries that name them still resolve.
  ...retired([
    [56, 'google_play_music', 'Google Play Music', 'sftp', '3.8.2', 'standard', 'https://play.google.com/music'],
    [57, 'resso', 'Resso', 'sftp', '4.3', 'standard', 'https://www.resso.com'],
  ]),
];

/** Where a DSP's logo is kept, relative to the CDN address (the URL is built at read time). */
export const dspLogoPath = (slug: string): string => `dsps/${slug}.png`;
