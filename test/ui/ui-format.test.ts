/** The console's formatting helpers (ui/src/base/format.ts): sizes, counts and relative dates for people. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatCount,
  formatDate,
  formatMemoryMb,
  formatQuantity,
  formatStorageGb,
  relativeTime,
} from '../../ui/src/base/format.js';

describe('console formatting', () => {
  it('memory in MiB reads in MB, GB or TB by 1024', () => {
    assert.equal(formatMemoryMb(16384, 'en'), '16 GB');
    assert.equal(formatMemoryMb(1536, 'en'), '1.5 GB');
    assert.equal(formatMemoryMb(512, 'en'), '512 MB');
    assert.equal(formatMemoryMb(4 * 1024 * 1024, 'en'), '4 TB');
    assert.equal(formatMemoryMb(null, 'en'), '—');
  });

  it('storage in GB reads in GB, TB or PB by 1000', () => {
    assert.equal(formatStorageGb(3800, 'en'), '3.8 TB');
    assert.equal(formatStorageGb(480, 'en'), '480 GB');
    assert.equal(formatStorageGb(1_200_000, 'en'), '1.2 PB');
    assert.equal(formatStorageGb(undefined, 'en'), '—');
  });

  it('counts are grouped and nouns agree', () => {
    assert.equal(formatCount(10000, 'en'), '10,000');
    assert.equal(formatQuantity(64, 'core', undefined, 'en'), '64 cores');
    assert.equal(formatQuantity(1, 'host', undefined, 'en'), '1 host');
  });

  it('dates read as time ago, in the reader’s locale', () => {
    const now = Date.parse('2025-06-10T12:00:00Z');
    assert.equal(relativeTime('2025-06-07T12:00:00Z', now, 'en'), '3 days ago');
    assert.equal(relativeTime('2025-06-09T11:00:00Z', now, 'en'), 'yesterday');
    assert.equal(relativeTime('2025-06-10T09:00:00Z', now, 'en'), '3 hours ago');
    assert.equal(relativeTime('2025-06-10T11:59:50Z', now, 'en'), 'now');
    assert.equal(relativeTime('2025-06-12T12:00:00Z', now, 'en'), 'in 2 days');
    assert.equal(relativeTime('2025-06-07T12:00:00Z', now, 'de'), 'vor 3 Tagen');
    assert.equal(relativeTime(null, now, 'en'), '—');
    assert.match(formatDate('2025-06-07T12:00:00Z', 'en'), /Jun 7, 2025/);
  });
});
