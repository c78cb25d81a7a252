import { CheckCircleFilled, StarOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Popover, Rate, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { sendFeedback } from '../api/send-feedback';

/** Rate a reply 1-5 with an optional comment (a blank one is ignored). */
export function FeedbackForm({ messageId }: { messageId: string }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  if (state === 'sent') {
    return (
      <Typography.Text type="success" style={{ fontSize: 12 }}>
        <CheckCircleFilled /> Thanks for your feedback
      </Typography.Text>
    );
  }

  const submit = async () => {
    setState('sending');
    setError(null);
    try {
      await sendFeedback(messageId, rating, comment);
      setState('sent');
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
      setState('idle');
    }
  };

  const form = (
    <Flex vertical gap={10} style={{ width: 260 }}>
      <Rate value={rating} onChange={setRating} aria-label="Rating" />
      <Input.TextArea
        aria-label="Feedback comment"
        placeholder="What was good or missing? (optional)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={2000}
      />
      {error && <Alert type="error" showIcon title={error} />}
      <Button
        type="primary"
        disabled={rating < 1}
        loading={state === 'sending'}
        onClick={() => void submit()}
      >
        Send feedback
      </Button>
    </Flex>
  );

  return (
    <Popover content={form} title="Rate this reply" trigger="click" open={open} onOpenChange={setOpen}>
      <Button size="small" type="text" icon={<StarOutlined />} aria-label="Rate this reply">
        Rate
      </Button>
    </Popover>
  );
}
