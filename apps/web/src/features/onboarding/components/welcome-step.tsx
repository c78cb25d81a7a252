import { CloudOutlined, LinkOutlined, RobotOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import { StepHeading } from './step-heading';

const POINTS = [
  {
    icon: <CloudOutlined />,
    title: 'Store everything',
    text: 'Upload files and folders of any size, safely kept and shareable.',
  },
  {
    icon: <LinkOutlined />,
    title: 'Share and restore',
    text: 'Share a file by link, and bring back deleted files from the recycle bin.',
  },
  {
    icon: <RobotOutlined />,
    title: 'An assistant beside your files',
    text: 'Chat with it, and read a summary and insights of each document.',
  },
];

/**
 * Step 1. Names one plan: the account's own. A paid plan chosen at sign-up and not paid for yet is
 * mentioned as what starts on payment, never shown as if it were the plan.
 */
export function WelcomeStep({
  firstName,
  currentPlan,
  chosenUnpaid,
}: {
  firstName: string;
  /** The account's plan name (null until the account has loaded). */
  currentPlan: string | null;
  /** The paid plan chosen at sign-up when it is not the account's plan yet. */
  chosenUnpaid: string | null;
}) {
  const { token } = theme.useToken();
  return (
    <>
      <StepHeading title={`Welcome to Stratos${firstName ? `, ${firstName}` : ''}!`}>
        Let's set up your workspace. It takes about a minute, and you can change every answer later.
      </StepHeading>
      {currentPlan && (
        <p style={{ margin: '-8px 0 20px' }}>
          Your plan: <Tag color={chosenUnpaid ? 'default' : 'blue'}>{currentPlan}</Tag>
          {chosenUnpaid && (
            <span style={{ color: token.colorTextSecondary }}>
              {' '}
              until you pay for {chosenUnpaid}, which you chose. You can start it at the end of the setup.
            </span>
          )}
        </p>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {POINTS.map((p) => (
          <li
            key={p.title}
            style={{
              display: 'flex',
              gap: 14,
              padding: 16,
              borderRadius: token.borderRadiusLG,
              background: token.colorFillQuaternary,
            }}
          >
            <span
              aria-hidden
              style={{
                width: 40,
                height: 40,
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
                borderRadius: 10,
                fontSize: 18,
                color: token.colorPrimary,
                background: token.colorPrimaryBg,
              }}
            >
              {p.icon}
            </span>
            <span>
              <span style={{ display: 'block', fontWeight: 600, color: token.colorTextHeading }}>
                {p.title}
              </span>
              <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: 14 }}>
                {p.text}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
