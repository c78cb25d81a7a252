ALTER TABLE "ai_learning_interactions" DROP CONSTRAINT "ai_learning_interactions_message_id_ai_chat_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "ai_learning_interactions" ADD CONSTRAINT "ai_learning_interactions_message_id_ai_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "ai_chat_messages"("id") ON DELETE cascade ON UPDATE no action;