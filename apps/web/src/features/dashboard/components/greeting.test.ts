import { describe, expect, it } from 'vitest';
import { firstNameOf, greetingFor } from './greeting';

describe('greeting', () => {
  it('follows the hour of the day', () => {
    expect(greetingFor(8)).toBe('Good morning');
    expect(greetingFor(13)).toBe('Good afternoon');
    expect(greetingFor(21)).toBe('Good evening');
    expect(greetingFor(2)).toBe('Good evening');
  });

  it('uses the first name, else the email', () => {
    expect(firstNameOf('Ada Lovelace', 'ada@x.io')).toBe('Ada');
    expect(firstNameOf('  ', 'grace@x.io')).toBe('grace');
  });
});
