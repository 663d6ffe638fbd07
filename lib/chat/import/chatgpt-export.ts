import { fenced, finishChat, type ImportedChat, type ImportedMessage, isRecord, stringOr, timeOf } from './imported-chat';

/**
 * ChatGPT's data export (Settings → Data controls → Export): conversations.json
 * is an array of conversations, each a tree of messages: `mapping` from node id
 * to `{message, parent, children}`, where an edited question or a regenerated
 * answer is a second child, and `current_node` is the leaf the person last saw.
 * A chat is made of that one branch, root to leaf, as ChatGPT showed it.
 */
export const isChatGptConversation = (value: Record<string, unknown>) => isRecord(value.mapping);

type Node = { message?: unknown; parent?: unknown; children?: unknown };

export function chatFromChatGpt(conversation: Record<string, unknown>): ImportedChat {
  const mapping = conversation.mapping as Record<string, Node>;
  const messages: ImportedMessage[] = [];
  for (const id of branchToCurrent(mapping, stringOr(conversation.current_node))) {
    const node = mapping[id];
    const message = isRecord(node?.message) ? node.message : null;
    const converted = message && messageFrom(message);
    if (!converted) continue;
    const previous = messages.at(-1);
    // ChatGPT shows a run of assistant and tool messages (text, code it ran, its output, an image) as one answer
    if (previous && previous.role === 'assistant' && converted.role === 'assistant') {
      previous.text = `${previous.text}\n\n${converted.text}`;
      previous.model ??= converted.model;
      if (converted.status !== 'complete') previous.status = converted.status;
    } else messages.push(converted);
  }
  return finishChat(stringOr(conversation.title), timeOf(conversation.create_time), messages);
}

/**
 * The node ids from the root to `current_node`, following parents up from it.
 * Without a current node (older exports), the newest leaf. A loop or a parent
 * the mapping lacks ends the walk.
 */
function branchToCurrent(mapping: Record<string, Node>, current: string): string[] {
  let leaf: string | undefined = Object.hasOwn(mapping, current) ? current : newestLeaf(mapping);
  const path: string[] = [];
  const seen = new Set<string>();
  while (leaf && Object.hasOwn(mapping, leaf) && !seen.has(leaf)) {
    seen.add(leaf);
    path.push(leaf);
    const parent = mapping[leaf]?.parent;
    leaf = typeof parent === 'string' ? parent : undefined;
  }
  return path.reverse();
}

function newestLeaf(mapping: Record<string, Node>): string | undefined {
  let best: { id: string; at: number } | undefined;
  for (const [id, node] of Object.entries(mapping)) {
    if (Array.isArray(node?.children) && node.children.length > 0) continue;
    const at = isRecord(node?.message) ? (timeOf(node.message.create_time)?.getTime() ?? 0) : 0;
    if (!best || at >= best.at) best = { id, at };
  }
  return best?.id;
}

const FINISH_STATUS: Record<string, ImportedMessage['status']> = { interrupted: 'stopped', max_tokens: 'truncated', error: 'error' };

/** One message as the person saw it, or null for what ChatGPT does not show (system prompts, tool calls, searches, thoughts). */
function messageFrom(message: Record<string, unknown>): ImportedMessage | null {
  const author = isRecord(message.author) ? stringOr(message.author.role) : '';
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  const content = isRecord(message.content) ? message.content : {};
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  if (author !== 'user' && author !== 'assistant' && author !== 'tool') return null;
  const recipient = stringOr(message.recipient, 'all');
  const text = textOf(author, recipient, content, metadata);
  if (!text?.trim()) return null;
  const finish = isRecord(metadata.finish_details) ? stringOr(metadata.finish_details.type) : '';
  return {
    role: author === 'user' ? 'user' : 'assistant',
    kind: 'text',
    text: text.trim(),
    status: FINISH_STATUS[finish] ?? 'complete',
    model: author === 'user' ? null : stringOr(metadata.model_slug) || null,
    at: timeOf(message.create_time),
  };
}

function textOf(author: string, recipient: string, content: Record<string, unknown>, metadata: Record<string, unknown>): string | null {
  const type = stringOr(content.content_type);
  switch (type) {
    case 'text':
    case 'multimodal_text':
      // a tool's own words ("DALL·E displayed 1 images…") and an answer addressed to a tool (its prompt) are not shown
      if (author === 'tool' && type === 'text') return null;
      if (author === 'assistant' && recipient !== 'all') return null;
      return partsText(content.parts, metadata);
    case 'code': {
      // code the model ran (Python) is shown; a search command ("unknown" language, sent to the browser) is not
      const language = stringOr(content.language);
      if (language === 'unknown' || (recipient !== 'all' && recipient !== 'python')) return null;
      return fenced(stringOr(content.text), language || (recipient === 'python' ? 'python' : ''));
    }
    case 'execution_output':
      return fenced(stringOr(content.text));
    default:
      return null;
  }
}

function partsText(parts: unknown, metadata: Record<string, unknown>): string {
  if (!Array.isArray(parts)) return '';
  const pieces: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') pieces.push(withoutCitationMarks(part));
    else if (isRecord(part) && part.content_type === 'image_asset_pointer') pieces.push(`[image: ${imageName(part, metadata)}]`);
    else if (isRecord(part) && part.content_type === 'audio_transcription') pieces.push(stringOr(part.text));
  }
  return pieces.filter((piece) => piece.trim()).join('\n\n');
}

/**
 * An image's name: the uploaded file's name when the message's attachments
 * list it, else its file id (the export's ZIP holds the image under a name
 * starting with that id).
 */
function imageName(part: Record<string, unknown>, metadata: Record<string, unknown>): string {
  const fileId = stringOr(part.asset_pointer).replace(/^[a-z-]+:\/\//, '') || 'image';
  const attachments = Array.isArray(metadata.attachments) ? metadata.attachments : [];
  const named = attachments.find((a) => isRecord(a) && a.id === fileId && typeof a.name === 'string') as { name: string } | undefined;
  return named?.name ?? fileId;
}

// ChatGPT's source marks: "【11†source】" in older answers, private-use brackets (U+E200…U+E201) in newer ones
const CITATION_MARKS = /\u3010[^\u3011]*\u2020[^\u3011]*\u3011|\uE200[^\uE201]*\uE201/g;
const withoutCitationMarks = (text: string) => text.replace(CITATION_MARKS, '');
