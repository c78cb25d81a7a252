import { conversationIdSchema } from '@stratos/contracts/ai/chat.schema';
import { useParams } from 'react-router';
import { ChatWorkspace } from '../components/chat-workspace';

/**
 * The conversation the URL names: a stored conversation's id, or a key of the user's choosing
 * ('default', 'project-x', ...) that the chat API creates on first use. None (or one the API
 * would refuse) opens a new conversation.
 */
export function useConversationParam(): string | undefined {
  const { conversationId } = useParams();
  return conversationId && conversationIdSchema.safeParse(conversationId).success
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
