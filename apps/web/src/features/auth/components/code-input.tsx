import { Input, type InputProps } from 'antd';

type CodeInputProps = Omit<InputProps, 'onChange' | 'value'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * The 6-digit code as one numeric field: one label, paste-friendly, and the browser can fill it
 * from the message (autocomplete one-time-code). Non-digits are dropped as they are typed.
 */
export function CodeInput({ value, onChange, style, ...rest }: CodeInputProps) {
  return (
    <Input
      {...rest}
      value={value}
      onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="••••••"
      style={{
        fontSize: 26,
        letterSpacing: '0.5em',
        textAlign: 'center',
        fontVariantNumeric: 'tabular-nums',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        ...style,
      }}
    />
  );
}
