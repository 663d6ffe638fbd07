import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextMessage } from '@/lib/chat/context/types';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { messageSearchText } from '@/lib/text/segment';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { composeTurnPrompt } from './turn-prompt';

/**
 * A vague back-reference ("what did I ask earlier about downloads?") recalls the person's own
 * older question through the route's own prompt builder and its indexed search. Each chat has
 * five turns, the question meant is older than the recent window, and the others share no
 * content word with the back-reference.
 */

type Chat = { turns: Array<[string, string]>; ask: string; target: number };

const CHATS: Record<'en' | 'ru' | 'zh', Chat[]> = {
  en: [
    {
      turns: [
        ['Why do my downloads stop at 99%?', 'A browser extension can block the last chunk; try a private window.'],
        ['Can I change my email address?', 'Yes, in Account settings.'],
        ['How do I archive a chat?', 'Open its menu and pick Archive.'],
        ['Is there a desktop app for Windows?', 'Yes, on the downloads page of the site.'],
        ['What does the green dot mean?', 'The person is online.'],
      ],
      ask: 'what did I ask earlier about downloads?',
      target: 0,
    },
    {
      turns: [
        ['The sharing link I sent to a client shows a 404', 'Links expire after seven days unless you pin them.'],
        ['How do I make a table?', 'Type /table in a document.'],
        ['Why is my avatar blurry?', 'Upload a picture of at least 256 pixels.'],
        ['Can I get the invoice in euros?', 'Billing lets you pick the currency before paying.'],
        ['Where is the trash?', 'At the bottom of the sidebar.'],
      ],
      ask: 'Remind me, what was my question about the sharing link?',
      target: 0,
    },
    {
      turns: [
        ['How do I merge two documents?', 'Open one and use Insert, Document.'],
        ['My notifications are delayed by an hour, why?', 'Check the time zone in your profile.'],
        ['Can guests comment?', 'Only when the owner allows it.'],
        ['How do I print?', 'File, Print.'],
        ['Is there an API?', 'Yes, see the developer docs.'],
      ],
      ask: 'going back to what I asked about delayed notifications',
      target: 1,
    },
    {
      turns: [
        ['Can I translate a document into German?', 'Use the Translate action in the toolbar.'],
        ['Why was I logged out?', 'Sessions end after thirty days.'],
        ['How do I reorder pages?', 'Drag them in the outline.'],
        ['Does the editor have spell check?', 'Yes, it follows the browser language.'],
        ['Can I add emoji?', 'Type a colon and a word.'],
      ],
      ask: 'I asked you something about translating earlier, what was it?',
      target: 0,
    },
    {
      turns: [
        ['How do I share a folder?', 'Right-click it and choose Share.'],
        ['Can I recover an overwritten file?', 'Version history keeps the older copy.'],
        ['My payment was declined twice, what now?', 'Your bank may block foreign charges; ask them to allow it.'],
        ['How do I turn on dark mode?', 'Settings, Appearance.'],
        ['Is my data encrypted?', 'Yes, at rest and in transit.'],
      ],
      ask: 'what did I say before about the declined payment?',
      target: 2,
    },
    {
      turns: [
        ['How can I export my contacts?', 'Contacts, then Export as CSV.'],
        ['What is the storage limit?', 'Fifty gigabytes on Pro.'],
        ['Why is the app so slow on startup?', 'Clearing the cache usually helps.'],
        ['Can I hide a column?', 'Right-click its header.'],
        ['How do I leave feedback?', 'Help, Send feedback.'],
      ],
      ask: 'back to my earlier question about exported contacts',
      target: 0,
    },
  ],
  ru: [
    {
      turns: [
        ['Почему загрузка фото зависает на середине?', 'Скорее всего, мешает VPN: попробуйте без него.'],
        ['Как поменять аватар?', 'В профиле нажмите на картинку.'],
        ['Можно архивировать чат?', 'Да, в меню чата.'],
        ['Есть приложение для Windows?', 'Есть, на странице скачивания.'],
        ['Что значит зелёная точка?', 'Человек в сети.'],
      ],
      ask: 'А что я спрашивал раньше про загрузку?',
      target: 0,
    },
    {
      turns: [
        ['Ссылка на документ, которую я отправил клиенту, не открывается', 'Ссылки живут семь дней, если их не закрепить.'],
        ['Как вставить таблицу?', 'Наберите /table в документе.'],
        ['Почему аватар размытый?', 'Загрузите картинку побольше.'],
        ['Можно оплатить в евро?', 'Валюту можно выбрать перед оплатой.'],
        ['Где корзина?', 'Внизу боковой панели.'],
      ],
      ask: 'Напомни, что я писал раньше про ссылку?',
      target: 0,
    },
    {
      turns: [
        ['Как объединить два документа?', 'Откройте один и вставьте второй через меню.'],
        ['Уведомления приходят с опозданием на час, почему?', 'Проверьте часовой пояс в профиле.'],
        ['Гости могут комментировать?', 'Только если разрешил владелец.'],
        ['Как распечатать?', 'Файл — Печать.'],
        ['Есть API?', 'Да, см. документацию для разработчиков.'],
      ],
      ask: 'вернусь к своему вопросу про уведомление',
      target: 1,
    },
    {
      turns: [
        ['Можно перевести документ на немецкий?', 'Да, действие «Перевести» на панели.'],
        ['Почему меня разлогинило?', 'Сессия заканчивается через тридцать дней.'],
        ['Как поменять порядок страниц?', 'Перетащите их в оглавлении.'],
        ['В редакторе есть проверка орфографии?', 'Да, по языку браузера.'],
        ['Можно вставлять эмодзи?', 'Наберите двоеточие и слово.'],
      ],
      ask: 'я раньше спрашивала, можно ли перевести документ. Что ты ответил?',
      target: 0,
    },
    {
      turns: [
        ['Как открыть доступ к папке?', 'Правый клик — «Поделиться».'],
        ['Можно вернуть перезаписанный файл?', 'В истории версий есть старая копия.'],
        ['Платёж дважды отклонили, что делать?', 'Банк мог заблокировать иностранный платёж, попросите разрешить.'],
        ['Как включить тёмную тему?', 'Настройки — Оформление.'],
        ['Данные шифруются?', 'Да, при хранении и передаче.'],
      ],
      ask: 'что я спрашивал ранее про отклонённые платежи?',
      target: 2,
    },
    {
      turns: [
        ['Как экспортировать контакты?', 'Контакты — Экспорт в CSV.'],
        ['Какой лимит хранилища?', 'Пятьдесят гигабайт на Pro.'],
        ['Почему приложение долго запускается?', 'Обычно помогает очистка кэша.'],
        ['Можно скрыть столбец?', 'Правый клик по заголовку.'],
        ['Как оставить отзыв?', 'Помощь — «Отправить отзыв».'],
      ],
      ask: 'Помнишь мой вопрос про экспорт контактов?',
      target: 0,
    },
  ],
  zh: [
    {
      turns: [
        ['为什么照片上传到一半就卡住了？', '可能是VPN的问题，关掉再试。'],
        ['怎么换头像？', '在个人资料里点图片。'],
        ['聊天可以归档吗？', '可以，在聊天菜单里。'],
        ['有Windows客户端吗？', '有，在官网的下载页面。'],
        ['绿点是什么意思？', '表示对方在线。'],
      ],
      ask: '我之前问过上传的事，你怎么说的？',
      target: 0,
    },
    {
      turns: [
        ['我发给客户的分享链接打不开', '链接七天后失效，除非固定。'],
        ['怎么插入表格？', '在文档里输入 /table。'],
        ['头像为什么模糊？', '上传大一点的图片。'],
        ['可以用欧元付款吗？', '付款前可以选币种。'],
        ['回收站在哪？', '侧边栏最下面。'],
      ],
      ask: '我之前问的分享链接的问题是什么？',
      target: 0,
    },
    {
      turns: [
        ['两个文档怎么合并？', '打开一个，从菜单插入另一个。'],
        ['通知总是晚一个小时，为什么？', '检查个人资料里的时区。'],
        ['访客可以评论吗？', '要所有者允许。'],
        ['怎么打印？', '文件，打印。'],
        ['有API吗？', '有，见开发者文档。'],
      ],
      ask: '回到我前面问的通知那个问题',
      target: 1,
    },
    {
      turns: [
        ['文档可以翻译成德语吗？', '可以，用工具栏里的翻译。'],
        ['为什么我被退出登录了？', '会话三十天后过期。'],
        ['页面顺序怎么调整？', '在大纲里拖动。'],
        ['编辑器有拼写检查吗？', '有，跟随浏览器语言。'],
        ['可以加表情吗？', '输入冒号和关键词。'],
      ],
      ask: '我刚才问过翻译的问题，再说一遍？',
      target: 0,
    },
    {
      turns: [
        ['文件夹怎么共享？', '右键选择共享。'],
        ['被覆盖的文件能恢复吗？', '版本历史里有旧的副本。'],
        ['付款被拒了两次，怎么办？', '银行可能拦截了境外付款，请联系银行。'],
        ['怎么开深色模式？', '设置，外观。'],
        ['数据加密吗？', '存储和传输都加密。'],
      ],
      ask: '我前面问过付款被拒的事，你怎么说的？',
      target: 2,
    },
    {
      turns: [
        ['联系人怎么导出？', '联系人，导出为CSV。'],
        ['存储上限是多少？', '专业版五十G。'],
        ['为什么启动很慢？', '清一下缓存通常有用。'],
        ['可以隐藏某一列吗？', '右键点列标题。'],
        ['怎么提意见？', '帮助，发送反馈。'],
      ],
      ask: '还记得我之前问的导出联系人吗？',
      target: 0,
    },
  ],
};

const MODEL = { ...SIMULATED_MODELS.find((m) => m.id === 'sim-swift')!, simulated: true };

describe.each(testDatabaseKinds())('recalling the person’s own earlier question (%s)', (kind) => {
  let db: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    userId = randomUUID();
    await db.prisma.user.create({ data: { id: userId, name: 'recall', email: `${userId}@test.local` } });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  async function recalledFor(chat: Chat) {
    const { id: chatId } = await db.prisma.chat.create({ data: { userId, title: 'recall', model: MODEL.id } });
    const history: ContextMessage[] = [];
    const start = Date.UTC(2026, 0, 5, 9);
    for (const [index, pair] of chat.turns.entries()) {
      for (const [offset, role] of [
        [0, 'user'],
        [1, 'assistant'],
      ] as const) {
        const message = { id: randomUUID(), role, text: pair[offset] };
        history.push(message);
        await db.prisma.message.create({
          data: { ...message, chatId, searchText: messageSearchText(message.text), createdAt: new Date(start + index * 60_000 + offset) },
        });
      }
    }
    const prompt = await composeTurnPrompt(db.prisma, chatId, {
      model: MODEL,
      slots: [],
      summary: null,
      summarizedThroughId: null,
      history,
      current: { id: randomUUID(), role: 'user', text: chat.ask },
      now: new Date(start + chat.turns.length * 60_000),
    });
    return { prompt, target: history[2 * chat.target]! };
  }

  for (const lang of ['en', 'ru', 'zh'] as const) {
    it.each(CHATS[lang].map((chat) => [chat.ask, chat] as const))(`${lang}: "%s" recalls the question meant`, async (_, chat) => {
      const { prompt, target } = await recalledFor(chat);
      expect(prompt.includedIds).not.toContain(target.id); // only recall can bring it back
      expect(prompt.recalled.map((r) => r.id)).toContain(target.id);
      expect(prompt.messages[0]!.content).toContain(target.text);
    });
  }

  it('a message that refers back to nothing of the person’s recalls nothing', async () => {
    const { prompt } = await recalledFor({ ...CHATS.en[0]!, ask: 'what did I ask earlier about the weather?' });
    expect(prompt.recalled).toEqual([]);
  });
});
