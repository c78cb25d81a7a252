import { CloudUploadOutlined, FolderAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Grid, theme } from 'antd';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { PageHeader } from '../../../lib/page-header';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { downloadFile } from '../api/download-file';
import { useFileTags } from '../api/file-tags';
import { useFileList } from '../api/list-files';
import { ContentSearchDialog } from '../components/content-search-dialog';
import { DetailsView } from '../components/details-view';
import { DropOverlay } from '../components/drop-overlay';
import { EmptyState } from '../components/empty-state';
import { FileAnalysisDrawer } from '../components/file-analysis-drawer';
import { useAnalysisParam } from '../components/file-analysis-param';
import styles from '../components/files.module.css';
import { FilesBreadcrumb } from '../components/files-breadcrumb';
import { FilesSkeleton } from '../components/files-skeleton';
import { FilesToolbar } from '../components/files-toolbar';
import { GridView } from '../components/grid-view';
import { ListView } from '../components/list-view';
import { SelectionBar } from '../components/selection-bar';
import { type ToolId, ToolsPanel } from '../components/tools-panel';
import { UploadPanel } from '../components/upload-panel';
import { useFileActions } from '../hooks/use-file-actions';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFileViewPrefs } from '../hooks/use-file-view-prefs';
import { useFolderParam } from '../hooks/use-folder-param';
import { useSelection } from '../hooks/use-selection';
import { useUploads } from '../hooks/use-uploads';
import { browserItems, selectionIds } from '../model/browser-item';
import { listingSummary } from '../model/listing-summary';
import { sortByColumn } from '../model/sort';

/** Sticky offsets: the shell's header is 64 px (56 px on a phone); the selection bar takes 64 px. */
const HEADER_H = { desktop: 64, phone: 56 };
const SELECTION_BAR_H = 64;

/** /files "My Files" (part 1 sections 2 and 4). */
export default function FilesPage() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const { message } = App.useApp();
  const navigate = useNavigate();

  const [folderId, setFolder] = useFolderParam();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [tag, setTag] = useState<string | null>(null);
  const tags = useFileTags();
  const { viewMode, sort, cycleView, setSort } = useFileViewPrefs();
  const [toolsOpen, setToolsOpen] = useState(false);
  /** Bulk Ops: the selection bar and every checkbox stay out even with nothing ticked. */
  const [bulkMode, setBulkMode] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const list = useFileList({ folderId, search, tag, sort: sort.field, direction: sort.direction });
  const listing = list.data;
  const items = useMemo(() => browserItems(listing?.folders ?? [], listing?.files ?? []), [listing]);
  const selection = useSelection(items);
  const uploads = useUploads();

  const openFolder = useCallback(
    (id: string | null) => {
      setSearchInput('');
      selection.clear();
      setFolder(id);
      window.scrollTo({ top: 0 });
    },
    [setFolder, selection.clear],
  );
  const { actions, bulk, dialogs } = useFileActions({
    folderId,
    openFolder,
    toggleSelect: selection.toggle,
    clearSelection: selection.clear,
  });

  const [analysisFileId, setAnalysisFile] = useAnalysisParam();
  const [contentSearch, setContentSearch] = useState(false);
  /** A file opened from a content search result: named in the drawer though not in this folder. */
  const [openedName, setOpenedName] = useState<string | null>(null);
  // A link from the AI dashboard names the file, which may not be in the folder shown.
  const linkedName = (useLocation().state as { fileName?: unknown } | null)?.fileName;
  const pageActions = useMemo(
    () => ({ ...actions, analyse: (file: { id: string }) => setAnalysisFile(file.id) }),
    [actions, setAnalysisFile],
  );

  const trail = listing?.breadcrumb ?? [];
  const folderName = trail.at(-1)?.name ?? 'My Files';

  const addFiles = useCallback(
    (files: File[], skippedFolders = 0) => {
      if (skippedFolders > 0)
        message.info(
          skippedFolders === 1
            ? 'Folders cannot be uploaded yet: drop the files inside it instead.'
            : `${skippedFolders} folders were skipped: drop the files inside them instead.`,
        );
      if (files.length > 0) uploads.add(files, folderId);
    },
    [uploads.add, folderId, message],
  );
  const dragging = useFileDrop(addFiles);

  // The selection belongs to what is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the folder or the search changes.
  useEffect(() => selection.clear(), [folderId, search, tag, selection.clear]);

  const selectedIds = selectionIds(selection.selected);
  const singleFile =
    selectedIds.fileIds.length === 1 && selectedIds.folderIds.length === 0
      ? (listing?.files.find((f) => f.id === selectedIds.fileIds[0]) ?? null)
      : null;

  const onTool = (id: ToolId) => {
    switch (id) {
      case 'upload':
        fileInput.current?.click();
        break;
      case 'newFolder':
        bulk.newFolder();
        break;
      case 'share':
        if (singleFile) bulk.share(singleFile);
        else message.info('Tick one file, then choose Share to make a link to it.');
        break;
      case 'bulk':
        setBulkMode(true);
        setToolsOpen(false);
        break;
      case 'ai':
        // One ticked file: its analysis (requested from there if it has none); else every file's.
        if (singleFile) setAnalysisFile(singleFile.id);
        else void navigate('/ai/dashboard');
        break;
      case 'advancedSearch':
        setContentSearch(true);
        break;
      case 'recycleBin':
        void navigate('/recycle-bin');
        break;
      case 'analytics':
        void navigate('/analytics');
        break;
      default:
        break;
    }
  };

  const headerH = compact ? HEADER_H.phone : HEADER_H.desktop;
  const selecting = selection.selected.size > 0 || bulkMode;
  const vars = {
    '--fm-header-h': `${headerH}px`,
    '--fm-bg': token.colorBgContainer,
    '--fm-elevated': token.colorBgElevated,
    '--fm-layout-bg': token.colorBgLayout,
    '--fm-border': token.colorBorderSecondary,
    '--fm-border-strong': token.colorBorder,
    '--fm-hover': token.colorFillQuaternary,
    '--fm-hover-strong': token.colorFillSecondary,
    '--fm-selected': token.colorPrimaryBg,
    '--fm-selected-strong': token.colorPrimaryBgHover,
    '--fm-primary': token.colorPrimary,
    '--fm-primary-text': token.colorPrimaryText,
    '--fm-text': token.colorText,
    '--fm-text2': token.colorTextSecondary,
    '--fm-text3': token.colorTextTertiary,
    '--fm-preview': token.colorFillQuaternary,
    '--fm-shadow': token.boxShadowTertiary,
    '--fm-float-bottom': compact ? 'calc(72px + env(safe-area-inset-bottom))' : '24px',
  } as CSSProperties;

  const counts = listing
    ? listingSummary({
        totalFiles: listing.totalFiles,
        totalExact: listing.totalExact,
        loadedFiles: listing.files.length,
        folders: listing.folders.length,
      })
    : 'Loading your files…';

  const more = {
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
  };
  const viewProps = {
    items,
    selected: selection.selected,
    selectMode: selecting,
    actions: pageActions,
    compact,
    ...more,
  };
  const loadedAll = items.length > 0 && selection.selected.size === items.length;

  let body: React.ReactNode;
  if (list.isPending) body = <FilesSkeleton viewMode={viewMode} compact={compact} />;
  else if (list.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="We couldn't load your files"
        description={errorMessage(list.error)}
        action={
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            Retry
          </Button>
        }
      />
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        search={search}
        tag={tag}
        onClearTag={() => setTag(null)}
        inFolder={folderId !== null}
        onUpload={() => fileInput.current?.click()}
        onNewFolder={bulk.newFolder}
        onClearSearch={() => setSearchInput('')}
      />
    );
  else if (viewMode === 'grid') body = <GridView {...viewProps} />;
  else if (viewMode === 'list') body = <ListView {...viewProps} />;
  else
    body = (
      <DetailsView
        {...viewProps}
        sort={sort}
        onSort={(field) => setSort(sortByColumn(sort, field))}
        selection={loadedAll ? 'all' : selection.selected.size > 0 ? 'some' : 'none'}
        onSelectAll={selection.setAll}
        stickyTop={headerH + (selecting ? SELECTION_BAR_H : 0)}
        rowCount={
          listing?.totalExact === false ? -1 : (listing?.totalFiles ?? 0) + (listing?.folders.length ?? 0)
        }
      />
    );

  return (
    <div className={styles.page} style={vars}>
      <PageHeader
        title="My Files"
        description={counts}
        extra={
          <>
            <Button icon={<FolderAddOutlined />} size="large" onClick={bulk.newFolder}>
              New folder
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              size="large"
              onClick={() => fileInput.current?.click()}
            >
              Upload
            </Button>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label="Choose files to upload"
        data-testid="upload-input"
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <div style={{ marginBottom: 12 }}>
        <FilesBreadcrumb trail={trail} onOpen={openFolder} />
      </div>
      <FilesToolbar
        search={searchInput}
        onSearch={setSearchInput}
        tag={tag}
        onTag={setTag}
        tags={tags.data}
        sort={sort}
        onSort={setSort}
        viewMode={viewMode}
        onCycleView={cycleView}
        refreshing={list.isFetching && !list.isFetchingNextPage && !list.isPending}
        onRefresh={() => void list.refetch()}
        toolsOpen={toolsOpen}
        onToggleTools={() => setToolsOpen((o) => !o)}
        compact={compact}
      />
      {toolsOpen && <ToolsPanel onTool={onTool} />}
      {selecting && (
        <div
          style={{
            position: 'sticky',
            top: headerH,
            zIndex: 5,
            background: token.colorBgLayout,
            paddingTop: 4,
          }}
        >
          <SelectionBar
            count={selection.selected.size}
            total={items.length}
            singleFile={singleFile !== null}
            compact={compact}
            onClose={() => {
              selection.clear();
              setBulkMode(false);
            }}
            onSelectAll={() => selection.setAll(true)}
            onMove={() => bulk.move(selectedIds)}
            onDelete={() => bulk.remove(selectedIds)}
            onDownload={() => singleFile && actions.download(singleFile)}
            onShare={() => singleFile && bulk.share(singleFile)}
          />
        </div>
      )}
      {body}
      {list.hasNextPage && !list.isFetchingNextPage && items.length > 0 && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button onClick={() => void list.fetchNextPage()}>Load more</Button>
        </div>
      )}
      <UploadPanel
        entries={uploads.entries}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        onRetry={uploads.retry}
      />
      {dragging && <DropOverlay folderName={folderName} />}
      {dialogs}
      <FileAnalysisDrawer
        fileId={analysisFileId}
        fileName={
          listing?.files.find((f) => f.id === analysisFileId)?.name ??
          (typeof linkedName === 'string' ? linkedName : (openedName ?? undefined))
        }
        onClose={() => setAnalysisFile(null)}
      />
      <ContentSearchDialog
        open={contentSearch}
        onClose={() => setContentSearch(false)}
        onOpenFile={(id, name) => {
          setContentSearch(false);
          setOpenedName(name);
          setAnalysisFile(id);
        }}
        onDownload={(id, name) => downloadFile(id, name).catch((err) => message.error(errorMessage(err)))}
      />
    </div>
  );
}
