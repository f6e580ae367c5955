import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { decoyHash, hashPassword, setPasswordHashCost, verifyPassword } from '../../src/lib/passwords.js';

describe('password hashing cost', () => {
  it('defaults to scrypt N=16384 and is refused outside 4..20', () => {
    assert.equal(loadConfig({}).passwordHashCost, 14);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '4' }).passwordHashCost, 4);
    for (const bad of ['3', '21', 'cheap']) {
      assert.throws(
        () => loadConfig({ PASSWORD_HASH_COST: bad }),
        (error: unknown) => error instanceof ConfigError && /PASSWORD_HASH_COST/.test(error.message),
      );
    }
  });

  it('makes new hashes at the configured cost and still checks hashes made at another one', async () => {
    setPasswordHashCost(14);
    const strong = await hashPassword('correct horse battery');
    assert.match(strong, /^scrypt\$16384\$8\$1\$/);
    assert.match(await decoyHash(), /^scrypt\$16384\$/);

    setPasswordHashCost(4);
    const cheap = await hashPassword('correct horse battery');
    assert.match(cheap, /^scrypt\$16\$8\$1\$/);
    assert.match(await decoyHash(), /^scrypt\$16\$/, 'the decoy costs what a real hash costs');
    assert.equal(await verifyPassword('correct horse battery', strong), true);
    assert.equal(await verifyPassword('correct horse battery', cheap), true);
    assert.equal(await verifyPassword('correct horse batterY', strong), false);
    assert.equal(await verifyPassword('correct horse batterY', cheap), false);
  });
});
