import type { Language } from '../types';

/**
 * The connecting prose of a simulated section, per language. None of it has a
 * figure, a code, a capitalised word after a sentence's start or a quoted
 * term, so the fact check never flags it: only the facts carry checkable
 * tokens. Each pool offers a few variants; a section picks by its own seed,
 * so sections of one report read differently.
 */
export interface SectionProse {
  /** opens the section; `{brief}` is the section's brief, first letter lowered */
  opening: string[];
  /** follows the opening: how the section is built */
  approach: string[];
  /** introduces the first facts */
  evidenceLead: string[];
  /** ties the first facts together, after them */
  evidenceLink: string[];
  /** a table's header cells and the remark column's phrases */
  tableHead: [string, string];
  tableRemark: string[];
  tableLead: string[];
  listLead: string[];
  /** discussion sentences: what the findings mean, what they leave open */
  discussion: string[];
  closing: string[];
  /** when research found nothing for the section */
  noFacts: string;
  checklistLead: string;
  checklist: string[];
}

export const SECTION_PROSE: Record<Language, SectionProse> = {
  en: {
    opening: ['This section looks at {brief}.', 'Here the report turns to {brief}.', 'The focus of this part is {brief}.'],
    approach: [
      'It keeps to what the gathered material supports and marks each claim with its source, so a reader can check it.',
      'Every statement below rests on the material collected during research; where the sources are silent, the text says so.',
      'The sources were read with this question in mind, and only what they state plainly is repeated here.',
    ],
    evidenceLead: ['The material is clearest on a few points.', 'Two observations set the scene.', 'The sources agree on the essentials.'],
    evidenceLink: [
      'Taken together, these points show where the main weight of the evidence lies.',
      'Read side by side, they describe a consistent picture rather than isolated details.',
      'Neither point stands alone: each makes the other easier to interpret.',
    ],
    tableHead: ['Finding', 'Why it matters'],
    tableRemark: [
      'Shows the scale involved',
      'Explains a change over time',
      'Points to a practical constraint',
      'Gives the context for the other findings',
      'Suggests where attention is needed',
    ],
    tableLead: ['The remaining findings, with what each one adds:', 'The table sums up the other findings and what each contributes:'],
    listLead: ['Further points from the sources:', 'The material also notes the following:'],
    discussion: [
      'What these findings have in common is that they describe outcomes rather than intentions, which makes them a sound basis for decisions.',
      'Some questions remain open, and the sources do not settle them; they are worth revisiting as new material arrives.',
      'The evidence is strongest where several sources point the same way, and weaker where a single remark carries the argument.',
      'A reader should weigh these points against the goals set out at the start of the report.',
      'None of this is surprising on its own, but the combination explains why the topic deserves a closer look.',
    ],
    closing: [
      'The next section builds on these points.',
      'With this in place, the report can move from description to what follows from it.',
      'These points frame the rest of the report.',
    ],
    noFacts:
      'No verified facts were collected for this section yet, so it outlines the topic in general terms and lists what would settle it.',
    checklistLead: 'What the section still needs:',
    checklist: [
      'a source that describes the current situation first hand',
      'figures that show how things have changed over time',
      'an account of the main risks and who carries them',
      'the views of the people most affected',
    ],
  },
  ru: {
    opening: ['В этом разделе речь идёт о следующем: {brief}.', 'Здесь отчёт переходит к теме: {brief}.', 'Предмет этой части: {brief}.'],
    approach: [
      'Раздел опирается только на собранные материалы и отмечает источник каждого утверждения, чтобы читатель мог его проверить.',
      'Каждое утверждение ниже основано на материалах исследования; там, где источники молчат, текст говорит об этом прямо.',
      'Источники прочитаны с этим вопросом в голове, и здесь повторено только то, что в них сказано ясно.',
    ],
    evidenceLead: ['Яснее всего материалы говорят о нескольких вещах.', 'Картину задают два наблюдения.', 'В главном источники сходятся.'],
    evidenceLink: [
      'Вместе эти пункты показывают, на чём держится основная часть доказательств.',
      'Если читать их рядом, складывается цельная картина, а не набор отдельных деталей.',
      'Ни один из пунктов не стоит особняком: каждый помогает понять другой.',
    ],
    tableHead: ['Вывод', 'Почему это важно'],
    tableRemark: [
      'Показывает масштаб',
      'Объясняет изменение во времени',
      'Указывает на практическое ограничение',
      'Даёт контекст для остальных выводов',
      'Подсказывает, чему уделить внимание',
    ],
    tableLead: ['Остальные выводы и что добавляет каждый:', 'Таблица сводит остальные выводы и их значение:'],
    listLead: ['Другие важные моменты из источников:', 'Материалы также отмечают следующее:'],
    discussion: [
      'Общее у этих выводов то, что они описывают результаты, а не намерения, и потому годятся как основа для решений.',
      'Некоторые вопросы остаются открытыми, и источники их не решают; к ним стоит вернуться, когда появятся новые материалы.',
      'Доказательства сильнее всего там, где несколько источников указывают в одну сторону, и слабее там, где довод держится на одном замечании.',
      'Читателю стоит сопоставить эти пункты с целями, заявленными в начале отчёта.',
    ],
    closing: [
      'Следующий раздел опирается на эти пункты.',
      'Теперь отчёт может перейти от описания к тому, что из него следует.',
      'Эти пункты задают рамку для остальной части отчёта.',
    ],
    noFacts:
      'Для этого раздела пока не собрано проверенных фактов, поэтому он описывает тему в общих чертах и перечисляет, чего не хватает.',
    checklistLead: 'Чего ещё не хватает разделу:',
    checklist: [
      'источника, который описывает нынешнее положение из первых рук',
      'данных о том, как всё менялось со временем',
      'описания главных рисков и того, кто их несёт',
      'мнения тех, кого это касается больше всего',
    ],
  },
  zh: {
    opening: ['本节讨论的是：{brief}。', '报告在这里转向：{brief}。', '这一部分的重点是：{brief}。'],
    approach: [
      '本节只采用收集到的资料，并为每条陈述标明出处，方便读者核对。',
      '以下每条陈述都基于研究阶段收集的资料；资料没有提及的地方，文中会直接说明。',
      '阅读资料时始终围绕这一问题，这里只转述资料中明确说明的内容。',
    ],
    evidenceLead: ['资料在几个方面说得最清楚。', '有两点观察奠定了基础。', '各资料在要点上是一致的。'],
    evidenceLink: [
      '综合来看，这些要点表明了证据的主要分量所在。',
      '把它们放在一起读，呈现的是一幅连贯的图景，而不是零散的细节。',
      '这些要点并非孤立存在，彼此有助于理解。',
    ],
    tableHead: ['发现', '意义'],
    tableRemark: ['说明了规模', '解释了随时间的变化', '指出了实际的限制', '为其他发现提供背景', '提示需要关注的方面'],
    tableLead: ['其余发现及其各自的意义：', '下表汇总了其他发现及其作用：'],
    listLead: ['资料中的其他要点：', '资料还提到以下几点：'],
    discussion: [
      '这些发现的共同点在于它们描述的是结果而非意图，因此可以作为决策的可靠依据。',
      '有些问题仍未解决，资料也没有给出答案；有了新资料后值得再次审视。',
      '多个资料指向同一方向时证据最有力，只靠一处说法支撑时则较弱。',
      '读者应当把这些要点与报告开头提出的目标对照来看。',
    ],
    closing: ['下一节将在这些要点的基础上展开。', '有了这些，报告可以从描述转向其中的含义。', '这些要点构成了报告其余部分的框架。'],
    noFacts: '本节尚未收集到经过核实的事实，因此只对主题作概括性介绍，并列出还缺少哪些内容。',
    checklistLead: '本节仍然需要：',
    checklist: ['一份第一手描述现状的资料', '说明情况如何随时间变化的数据', '对主要风险及其承担者的说明', '受影响最大的人的看法'],
  },
};
