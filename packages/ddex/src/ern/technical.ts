/*
 * Technical details that every ERN version states alike, whatever element carries them.
 */

/** 44_100 → `44.1`, 48_000 → `48`: the unit the DDEX samples use. */
export const kilohertz = (hertz: number): string => String(hertz / 1000);

const IMAGE_CODECS: Readonly<Record<string, string>> = { jpg: 'JPEG', jpeg: 'JPEG', png: 'PNG', gif: 'GIF', tif: 'TIFF', tiff: 'TIFF' };

/** ImageCodecType from the file's extension; undefined for one no list value names. */
export const imageCodecType = (fileName: string): string | undefined => IMAGE_CODECS[fileName.split('.').pop()?.toLowerCase() ?? ''];
