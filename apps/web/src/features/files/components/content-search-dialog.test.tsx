import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { ContentSearchDialog } = await import('./content-search-dialog');

const FILE = '00000000-0000-4000-8000-0000000000f1';
const reply = (items: unknown[], extra: object = {}) => ({
  success: true,
  data: { items, meaning: true, indexedFiles: 3, pendingFiles: 0, ...extra },
});

function renderDialog(handlers: { onOpenFile?: () => void; onDownload?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ContentSearchDialog
          open
          onClose={() => {}}
          onOpenFile={handlers.onOpenFile ?? (() => {})}
          onDownload={handlers.onDownload ?? (() => {})}
        />
      </AntApp>
    </QueryClientProvider>,
  );
}

const type = async (text: string) => {
  await act(async () => {
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search inside files' }), {
      target: { value: text },
    });
  });
};

describe('the content search dialog', () => {
  afterEach(() => {
    cleanup();
    apiRequest.mockReset();
  });

  it('asks nothing until something is typed, then shows files with their matched words marked', async () => {
    apiRequest.mockResolvedValue(
      reply([
        {
          fileId: FILE,
          fileName: 'report.txt',
          mimeType: 'text/plain',
          match: 'both',
          score: 0.03,
          snippet: { text: 'The budget grew.', highlights: [{ start: 4, end: 10 }] },
        },
      ]),
    );
    const onOpenFile = vi.fn();
    const onDownload = vi.fn();
    renderDialog({ onOpenFile, onDownload });
    expect(screen.getByText(/Finds files by the words inside them/)).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
    await type('budget');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Search results' })).toBeTruthy());
    expect(apiRequest).toHaveBeenCalledWith(
      '/files/content-search',
      expect.objectContaining({ query: { q: 'budget', limit: 20 } }),
    );
    expect(screen.getByText('budget', { selector: 'mark' })).toBeTruthy();
    expect(screen.getByText('Words and meaning')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'report.txt' }));
    expect(onOpenFile).toHaveBeenCalledWith(FILE, 'report.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Download report.txt' }));
    expect(onDownload).toHaveBeenCalledWith(FILE, 'report.txt');
  });

  it('says when nothing matches, how many files are still being read, and when meaning is off', async () => {
    apiRequest.mockResolvedValue(reply([], { meaning: false, pendingFiles: 2 }));
    renderDialog();
    await type('zebra');
    await waitFor(() => expect(screen.getByText('No file matches')).toBeTruthy());
    expect(screen.getByText('2 files are still being read and will be searchable shortly.')).toBeTruthy();
    expect(screen.getByText(/Searching by words only/)).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    apiRequest.mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'Internal server error'));
    renderDialog();
    await type('budget');
    await waitFor(() => expect(screen.getByText('The search did not work')).toBeTruthy());
    apiRequest.mockResolvedValue(reply([]));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByText('No file matches')).toBeTruthy());
  });
});
