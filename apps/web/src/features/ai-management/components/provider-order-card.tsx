import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AiCallableProvider } from '@stratos/contracts/ai/providers.schema';
import { App, Button, Card, Flex, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ProviderIcon } from '../../../lib/ai/provider-icon';
import { errorMessage } from '../../../lib/api-error';
import { useSetProviderOrder } from '../api/set-provider-order';
import { moveItem, PROVIDER_LABELS } from './provider-labels';

/** The router's fallback chain: move providers up and down, save or go back to the default. */
export function ProviderOrderCard({
  saved,
  defaults,
}: {
  saved: AiCallableProvider[];
  defaults: AiCallableProvider[];
}) {
  const { message } = App.useApp();
  const [order, setOrder] = useState(saved);
  const save = useSetProviderOrder();
  useEffect(() => setOrder(saved), [saved]);
  const changed = order.join() !== saved.join();
  const isDefault = order.join() === defaults.join();

  const submit = () =>
    save.mutate(order, {
      onSuccess: () => message.success('Provider order saved'),
      onError: (e) => message.error(errorMessage(e)),
    });

  return (
    <Card
      title="Provider order"
      extra={
        <Button size="small" disabled={isDefault} onClick={() => setOrder(defaults)}>
          Default
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        The provider that scores best for a prompt is asked first; if it fails, the others follow in this
        order, which also settles equal scores.
      </Typography.Paragraph>
      <List
        dataSource={order}
        aria-label="Provider order"
        renderItem={(id, i) => (
          <List.Item
            data-testid={`order-${id}`}
            actions={[
              <Button
                key="up"
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={`Move ${PROVIDER_LABELS[id]} up`}
                disabled={i === 0}
                onClick={() => setOrder(moveItem(order, i, -1))}
              />,
              <Button
                key="down"
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`Move ${PROVIDER_LABELS[id]} down`}
                disabled={i === order.length - 1}
                onClick={() => setOrder(moveItem(order, i, 1))}
              />,
            ]}
          >
            <Flex align="center" gap={10} style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ width: 16, textAlign: 'right' }}>
                {i + 1}
              </Typography.Text>
              <ProviderIcon icon={id} size={24} />
              <Typography.Text ellipsis>{PROVIDER_LABELS[id]}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button disabled={!changed} onClick={() => setOrder(saved)}>
          Undo
        </Button>
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
          Save order
        </Button>
      </Flex>
    </Card>
  );
}
