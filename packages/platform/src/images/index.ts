// Decoding and re-encoding (sharp) load only where images are handled: `@sv/platform/images`.
export * from './inspect-image.ts';
export * from './reencode-image.ts';
