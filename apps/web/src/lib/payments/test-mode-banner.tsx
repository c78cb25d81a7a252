import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Tag, theme } from 'antd';
import { TEST_CARDS } from './card-input';

/**
 * The visible "Test mode" banner (DECISIONS.md section 3): no real money moves, and which test
 * cards do what. With `onUseCard` each card number fills the form when clicked.
 */
export function TestModeBanner({ onUseCard }: { onUseCard?: (number: string) => void }) {
  const { token } = theme.useToken();
  return (
    <Alert
      type="warning"
      showIcon
      icon={<ExperimentOutlined aria-hidden />}
      role="note"
      aria-label="Test mode"
      style={{ padding: '12px 16px' }}
      title={
        <span>
          <strong>Test mode</strong>
          <span style={{ fontWeight: 400 }}> · no real card is charged.</span>
        </span>
      }
      description={
        <div style={{ fontSize: 13 }}>
          Use any future expiry date and any 3-digit CVC with:
          <ul style={{ listStyle: 'none', padding: 0, margin: '6px 0 0', display: 'grid', gap: 4 }}>
            {TEST_CARDS.map((c) => (
              <li key={c.number} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                {onUseCard ? (
                  <Tag
                    style={{ fontFamily: token.fontFamilyCode, cursor: 'pointer', marginInlineEnd: 0 }}
                    onClick={() => onUseCard(c.number)}
                    role="button"
                    tabIndex={0}
                    aria-label={`Use test card ${c.number}`}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onUseCard(c.number);
                      }
                    }}
                  >
                    {c.number}
                  </Tag>
                ) : (
                  <code style={{ fontFamily: token.fontFamilyCode }}>{c.number}</code>
                )}
                <span style={{ color: token.colorTextSecondary }}>{c.outcome}</span>
              </li>
            ))}
          </ul>
        </div>
      }
    />
  );
}
