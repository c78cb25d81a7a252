import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { PASSWORD_MIN_LENGTH } from '@stratos/contracts/auth/password';
import { theme } from 'antd';

const RULES: { label: string; test: (p: string) => boolean }[] = [
  { label: `${PASSWORD_MIN_LENGTH}+ characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { label: 'Uppercase', test: (p) => /[A-Z]/.test(p) },
  { label: 'Lowercase', test: (p) => /[a-z]/.test(p) },
  { label: 'Number', test: (p) => /[0-9]/.test(p) },
];

/** The password rules as a live checklist under the field (a hint, not an error). */
export function PasswordChecklist({ password }: { password: string }) {
  const { token } = theme.useToken();
  return (
    <ul
      aria-label="Password requirements"
      style={{
        listStyle: 'none',
        padding: 0,
        margin: '8px 0 0',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 14px',
      }}
    >
      {RULES.map((r) => {
        const met = r.test(password);
        return (
          <li
            key={r.label}
            style={{
              fontSize: 12,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 5,
              color: met ? token.colorSuccessText : token.colorTextTertiary,
            }}
          >
            {met ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />}
            <span>
              {r.label}
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                {met ? ' (met)' : ' (not met)'}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
