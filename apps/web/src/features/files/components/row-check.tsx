import { type ChangeEvent, type MouseEvent, useEffect, useRef } from 'react';
import styles from './files.module.css';

interface RowCheckProps {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  /** `range` is true when shift was held (extend the selection). */
  onToggle(checked: boolean, range: boolean): void;
}

/**
 * A native checkbox in the theme's colour. Lists mount dozens of rows per frame while scrolling, and
 * antd's Checkbox (wave effect, form context) costs several times more per row.
 */
export function RowCheck({ checked, indeterminate = false, label, onToggle }: RowCheckProps) {
  const ref = useRef<HTMLInputElement>(null);
  const shift = useRef(false);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={styles.check}
      checked={checked}
      aria-label={label}
      onClick={(e: MouseEvent<HTMLInputElement>) => {
        e.stopPropagation();
        shift.current = e.shiftKey;
      }}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        onToggle(e.target.checked, shift.current);
        shift.current = false;
      }}
    />
  );
}
