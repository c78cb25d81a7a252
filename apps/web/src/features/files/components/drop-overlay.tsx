import { CloudUploadOutlined } from '@ant-design/icons';
import styles from './files.module.css';

/** Shown over the whole page while files are dragged over it. */
export function DropOverlay({ folderName }: { folderName: string }) {
  return (
    <div className={styles.dropOverlay} aria-hidden>
      <div className={styles.dropCard}>
        <CloudUploadOutlined style={{ fontSize: 44, color: 'var(--fm-primary)' }} />
        <div style={{ fontSize: 18, fontWeight: 600 }}>Drop files to upload</div>
        <div style={{ color: 'var(--fm-text2)' }}>They will go into {folderName}</div>
      </div>
    </div>
  );
}
