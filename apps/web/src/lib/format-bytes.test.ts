import { describe, expect, it } from 'vitest';
import { formatBytes, formatSpeed } from './format-bytes';

describe('formatBytes', () => {
  it('reads zero, negatives and nonsense as 0 B', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('steps through B, KB, MB, GB and TB in base 1024', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(104857600)).toBe('100 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('keeps one decimal under 100 and none above', () => {
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(123.4 * 1024 * 1024)).toBe('123 MB');
  });

  it('stops at the largest unit asked for', () => {
    expect(formatBytes(2 * 1024 ** 4, { maxUnit: 'GB' })).toBe('2,048 GB');
    expect(formatBytes(2048, { maxUnit: 'B' })).toBe('2048 B');
  });

  it('formats speeds per second', () => {
    expect(formatSpeed(3.2 * 1024 * 1024)).toBe('3.2 MB/s');
  });
});
