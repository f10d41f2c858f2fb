/*
 * Allowed values of the ERN 3.8.2 AVS (schemas/ern382/avs_20161006.xsd) that the builder
 * restates 4.3's coded values in. Copied from the schema so mapping needs no schema at run
 * time; the tests check every list here against the schema file.
 */

/** avs:ArtistRole (DisplayArtist/ArtistRole). */
export const ARTIST_ROLES = [
  'Actor', 'Adapter', 'Architect', 'Arranger', 'Artist', 'AssociatedPerformer', 'Author', 'Band',
  'Cartoonist', 'Choir', 'Choreographer', 'Composer', 'ComposerLyricist', 'ComputerGraphicCreator',
  'Conductor', 'Contributor', 'Dancer', 'Designer', 'Director', 'Ensemble', 'FeaturedArtist',
  'FilmDirector', 'GraphicArtist', 'GraphicDesigner', 'Journalist', 'Librettist', 'Lyricist',
  'MainArtist', 'Narrator', 'NonLyricAuthor', 'Orchestra', 'OriginalPublisher', 'Painter',
  'Photographer', 'PhotographyDirector', 'Playwright', 'PrimaryMusician', 'Producer', 'Programmer',
  'ScreenplayAuthor', 'Soloist', 'StudioMusician', 'StudioPersonnel', 'SubArranger', 'Translator',
  'Unknown', 'UserDefined'
] as const;

/** avs:ResourceContributorRole (ResourceContributor: who made the recording). */
export const RESOURCE_CONTRIBUTOR_ROLES = [
  'Actor', 'Architect', 'Artist', 'AssociatedPerformer', 'Band', 'BookPublisher', 'Cartoonist',
  'Choir', 'Choreographer', 'ComputerGraphicCreator', 'Conductor', 'Contributor', 'CostumeDesigner',
  'Designer', 'Dubber', 'Encoder', 'Ensemble', 'FeaturedArtist', 'FilmDirector', 'FilmDistributor',
  'FilmEditor', 'FilmProducer', 'FilmSoundEngineer', 'GraphicArtist', 'GraphicDesigner',
  'Journalist', 'MainArtist', 'Member', 'Narrator', 'NewspaperPublisher', 'Orchestra', 'Painter',
  'PeriodicalPublisher', 'Photographer', 'PhotographyDirector', 'PlaybackSinger', 'PrimaryMusician',
  'Producer', 'Programmer', 'RightsControllerOnProduct', 'ScreenplayAuthor', 'SetDesigner',
  'Soloist', 'StageDirector', 'StudioPersonnel', 'SubtitlesEditor', 'SubtitlesTranslator',
  'Unknown', 'UserDefined', 'VoiceActor', 'MusicDirector'
] as const;

/**
 * avs:MusicalWorkContributorRole (IndirectResourceContributor: who made the work recorded), the
 * union of avs:CreativeContributorRole and avs:BusinessContributorRole.
 */
export const MUSICAL_WORK_CONTRIBUTOR_ROLES = [
  'Adapter', 'Arranger', 'AssociatedPerformer', 'Author', 'Composer', 'ComposerLyricist',
  'Librettist', 'Lyricist', 'NonLyricAuthor', 'SubArranger', 'SubLyricist', 'Translator',
  'Contributor', 'MusicPublisher', 'OriginalPublisher', 'SubPublisher', 'SubstitutedPublisher',
  'Unknown', 'UserDefined'
] as const;

/** avs:UseType */
export const USE_TYPES = [
  'AsPerContract', 'Broadcast', 'ConditionalDownload', 'ContentInfluencedStream', 'Display',
  'Download', 'DubForAdvertisement', 'DubForLivePerformance', 'DubForMovies', 'DubForMusicOnHold',
  'DubForPublicPerformance', 'DubForRadio', 'DubForTV', 'ExtractForInternet', 'KioskDownload',
  'Narrowcast', 'NonInteractiveStream', 'OnDemandStream', 'PerformAsMusicOnHold',
  'PerformInLivePerformance', 'PerformInPublic', 'PermanentDownload', 'Playback', 'PlayInPublic',
  'Podcast', 'Print', 'PrivateCopy', 'PurchaseAsPhysicalProduct', 'Rent', 'Simulcast', 'Stream',
  'TetheredDownload', 'TimeInfluencedStream', 'Unknown', 'UseAsAlertTone', 'UseAsDevice',
  'UseAsKaraoke', 'UseAsRingbackTone', 'UseAsRingbackTune', 'UseAsRingtone', 'UseAsRingtune',
  'UseAsScreensaver', 'UseAsVoiceMail', 'UseAsWallpaper', 'UseForIdentification',
  'UseInMobilePhoneMessaging', 'UseInPhoneListening', 'UserDefined',
  'UserMakeAvailableLabelProvided', 'UserMakeAvailableUserProvided', 'Webcast'
] as const;

/** avs:CommercialModelType */
export const COMMERCIAL_MODEL_TYPES = [
  'AdvertisementSupportedModel', 'AsPerContract', 'DeviceFeeModel', 'FreeOfChargeModel',
  'PayAsYouGoModel', 'PerformanceRoyaltiesModel', 'RightsClaimModel', 'SubscriptionModel',
  'Unknown', 'UserDefined'
] as const;

/** avs:AudioCodecType */
export const AUDIO_CODEC_TYPES = [
  'AAC', 'ADPCM', 'ALaw', 'AMR-NB', 'AMR-WB', 'FLAC', 'MP2', 'MP3', 'MuLaw', 'PCM', 'PDM', 'QCELP',
  'RealAudio', 'Shockwave', 'Unknown', 'UserDefined', 'Vorbis', 'WMA'
] as const;

/** avs:IsoLanguageCode: ISO 639-1 two-letter codes (and two three-letter ones) for LanguageOfPerformance. */
export const ISO_LANGUAGE_CODES = [
  'raj', 'bho', 'aa', 'ab', 'ae', 'af', 'ak', 'am', 'an', 'ar', 'as', 'av', 'ay', 'az', 'ba', 'be',
  'bg', 'bh', 'bi', 'bm', 'bn', 'bo', 'br', 'bs', 'ca', 'ce', 'ch', 'co', 'cr', 'cs', 'cu', 'cv',
  'cy', 'da', 'de', 'dv', 'dz', 'ee', 'el', 'en', 'eo', 'es', 'et', 'eu', 'fa', 'ff', 'fi', 'fj',
  'fo', 'fr', 'fy', 'ga', 'gd', 'gl', 'gn', 'gu', 'gv', 'ha', 'he', 'hi', 'ho', 'hr', 'ht', 'hu',
  'hy', 'hz', 'ia', 'id', 'ie', 'ig', 'ii', 'ik', 'io', 'is', 'it', 'iu', 'ja', 'jv', 'ka', 'kg',
  'ki', 'kj', 'kk', 'kl', 'km', 'kn', 'ko', 'kr', 'ks', 'ku', 'kv', 'kw', 'ky', 'la', 'lb', 'lg',
  'li', 'ln', 'lo', 'lt', 'lu', 'lv', 'mg', 'mh', 'mi', 'mk', 'ml', 'mn', 'mo', 'mr', 'ms', 'mt',
  'my', 'na', 'nb', 'nd', 'ne', 'ng', 'nl', 'nn', 'no', 'nr', 'nv', 'ny', 'oc', 'oj', 'om', 'or',
  'os', 'pa', 'pi', 'pl', 'ps', 'pt', 'qu', 'rm', 'rn', 'ro', 'ru', 'rw', 'sa', 'sc', 'sd', 'se',
  'sg', 'si', 'sk', 'sl', 'sm', 'sn', 'so', 'sq', 'sr', 'ss', 'st', 'su', 'sv', 'sw', 'ta', 'te',
  'tg', 'th', 'ti', 'tk', 'tl', 'tn', 'to', 'tr', 'ts', 'tt', 'tw', 'ty', 'ug', 'uk', 'ur', 'uz',
  've', 'vi', 'vo', 'wa', 'wo', 'xh', 'yi', 'yo', 'za', 'zh', 'zu'
] as const;
