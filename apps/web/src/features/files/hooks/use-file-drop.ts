import { useEffect, useRef, useState } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Drag-and-drop anywhere on the page: `dragging` while files are over the window, `onFiles` with
 * the dropped files (folders are skipped: the browser gives no bytes for them).
 */
export function useFileDrop(
  onFiles: (files: File[], skippedFolders: number) => void,
  enabled = true,
): boolean {
  const [dragging, setDragging] = useState(false);
  // The latest handler, without re-subscribing (and losing the drag depth) when it changes.
  const handler = useRef(onFiles);
  handler.current = onFiles;
  useEffect(() => {
    if (!enabled) return;
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const dt = e.dataTransfer;
      if (!dt) return;
      const files: File[] = [];
      let skipped = 0;
      const items = Array.from(dt.items ?? []);
      if (items.length > 0) {
        for (const item of items) {
          if (item.kind !== 'file') continue;
          if (item.webkitGetAsEntry?.()?.isDirectory) {
            skipped += 1;
            continue;
          }
          const f = item.getAsFile();
          if (f) files.push(f);
        }
      } else {
        files.push(...Array.from(dt.files));
      }
      handler.current(files, skipped);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [enabled]);
  return dragging;
}
