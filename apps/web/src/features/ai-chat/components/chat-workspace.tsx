import { ClearOutlined, MenuOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import { Alert, App, Button, Drawer, Grid, Popconfirm, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cannotSelectMessage, isSelectable } from '../../../lib/ai/provider-status';
import { errorMessage } from '../../../lib/api-error';
import { useShades } from '../../../lib/palette';
import { useChatSession } from '../hooks/use-chat-session';
import { useFilesSetting } from '../hooks/use-files-setting';
import { type ChatMode, useProviderChoice } from '../hooks/use-provider-choice';
import styles from './chat.module.css';
import { ChatEmpty } from './chat-empty';
import { ChatSettings, TEMPERATURE } from './chat-settings';
import { chatVars } from './chat-vars';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessageBubble } from './message-bubble';
import { ProviderSelector } from './provider-selector';
import { QueryError } from './query-error';

interface ChatWorkspaceProps {
  mode: ChatMode;
  /** The page's own path: New chat goes here. */
  basePath: string;
  /** Where a conversation opens: `${conversationPath}/{id}`. */
  conversationPath: string;
  conversationId: string | undefined;
  heading: string;
}

/** Enhanced and Fixed chat (part 2 section 2): conversations, provider, settings, messages, composer. */
export function ChatWorkspace({
  mode,
  basePath,
  conversationPath,
  conversationId,
  heading,
}: ChatWorkspaceProps) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const vars = chatVars(token, useShades());
  const screens = Grid.useBreakpoint();
  const desktop = screens.lg ?? true;
  const [drawer, setDrawer] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const [temperature, setTemperature] = useState<number>(TEMPERATURE.initial);
  const [useFiles, setUseFiles] = useFilesSetting();
  const [blocked, setBlocked] = useState<string | null>(null);
  const choice = useProviderChoice(mode);
  const onStored = useCallback(
    (id: string) => void navigate(`${conversationPath}/${id}`, { replace: true }),
    [navigate, conversationPath],
  );
  const chat = useChatSession(conversationId, onStored);
  const options = { ...choice.request, temperature, useFiles };

  // Follow the reply as it streams, unless the reader scrolled up.
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastContent = chat.entries.at(-1)?.content;
  const count = chat.entries.length;
  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current && (count || lastContent)) el.scrollTop = el.scrollHeight;
  }, [count, lastContent]);

  // The local-model chat cannot answer while its one provider is not connected.
  const local = mode === 'fixed' ? choice.current : null;
  const localDown = mode === 'fixed' && choice.query.isSuccess && (!local || !isSelectable(local));
  const localReason = local ? cannotSelectMessage(local) : 'The local model service is not configured';

  const newChat = () => {
    setDrawer(false);
    void navigate(basePath);
  };
  const conversations = (
    <ConversationList
      basePath={conversationPath}
      activeId={chat.conversationId}
      onNew={newChat}
      onDeletedActive={() => void navigate(basePath, { replace: true })}
      onNavigate={() => setDrawer(false)}
    />
  );
  const clear = async () => {
    try {
      await chat.clear();
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  return (
    <div className={styles.workspace} style={vars}>
      {desktop ? (
        <aside className={styles.side}>{conversations}</aside>
      ) : (
        <Drawer
          title="Conversations"
          placement="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          size={300}
          styles={{ body: { ...vars, padding: 12 } }}
        >
          {conversations}
        </Drawer>
      )}
      <section className={styles.main} aria-label={heading}>
        <header className={styles.chatHeader}>
          <div className={styles.titleRow}>
            {!desktop && (
              <Button icon={<MenuOutlined />} aria-label="Conversations" onClick={() => setDrawer(true)} />
            )}
            <div className={styles.titleText}>
              <h1 className={styles.heading}>{heading}</h1>
              <Typography.Text type="secondary" ellipsis className={styles.subheading}>
                {chat.title ?? 'New conversation'}
              </Typography.Text>
            </div>
            <div className={styles.actions}>
              <Tooltip title="Settings">
                <Button
                  icon={<SettingOutlined />}
                  aria-label="Settings"
                  aria-expanded={showSettings}
                  type={showSettings ? 'primary' : 'default'}
                  ghost={showSettings}
                  onClick={() => setShowSettings((s) => !s)}
                >
                  {desktop ? 'Settings' : null}
                </Button>
              </Tooltip>
              <Tooltip title="Retry the last question">
                <Button
                  icon={<ReloadOutlined />}
                  aria-label="Retry"
                  disabled={chat.busy || (!chat.failure && count === 0)}
                  onClick={() => chat.retry(options)}
                >
                  {desktop ? 'Retry' : null}
                </Button>
              </Tooltip>
              <Popconfirm
                title="Clear this conversation?"
                description="All its messages are removed."
                okText="Clear"
                okButtonProps={{ danger: true }}
                onConfirm={clear}
                disabled={chat.busy || count === 0}
              >
                <Tooltip title="Clear conversation">
                  <Button
                    icon={<ClearOutlined />}
                    aria-label="Clear conversation"
                    disabled={chat.busy || count === 0}
                  >
                    {desktop ? 'Clear' : null}
                  </Button>
                </Tooltip>
              </Popconfirm>
            </div>
          </div>
          <ProviderSelector
            providers={choice.listed}
            loading={choice.query.isPending}
            value={choice.chosen}
            withAuto={mode === 'enhanced'}
            onChange={choice.choose}
            blocked={blocked}
            onBlocked={setBlocked}
          />
          {choice.query.isError && (
            <QueryError
              title={`Could not load the providers: ${errorMessage(choice.query.error)}`}
              onRetry={() => void choice.query.refetch()}
            />
          )}
          {showSettings && (
            <ChatSettings
              temperature={temperature}
              onTemperature={setTemperature}
              models={choice.models}
              model={choice.model}
              onModel={choice.chooseModel}
              useFiles={useFiles}
              onUseFiles={setUseFiles}
            />
          )}
        </header>

        <div
          className={styles.messages}
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
          role="log"
          aria-label="Messages"
        >
          {chat.loading ? (
            <div className={styles.thread} aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} active avatar title={false} paragraph={{ rows: i === 1 ? 3 : 1 }} />
              ))}
            </div>
          ) : chat.loadError ? (
            <div className={styles.thread}>
              <QueryError
                title={`Could not open this conversation: ${chat.loadError}`}
                onRetry={chat.reload}
              />
            </div>
          ) : count === 0 && !chat.failure ? (
            <ChatEmpty
              onPick={(p) => void chat.send(p, options)}
              disabled={chat.busy || localDown}
              localOnly={mode === 'fixed'}
            />
          ) : (
            <div className={styles.thread}>
              {chat.entries.map((e) => (
                <MessageBubble
                  key={e.key}
                  entry={e}
                  thinkingSince={e.streaming ? chat.thinkingSince : null}
                />
              ))}
              {chat.failure && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={chat.failure.message}
                  description={
                    <>
                      <div>Your question: “{chat.failure.question}”</div>
                      {chat.failure.message === AI_MESSAGES.noProviders && (
                        <div>
                          Start the local model service (Ollama), or add your own key in{' '}
                          <Link to="/settings?tab=ai-providers">Settings › AI providers</Link>.
                        </div>
                      )}
                    </>
                  }
                  action={
                    <Button size="small" danger onClick={() => chat.retry(options)} disabled={chat.busy}>
                      Retry
                    </Button>
                  }
                  closable
                  onClose={chat.dismissFailure}
                  className={styles.failure}
                />
              )}
            </div>
          )}
        </div>

        <Composer
          busy={chat.busy}
          disabled={localDown || chat.loading}
          disabledReason={localDown ? localReason : undefined}
          onSend={(text) => {
            pinned.current = true;
            void chat.send(text, options);
          }}
          onStop={chat.stop}
        />
      </section>
    </div>
  );
}
