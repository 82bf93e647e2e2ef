import { DEMO_PASSWORD_HASHES } from '@app/erp-db';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('verifies the demo seed stores for its published passwords, and nothing else', async () => {
    expect(await verifyPassword('demo', DEMO_PASSWORD_HASHES.demo)).toBe(true);
    expect(await verifyPassword('admin', DEMO_PASSWORD_HASHES.admin)).toBe(true);
    expect(await verifyPassword('admin', DEMO_PASSWORD_HASHES.demo)).toBe(false);
  });

  it('hashes with a new salt each time and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('Grüße 1'), hashPassword('Grüße 1')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Grüße 1', a)).toBe(true);
    expect(await verifyPassword('Grüsse 1', a)).toBe(false);
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('demo', 'plain-text')).toBe(false);
    expect(await verifyPassword('demo', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
