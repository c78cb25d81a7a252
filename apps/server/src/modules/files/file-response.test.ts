import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './file-response';

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=9-5', 100, null],
    ['bytes=0-1,4-5', 100, null],
    ['bytes=-', 100, null],
    ['items=0-1', 100, null],
    ['bytes=abc', 100, null],
  ])('%s of %d bytes -> %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['naïve café.txt', `attachment; filename="na_ve caf_.txt"; filename*=UTF-8''na%C3%AFve%20caf%C3%A9.txt`],
    ['a"b\\c.txt', `attachment; filename="abc.txt"; filename*=UTF-8''abc.txt`],
    ['x\r\nSet-Cookie: y', `attachment; filename="xSet-Cookie: y"; filename*=UTF-8''xSet-Cookie%3A%20y`],
    ["it's (1)*.txt", `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`],
    ['\r\n', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('%j', (name, header) => {
    expect(contentDisposition(name)).toBe(header);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
