import { ReportFileError } from '../report-file-error.ts';
import { readCount, readIsrc, readText, readUpc } from '../values/cell-values.ts';
import { cellsOf } from './dsr-cells.ts';
import { AS01, AS02, AS03, CU01, RE01, RE02, RE03, RU01, RU02 } from './dsr-layouts.ts';
import type { DsrRecord } from './dsr-record.ts';
import type { UserReleaseUsage } from './usage-row.ts';

/*
 * One block of a DSR file: a release, its resources and their usages, sharing a BlockId. Usages
 * refer to the block's releases and resources by the references (or DSP ids) the block gives them.
 */

export interface BlockRelease {
  dspReleaseId: string;
  icpn: string | null;
  title: string;
  displayArtist: string;
  /** A sub-release's resources (references within the block); none for a head release. */
  usedResources: string[];
}

export interface BlockResource {
  dspResourceId: string;
  isrc: string | null;
  title: string;
  displayArtist: string;
  /** The sound recordings a video's cue records name. */
  cueIsrcs: Set<string>;
}

/** More releases and resources than one block of any store's file holds. */
export const MOST_BLOCK_ENTRIES = 100_000;

const required = { required: true };

export class DsrBlock {
  readonly releases = new Map<string, BlockRelease>();
  readonly resources = new Map<string, BlockResource>();
  readonly #resourcesByDspId = new Map<string, BlockResource>();
  /** The first release of the block: the one its resources and usages belong to. */
  headRelease: BlockRelease | null = null;
  /** RU01/RU02 lists by summary id, until the first usage row of that summary takes them. */
  readonly userReleases = new Map<string, UserReleaseUsage[]>();
  #entries = 0;
  readonly id: string;

  constructor(id: string) {
    this.id = id;
  }

  #count(record: DsrRecord, entries = 1): void {
    this.#entries += entries;
    if (this.#entries > MOST_BLOCK_ENTRIES) throw new ReportFileError({ line: record.line }, `block ${JSON.stringify(this.id)} holds more than ${MOST_BLOCK_ENTRIES} records`);
  }

  /** RE01 (audio) or RE03 (audio-visual): a head release. */
  addRelease(record: DsrRecord): void {
    this.#count(record);
    const cells = cellsOf(record, record.family === 'RE03' ? RE03 : RE01);
    const release: BlockRelease = {
      dspReleaseId: readText(cells.text('DspReleaseId'), cells.at('DspReleaseId')),
      icpn: readUpc(cells.values('ICPN')[0], cells.at('ICPN')),
      title: readText(cells.text('Title'), cells.at('Title')),
      displayArtist: readText(cells.text('DisplayArtistName'), cells.at('DisplayArtistName')),
      usedResources: [],
    };
    this.releases.set(readText(cells.text('ReleaseReference'), cells.at('ReleaseReference'), required), release);
    this.headRelease ??= release;
  }

  /** RE02: a sub-release made of some of the block's resources. */
  addSubRelease(record: DsrRecord): void {
    this.#count(record);
    const cells = cellsOf(record, RE02);
    this.releases.set(readText(cells.text('ReleaseReference'), cells.at('ReleaseReference'), required), {
      dspReleaseId: readText(cells.text('DspSubReleaseId'), cells.at('DspSubReleaseId')),
      icpn: null,
      title: '',
      displayArtist: '',
      usedResources: cells.values('UsedResources').map((reference) => reference.trim()).filter((reference) => reference !== ''),
    });
  }

  /** AS01/AS02 (sound recordings) or AS03 (videos, whose artist is their release's). */
  addResource(record: DsrRecord): void {
    this.#count(record);
    const resource = (() => {
      if (record.family === 'AS03') {
        const cells = cellsOf(record, AS03);
        const reference = readText(cells.text('ResourceReference'), cells.at('ResourceReference'), required);
        return { reference, dspResourceId: readText(cells.text('DspResourceId'), cells.at('DspResourceId')), isrc: null, title: readText(cells.text('Title'), cells.at('Title')), displayArtist: this.headRelease?.displayArtist ?? '' };
      }
      const cells = cellsOf(record, record.family === 'AS02' ? AS02 : AS01);
      const isrcs = cells.values('ISRC').map((value) => readIsrc(value, cells.at('ISRC')));
      return {
        reference: readText(cells.text('ResourceReference'), cells.at('ResourceReference'), required),
        dspResourceId: readText(cells.text('DspResourceId'), cells.at('DspResourceId')),
        isrc: isrcs.find((isrc) => isrc !== null) ?? null,
        title: readText(cells.text('Title'), cells.at('Title')),
        displayArtist: readText(cells.text('DisplayArtistName'), cells.at('DisplayArtistName')),
      };
    })();
    const { reference, ...kept } = resource;
    const entry: BlockResource = { ...kept, cueIsrcs: new Set() };
    this.resources.set(reference, entry);
    if (entry.dspResourceId !== '') this.#resourcesByDspId.set(entry.dspResourceId, entry);
  }

  /** CU01: a sound recording used in one of the block's videos. */
  addCue(record: DsrRecord): void {
    this.#count(record);
    const cells = cellsOf(record, CU01);
    const reference = readText(cells.text('CueResourceReference'), cells.at('CueResourceReference'), required);
    const video = this.resources.get(reference);
    if (!video) throw new ReportFileError(cells.at('CueResourceReference'), `names no video of this block (${JSON.stringify(reference)})`);
    const isrc = readIsrc(cells.values('ReferencedCreationISRC')[0], cells.at('ReferencedCreationISRC'));
    if (isrc) video.cueIsrcs.add(isrc);
  }

  /** RU01 (several releases in multi-value cells, value for value) or RU02 (one release). */
  addUserReleases(record: DsrRecord): void {
    const cells = cellsOf(record, record.family === 'RU02' ? RU02 : RU01);
    const summaryId = readText(cells.text('SummaryRecordId'), cells.at('SummaryRecordId'), required);
    const ids = cells.values('DspReleaseId').map((id) => id.trim());
    const usages = cells.values('Usages');
    if (ids.length === 0) throw new ReportFileError(cells.at('DspReleaseId'), 'is required');
    this.#count(record, ids.length);
    if (usages.length !== ids.length) throw new ReportFileError(cells.at('Usages'), `has ${usages.length} values for the ${ids.length} releases of DspReleaseId`);
    const list = this.userReleases.get(summaryId) ?? [];
    ids.forEach((id, index) => list.push({ dspReleaseId: id, usages: readCount(usages[index], cells.at('Usages'), required) }));
    this.userReleases.set(summaryId, list);
  }

  resourceByDspId(id: string): BlockResource | undefined {
    return this.#resourcesByDspId.get(id) ?? this.resources.get(id);
  }

  /** The RU01/RU02 list of a summary, handed out once. */
  takeUserReleases(summaryId: string): UserReleaseUsage[] {
    const list = this.userReleases.get(summaryId) ?? [];
    this.userReleases.delete(summaryId);
    return list;
  }
}
