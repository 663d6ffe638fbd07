import { finishChat, type ImportedChat, type ImportedMessage, isRecord, stringOr, timeOf } from './imported-chat';

/**
 * Claude.ai's data export (Settings → Privacy → Export data): conversations.json
 * is an array of `{uuid, name, created_at, chat_messages}`; each message has
 * `sender` (human or assistant), `text`, `content` blocks (text, thinking,
 * tool_use, tool_result…), `created_at`, and the `attachments` (pasted or
 * uploaded documents, with their extracted text) and `files` (images and other
 * uploads) the person added. The export holds one line of messages, no branches.
 */
export const isClaudeConversation = (value: Record<string, unknown>) => Array.isArray(value.chat_messages);

export function chatFromClaude(conversation: Record<string, unknown>): ImportedChat {
  const messages: ImportedMessage[] = [];
  for (const message of conversation.chat_messages as unknown[]) {
    if (!isRecord(message)) continue;
    const sender = stringOr(message.sender);
    if (sender !== 'human' && sender !== 'assistant') continue;
    const text = [...attachedNames(message), textOf(message)].filter((piece) => piece.trim()).join('\n\n');
    if (!text.trim()) continue;
    messages.push({
      role: sender === 'human' ? 'user' : 'assistant',
      kind: 'text',
      text: text.trim(),
      status: 'complete',
      model: null,
      at: timeOf(message.created_at),
    });
  }
  return finishChat(stringOr(conversation.name), timeOf(conversation.created_at), messages);
}

/** The message's words: its text blocks (thinking and tool calls are not shown), or its `text` when it has no blocks. */
function textOf(message: Record<string, unknown>): string {
  const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
  const texts = blocks.filter((block) => block.type === 'text').map((block) => stringOr(block.text));
  return texts.length > 0 ? texts.join('\n\n') : stringOr(message.text);
}

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|heic|bmp|svg)$/i;

/** What the person attached, named where it stood: "[image: chart.png]", "[file: notes.pdf]". */
function attachedNames(message: Record<string, unknown>): string[] {
  const listed = [
    ...(Array.isArray(message.attachments) ? message.attachments : []),
    ...(Array.isArray(message.files) ? message.files : []),
  ].filter(isRecord);
  return listed.map((file) => {
    const name = stringOr(file.file_name, 'file');
    const image = file.file_kind === 'image' || stringOr(file.file_type).startsWith('image/') || IMAGE_NAME.test(name);
    return `[${image ? 'image' : 'file'}: ${name}]`;
  });
}
