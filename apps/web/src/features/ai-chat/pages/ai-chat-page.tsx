import { ChatPage } from './chat-page';

/**
 * /ai-chat (the mobile menu's AI Chat): the enhanced chat on a page of its own. The route has no
 * conversation segment, so a stored conversation opens under /ai/enhanced-chat/{id}.
 */
export default function AiChatPage() {
  return (
    <ChatPage mode="enhanced" basePath="/ai-chat" conversationPath="/ai/enhanced-chat" heading="AI Chat" />
  );
}
