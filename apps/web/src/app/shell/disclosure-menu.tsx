import { DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'react-router';
import { SoonTag } from './soon-tag';

export type DisclosureEntry =
  | { kind: 'link'; key: string; label: string; to: string; icon?: ReactNode; soon?: boolean }
  | { kind: 'action'; key: string; label: string; onSelect(): void; icon?: ReactNode; danger?: boolean }
  | { kind: 'heading'; key: string; label: ReactNode }
  | { kind: 'divider'; key: string };

interface DisclosureMenuProps {
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not enough (e.g. an avatar). */
  ariaLabel?: string;
  entries: readonly DisclosureEntry[];
  align?: 'start' | 'end';
  triggerStyle?: CSSProperties;
  triggerClassName?: string;
  /** Show a chevron after the trigger content. */
  chevron?: boolean;
}

/**
 * A small accessible menu button: opens on click, closes on outside click, Escape, selection or
 * navigation; arrow keys move between entries. Light enough for the shell's first load.
 */
export function DisclosureMenu({
  trigger,
  ariaLabel,
  entries,
  align = 'start',
  triggerStyle,
  triggerClassName = 'stratos-nav-link',
  chevron = true,
}: DisclosureMenuProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const id = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    if (focusFirst.current) {
      menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
      focusFirst.current = false;
    }
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') {
        e.preventDefault();
        buttonRef.current?.focus();
      }
      setOpen(false);
    }
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      focusFirst.current = true;
      setOpen(true);
    }
  };

  const itemStyle: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    width: '100%',
    padding: '8px 12px',
    borderRadius: token.borderRadiusSM,
    border: 0,
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    color: token.colorText,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
  };

  return (
    <div ref={rootRef} style={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
        style={triggerStyle}
      >
        {trigger}
        {chevron && <DownOutlined aria-hidden style={{ fontSize: 10, marginInlineStart: 6 }} />}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="stratos-menu"
          style={
            {
              position: 'absolute',
              top: 'calc(100% + 8px)',
              [align === 'end' ? 'right' : 'left']: 0,
              minWidth: 220,
              padding: 4,
              zIndex: 1050,
              background: token.colorBgElevated,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowSecondary,
              '--stratos-item-hover': token.controlItemBgHover,
            } as CSSProperties
          }
        >
          {entries.map((e) => {
            if (e.kind === 'divider') {
              return (
                <hr
                  key={e.key}
                  style={{ height: 1, margin: '4px 0', border: 0, background: token.colorSplit }}
                />
              );
            }
            if (e.kind === 'heading') {
              return (
                <div
                  key={e.key}
                  role="presentation"
                  style={{ padding: '8px 12px 4px', fontSize: 12, color: token.colorTextTertiary }}
                >
                  {e.label}
                </div>
              );
            }
            const content = (
              <>
                {e.icon && (
                  <span aria-hidden style={{ color: token.colorTextSecondary }}>
                    {e.icon}
                  </span>
                )}
                {e.label}
                {e.kind === 'link' && e.soon && <SoonTag />}
              </>
            );
            if (e.kind === 'link') {
              return (
                <Link key={e.key} to={e.to} role="menuitem" className="stratos-menu-item" style={itemStyle}>
                  {content}
                </Link>
              );
            }
            return (
              <button
                key={e.key}
                type="button"
                role="menuitem"
                className="stratos-menu-item"
                style={{ ...itemStyle, color: e.danger ? token.colorError : token.colorText }}
                onClick={() => {
                  setOpen(false);
                  e.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
