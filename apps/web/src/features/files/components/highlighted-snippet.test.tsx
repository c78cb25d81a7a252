import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightedSnippet, snippetParts } from './highlighted-snippet';

describe('highlighted snippets', () => {
  afterEach(cleanup);

  it('splits the text at the ranges', () => {
    expect(
      snippetParts({
        text: 'the quick fox',
        highlights: [
          { start: 10, end: 13 },
          { start: 4, end: 9 },
        ],
      }),
    ).toEqual([
      { text: 'the ', marked: false },
      { text: 'quick', marked: true },
      { text: ' ', marked: false },
      { text: 'fox', marked: true },
    ]);
  });

  it('drops overlapping, empty and out-of-range ranges', () => {
    const parts = snippetParts({
      text: 'abcdef',
      highlights: [
        { start: 0, end: 3 },
        { start: 2, end: 4 },
        { start: 4, end: 4 },
        { start: 5, end: 99 },
      ],
    });
    expect(parts).toEqual([
      { text: 'abc', marked: true },
      { text: 'def', marked: false },
    ]);
  });

  it('renders markup in file text as text, and only the ranges as <mark>', () => {
    const text = '<img src=x onerror=alert(1)> secret plan';
    const { container } = render(
      <HighlightedSnippet snippet={{ text, highlights: [{ start: 29, end: 35 }] }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['secret']);
    expect(container.textContent).toBe(text);
  });
});
