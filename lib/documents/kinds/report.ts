import type { DocumentType } from './document-type';

export const report: DocumentType = {
  key: 'report',
  label: 'Report',
  description: 'findings on a subject, grounded in sources',
  sectionTemplates: [
    { title: 'Summary', purpose: 'The findings in brief' },
    { title: 'Background', purpose: 'The context a reader needs' },
    { title: 'Findings', purpose: 'What the sources show' },
    { title: 'Analysis', purpose: 'What the findings mean' },
    { title: 'Recommendations', purpose: 'What to do next' },
  ],
  writingPrompt: 'Write in a neutral, factual register. Every figure cites its fact.',
};
