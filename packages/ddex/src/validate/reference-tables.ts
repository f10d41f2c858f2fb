import type { ErnVersion } from '../ern-version.ts';

/*
 * Message-local references per ERN version, read off each schema: the elements typed xs:ID
 * (declarations) and xs:IDREF (references), grouped by the kind of thing they name (the
 * schema's patterns start with the same letter per kind: P party, A resource, R release…).
 */

export type ReferenceKind =
  | 'party'
  | 'resource'
  | 'release'
  | 'technical details'
  | 'visibility'
  | 'chapter'
  | 'cue sheet'
  | 'work'
  | 'collection'
  | 'right share';

export interface ReferenceTable {
  declarations: Readonly<Record<string, ReferenceKind>>;
  references: Readonly<Record<string, ReferenceKind>>;
}

/** ERN 4.3 and 4.2 share their reference elements; 4.2 lacks only a few of them (ClipRelease's). */
const ERN4: ReferenceTable = {
  declarations: {
    PartyReference: 'party',
    ResourceReference: 'resource',
    ReleaseReference: 'release',
    TechnicalResourceDetailsReference: 'technical details',
    VisibilityReference: 'visibility',
    ChapterReference: 'chapter',
    CueSheetReference: 'cue sheet',
  },
  references: {
    ArtistPartyReference: 'party',
    CharacterPartyReference: 'party',
    ContributorPartyReference: 'party',
    DisplayCreditParty: 'party',
    PartyAffiliateReference: 'party',
    PartyRelatedPartyReference: 'party',
    RecordCompanyPartyReference: 'party',
    ReleaseLabelReference: 'party',
    RightsControllerPartyReference: 'party',
    DealResourceReference: 'resource',
    LinkedReleaseResourceReference: 'resource',
    ReleaseResourceReference: 'resource',
    RepresentativeImageReference: 'resource',
    ResourceContainedResourceReference: 'resource',
    ResourceRelatedResourceReference: 'resource',
    DealReleaseReference: 'release',
    ResourceGroupReleaseReference: 'release',
    ResourceReleaseReference: 'release',
    DealTechnicalResourceDetailsReference: 'technical details',
    ReleaseVisibilityReference: 'visibility',
    AudioChapterReference: 'chapter',
    VideoChapterReference: 'chapter',
    VideoCueSheetReference: 'cue sheet',
  },
};

/** ERN 3.8.2 has no PartyList (parties are written out where used) but works, collections and right shares. */
const ERN382: ReferenceTable = {
  declarations: {
    ResourceReference: 'resource',
    ReleaseReference: 'release',
    TechnicalResourceDetailsReference: 'technical details',
    CueSheetReference: 'cue sheet',
    MusicalWorkReference: 'work',
    CollectionReference: 'collection',
    RightShareReference: 'right share',
  },
  references: {
    CollectionResourceReference: 'resource',
    CueResourceReference: 'resource',
    DealResourceReference: 'resource',
    LinkedReleaseResourceReference: 'resource',
    ReleaseResourceReference: 'resource',
    RepresentativeImageReference: 'resource',
    ResourceContainedResourceReference: 'resource',
    ResourceGroupResourceReference: 'resource',
    RightShareResourceReference: 'resource',
    CatalogReleaseReference: 'release',
    DealReleaseReference: 'release',
    EquivalentReleaseReference: 'release',
    ResourceGroupContentItemReleaseReference: 'release',
    ResourceGroupReleaseReference: 'release',
    ResourceReleaseReference: 'release',
    RightShareReleaseReference: 'release',
    DealTechnicalResourceDetailsReference: 'technical details',
    VideoCueSheetReference: 'cue sheet',
    CollectionWorkReference: 'work',
    CueWorkReference: 'work',
    ResourceMusicalWorkReference: 'work',
    RightShareWorkReference: 'work',
    CollectionCollectionReference: 'collection',
    ReleaseCollectionReference: 'collection',
    SoundRecordingCollectionReference: 'collection',
  },
};

export const REFERENCE_TABLES: Readonly<Record<ErnVersion, ReferenceTable>> = { '4.3': ERN4, '4.2': ERN4, '3.8.2': ERN382 };
