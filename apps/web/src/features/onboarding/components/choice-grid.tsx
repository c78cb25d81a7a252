import { theme } from 'antd';
import type { ReactNode } from 'react';
import { ChoiceCards } from '../../../lib/choice-cards';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: ReactNode;
}

type ChoiceGridProps<T extends string> = {
  label: string;
  choices: readonly Choice<T>[];
  minWidth?: number;
} & (
  | { mode: 'single'; value: T | null; onChange: (value: T) => void }
  | { mode: 'multi'; value: readonly T[]; onChange: (value: T[]) => void }
);

/** An onboarding question's answers as cards: icon, label and an optional line of description. */
export function ChoiceGrid<T extends string>({ choices, ...rest }: ChoiceGridProps<T>) {
  const { token } = theme.useToken();
  const cards = choices.map((c) => ({
    value: c.value,
    content: (
      <>
        {c.icon && (
          <span
            aria-hidden
            style={{
              fontSize: 20,
              lineHeight: 1,
              color: token.colorPrimary,
              paddingTop: c.description ? 2 : 0,
            }}
          >
            {c.icon}
          </span>
        )}
        <span style={{ flex: 1, minWidth: 0, paddingInlineEnd: 18 }}>
          <span style={{ display: 'block', fontWeight: 600 }}>{c.label}</span>
          {c.description && (
            <span style={{ display: 'block', fontSize: 13, color: token.colorTextSecondary, marginTop: 2 }}>
              {c.description}
            </span>
          )}
        </span>
      </>
    ),
  }));
  return (
    <ChoiceCards
      {...rest}
      choices={cards}
      align={choices.some((c) => c.description) ? 'flex-start' : 'center'}
    />
  );
}
