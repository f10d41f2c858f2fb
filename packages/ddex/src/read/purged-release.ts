import type { ErnVersion } from '../ern-version.ts';
import type { ErnElement } from './ern-element.ts';
import type { IngestedErnRelease } from './ingested-message.ts';
import { headerOf } from './message-header.ts';
import { mappingError, type MappingOutcome } from './mapping-outcome.ts';
import { titlesOf } from './titles.ts';

/**
 * A PurgeReleaseMessage (any version): a takedown of the one release it identifies. The
 * release carries its ids and title only; everything else is empty.
 */
export const mapPurgeMessage = (root: ErnElement, version: ErnVersion): MappingOutcome => {
  const purged = root.child('PurgedRelease');
  const releaseId = purged?.child('ReleaseId');
  const upc = releaseId?.textAt('ICPN');
  const grid = releaseId?.textAt('GRid');
  const catalogNumber = releaseId?.textAt('CatalogNumber');
  if (upc === undefined && grid === undefined && catalogNumber === undefined) {
    return mappingError(releaseId?.path ?? purged?.path ?? root.path, 'the purged release has no ICPN (UPC), GRid or CatalogNumber');
  }
  const titles = purged?.children('Title') ?? [];
  const displayTitles = titles.filter((title) => title.attribute('TitleType') === 'DisplayTitle');
  const { title, subtitle } = titlesOf(displayTitles.length > 0 ? displayTitles : titles, root.attribute('LanguageAndScriptCode'));
  const release: IngestedErnRelease = {
    reference: '',
    ...(upc === undefined ? {} : { upc }),
    ...(grid === undefined ? {} : { grid }),
    ...(catalogNumber === undefined ? {} : { catalogNumber }),
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    localizedTitles: [],
    releaseType: '',
    platformType: 'album',
    displayArtists: [],
    territories: [],
    deals: [],
    tracks: [],
  };
  return { message: { version, kind: 'takedown', ...headerOf(root), releases: [release] } };
};
