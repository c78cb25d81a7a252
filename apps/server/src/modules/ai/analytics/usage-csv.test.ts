import { describe, expect, it } from 'vitest';
import { CSV_HEADER, csvField, csvLine } from './usage-csv';

describe('usage CSV', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0.25)).toBe('0.25');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-x,y')).toBe(`"'-x,y"`);
    // Numbers stay numbers, negative ones included.
    expect(csvField(-3)).toBe('-3');
  });

  it('ends each line with CRLF and starts with the header', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
    expect(CSV_HEADER.startsWith('day,user_email,provider,model,operation,calls')).toBe(true);
  });
});
