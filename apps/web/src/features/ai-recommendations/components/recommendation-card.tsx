import {
  BulbOutlined,
  CheckOutlined,
  CloseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  RobotOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Recommendation, RecommendationState } from '@stratos/contracts/ai/recommendations.schema';
import { Button, Card, Flex, Tag, theme } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-format';
import { LinkButton } from '../../../lib/link-button';
import {
  assistantLink,
  fileAnalysisLink,
  improvementNote,
  PRIORITY_COLOR,
  SOURCE_LABEL,
} from '../model/recommendation-view';

interface Props {
  rec: Recommendation;
  busy: boolean;
  onState: (state: RecommendationState) => void;
}

/** One recommendation: what to do, where it came from, and the ways to act on it. */
export function RecommendationCard({ rec, busy, onState }: Props) {
  const { token } = theme.useToken();
  const note = rec.source === 'learning' ? improvementNote(rec) : null;
  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <article aria-label={rec.text} style={{ display: 'grid', gap: 10 }}>
        <Flex gap={6} wrap align="center">
          <Tag color={PRIORITY_COLOR[rec.priority]} style={{ margin: 0 }}>
            {rec.priority}
          </Tag>
          <Tag
            icon={rec.source === 'analysis' ? <BulbOutlined /> : <ExperimentOutlined />}
            variant="filled"
            style={{ margin: 0 }}
          >
            {SOURCE_LABEL[rec.source]}
          </Tag>
          {rec.category && (
            <Tag variant="outlined" style={{ margin: 0 }}>
              {rec.category}
            </Tag>
          )}
          {rec.state !== 'open' && (
            <Tag color={rec.state === 'done' ? 'success' : 'default'} style={{ margin: 0 }}>
              {rec.state === 'done' ? 'Done' : 'Dismissed'}
            </Tag>
          )}
        </Flex>
        <p style={{ margin: 0, fontSize: 15, color: token.colorTextHeading, wordBreak: 'break-word' }}>
          {rec.text}
        </p>
        <Flex gap={12} wrap align="center" style={{ fontSize: 13, color: token.colorTextSecondary }}>
          {rec.fileId && rec.fileName && (
            <Link
              to={fileAnalysisLink(rec.fileId)}
              state={{ fileName: rec.fileName }}
              style={{ wordBreak: 'break-word' }}
            >
              <FileTextOutlined aria-hidden /> {rec.fileName}
            </Link>
          )}
          {note && <span>{note}</span>}
          <time dateTime={rec.createdAt}>{formatDateTime(rec.createdAt)}</time>
        </Flex>
        <Flex gap={8} wrap>
          {rec.state === 'open' ? (
            <>
              {rec.fileId && (
                <LinkButton
                  size="small"
                  type="primary"
                  ghost
                  icon={<RobotOutlined />}
                  to={assistantLink(rec)}
                >
                  Ask the assistant
                </LinkButton>
              )}
              <Button size="small" icon={<CheckOutlined />} loading={busy} onClick={() => onState('done')}>
                Mark done
              </Button>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                disabled={busy}
                onClick={() => onState('dismissed')}
              >
                Dismiss
              </Button>
            </>
          ) : (
            <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => onState('open')}>
              Reopen
            </Button>
          )}
        </Flex>
      </article>
    </Card>
  );
}
