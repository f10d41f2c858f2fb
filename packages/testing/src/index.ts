export * from './isolation.ts';
export * from './service-process.ts';
export * from './platform.ts';
export * from './api-client.ts';
export * from './polling.ts';
export * from './sftp-server.ts';

export * from './webhook-receiver.ts';
export * from './audio-files.ts';
export * from './delivery-world.ts';
export * from './snapshot-builders.ts';
export * from './route-handlers.ts';
export * from './rate-window.ts';
export * from './local-bus.ts';
export * from './dns-server.ts';
export * from './free-port.ts';
export * from './service-metrics.ts';
export * from './otlp-receiver.ts';
