/*
 * Allowed values of the ERN 4.3 AVS (schemas/ern43/allowed-value-sets.xsd) that the builder
 * maps free text onto. Copied from the schema so mapping needs no schema at run time; the
 * tests check every value here against the schema file.
 */

/** avs:ContributorRole */
export const CONTRIBUTOR_ROLES = [
  'Adapter', 'Architect', 'Arranger', 'Author', 'AuthorInQuotations', 'AuthorOfAfterword', 'Compiler',
  'Composer', 'ComposerLyricist', 'Conceptor', 'Creator', 'DialogueAuthor', 'Dissertant', 'Engraver',
  'Etcher', 'Journalist', 'LandscapeArchitect', 'Librettist', 'Lithographer', 'Lyricist',
  'MetalEngraver', 'NonLyricAuthor', 'PlateMaker', 'Playwright', 'Reporter', 'Reviewer', 'Rubricator',
  'ScreenplayAuthor', 'Sculptor', 'SubArranger', 'SubLyricist', 'Translator', 'Woodcutter',
  'WoodEngraver', 'WriterOfAccompanyingMaterial', 'BookPublisher', 'CopyrightClaimant',
  'CopyrightHolder', 'MusicPublisher', 'NewspaperPublisher', 'OriginalPublisher',
  'PeriodicalPublisher', 'SubPublisher', 'SubstitutedPublisher', 'Unknown', 'UserDefined',
  'Accompanyist', 'Actor', 'AdditionalEngineer', 'AdditionalMixingEngineer', 'AdditionalPerformer',
  'AdditionalProgrammingEngineer', 'AdditionalStudioProducer', 'AnchorPerson', 'AnimalTrainer',
  'Animator', 'Annotator', 'Announcer', 'AAndRAdministrator', 'AAndRCoordinator', 'Armourer',
  'ArtCopyist', 'ArtDirector', 'Artist', 'ArtistBackgroundVocalEngineer', 'ArtistVocalEngineer',
  'ArtistVocalSecondEngineer', 'AssistantCameraOperator', 'AssistantChiefLightingTechnician',
  'AssistantConductor', 'AssistantDirector', 'AssistantEditor', 'AssistantEngineer',
  'AssistantProducer', 'AssistantVisualEditor', 'AssociatedPerformer', 'AssociateProducer',
  'AuralTrainer', 'BackgroundVocalist', 'BalanceEngineer', 'BandLeader', 'Binder', 'BindingDesigner',
  'BookDesigner', 'BookjackDesigner', 'BookplateDesigner', 'BookProducer', 'BroadcastAssistant',
  'BroadcastJournalist', 'Calligrapher', 'CameraOperator', 'Carpenter', 'Cartographer', 'Cartoonist',
  'CastingDirector', 'Causeur', 'Censor', 'ChiefLightingTechnician', 'Choir', 'ChoirMember',
  'Choreographer', 'ChorusMaster', 'CircusArtist', 'ClapperLoader', 'ClubDJ', 'CoDirector',
  'CoExecutiveProducer', 'ColorSeparator', 'Comedian', 'CoMixer', 'CoMixingEngineer', 'Commentator',
  'CommissioningBroadcaster', 'CompilationProducer', 'ComputerGraphicCreator', 'ComputerProgrammer',
  'ConcertMaster', 'Conductor', 'Consultant', 'ContinuityChecker', 'Contractor', 'CoProducer',
  'Correspondent', 'CostumeDesigner', 'CoverDesigner', 'Dancer', 'Delineator', 'Designer',
  'DialogueCoach', 'DialogueDirector', 'DigitalAudioWorkstationEngineer', 'DigitalEditingEngineer',
  'DigitalEditingSecondEngineer', 'Director', 'DirectStreamDigitalEngineer', 'DistributionCompany',
  'DJ', 'Draughtsman', 'Dresser', 'Dubber', 'Editor', 'EditorInChief', 'EditorOfTheDay', 'Encoder',
  'Engineer', 'Ensemble', 'ExecutiveProducer', 'Expert', 'Facsimilist', 'FightDirector',
  'FilmDirector', 'FilmDistributor', 'FilmEditor', 'FilmProducer', 'FilmSoundEngineer',
  'FloorManager', 'FocusPuller', 'FoleyArtist', 'FoleyEditor', 'FoleyMixer', 'GraphicArtist',
  'GraphicAssistant', 'GraphicDesigner', 'Greensman', 'Grip', 'GuestConductor', 'GroupMember',
  'Hairdresser', 'Illustrator', 'ImmersiveMixingEngineer', 'InitialProducer', 'InterviewedGuest',
  'Interviewer', 'KeyCharacter', 'KeyGrip', 'KeyTalent', 'Leadman', 'LeadPerformer', 'LeadVocalist',
  'LightingDirector', 'LightingTechnician', 'LocationManager', 'MakeUpArtist', 'Manufacturer',
  'MasteringEngineer', 'MasteringSecondEngineer', 'MatteArtist', 'Mixer', 'MixingEngineer',
  'MixingSecondEngineer', 'MusicArranger', 'MusicCopyist', 'MusicDirector', 'MusicGroup', 'Musician',
  'Narrator', 'NewsProducer', 'NewsReader', 'NotSpecified', 'Orchestra', 'OrchestraMember',
  'OriginalArtist', 'OverdubEngineer', 'OverdubSecondEngineer', 'Painter', 'Performer',
  'Photographer', 'PhotographyDirector', 'PlaybackSinger', 'PostProducer', 'PreProduction',
  'PreProductionEngineer', 'PreProductionSecondEngineer', 'Presenter', 'PrimaryMusician',
  'ProductionAssistant', 'ProductionCompany', 'ProductionCoordinator', 'ProductionDepartment',
  'ProductionManager', 'ProductionSecretary', 'ProjectEngineer', 'Programmer', 'ProgrammingEngineer',
  'ProgramProducer', 'PropertyManager', 'PublishingDirector', 'Puppeteer', 'Pyrotechnician',
  'RecordingEngineer', 'RecordingSecondEngineer', 'Redactor', 'ReissueProducer', 'RemixedArtist',
  'Remixer', 'RemixingEngineer', 'RemixingSecondEngineer', 'Repetiteur', 'Researcher',
  'ResearchTeamHead', 'ResearchTeamMember', 'Restager', 'Rigger', 'RightsControllerOnProduct',
  'Runner', 'ScenicOperative', 'ScientificAdvisor', 'ScriptSupervisor',
  'SecondAssistantCameraOperator', 'SecondAssistantDirector', 'SecondConductor', 'SecondEngineer',
  'SecondUnitDirector', 'SeriesProducer', 'SetDesigner', 'SetDresser', 'SignLanguageInterpreter',
  'Soloist', 'SoundDesigner', 'SoundMixer', 'SoundRecordist', 'SoundSupervisor', 'Speaker',
  'SpecialEffectsTechnician', 'Sponsor', 'StageAssistantEngineer', 'StageDirector', 'StageEngineer',
  'StoryTeller', 'StringEngineer', 'StringProducer', 'StringsDirector', 'StudioConductor',
  'StudioMusician', 'StudioPersonnel', 'StudioProducer', 'Stunts', 'SubtitlesEditor',
  'SubtitlesTranslator', 'SupportingActor', 'SurroundMixingEngineer', 'SurroundMixingSecondEngineer',
  'TapeOperator', 'TechnicalDirector', 'Tonmeister', 'TrackingEngineer', 'TrackingSecondEngineer',
  'TransfersAndSafetiesEngineer', 'TransfersAndSafetiesSecondEngineer', 'TransportationManager',
  'Treatment/ProgramProposal', 'TypeDesigner', 'VideoDirector', 'Videographer',
  'VideoMusicalDirector', 'VideoProducer', 'VisionMixer', 'VisualEditor', 'VisualEffectsTechnician',
  'VocalArranger', 'VocalEditingEngineer', 'VocalEditingSecondEngineer', 'VocalEngineer', 'Vocalist',
  'VocalSecondEngineer', 'VocalProducer', 'VoiceActor', 'Wardrobe'
] as const;

/** avs:UseType_ERN */
export const USE_TYPES = [
  'Broadcast', 'Cable', 'ConditionalDownload', 'ContentInfluencedStream', 'Display', 'Download',
  'Dub', 'DubForOnDemandStreaming', 'DubForLivePerformance', 'DubForMovies', 'DubForMusicOnHold',
  'DubForPublicPerformance', 'DubForRadio', 'DubForTV', 'ExtractForInternet', 'KioskDownload',
  'Narrowcast', 'NonInteractiveStream', 'OnDemandStream', 'Perform', 'PerformAsMusicOnHold',
  'PerformInLivePerformance', 'PerformInPublic', 'PermanentDownload', 'Playback', 'PlayInPublic',
  'Podcast', 'Print', 'PrivateCopy', 'PurchaseAsPhysicalProduct', 'Rent', 'Simulcast', 'Stream',
  'TetheredDownload', 'TimeInfluencedStream', 'Use', 'UseAsAlertTone', 'UseAsDevice', 'UseAsKaraoke',
  'UseAsRingbackTone', 'UseAsRingbackTune', 'UseAsRingtone', 'UseAsRingtune', 'UseAsScreensaver',
  'UseAsVoiceMail', 'UseAsWallpaper', 'UseForIdentification', 'UseInMobilePhoneMessaging',
  'UseInPhoneListening', 'UserDefined', 'UserMakeAvailableLabelProvided',
  'UserMakeAvailableUserProvided', 'Webcast'
] as const;

/** avs:CommercialModelType_ERN */
export const COMMERCIAL_MODEL_TYPES = [
  'AdvertisementSupportedModel', 'DeviceFeeModel', 'FreeOfChargeModel', 'PayAsYouGoModel',
  'PerformanceRoyaltiesModel', 'RightsClaimModel', 'SubscriptionModel', 'UserDefined'
] as const;

/** avs:VersionType */
export const VERSION_TYPES = [
  'ACappellaVersion', 'AlbumVersion', 'AlternativeVersion', 'CleanVersion', 'DemoVersion',
  'EditedVersion', 'InstrumentalVersion', 'KaraokeVersion', 'LiveVersion', 'MixVersion',
  'MonoVersion', 'RadioVersion', 'RemixVersion', 'SessionVersion', 'SingleVersion', 'StereoVersion',
  'UserDefined'
] as const;

/** avs:AudioCodecType */
export const AUDIO_CODEC_TYPES = [
  'AAC', 'AC-4', 'DolbyAtmosMasterADM', 'ADPCM', 'ALaw', 'AMR', 'AMR-NB', 'AMR-WB',
  'DolbyDigitalPlus', 'FLAC', 'MP', 'MP2', 'MP3', 'MPEG-H_3D', 'MQA', 'MuLaw', 'PCM', 'PDM', 'QCELP',
  'RealAudio', 'Shockwave', 'Unknown', 'UserDefined', 'Vorbis', 'WMA'
] as const;
