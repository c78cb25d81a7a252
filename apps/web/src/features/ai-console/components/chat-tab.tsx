import { MessageOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Descriptions, Flex, Input, Rate, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { LinkButton } from '../../../lib/link-button';
import { useEnhancementQuery } from '../api/enhancement-query';
import { useSendFeedback } from '../api/send-feedback';
import { count, dollars, ms } from '../model/format';

/** The superadmin query of section 7 (GPT-4 or the best available provider). */
function EnhancementQuery() {
  const ask = useEnhancementQuery();
  const [query, setQuery] = useState('');
  const [store, setStore] = useState(true);
  const blank = query.trim() === '';
  const r = ask.data;
  return (
    <Card
      title="Ask the AI (GPT-4 or the best available)"
      extra={
        <LinkButton to="/ai/enhanced-chat" icon={<MessageOutlined />}>
          Open the full chat
        </LinkButton>
      }
    >
      <Flex vertical gap={12}>
        <Input.TextArea
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={8000}
          placeholder="Ask about the knowledge base, e.g. which domains need more advanced material"
          aria-label="Query"
          onPressEnter={(e) => {
            if ((e.metaKey || e.ctrlKey) && !blank && !ask.isPending) ask.mutate({ query, store });
          }}
        />
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Checkbox checked={store} onChange={(e) => setStore(e.target.checked)}>
            Keep the answer as a knowledge enhancement and insight
          </Checkbox>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={blank}
            loading={ask.isPending}
            onClick={() => ask.mutate({ query, store })}
          >
            Ask
          </Button>
        </Flex>
        {ask.isError && (
          <Alert type="error" showIcon title="The query failed" description={errorMessage(ask.error)} />
        )}
        {r && (
          <Card size="small" data-testid="enhancement-result">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 12 }}>
              {r.response}
            </Typography.Paragraph>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 4 }}
              items={[
                { key: 'model', label: 'Model', children: `${r.model} (${r.provider})` },
                { key: 'tokens', label: 'Tokens', children: count(r.tokens) },
                { key: 'cost', label: 'Cost', children: dollars(r.cost) },
                { key: 'time', label: 'Time', children: ms(r.responseTimeMs) },
              ]}
            />
            {r.stored && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Stored as enhancement {r.stored.enhancementId} and insight {r.stored.insightId}.
              </Typography.Text>
            )}
          </Card>
        )}
      </Flex>
    </Card>
  );
}

/** Manual feedback to the learning loop; blank text is ignored (section 5). */
export function ManualFeedback() {
  const { message } = App.useApp();
  const send = useSendFeedback();
  const [text, setText] = useState('');
  const [rating, setRating] = useState(0);
  const onSend = () => {
    // Blank feedback is ignored, as specified: nothing is sent.
    if (text.trim() === '') return;
    send.mutate(
      { text, ...(rating > 0 ? { rating } : {}) },
      {
        onSuccess: (r) => {
          if (r.ignored) message.info('Blank feedback is ignored.');
          else {
            message.success(`Feedback recorded (${r.feedback.sentiment}).`);
            setText('');
            setRating(0);
          }
        },
        onError: (err) => message.error(errorMessage(err)),
      },
    );
  };
  return (
    <Card title="Manual feedback">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Tell the learning loop what the assistant should do better. The next learning cycle processes it.
        </Typography.Text>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          placeholder="e.g. Answers about Python packaging should mention virtual environments"
          aria-label="Feedback"
        />
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex align="center" gap={8}>
            <Typography.Text type="secondary">Rating</Typography.Text>
            <Rate value={rating} onChange={setRating} aria-label="Rating" />
          </Flex>
          <Button onClick={onSend} loading={send.isPending} disabled={text.trim() === ''}>
            Send feedback
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** AI Chat: the superadmin query and manual feedback; the full chat is one click away. */
export function ChatTab() {
  return (
    <Flex vertical gap={16}>
      <EnhancementQuery />
      <ManualFeedback />
    </Flex>
  );
}
