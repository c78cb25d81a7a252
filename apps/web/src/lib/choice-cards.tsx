import { CheckCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';
import styles from './choice-cards.module.css';

export interface ChoiceCard<T extends string> {
  value: T;
  /** The card's content; its text is the input's accessible name unless `ariaLabel` is given. */
  content: ReactNode;
  ariaLabel?: string;
  /** Something drawn over the card's top edge, e.g. "Most popular". */
  badge?: ReactNode;
}

type ChoiceCardsProps<T extends string> = {
  /** The group's name for assistive technology (a hidden legend). */
  label: string;
  choices: readonly ChoiceCard<T>[];
  /** Minimum card width; the grid fits as many columns as the width allows. */
  minWidth?: number;
  padding?: CSSProperties['padding'];
  align?: CSSProperties['alignItems'];
} & (
  | { mode: 'single'; value: T | null; onChange: (value: T) => void }
  | { mode: 'multi'; value: readonly T[]; onChange: (value: T[]) => void }
);

/**
 * Selectable cards backed by real radio buttons (one answer) or checkboxes (several), so the
 * keyboard and screen readers treat them as the form controls they are.
 */
export function ChoiceCards<T extends string>(props: ChoiceCardsProps<T>) {
  const { token } = theme.useToken();
  const name = useId();
  const { label, choices, minWidth = 160, padding = '14px 16px', align = 'center' } = props;
  const isOn = (v: T) => (props.mode === 'single' ? props.value === v : props.value.includes(v));
  const toggle = (v: T) => {
    if (props.mode === 'single') props.onChange(v);
    else props.onChange(isOn(v) ? props.value.filter((x) => x !== v) : [...props.value, v]);
  };
  const vars = {
    '--choice-radius': `${token.borderRadiusLG}px`,
    '--choice-text': token.colorText,
    '--choice-bg': token.colorBgContainer,
    '--choice-border': token.colorBorderSecondary,
    '--choice-hover': token.colorPrimaryBorderHover,
    '--choice-on': token.colorPrimary,
    '--choice-on-bg': token.colorPrimaryBg,
  } as CSSProperties;
  return (
    <fieldset className={styles.group} style={vars}>
      <legend className={styles.legend}>{label}</legend>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(min(${minWidth}px, 100%), 1fr))`,
          gap: 12,
          paddingTop: choices.some((c) => c.badge) ? 10 : 0,
        }}
      >
        {choices.map((c) => (
          <label key={c.value} className={styles.card} style={{ padding, alignItems: align }}>
            <input
              className={styles.input}
              type={props.mode === 'single' ? 'radio' : 'checkbox'}
              name={name}
              value={c.value}
              checked={isOn(c.value)}
              onChange={() => toggle(c.value)}
              aria-label={c.ariaLabel}
            />
            {c.badge}
            {c.content}
            <CheckCircleFilled aria-hidden className={styles.check} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
