import { textReply, type ChatScenario } from './chat-scenario';

/** `[sim:echo]`: the person's words come back as the answer, markup and all, so a test can put any text on the page as a model's. */
export const echo: ChatScenario = {
  name: 'echo',
  matches: (context) => context.directives.echo,
  reply: (context) => textReply(context.userText),
};
