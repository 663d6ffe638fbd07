import { isDocumentRequest } from '../intents';
import { lastMessageIsUser, toolReply, type ChatScenario } from './chat-scenario';

export const START_DOCUMENT = 'start_document';

/** "Write a report on …" with the tool on offer: a `start_document` call carrying the request. */
export const startDocument: ChatScenario = {
  name: 'start-document',
  matches: (context) => context.tools.includes(START_DOCUMENT) && lastMessageIsUser(context) && isDocumentRequest(context.userText),
  reply: (context) => toolReply(START_DOCUMENT, { request: context.userText }),
};
