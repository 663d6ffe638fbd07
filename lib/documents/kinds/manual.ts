import type { DocumentType } from './document-type';

export const manual: DocumentType = {
  key: 'manual',
  label: 'Manual',
  description: 'instructions for using or operating something',
  sectionTemplates: [
    { title: 'Overview', purpose: 'What this is and who it is for' },
    { title: 'Getting started', purpose: 'Setup and first steps' },
    { title: 'Everyday tasks', purpose: 'How to do the common things' },
    { title: 'Troubleshooting', purpose: 'What to do when something goes wrong' },
  ],
  writingPrompt: 'Write instructions as numbered steps where order matters; name settings exactly as the facts do.',
};
