import { ChatPage } from './chat-page';

/** /ai/enhanced-chat[/{conversationId}]: every provider, or Auto (the router chooses). */
export default function EnhancedChatPage() {
  return (
    <ChatPage
      mode="enhanced"
      basePath="/ai/enhanced-chat"
      conversationPath="/ai/enhanced-chat"
      heading="Enhanced Chat"
    />
  );
}
