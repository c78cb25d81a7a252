import { ExperimentOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Skeleton, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useWorkbenchOptions } from '../api/get-workbench-options';
import { RunFigures } from '../components/run-figures';
import { AUTO, SettingsCard, type WorkbenchSettings } from '../components/settings-card';
import styles from '../components/workbench.module.css';
import { useWorkbenchRun } from '../model/use-workbench-run';

/** /ai/workbench: a prompt playground over the router, streamed, with the call's measured figures. */
export default function AiWorkbenchPage() {
  const options = useWorkbenchOptions();
  const { run, start, stop } = useWorkbenchRun();
  const [prompt, setPrompt] = useState('');
  const [settings, setSettings] = useState<WorkbenchSettings>({
    provider: AUTO,
    model: '',
    temperature: 0.7,
    maxTokens: 512,
    system: '',
  });
  // Once the options arrive, start on the first provider the router would try that the user may
  // use; choosing Automatic later stays Automatic.
  const picked = useRef(false);
  useEffect(() => {
    if (!options.data || picked.current) return;
    picked.current = true;
    const first = options.data.providers.find((p) => p.available);
    if (first) setSettings((s) => ({ ...s, provider: first.id, model: first.defaultModel ?? '' }));
  }, [options.data]);

  const busy = run.status === 'waiting' || run.status === 'streaming';
  const anyAvailable = options.data?.providers.some((p) => p.available) ?? false;
  const submit = () => {
    if (!prompt.trim() || busy) return;
    void start({
      prompt,
      ...(settings.provider
        ? { provider: settings.provider as never, model: settings.model || undefined }
        : {}),
      ...(settings.system.trim() ? { system: settings.system } : {}),
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
    });
  };

  return (
    <>
      <PageHeader
        title="AI Workbench"
        description="Try a prompt against any provider and model your plan allows. Each run is charged and counted like any AI query."
      />
      {options.isLoading ? (
        <section className={styles.layout} aria-busy="true" aria-label="Loading the workbench">
          <Card>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        </section>
      ) : options.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the workbench"
          description={errorMessage(options.error)}
          action={<Button onClick={() => options.refetch()}>Try again</Button>}
        />
      ) : options.data && !anyAvailable ? (
        <EmptyPanel
          icon={<ExperimentOutlined />}
          title="No AI provider is available to you right now"
          description="Either no provider is connected, or none has a model your plan allows."
          actions={<LinkButton to="/ai">See the providers</LinkButton>}
        />
      ) : options.data ? (
        <div className={styles.layout}>
          <div style={{ display: 'grid', gap: 16, minWidth: 0 }}>
            <Card title="Prompt">
              <Input.TextArea
                aria-label="Prompt"
                data-testid="wb-prompt"
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
                }}
                autoSize={{ minRows: 4, maxRows: 14 }}
                maxLength={20000}
                placeholder="Ask something…"
              />
              <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Ctrl + Enter to run
                </Typography.Text>
                {busy ? (
                  <Button icon={<StopOutlined />} onClick={stop} danger>
                    Stop
                  </Button>
                ) : (
                  <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={!prompt.trim()}>
                    Run
                  </Button>
                )}
              </Flex>
            </Card>
            <Card
              title="Reply"
              extra={
                run.answeredBy && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                    {run.answeredBy.provider} · {run.answeredBy.model}
                  </Typography.Text>
                )
              }
            >
              {run.status === 'idle' ? (
                <Typography.Text type="secondary">
                  The reply streams here, followed by its tokens, timings and cost.
                </Typography.Text>
              ) : (
                <div style={{ display: 'grid', gap: 16 }}>
                  {run.status === 'waiting' && (
                    <Flex align="center" gap={8}>
                      <Spin size="small" />
                      <Typography.Text type="secondary">Waiting for the first token…</Typography.Text>
                    </Flex>
                  )}
                  {run.text && (
                    <Typography.Paragraph
                      data-testid="wb-reply"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
                    >
                      {run.text}
                    </Typography.Paragraph>
                  )}
                  {run.status === 'error' && <Alert type="error" showIcon title={run.error} />}
                  {run.status === 'stopped' && (
                    <Alert
                      type="info"
                      showIcon
                      title="Stopped. What was generated so far is still counted."
                    />
                  )}
                  {run.result && <RunFigures result={run.result} />}
                </div>
              )}
            </Card>
          </div>
          <SettingsCard options={options.data} value={settings} onChange={setSettings} disabled={busy} />
        </div>
      ) : null}
    </>
  );
}
