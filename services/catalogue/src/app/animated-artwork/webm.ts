/**
 * A small reader of WebM (Matroska/EBML) headers: the EBML header's DocType, then inside the
 * Segment the Info (TimecodeScale, Duration) and the first video TrackEntry's PixelWidth and
 * PixelHeight. Pure: bytes in, facts out. Clusters (the media) are never read.
 */

export interface WebmInfo {
  docType: string | undefined;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

const VIDEO_TRACK_TYPE = 1;
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

interface Element {
  id: number;
  dataStart: number;
  /** End of the data, clamped to the buffer; `unknownSize` when the writer did not know it. */
  end: number;
  unknownSize: boolean;
  truncated: boolean;
}

/** Length of a variable-length integer from its first byte (1 to 8), or 0 when invalid. */
const vintLength = (first: number): number => {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
};

/** Reads the element header at `at`, or undefined when it is malformed or cut short. */
const readElement = (bytes: Buffer, at: number, limit: number): Element | undefined => {
  const idLength = vintLength(bytes[at] ?? 0);
  if (idLength === 0 || idLength > 4 || at + idLength > limit) return undefined;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + (bytes[at + i] ?? 0);
  const sizeAt = at + idLength;
  const sizeLength = vintLength(bytes[sizeAt] ?? 0);
  if (sizeLength === 0 || sizeAt + sizeLength > limit) return undefined;
  let size = (bytes[sizeAt] ?? 0) & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[sizeAt + i] ?? 0;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  const dataStart = sizeAt + sizeLength;
  if (allOnes) return { id, dataStart, end: limit, unknownSize: true, truncated: false };
  const end = dataStart + size;
  return { id, dataStart, end: Math.min(end, limit), unknownSize: false, truncated: end > limit };
};

/** The elements directly inside [start, limit); stops at a malformed header. */
function* children(bytes: Buffer, start: number, limit: number): Generator<Element> {
  let at = start;
  while (at < limit) {
    const element = readElement(bytes, at, limit);
    if (!element) return;
    yield element;
    if (element.unknownSize || element.truncated) return;
    at = element.end;
  }
}

const readUint = (bytes: Buffer, element: Element): number => {
  let value = 0;
  for (let i = element.dataStart; i < element.end; i++) value = value * 256 + (bytes[i] ?? 0);
  return value;
};

const readFloat = (bytes: Buffer, element: Element): number | undefined => {
  const length = element.end - element.dataStart;
  if (length === 4) return bytes.readFloatBE(element.dataStart);
  if (length === 8) return bytes.readDoubleBE(element.dataStart);
  return undefined;
};

const readInfo = (bytes: Buffer, info: Element): number | null => {
  let scale = DEFAULT_TIMECODE_SCALE_NS;
  let duration: number | undefined;
  for (const element of children(bytes, info.dataStart, info.end)) {
    if (element.id === ID.timecodeScale) scale = readUint(bytes, element) || DEFAULT_TIMECODE_SCALE_NS;
    if (element.id === ID.duration) duration = readFloat(bytes, element);
  }
  return duration !== undefined && Number.isFinite(duration) && duration > 0 ? Math.round((duration * scale) / 1_000_000) : null;
};

const readVideoTrack = (bytes: Buffer, tracks: Element): { width: number; height: number } | undefined => {
  for (const entry of children(bytes, tracks.dataStart, tracks.end)) {
    if (entry.id !== ID.trackEntry) continue;
    let type: number | undefined;
    let size: { width: number; height: number } | undefined;
    for (const element of children(bytes, entry.dataStart, entry.end)) {
      if (element.id === ID.trackType) type = readUint(bytes, element);
      if (element.id === ID.video) {
        let width = 0;
        let height = 0;
        for (const field of children(bytes, element.dataStart, element.end)) {
          if (field.id === ID.pixelWidth) width = readUint(bytes, field);
          if (field.id === ID.pixelHeight) height = readUint(bytes, field);
        }
        size = { width, height };
      }
    }
    if (size && (type === undefined || type === VIDEO_TRACK_TYPE)) return size;
  }
  return undefined;
};

/** True when `bytes` open with an EBML header (WebM, Matroska). */
export const looksLikeEbml = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32BE(0) === ID.ebml;

/** Reads a WebM file held in memory; undefined when it is not EBML or has no Segment. */
export const readWebmInfo = (bytes: Buffer): WebmInfo | undefined => {
  const header = readElement(bytes, 0, bytes.length);
  if (!header || header.id !== ID.ebml || header.unknownSize || header.truncated) return undefined;
  let docType: string | undefined;
  for (const element of children(bytes, header.dataStart, header.end)) {
    if (element.id === ID.docType) docType = bytes.toString('latin1', element.dataStart, element.end).replace(/\0+$/, '');
  }
  const segment = readElement(bytes, header.end, bytes.length);
  if (!segment || segment.id !== ID.segment) return undefined;

  let durationMs: number | null = null;
  let size: { width: number; height: number } | undefined;
  for (const element of children(bytes, segment.dataStart, segment.end)) {
    if (element.id === ID.info) durationMs = readInfo(bytes, element);
    if (element.id === ID.tracks) size = readVideoTrack(bytes, element);
    // Info and Tracks precede the media; nothing after the first Cluster is needed.
    if (element.id === ID.cluster) break;
  }
  return { docType, width: size?.width || null, height: size?.height || null, durationMs };
};
