export * from './image-rejection.ts';
export * from './inspect-image.ts';
export * from './reencode-image.ts';
