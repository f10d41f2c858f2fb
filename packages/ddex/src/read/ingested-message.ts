import type { ErnVersion } from '../ern-version.ts';

/*
 * An ERN message as the platform ingests it, the same for every ERN version. Values are the
 * message's text, trimmed and entity-decoded, never parsed into numbers where digits matter
 * (a UPC or ISRC keeps its leading zeros). Absent optional values are left out.
 */

/** A delivered file: its URI, or its FilePath and FileName joined (ERN 3.8.2). */
export interface IngestedErnFile {
  uri: string;
  hash?: { algorithm: string; value: string };
}

export interface IngestedErnTitle {
  /** The LanguageAndScriptCode of the title, such as `ja-Jpan`. */
  language: string;
  title: string;
}

export interface IngestedErnArtist {
  name: string;
  /** The DDEX role as given: MainArtist, FeaturedArtist… */
  role: string;
}

export interface IngestedErnContributor {
  name: string;
  /** Every role the message gives this name, in order (Composer, Producer…). */
  roles: string[];
}

/** A ℗ or © line. */
export interface IngestedErnRightsLine {
  year?: number;
  text: string;
}

export interface IngestedErnDeal {
  /** TerritoryCodes (ISO 3166-1 alpha-2 or `Worldwide`); empty when the deal is given by exclusions. */
  territories: string[];
  /** ExcludedTerritoryCodes: the deal applies worldwide except in these. */
  excludedTerritories: string[];
  commercialModels: string[];
  useTypes: string[];
  /** YYYY-MM-DD (the date part of a StartDateTime). */
  startDate?: string;
  /** See the mapping of each version: a TakeDown/AllDealsCancelled flag (3.8.2) or a validity period that ended by the time the message was sent (4.x). */
  takedown: boolean;
}

export interface IngestedErnTrack {
  /** The SoundRecording's ResourceReference. */
  reference: string;
  /** Absent when the SoundRecording has no ISRC (the platform may assign one). */
  isrc?: string;
  /** The ISWC of the musical work, as given (WorkId in 4.x, IndirectSoundRecordingId in 3.8.2); absent when not given. */
  iswc?: string;
  title: string;
  /** The version title (SubTitle). */
  subtitle?: string;
  localizedTitles: IngestedErnTitle[];
  displayArtists: IngestedErnArtist[];
  contributors: IngestedErnContributor[];
  /** From the ISO 8601 Duration; may carry a fraction. */
  durationSeconds?: number;
  /** The ResourceGroupContentItem's SequenceNumber (its position in its group when none is given). */
  sequenceNumber: number;
  /** The disc: the SequenceNumber of the sub-group the track is in (its position when none), 1 without sub-groups. */
  discNumber: number;
  /** ParentalWarningType `Explicit`; `ExplicitContentEdited` is the clean edit and reads as false. */
  explicit: boolean;
  language?: string;
  genre?: string;
  pLine?: IngestedErnRightsLine;
  /** The full-length audio file (previews and clips are skipped). */
  audioFile?: IngestedErnFile;
}

/** Something in a message read differently from what it says, and why: where (element path) and what. */
export interface ErnReadWarning {
  path: string;
  message: string;
}

export interface IngestedErnRelease {
  /** The ReleaseReference; empty for the release of a PurgeReleaseMessage, which has none. */
  reference: string;
  /** The ICPN (UPC/EAN) as given; absent when the release is identified otherwise (GRid). */
  upc?: string;
  grid?: string;
  catalogNumber?: string;
  title: string;
  subtitle?: string;
  localizedTitles: IngestedErnTitle[];
  /** The first ReleaseType as given (a UserDefined type by its UserDefinedValue); empty when the message gives none (3.8.2). */
  releaseType: string;
  platformType: 'single' | 'ep' | 'album';
  displayArtists: IngestedErnArtist[];
  displayArtistName?: string;
  labelName?: string;
  pLine?: IngestedErnRightsLine;
  cLine?: IngestedErnRightsLine;
  genre?: string;
  subgenre?: string;
  /** YYYY-MM-DD; see the mapping of each version for the sources in order of preference. */
  releaseDate?: string;
  /**
   * Where the release is offered: the TerritoryCodes of its deals that are not takedowns,
   * plus `Worldwide` for a deal given by ExcludedTerritoryCodes (the exclusions stay on that
   * deal, in `excludedTerritories`). Empty without deals.
   */
  territories: string[];
  deals: IngestedErnDeal[];
  parentalWarning?: string;
  /** In disc, then sequence order; SoundRecordings only. */
  tracks: IngestedErnTrack[];
  frontCover?: IngestedErnFile & { reference: string };
  /** What was read other than as written (a resource listed twice, read once); absent when nothing was. */
  warnings?: ErnReadWarning[];
}

export interface IngestedErnMessage {
  version: ErnVersion;
  /** See readErnMessage for how each version signals an update or a takedown. */
  kind: 'new' | 'update' | 'takedown';
  messageId: string;
  threadId?: string;
  senderPartyId: string;
  senderName?: string;
  /** The MessageCreatedDateTime as given. */
  createdAt?: string;
  /** The main release (one per message). */
  releases: IngestedErnRelease[];
}

/** Something that keeps a message from being read: where (element path, see validate/element-paths.ts) and what. */
export interface ErnReadError {
  path: string | null;
  message: string;
  /** The line, for problems the schema validation found. */
  line?: number;
}

export type ErnReadResult = { ok: true; message: IngestedErnMessage } | { ok: false; errors: ErnReadError[] };
