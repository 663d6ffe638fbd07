import type { DocumentType } from './document-type';

export const proposal: DocumentType = {
  key: 'proposal',
  label: 'Proposal',
  description: 'a plan someone is asked to approve or fund',
  sectionTemplates: [
    { title: 'Problem', purpose: 'What needs solving and for whom' },
    { title: 'Proposed solution', purpose: 'What we will do' },
    { title: 'Plan and timeline', purpose: 'How and when it happens' },
    { title: 'Costs and risks', purpose: 'What it takes and what could go wrong' },
    { title: 'Expected outcome', purpose: 'What success looks like' },
  ],
  writingPrompt: 'Write persuasively but precisely; claims about costs and dates must come from the facts.',
};
