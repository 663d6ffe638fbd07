import { isGreeting } from '../intents';
import type { Language } from '../types';
import { textReply, type ChatScenario } from './chat-scenario';

const GREETING_REPLY: Record<Language, string> = {
  en: "Hello! I'm an offline demo model in Quire. I can answer questions, look things up in the help center, remember facts you tell me, and start long documents such as reports. What would you like to do?",
  ru: 'Привет! Я офлайн-демомодель Quire. Я могу отвечать на вопросы, искать ответы в справочном центре, запоминать то, что вы мне сообщаете, и запускать работу над длинными документами, например отчётами. Чем помочь?',
  zh: '你好！我是 Quire 的离线演示模型。我可以回答问题、在帮助中心查找资料、记住您告诉我的信息，还可以开始撰写报告等长文档。需要我做什么？',
};

/** Greetings get a plain answer and never a tool call, even with tools on offer. */
export const greeting: ChatScenario = {
  name: 'greeting',
  matches: (context) => isGreeting(context.userText),
  reply: (context) => textReply(GREETING_REPLY[context.language]),
};
