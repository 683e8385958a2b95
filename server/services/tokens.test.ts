import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');

describe('TokenSigner', () => {
  it('accepts its own access token, and still refuses it once expired although it was remembered', async () => {
    const signer = new TokenSigner(secret);
    // Two seconds: exp is in whole seconds, so a one-second token signed just before a second
    // turns could already be expired at the first check.
    const token = await signer.sign('access', 7, 'fam', 2);
    expect(await signer.verify(token, 'access')).toMatchObject({
      userId: 7,
      familyId: 'fam',
      kind: 'access',
    });
    expect(await signer.verify(token, 'access')).toMatchObject({ userId: 7 });
    await new Promise((r) => setTimeout(r, 2100));
    expect(await signer.verify(token, 'access')).toBeNull();
  });

  it('refuses a token of the other kind, another secret, or a changed signature', async () => {
    const signer = new TokenSigner(secret);
    const access = await signer.sign('access', 7, 'fam', 60);
    expect(await signer.verify(access, 'access')).not.toBeNull();
    expect(await signer.verify(access, 'refresh')).toBeNull();
    expect(
      await new TokenSigner(new TextEncoder().encode('x'.repeat(40))).verify(access, 'access'),
    ).toBeNull();
    const tampered = access.slice(0, -2) + (access.endsWith('AA') ? 'BB' : 'AA');
    expect(await signer.verify(tampered, 'access')).toBeNull();
  });
});
