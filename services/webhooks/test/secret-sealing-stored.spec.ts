import { SealedSecretError, openSecret } from '../src/app/subscriptions/secret-sealing.ts';

describe('signing secrets sealed before the shared sealing helper', () => {
  // Sealed by the earlier implementation: the key derivation, the bound id and the format must not drift.
  const configuredKey = 'a webhook key written before the shared helper';
  const webhookId = '0f6f5c1e-3c55-4c8e-9a57-1d2b4f6a8c90';
  const stored = 'v1.XeIDDWjKj8TFYY0X.gRyuHjzGB8zQpSDM3ozigQ.UoZ7lSuMSRBpvkBkl0YJkVr03e-Z1EcYDXamNUR0pXXnNxgkwWUEf-CsJQtgO24ktsY8';

  it('still open with the same key on the same subscription', () => {
    expect(openSecret(configuredKey, webhookId, stored)).toBe('svwhsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  });

  it('still refuse another subscription id with SealedSecretError', () => {
    expect(() => openSecret(configuredKey, '00000000-0000-4000-8000-000000000000', stored)).toThrow(SealedSecretError);
  });
});
