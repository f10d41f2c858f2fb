import { ConfigError } from '../src/config/base-config.ts';
import { readTracingConfig } from '../src/tracing/tracing-config.ts';

describe('readTracingConfig', () => {
  it('is off without an OTLP endpoint, and names the service from its entry point', () => {
    expect(readTracingConfig({}, '/app/services/supply-chain/src/main.ts')).toEqual({
      tracesUrl: null,
      serviceName: 'supply-chain',
      environment: 'production',
      version: '0.1.0',
      exportDelayMs: 5_000,
    });
  });

  it('appends /v1/traces to the collector base address, and prefers the traces endpoint when both are set', () => {
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, undefined).tracesUrl).toBe('http://collector:4318/v1/traces');
    expect(
      readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp' }, undefined).tracesUrl,
    ).toBe('https://traces.example.com/otlp');
  });

  it('takes the service name, environment and export delay from the environment', () => {
    const config = readTracingConfig({ OTEL_SERVICE_NAME: 'gateway-eu', SV_ENV: 'sandbox', SV_TRACE_EXPORT_DELAY_MS: '250' }, 'services/gateway/src/main.ts');
    expect(config).toMatchObject({ serviceName: 'gateway-eu', environment: 'sandbox', exportDelayMs: 250 });
    expect(readTracingConfig({}, 'tools/other.ts').serviceName).toBe('sv');
  });

  it('refuses an endpoint that is not an http(s) URL and an export delay out of range, naming the variable', () => {
    expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' }, undefined)).toThrow(ConfigError);
    expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, undefined)).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => readTracingConfig({ SV_TRACE_EXPORT_DELAY_MS: '0' }, undefined)).toThrow(/SV_TRACE_EXPORT_DELAY_MS/);
  });
});
