import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isServiceToken, serviceTokenText } from './service-tokens';

describe('isServiceToken', () => {
  it('knows a service token by its whole form', () => {
    expect(isServiceToken(serviceTokenText(12, randomBytes(32).toString('base64url')))).toBe(true);
  });

  it('never takes a login token for one, even one that happens to begin like it', () => {
    // A login token is 32 random bytes in base64url: 43 characters, which may begin with `jbt_`.
    const login = `jbt_${randomBytes(32).toString('base64url')}`.slice(0, 43);
    expect(login).toHaveLength(43);
    expect(isServiceToken(login)).toBe(false);
    expect(isServiceToken(randomBytes(32).toString('base64url'))).toBe(false);
  });

  it('refuses malformed ones (the id, the secret’s length)', () => {
    const secret = randomBytes(32).toString('base64url');
    for (const token of [`jbt_0_${secret}`, `jbt_x_${secret}`, `jbt_1_${secret}A`, `jbt_1_${secret.slice(1)}`, `JBT_1_${secret}`]) {
      expect(isServiceToken(token), token).toBe(false);
    }
  });
});
