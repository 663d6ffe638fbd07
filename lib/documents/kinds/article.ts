import type { DocumentType } from './document-type';

export const article: DocumentType = {
  key: 'article',
  label: 'Article',
  description: 'an explanatory piece for a general reader',
  sectionTemplates: [
    { title: 'Introduction', purpose: 'Why the topic matters' },
    { title: 'Key ideas', purpose: 'The main points, explained simply' },
    { title: 'Examples', purpose: 'Concrete cases from the sources' },
    { title: 'Conclusion', purpose: 'What the reader should take away' },
  ],
  writingPrompt: 'Write for a general reader: short paragraphs, plain words, no jargon without explanation.',
};
