import { describe, expect, it } from 'vitest';
import { ifMatchAccepts, rowVersion } from '../../server/core/recordVersion';

/**
 * A record's version is what a client holds in an open form and sends back in If-Match: a new way of computing it
 * must give the very same string for the same row, or every form open across an upgrade would be refused as stale.
 */
const row = {
  id: '7d0c3c2e-1111-4222-8333-444455556666',
  name: 'Acme Logistics',
  notes: null,
  sections: [{ title: 'Trade', fields: ['a', 'b'] }],
  isActive: true,
  priority: 3,
  updatedAt: new Date('2026-11-23T08:00:00.000Z'),
  passwordHash: '$argon2id$v=19$m=47104,t=1,p=1$c2FsdA$aGFzaA',
};
// Computed by the first implementation (sha256 of the sorted entries' JSON, base64url, 27 characters).
const VERSION_OF_ROW = '1uLtbtyl3pwy-iaBZna-zG7nPs5';

describe('record versions', () => {
  it('a row gives the version it always gave, whatever the order of its columns', () => {
    expect(rowVersion(row)).toBe(VERSION_OF_ROW);
    expect(rowVersion(Object.fromEntries(Object.entries(row).reverse()))).toBe(VERSION_OF_ROW);
  });

  it('a password change keeps the version; any other change gives a version an old If-Match no longer matches', () => {
    expect(rowVersion({ ...row, passwordHash: 'another' })).toBe(VERSION_OF_ROW);
    for (const changed of [{ name: 'Acme Logistics ' }, { notes: '' }, { priority: 4 }, { updatedAt: new Date('2026-11-23T08:00:00.001Z') }]) {
      const version = rowVersion({ ...row, ...changed });
      expect(version).not.toBe(VERSION_OF_ROW);
      expect(ifMatchAccepts([VERSION_OF_ROW], version)).toBe(false);
    }
  });
});
