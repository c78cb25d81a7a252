import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileTags } from './file-tags';
import { FilesToolbar } from './files-toolbar';

afterEach(cleanup);

describe('FileTags', () => {
  it('shows the first tags as antd Tags and the rest as +n; names them all for screen readers', () => {
    render(<FileTags tags={['draft', 'journey', 'q3']} max={2} />);
    const list = screen.getByRole('list', { name: 'Tags: draft, journey, q3' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['draft', 'journey', '+1']);
    expect(list.querySelectorAll('.ant-tag')).toHaveLength(3);
  });

  it('renders nothing for a file without tags', () => {
    const { container } = render(<FileTags tags={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('FilesToolbar tag filter', () => {
  const props = {
    search: '',
    onSearch: () => {},
    sort: { field: 'name' as const, direction: 'asc' as const },
    onSort: () => {},
    viewMode: 'list' as const,
    onCycleView: () => {},
    refreshing: false,
    onRefresh: () => {},
    toolsOpen: false,
    onToggleTools: () => {},
    compact: false,
  };

  it('offers the user’s tags with their counts and reports the one picked', async () => {
    const onTag = vi.fn();
    render(
      <FilesToolbar
        {...props}
        tag={null}
        onTag={onTag}
        tags={[
          { tag: 'draft', files: 1 },
          { tag: 'journey', files: 3 },
        ]}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByTitle('journey (3)'));
    expect(onTag).toHaveBeenCalledWith('journey');
  });

  it('has no filter while the user has no tags', () => {
    render(<FilesToolbar {...props} tag={null} onTag={() => {}} tags={[]} />);
    expect(screen.queryByRole('combobox', { name: 'Filter by tag' })).toBeNull();
  });
});
