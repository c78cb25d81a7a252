import { SyncOutlined } from '@ant-design/icons';
import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { Alert, Badge, Button, Flex, Grid, Select, Tooltip, Typography } from 'antd';
import { ProviderIcon } from '../../../lib/ai/provider-icon';
import {
  AUTO_PROVIDER,
  BADGE_STATUS,
  cannotSelectMessage,
  connectionBadge,
  isSelectable,
} from '../../../lib/ai/provider-status';
import { errorMessage } from '../../../lib/api-error';
import { useTestProviders } from '../api/providers';
import styles from './chat.module.css';

interface ProviderSelectorProps {
  providers: AiProviderRecord[];
  loading: boolean;
  value: string;
  /** Offer "Auto (router chooses)" first (the enhanced chat). */
  withAuto: boolean;
  onChange(id: string): void;
  /** The last refused choice's message ('Cannot select …'), shown under the selector. */
  blocked: string | null;
  onBlocked(message: string | null): void;
}

function ConnectionBadge({ status }: { status: AiProviderRecord['status'] }) {
  const badge = connectionBadge(status);
  return <Badge status={BADGE_STATUS[badge]} text={<span className={styles.badgeText}>{badge}</span>} />;
}

/**
 * The provider selector of part 2 section 2: icon, name, description and connection badge of each
 * provider; only a connected one can be chosen, any other shows 'Cannot select {provider}: {reason}'.
 */
export function ProviderSelector(props: ProviderSelectorProps) {
  const { providers, loading, value, withAuto, onChange, blocked, onBlocked } = props;
  const test = useTestProviders();
  const wide = Grid.useBreakpoint().md ?? true;
  const connected = providers.filter(isSelectable).length;
  const auto = {
    id: AUTO_PROVIDER,
    name: 'Auto (router chooses)',
    description: 'The best connected provider for each question, with fallback',
    icon: 'auto',
  };
  const entries = [...(withAuto ? [auto] : []), ...providers];
  const badgeOf = (id: string) => {
    const p = providers.find((x) => x.id === id);
    if (p) return <ConnectionBadge status={p.status} />;
    return <Badge status={connected > 0 ? 'success' : 'default'} text={`${connected} connected`} />;
  };
  const options = entries.map((p) => ({ value: p.id, label: p.name, entry: p }));
  const choose = (id: string) => {
    const p = providers.find((x) => x.id === id);
    if (p && !isSelectable(p)) {
      onBlocked(cannotSelectMessage(p));
      return;
    }
    onBlocked(null);
    onChange(id);
  };

  return (
    <div className={styles.providerPanel}>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label="AI provider"
          className={styles.providerSelect}
          aria-busy={test.isPending || undefined}
          value={loading ? undefined : value}
          placeholder="Loading providers…"
          loading={loading}
          options={options}
          onChange={choose}
          optionRender={({ data }) => (
            <Flex gap={10} align="center" className={styles.providerOption}>
              <ProviderIcon icon={data.entry.icon} />
              <span className={styles.providerText}>
                <strong>{data.entry.name}</strong>
                <Typography.Text type="secondary" className={styles.providerDesc}>
                  {data.entry.description}
                </Typography.Text>
              </span>
              {badgeOf(data.entry.id)}
            </Flex>
          )}
          labelRender={({ value: id }) => {
            const p = entries.find((x) => x.id === id);
            if (!p) return null;
            return (
              <Flex gap={8} align="center">
                <ProviderIcon icon={p.icon} size={20} />
                <span className={styles.selectedName}>{p.name}</span>
                {badgeOf(p.id)}
              </Flex>
            );
          }}
          popupMatchSelectWidth={false}
          listHeight={440}
        />
        <Tooltip title={wide ? 'Check every provider now' : 'Refresh Connection Status'}>
          <Button
            icon={<SyncOutlined spin={test.isPending} />}
            aria-label="Refresh Connection Status"
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {wide ? 'Refresh Connection Status' : null}
          </Button>
        </Tooltip>
      </Flex>
      <Typography.Text type="secondary" className={styles.tip}>
        Tip: only connected providers can be chosen{withAuto ? '; Auto falls back when one fails' : ''}.
      </Typography.Text>
      {test.isError && (
        <Alert type="error" showIcon title={`Could not check the providers: ${errorMessage(test.error)}`} />
      )}
      {blocked && (
        <Alert
          type="warning"
          showIcon
          closable
          title={blocked}
          onClose={() => onBlocked(null)}
          role="alert"
        />
      )}
    </div>
  );
}
