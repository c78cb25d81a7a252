import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowserItem } from '../model/browser-item';

// The dialogs' own queries (folders to move into, existing links) stay pending: only names matter here.
vi.mock('../../../lib/api-client', () => ({ apiRequest: () => new Promise(() => {}) }));
const { useFileActions } = await import('./use-file-actions');
type FileActions = ReturnType<typeof useFileActions>;

const file = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'report.pdf',
  size: 1,
  type: 'application/pdf',
  uploadDate: '2025-01-01T00:00:00Z',
  path: '/My Files',
  folderId: null,
  checksum: 'x',
};
const fileItem: BrowserItem = { kind: 'file', file };
const folderItem: BrowserItem = {
  kind: 'folder',
  folder: { id: '00000000-0000-4000-8000-000000000002', name: 'Taxes', parentId: null, createdAt: '' },
};
const two = { fileIds: [file.id], folderIds: [folderItem.folder.id] };

function Harness({ open }: { open(a: FileActions): void }) {
  const fileActions = useFileActions({
    folderId: null,
    openFolder: () => {},
    toggleSelect: () => {},
    clearSelection: () => {},
  });
  return (
    <>
      <button type="button" onClick={() => open(fileActions)}>
        open
      </button>
      {fileActions.dialogs}
    </>
  );
}

/** Opens one dialog of the Files page and returns it, found by role and accessible name. */
function dialogNamed(name: string, open: (a: FileActions) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Harness open={open} />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return screen.findByRole('dialog', { name });
}

describe('Files dialogs have accessible names', () => {
  afterEach(cleanup);

  it.each<[string, (a: FileActions) => void]>([
    ['New folder', (a) => a.bulk.newFolder()],
    ['Rename file', (a) => a.actions.rename(fileItem)],
    ['Rename folder', (a) => a.actions.rename(folderItem)],
    ['Move “report.pdf”', (a) => a.actions.move(fileItem)],
    ['Move 2 items', (a) => a.bulk.move(two)],
    ['Share “report.pdf”', (a) => a.actions.share(file)],
    ['Delete report.pdf?', (a) => a.actions.remove(fileItem)],
    ['Delete 2 items?', (a) => a.bulk.remove(two)],
  ])('%s', async (name, open) => {
    const dialog = await dialogNamed(name, open);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });
});
