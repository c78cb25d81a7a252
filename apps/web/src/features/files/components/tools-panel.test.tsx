import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLS, ToolsPanel } from './tools-panel';

describe('the Files tools panel', () => {
  afterEach(cleanup);

  it('offers AI Analysis as a working tool, not as coming soon', async () => {
    const onTool = vi.fn();
    render(
      <AntApp>
        <ToolsPanel onTool={onTool} />
      </AntApp>,
    );
    const ai = screen.getByRole('button', { name: 'AI Analysis' });
    expect(ai.textContent).not.toMatch(/soon/i);
    await act(async () => {
      fireEvent.click(ai);
    });
    expect(onTool).toHaveBeenCalledWith('ai');
    // A tool not built says so, and does nothing.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Versions (coming soon)' }));
    });
    expect(onTool).toHaveBeenCalledTimes(1);
  });

  it('marks as coming soon exactly the tools that are not built', () => {
    expect(TOOLS.filter((t) => t.soon).map((t) => t.id)).toEqual(['versions', 'backup', 'sync', 'security']);
  });
});
