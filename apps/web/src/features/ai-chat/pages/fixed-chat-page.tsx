import { ChatPage } from './chat-page';

/** /ai/fixed-chat[/{conversationId}]: the local model service (Ollama) only. */
export default function FixedChatPage() {
  return (
    <ChatPage
      mode="fixed"
      basePath="/ai/fixed-chat"
      conversationPath="/ai/fixed-chat"
      heading="Local Model Chat"
    />
  );
}
