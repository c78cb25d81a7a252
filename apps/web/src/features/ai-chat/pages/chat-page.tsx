import { useParams } from 'react-router';
import { ChatWorkspace } from '../components/chat-workspace';

/** A conversation id from the URL, or none for a new conversation (anything not a UUID opens a new one). */
export function useConversationParam(): string | undefined {
  const { conversationId } = useParams();
  return conversationId &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(conversationId)
    ? conversationId
    : undefined;
}

/** Props of the three chat routes: which chat and where its conversations live. */
export interface ChatPageProps {
  mode: 'enhanced' | 'fixed';
  basePath: string;
  conversationPath: string;
  heading: string;
}

export function ChatPage(props: ChatPageProps) {
  const conversationId = useConversationParam();
  return <ChatWorkspace {...props} conversationId={conversationId} />;
}
