import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FolderPicker } from './folder-picker';

interface MoveDialogProps {
  open: boolean;
  /** "report.pdf" or "3 items". */
  subject: string;
  /** Where the items are now: moving there again is pointless. */
  currentFolderId: string | null;
  /** Folders among the items: they cannot move into themselves. */
  movingFolderIds: ReadonlySet<string>;
  onMove(targetFolderId: string | null): Promise<unknown>;
  onClose(): void;
}

/** Pick a destination folder, then "Move here". */
export function MoveDialog({
  open,
  subject,
  currentFolderId,
  movingFolderIds,
  onMove,
  onClose,
}: MoveDialogProps) {
  const [target, setTarget] = useState<string | null>(currentFolderId);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setTarget(currentFolderId);
  }, [open, currentFolderId]);
  const same = target === currentFolderId;
  return (
    <Modal
      open={open}
      title={`Move ${subject}`}
      okText="Move here"
      okButtonProps={{ disabled: same }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await onMove(target);
          onClose();
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {same ? 'Open the folder you want to move to.' : 'The items will move into the folder shown.'}
      </Typography.Paragraph>
      <FolderPicker value={target} onChange={setTarget} disabledIds={movingFolderIds} />
    </Modal>
  );
}
