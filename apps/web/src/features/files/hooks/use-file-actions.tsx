import type { FileItem, FolderItem } from '@stratos/contracts/files/file.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { storageChanged } from '../../../lib/storage-events';
import { downloadFile } from '../api/download-file';
import {
  type BulkSelection,
  bulkDelete,
  bulkMove,
  createFolder,
  deleteFile,
  deleteFolder,
  updateFile,
  updateFolder,
} from '../api/file-mutations';
import { filesKey } from '../api/list-files';
import { restoreItems } from '../api/restore-items';
import type { ItemActions } from '../components/item-actions';
import { MoveDialog } from '../components/move-dialog';
import { NameDialog } from '../components/name-dialog';
import { ShareDialog } from '../components/share-dialog';
import { type BrowserItem, itemName } from '../model/browser-item';

type NameState = { mode: 'newFolder' } | { mode: 'rename'; item: BrowserItem } | null;
type MoveState = { selection: BulkSelection; subject: string; single?: BrowserItem } | null;

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

interface Options {
  folderId: string | null;
  openFolder(id: string | null): void;
  toggleSelect(key: string, range?: boolean): void;
  clearSelection(): void;
}

/**
 * Everything the Files page does to items — open, download, share, rename, move, delete, bulk —
 * with its dialogs, confirmations and messages. Returns the actions and the dialogs to render.
 */
export function useFileActions({ folderId, openFolder, toggleSelect, clearSelection }: Options) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [nameState, setNameState] = useState<NameState>(null);
  const [moveState, setMoveState] = useState<MoveState>(null);
  const [shareFile, setShareFile] = useState<FileItem | null>(null);

  const refreshList = useCallback(() => queryClient.invalidateQueries({ queryKey: filesKey }), [queryClient]);

  const undoable = useCallback(
    (text: string, items: { id: string; kind: 'file' | 'folder' }[]) => {
      const key = `deleted-${Date.now()}`;
      message.open({
        key,
        type: 'success',
        duration: 6,
        content: (
          <span>
            {text}{' '}
            <Button
              type="link"
              size="small"
              style={{ padding: '0 4px', height: 'auto' }}
              onClick={async () => {
                message.destroy(key);
                try {
                  await restoreItems(items);
                  storageChanged(queryClient);
                  message.success(
                    items.length === 1 ? 'Restored' : `Restored ${plural(items.length, 'item')}`,
                  );
                } catch (err) {
                  message.error(errorMessage(err));
                }
              }}
            >
              Undo
            </Button>
          </span>
        ),
      });
    },
    [message, queryClient],
  );

  const runBulkDelete = useCallback(
    (selection: BulkSelection) => {
      const n = selection.fileIds.length + selection.folderIds.length;
      modal.confirm({
        title: `Delete ${plural(n, 'item')}?`,
        content: 'They move to the recycle bin, where you can restore them for 30 days.',
        okText: 'Delete',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await bulkDelete(selection);
            clearSelection();
            storageChanged(queryClient);
            undoable(`Moved ${plural(n, 'item')} to the recycle bin.`, [
              ...selection.fileIds.map((id) => ({ id, kind: 'file' as const })),
              ...selection.folderIds.map((id) => ({ id, kind: 'folder' as const })),
            ]);
          } catch (err) {
            message.error(errorMessage(err));
          }
        },
      });
    },
    [modal, message, queryClient, clearSelection, undoable],
  );

  const actions: ItemActions = useMemo(
    () => ({
      openFolder: (folder: FolderItem) => openFolder(folder.id),
      download: (file: FileItem) => {
        downloadFile(file.id, file.name).catch((err) => message.error(errorMessage(err)));
      },
      share: (file: FileItem) => setShareFile(file),
      rename: (item: BrowserItem) => setNameState({ mode: 'rename', item }),
      move: (item: BrowserItem) =>
        setMoveState({
          single: item,
          subject: `“${itemName(item)}”`,
          selection:
            item.kind === 'file'
              ? { fileIds: [item.file.id], folderIds: [] }
              : { fileIds: [], folderIds: [item.folder.id] },
        }),
      remove: (item: BrowserItem) => {
        const name = itemName(item);
        modal.confirm({
          title: `Delete ${name}?`,
          content:
            item.kind === 'folder'
              ? 'The folder and everything in it move to the recycle bin, where you can restore them for 30 days.'
              : 'It moves to the recycle bin, where you can restore it for 30 days.',
          okText: 'Delete',
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              if (item.kind === 'file') await deleteFile(item.file.id);
              else await deleteFolder(item.folder.id);
              storageChanged(queryClient);
              undoable(`“${name}” moved to the recycle bin.`, [
                { id: item.kind === 'file' ? item.file.id : item.folder.id, kind: item.kind },
              ]);
            } catch (err) {
              message.error(errorMessage(err));
            }
          },
        });
      },
      toggleSelect,
    }),
    [openFolder, toggleSelect, modal, message, queryClient, undoable],
  );

  const bulk = useMemo(
    () => ({
      move: (selection: BulkSelection) =>
        setMoveState({
          selection,
          subject: plural(selection.fileIds.length + selection.folderIds.length, 'item'),
        }),
      remove: runBulkDelete,
      newFolder: () => setNameState({ mode: 'newFolder' }),
      share: (file: FileItem) => setShareFile(file),
    }),
    [runBulkDelete],
  );

  const renaming = nameState?.mode === 'rename' ? nameState.item : null;
  const dialogs: ReactNode = (
    <>
      <NameDialog
        open={nameState !== null}
        title={renaming ? `Rename ${renaming.kind}` : 'New folder'}
        okText={renaming ? 'Rename' : 'Create'}
        label={renaming ? 'Name' : 'Folder name'}
        initialName={renaming ? itemName(renaming) : 'Untitled folder'}
        onClose={() => setNameState(null)}
        onSubmit={async (name) => {
          if (!renaming) {
            await createFolder(name, folderId);
            message.success(`Folder “${name}” created`);
          } else if (renaming.kind === 'file') await updateFile(renaming.file.id, { name });
          else await updateFolder(renaming.folder.id, { name });
          await refreshList();
        }}
      />
      <MoveDialog
        open={moveState !== null}
        subject={moveState?.subject ?? ''}
        currentFolderId={folderId}
        movingFolderIds={new Set(moveState?.selection.folderIds ?? [])}
        onClose={() => setMoveState(null)}
        onMove={async (target) => {
          if (!moveState) return;
          const { single, selection } = moveState;
          try {
            if (single?.kind === 'file') await updateFile(single.file.id, { folderId: target });
            else if (single?.kind === 'folder') await updateFolder(single.folder.id, { parentId: target });
            else await bulkMove(selection, target);
            clearSelection();
            storageChanged(queryClient);
            message.success(single ? `Moved “${itemName(single)}”` : `Moved ${moveState.subject}`);
          } catch (err) {
            message.error(errorMessage(err));
            throw err;
          }
        }}
      />
      <ShareDialog file={shareFile} onClose={() => setShareFile(null)} />
    </>
  );

  return { actions, bulk, dialogs };
}
