import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AiRange, lastDays } from './ai-range';
import { AiRangeHeader } from './ai-range-header';

const description = { all: 'Every user’s calls.', own: 'Your calls.' };

function renderHeader(scope: 'all' | 'own' | 'user' | undefined, onRangeChange = vi.fn()) {
  const range: AiRange = { from: '2026-03-01', to: '2026-03-07' };
  render(
    <AiRangeHeader
      title="AI Reports"
      description={description}
      scope={scope}
      range={range}
      onRangeChange={onRangeChange}
      actions={<Button>Export CSV</Button>}
    >
      <span>Only Ann</span>
    </AiRangeHeader>,
  );
  return onRangeChange;
}

describe('AiRangeHeader', () => {
  afterEach(cleanup);

  it("names everyone's calls for an admin's view and the user's own otherwise", () => {
    renderHeader('all');
    expect(screen.getByRole('heading', { level: 1, name: 'AI Reports' })).toBeTruthy();
    expect(screen.getByText(description.all)).toBeTruthy();
    expect(screen.queryByText(description.own)).toBeNull();
    cleanup();
    for (const scope of ['own', 'user', undefined] as const) {
      renderHeader(scope);
      expect(screen.getByText(description.own)).toBeTruthy();
      cleanup();
    }
  });

  it('shows the range, its actions and what follows the controls, and reports a new range', () => {
    const onRangeChange = renderHeader('own');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByText('Only Ann')).toBeTruthy();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('2026-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-07');

    fireEvent.change(from, { target: { value: '2026-02-20' } });
    expect(onRangeChange).toHaveBeenLastCalledWith({ from: '2026-02-20', to: '2026-03-07' });
    fireEvent.click(screen.getByText('90 days'));
    expect(onRangeChange).toHaveBeenLastCalledWith(lastDays(90));
  });
});
